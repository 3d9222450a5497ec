"""A hint that explains: the suggested move as data, and what it does (D67).

What the move does is read from the engine's events of that move played on a few deals made from the
player's view (the game's `determinize`), never on the real game: only the effects every deal agrees on
are told, and an opponent's card is named only where the view shows it. So a hint can never betray a
hidden card, and the same view always gets the same explanation.
"""

from __future__ import annotations

import json
import random
import zlib
from collections import Counter
from typing import Any

from .protocol import View
from .registry import GameSpec

DEALS = 4  # deals the move is tried on; an effect must happen on every one of them


def view_seed(view: View, salt: int = 0) -> int:
    """A seed from the view alone: the same view, whatever the hidden cards, draws the same deals."""
    return zlib.crc32(json.dumps(view, sort_keys=True, separators=(",", ":")).encode()) ^ salt


def _key(effect: dict[str, Any]) -> str:
    return json.dumps(effect, sort_keys=True)


def explain(spec: GameSpec, view: View, action: str, deals: int = DEALS) -> dict[str, Any]:
    """{"move", "effects", "points", "reason"}: the move, the effects common to every deal (in order),
    each player's score change when every deal agrees on it, and the index of the effect that best says
    why (the biggest swing the mover causes; None if the move does nothing sure)."""
    explainer = spec.explainer
    assert explainer is not None, spec.id
    me = view.get("viewer")
    rng = random.Random(view_seed(view))
    counts: list[Counter[str]] = []
    first: list[dict[str, Any]] = []
    points: dict[str, int | None] = {}
    for i in range(deals):
        game = spec.determinize(view, rng)
        before = game.visible_scores(me)
        events = game.play(action)
        after = game.visible_scores(me)
        effects = explainer.effects(events, view)
        if i == 0:
            first = effects
        counts.append(Counter(_key(e) for e in effects))
        for colour, score in after.items():
            old = before.get(colour)
            delta = None if score is None or old is None else score - old
            if i == 0:
                points[colour] = delta
            elif points.get(colour) != delta:
                points[colour] = None
    common = counts[0]
    for c in counts[1:]:
        common = common & c
    kept: list[dict[str, Any]] = []
    for e in first:  # the first deal's order, each effect as often as every deal has it
        k = _key(e)
        if common[k] > 0:
            common[k] -= 1
            kept.append(e)
    reason = None
    best = 0
    for i, e in enumerate(kept):
        if e.get("player") != me and e.get("attacker") != me:
            continue
        if e["kind"] == "reveal":  # a card of mine turned face up: the move says it already, no reason
            continue
        weight = explainer.swing(e) * 10 + (5 if e["kind"] not in ("gain", "token") else 1)
        if reason is None or weight > best:
            reason, best = i, weight
    return {"move": explainer.describe_move(view, action), "effects": kept,
            "points": {c: d for c, d in points.items() if d is not None}, "reason": reason}
