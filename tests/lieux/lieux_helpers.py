"""Building hand-made positions for scenario tests."""

from __future__ import annotations

import json
from typing import Any

from lieux import Game, load_game
from lieux.cards import PLACES, turns_per_round

SEATS3 = ["red", "blue", "green"]


def position(
    *,
    seats: list[str] | None = None,
    set_id: str = "A",
    phase: str = "place",
    round: int = 1,
    turn: int | None = None,
    first: str = "red",
    gold: dict[str, int] | None = None,
    places: dict[str, list[tuple[str, int]]] | None = None,
    hands: dict[str, list[int]] | None = None,
    selected: dict[str, int] | None = None,
    discard: dict[str, list[int]] | None = None,
    forced: dict[str, str] | None = None,
    pending: dict[str, Any] | None = None,
    hidden_gold: bool = False,
    rng: str = "0",
) -> dict[str, Any]:
    """A position; every card not mentioned is in its owner's draw pile (ascending values).

    `turn` defaults to the first turn; pass `last=True`-style turns explicitly when a scenario must end
    the round.
    """
    seats = seats or list(SEATS3)
    places = places or {}
    hands = hands or {}
    selected = selected or {}
    discard = discard or {}
    used = {(o, v) for row in places.values() for o, v in row}
    used |= {(c, v) for c, h in hands.items() for v in h}
    used |= {(c, v) for c, v in selected.items()}
    used |= {(c, v) for c, h in discard.items() for v in h}
    return {
        "format": "lieux/1",
        "set": set_id,
        "hidden_gold": hidden_gold,
        "seats": seats,
        "round": round,
        "turn": turn or 1,
        "first": first,
        "phase": phase,
        "to_act": None,
        "gold": {c: (gold or {}).get(c, 10) for c in seats},
        "hands": {c: hands.get(c, []) for c in seats},
        "piles": {c: [v for v in range(1, 16) if (c, v) not in used] for c in seats},
        "discard": {c: discard.get(c, []) for c in seats},
        "selected": {c: selected.get(c) for c in seats},
        "forced": forced or {},
        "places": {p: [{"owner": o, "value": v} for o, v in places.get(p, [])] for p in PLACES},
        "pending": pending,
        "rng": rng,
        "composed": True,  # a scenario: hands and piles need not add up to the turn (D36)
    }


def game(**kw: Any) -> Game:
    return load_game(json.dumps(position(**kw)))


def last_turn(players: int = 3) -> int:
    return turns_per_round(players)


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def row(g: Game, place: str) -> list[tuple[str, int]]:
    return list(g.state.places[place])
