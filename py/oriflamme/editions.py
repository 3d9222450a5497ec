"""Editions as data: cards, player counts, rounds, and the rule switches that differ (RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.errors import quote

RETAIL_FAMILY = (
    "archer", "soldier", "spy", "heir", "assassination",
    "decree", "lord", "shapeshifter", "ambush", "conspiracy",
)
PROTOTYPE_FAMILY = (
    "archer", "assassin", "soldier", "spy", "heir",
    "mercenaries", "queen", "lord", "shapeshifter", "ambush",
)
# Cards discarded after their own resolution (never face up in the queue otherwise).
ONE_SHOT = frozenset({"assassination", "decree", "ambush", "conspiracy"})
ALL_CARDS = frozenset(RETAIL_FAMILY) | frozenset(PROTOTYPE_FAMILY)


@dataclass(frozen=True)
class Edition:
    """An edition's cards, colours, player range, rounds and rule switches."""

    id: str
    family: tuple[str, ...]
    colours: tuple[str, ...]
    min_players: int
    max_players: int
    rounds: int
    tokens: bool  # a card that stays face down gets a token
    tokens_after_effect: bool  # P1
    ambush_discards_attacker: bool  # D7 / P2
    decree_may_stack: bool  # P3
    reveal_on_designation: bool  # prototype 👁
    score_own_eliminations: bool  # prototype scores only against opponents
    forced_choice: bool  # D10

    def families_per_player(self, players: int) -> int:
        return 2 if self.id == "prototype" and players == 2 else 1

    def aside_per_family(self, players: int) -> int:
        return 4 if self.families_per_player(players) == 2 else 3


RETAIL = Edition(
    "retail", RETAIL_FAMILY, ("red", "blue", "green", "yellow", "black"), 3, 5, 6,
    tokens=True, tokens_after_effect=False, ambush_discards_attacker=True, decree_may_stack=False,
    reveal_on_designation=False, score_own_eliminations=True, forced_choice=False,
)
PEGASUS = Edition(
    "pegasus", RETAIL_FAMILY, ("red", "blue", "green", "yellow", "black"), 3, 5, 6,
    tokens=True, tokens_after_effect=True, ambush_discards_attacker=False, decree_may_stack=True,
    reveal_on_designation=False, score_own_eliminations=True, forced_choice=False,
)
PROTOTYPE = Edition(
    "prototype", PROTOTYPE_FAMILY, ("red", "green", "black", "blue"), 2, 4, 7,
    tokens=False, tokens_after_effect=False, ambush_discards_attacker=False, decree_may_stack=False,
    reveal_on_designation=True, score_own_eliminations=False, forced_choice=True,
)
EDITIONS: dict[str, Edition] = {e.id: e for e in (RETAIL, PEGASUS, PROTOTYPE)}


def get_edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise ValueError(f"edition: unknown edition {quote(name)} (known: {', '.join(EDITIONS)})") from None
