"""What one player may see: the position with hidden cards stripped from the data, and redacted events."""

from __future__ import annotations

from typing import Any

from tabletop.errors import quote

from .engine import CHOICE_KIND, ranking
from .position import public_fields
from .state import OVER, OWNER, RESOLUTION, UP, State, card_data


def decision(s: State) -> dict[str, Any] | None:
    p = s.pending
    if p is None or s.to_act is None:
        return None
    kind = p if p in ("place", "reveal") else CHOICE_KIND[p]
    return {"kind": kind, "player": s.to_act, "ability": p if p in CHOICE_KIND else None,
            "position": s.cursor + 1 if s.phase == RESOLUTION else None}


def view(s: State, viewer: str | None) -> dict[str, Any]:
    if viewer is not None and viewer not in s.seats:
        raise ValueError(f"viewer: {quote(viewer)} is not a seat of this game")
    over = s.phase == OVER
    return {
        "game": "oriflamme",
        "format": "oriflamme-view/1",
        "viewer": viewer,
        **public_fields(s),
        "rounds": s.ed.rounds,
        "hand": sorted(s.hands[viewer], key=s.ed.family.index) if viewer else [],
        "aside": sorted(s.aside[viewer], key=s.ed.family.index) if viewer else [],
        "hand_sizes": {c: len(s.hands[c]) for c in s.seats},
        "aside_sizes": {c: len(s.aside[c]) for c in s.seats},
        "discard": {c: list(s.discard[c]) for c in s.seats},
        "queue": [[card_data(c, c[UP] or c[OWNER] == viewer) for c in st] for st in s.queue],
        "decision": decision(s),
        "is_over": over,
        "ranking": ranking(s) if over else None,
    }


def redact_events(events: list[dict[str, Any]], viewer: str | None) -> list[dict[str, Any]]:
    """Events as `viewer` may see them: a hidden card's name only reaches its owner."""
    out = []
    for e in events:
        if e.get("hidden"):
            e = dict(e)
            del e["hidden"]
            if e.get("player") != viewer:
                e.pop("card", None)
        out.append(e)
    return out
