"""The fixed data of Château, Village & Port: characters, places and their reward tables (SAVANA.md)."""

from __future__ import annotations

from typing import Final

GAME_ID: Final = "lieux"
COLOURS: Final = ("red", "blue", "green", "yellow", "black")
VALUES: Final = tuple(range(1, 16))
ROUNDS: Final = 3
HAND_SIZE: Final = 6
START_GOLD: Final = 3

PLACES: Final = ("chateau", "village", "port")  # also the end-of-round order
PLACE_NAMES: Final = {"chateau": "Château", "village": "Village", "port": "Port"}

SETS: Final = ("A", "B", "C")

# Immediate abilities that ask their owner for a choice; "hunter" is immediate without a choice.
IMMEDIATE: Final = frozenset(
    {"guard", "thief", "alchemist", "courtesan", "strategist", "warrior", "bard", "hunter"}
)
END_OF_ROUND: Final = frozenset({"king", "princess", "traitor", "merchant", "sailor"})

# value -> (ability id, French name, English name)
CHARACTERS: Final[dict[int, tuple[str, str, str]]] = {
    15: ("king", "Roi", "King"),
    14: ("princess", "Princesse", "Princess"),
    13: ("witch", "Sorcière", "Witch"),
    12: ("guard", "Garde", "Guard"),
    11: ("thief", "Voleuse", "Thief"),
    10: ("alchemist", "Alchimiste", "Alchemist"),
    9: ("courtesan", "Courtisane", "Courtesan"),
    8: ("strategist", "Stratège", "Strategist"),
    7: ("traitor", "Traître", "Traitor"),
    6: ("merchant", "Marchand", "Merchant"),
    5: ("warrior", "Guerrière", "Warrior"),
    4: ("bard", "Barde", "Bard"),
    3: ("peasant", "Paysan", "Peasant"),
    2: ("sailor", "Matelot", "Sailor"),
    1: ("hunter", "Chasseur", "Hunter"),
}
VALUE_OF: Final = {ability: value for value, (ability, _fr, _en) in CHARACTERS.items()}


def ability(value: int) -> str:
    return CHARACTERS[value][0]


def timing(value: int) -> str | None:
    """"immediate", "end" or None (no effect)."""
    a = ability(value)
    if a in IMMEDIATE:
        return "immediate"
    if a in END_OF_ROUND:
        return "end"
    return None


# A reward is a whole number of gold (possibly 0 or negative) or a special reward:
# "per-card" (1 gold per card in the place), "steal" (1 gold from every other player),
# "half" (half the rewarded card's value, rounded up).
Reward = int | str
SPECIAL_REWARDS: Final = ("half", "per-card", "steal")

# set -> place -> (3-4 player side, 5 player side); S5, house values.
REWARDS: Final[dict[str, dict[str, tuple[tuple[Reward, ...], tuple[Reward, ...]]]]] = {
    "A": {
        "chateau": ((4, 3, 1), (5, 3, 2, 1)),
        "village": ((3, 2, 1), (3, 2, 2, 1)),
        "port": ((3, 1, -1), (3, 2, 1, -1)),
    },
    "B": {
        "chateau": (("half", 2, 1), ("half", 3, 1, 1)),
        "village": (("per-card", 2, 1), ("per-card", 2, 1, 1)),
        "port": (("steal", 2, -1), ("steal", 2, 1, -1)),
    },
    "C": {
        "chateau": ((6, 1, -2), (6, 2, 0, -2)),
        "village": (("half", "per-card", 1), ("half", "per-card", 1, 0)),
        "port": ((4, "steal", -2), (4, "steal", 1, -2)),
    },
}


def side(players: int) -> str:
    """The side of the place cards: "3-4" or "5"."""
    return "5" if players >= 5 else "3-4"


def rewards(set_id: str, place: str, players: int) -> tuple[Reward, ...]:
    three_four, five = REWARDS[set_id][place]
    return five if players >= 5 else three_four


def turns_per_round(players: int) -> int:
    return 4 if players == 3 else 3


def card_name(value: int, lang: str = "en") -> str:
    _a, fr, en = CHARACTERS[value]
    return fr if lang == "fr" else en
