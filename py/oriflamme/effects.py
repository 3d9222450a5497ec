"""What a move does, as structured data the page turns into a sentence in the player's language:
the move itself (`describe_move`) and the effects its events show (`effects`). Hints, key moments and
the review read these; none of them is text.

With a `view`, an effect names an opponent's card only where that view shows it face up at the
effect's position before the move: the events may come from a deal the hint made up (D67).
"""

from __future__ import annotations

from typing import Any

from tabletop.protocol import Event, View

from .editions import ALL_CARDS

Effect = dict[str, Any]


def _top(view: View, position: int) -> dict[str, Any] | None:
    queue = view["queue"]
    return queue[position - 1][-1] if 1 <= position <= len(queue) else None


def _public(view: View | None, owner: str, card: str | None, position: int | None) -> str | None:
    """The card's name if `view` (the viewer's, before the move) may say it; None otherwise."""
    if view is None or card is None or owner == view.get("viewer"):
        return card
    top = _top(view, position) if position is not None else None
    if top is not None and top["face_up"] and top["owner"] == owner and top["card"] == card:
        return card
    return None


def describe_move(view: View, action: str) -> Effect:
    """The move as data: its kind and what it names, only what `view` shows."""
    w = action.split()
    kind = w[0]
    me = view.get("viewer")
    cursor = view.get("cursor")
    own = _top(view, cursor) if isinstance(cursor, int) else None
    acting = (view.get("decision") or {}).get("ability")
    if kind == "place":
        where = w[2]
        out: Effect = {"kind": "place", "card": w[1], "where": where}
        if where == "on":
            out["position"] = int(w[3])
        return out
    if kind in ("reveal", "stay"):
        card = own["card"] if own is not None and own["owner"] == me else None
        return {"kind": kind, "card": card, "position": cursor}
    if kind in ("eliminate", "copy"):
        pos = int(w[1])
        top = _top(view, pos)
        owner = top["owner"] if top else None
        name = _public(view, owner, top["card"], pos) if top and owner else None
        return {"kind": kind, "position": pos, "owner": owner, "card": name, "ability": acting}
    if kind == "steal":
        return {"kind": "steal", "victim": w[1], "ability": acting}
    if kind == "move":
        pos = int(w[1])
        top = _top(view, pos)
        owner = top["owner"] if top else None
        name = _public(view, owner, top["card"], pos) if top and owner else None
        return {"kind": "move", "position": pos, "owner": owner, "card": name, "onto": w[2] == "onto",
                "to": int(w[3])}
    if kind == "choose":
        return {"kind": "choose", "positions": [int(w[1]), int(w[2])], "ability": acting}
    return {"kind": kind}


def effects(events: list[Event], view: View | None = None) -> list[Effect]:
    """The events' consequences worth telling, in order (placements and bookkeeping left out, among them a
    one-shot card leaving after it acted: that is no reason to play it, D257)."""
    out: list[Effect] = []
    for e in events:
        t = e["type"]
        if t == "revealed":
            out.append({"kind": "reveal", "player": e["player"],
                        "card": e["card"] if view is None or e["player"] == view.get("viewer") else None,
                        "tokens": e.get("tokens", 0)})
        elif t == "token_added":
            out.append({"kind": "token", "player": e["player"], "tokens": e["tokens"]})
        elif t == "gained":
            gain: Effect = {"kind": "gain", "player": e["player"], "amount": e["amount"],
                            "reason": e["reason"]}
            if e["reason"] in ALL_CARDS:
                gain["card"] = e["reason"]  # a face-up card scoring: public, so the text may name it
            out.append(gain)
        elif t == "eliminated":
            out.append({"kind": "eliminate", "player": e.get("by"), "victim": e["player"],
                        "card": _public(view, e["player"], e["card"], e["position"]),
                        "tokens": e.get("tokens", 0)})
        elif t == "ambushed":
            out.append({"kind": "ambush", "player": e["player"], "attacker": e["attacker"]})
        elif t == "stolen":
            out.append({"kind": "steal", "player": e["player"], "victim": e["victim"], "amount": e["amount"]})
        elif t == "moved":
            out.append({"kind": "move", "victim": e["player"],
                        "card": _public(view, e["player"], e.get("card"), e["from"]),
                        "from": e["from"], "to": e.get("to", e.get("onto"))})
        elif t == "copied":
            out.append({"kind": "copy", "player": e["player"], "card": e["card"]})
    return out


def swing(effect: Effect) -> int:
    """Points an effect moves between players: what makes a moment of the game stand out."""
    kind = effect["kind"]
    if kind == "ambush":
        if effect.get("attacker") == effect.get("player"):
            return 1  # walked into one's own: +1 for the Ambush (D17), the attacking card lost in retail
        return 5  # +4 to its owner, and the attacker's card lost (retail) or its +1 wasted
    if kind == "eliminate":
        return 1 + int(effect.get("tokens") or 0) + (2 if effect.get("card") in ("heir", "lord") else 0)
    if kind == "steal":
        return 2 * int(effect.get("amount") or 0)
    if kind == "gain" and effect.get("reason") == "conspiracy":
        return int(effect["amount"])
    return 0


def held(position: dict[str, Any]) -> dict[str, dict[str, list[Any]]]:
    """Every card a player was dealt (the position at the deal): the hand and the cards set aside."""
    return {c: {"hand": list(position["hands"][c]), "aside": list(position["aside"][c])}
            for c in position["seats"]}
