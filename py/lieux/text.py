"""Château, Village & Port's events in English sentences, for the terminal's log (the web page has its own
words for them in every language: web/ui/lieux/log.js). An event the terminal should not have met is told
field by field rather than lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.terminal import plain_event

from .cards import CHARACTERS, card_name

PLACE_NAMES = {"chateau": "the Château", "village": "the Village", "port": "the Port"}
REWARD_WORDS = {"half": "half its value, rounded up", "per-card": "1 gold per card in the place",
                "steal": "1 gold from every other player"}


def _card(value: Any) -> str:
    return f"{card_name(value)} ({value})" if value in CHARACTERS else f"card {value}"


def _place(place: Any) -> str:
    return PLACE_NAMES.get(place, str(place))


def _gold(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _reward(e: dict[str, Any]) -> str:
    r = e.get("reward")
    told = _gold(r) if isinstance(r, int) else REWARD_WORDS.get(str(r), str(r))
    return told + (" ×2" if e.get("doubled") else "")


def _discarded(e: dict[str, Any], w: dict[str, Any]) -> str:
    return {"hunter": "The Hunter throws out {owner}'s {card} from {place}.",
            "king": "A Thief is in {place}: {owner}'s King is thrown out.",
            "rewarded": "{owner}'s {card} leaves {place}."}.get(
        e.get("reason") or "", "{who} throws out {owner}'s {card} from {place}.").format(**w)


def _stolen(e: dict[str, Any], w: dict[str, Any]) -> str:
    what = "gold" if e.get("amount") is None else f"{e['amount']} gold"  # hidden gold: how much is not told
    why = " (reward)" if e.get("reason") == "reward" else ""
    return f"{w['who']} takes {what} from {w['victim']}{why}."


def _gold_event(e: dict[str, Any], w: dict[str, Any]) -> str:
    if e.get("amount") is None:  # hidden gold: only its owner knows how much
        return f"{w['who']} receives gold."
    sources = {"princess": " from the Princess", "merchant": " from the Merchant"}
    source = sources.get(e.get("reason") or "", "")
    return f"{w['who']}: {_gold(e['amount'])} gold{source} ({w.get('gold', '?')} in all)."


def _selected(e: dict[str, Any], w: dict[str, Any]) -> str:  # the card only for the player who chose it
    return f"{w['who']} chooses {'a card' if e.get('value') is None else w['card']}."


def _placed(e: dict[str, Any], w: dict[str, Any]) -> str:
    return "{who} lays {card} in {place}".format(**w) + (", as ordered." if e.get("forced") else ".")


def _effect(e: dict[str, Any], w: dict[str, Any]) -> str:
    if e.get("copied"):
        return f"{w['who']}'s Alchemist acts as a {str(e.get('ability')).capitalize()}."
    return "{who}'s {card} acts.".format(**w)


def _swapped(e: dict[str, Any], w: dict[str, Any]) -> str:
    if e.get("old") is None:  # told in full only to the player whose card changed
        return "{who}'s Courtesan makes {target} exchange their chosen card.".format(**w)
    return f"{w['who']}'s Courtesan makes {w['target']} exchange {_card(e['old'])} for {_card(e.get('new'))}."


def _drew(e: dict[str, Any], w: dict[str, Any]) -> str | None:
    if not e.get("count"):
        return None
    if isinstance(e.get("cards"), list):  # only the drawer sees which
        return f"{w['who']} draws {', '.join(_card(c) for c in e['cards'])}."
    return f"{w['who']} draws {e['count']} card{'s' if e['count'] != 1 else ''}."


Told = Callable[[dict[str, Any], dict[str, Any]], "str | None"]

# Each kind of event: a sentence of the event's words (see _words), or a function of the event and its words.
SENTENCES: dict[str, str | Told] = {
    "round_started": "— Round {round} begins; {first} plays first. —",
    "turn_started": "Turn {turn}: {first} holds the first-player marker.",
    "selected": _selected,
    "revealing": "Everyone has chosen: in turn, each reveals their card and lays it.",
    "placed": _placed,
    "effect": _effect,
    "no_effect": "{who}'s {card} has nothing to do.",
    "copied": "{who}'s Alchemist copies {owner}'s {copied}.",
    "moved": "{who} moves {owner}'s {card} from {source} to {destination}.",
    "discarded": _discarded,
    "stolen": _stolen,
    "swapped": _swapped,
    "forced": "{who}'s Strategist sends {target}'s card to {place}.",
    "token_passed": "The first-player marker passes from {from} to {to}.",
    "round_scoring": "Round {round} is scored.",
    "place_scoring": "Scoring {place}.",
    "reward": "In {place}, rank {rank}: {owner}'s {card} earns {earns}.",
    "gold": _gold_event,
    "round_ended": "— Round {round} is over. —",
    "drew": _drew,
    "game_over": "The game is over.",
}


def _words(e: dict[str, Any]) -> dict[str, Any]:
    """The event's fields as the sentences name them: cards and places by name."""
    return {**{k: "?" if v is None else v for k, v in e.items()}, "who": e.get("colour"),
            "card": _card(e.get("value")), "copied": _card(e.get("copied_value")),
            "place": _place(e.get("place")), "source": _place(e.get("from")),
            "destination": _place(e.get("to")), "earns": _reward(e)}


def describe_event(e: dict[str, Any]) -> str | None:
    """One log line for an event (None: nothing worth a line)."""
    told = SENTENCES.get(str(e.get("type")))
    if told is None:
        return plain_event(e)
    words = _words(e)
    return told.format(**words) if isinstance(told, str) else told(e, words)
