"""What a move does in Château, Village & Port, as structured data for the page's sentences (the same
shapes as `oriflamme.effects`): the move (`describe_move`) and the effects its events show (`effects`).

Every card on a place is face up, so the effects name cards freely; a player's gold under the
`hidden_gold` option is left out of what another player is told (`view` given).
"""

from __future__ import annotations

from typing import Any

from tabletop.protocol import Event, View

Effect = dict[str, Any]


def _card(view: View, ref: str) -> dict[str, Any] | None:
    place, _, pos = ref.partition(":")
    for p in view["places"]:
        if p["id"] == place and pos.isdigit() and 1 <= int(pos) <= len(p["cards"]):
            card: dict[str, Any] = p["cards"][int(pos) - 1]
            return card
    return None


def describe_move(view: View, action: str) -> Effect:
    w = action.split()
    kind = w[0]
    ability = (view.get("decision") or {}).get("ability")
    if kind == "select":
        return {"kind": "select", "value": int(w[1])}
    if kind == "put":
        return {"kind": "put", "value": int(w[1]), "place": w[2], "side": w[3] if len(w) > 3 else None}
    if kind in ("move", "copy", "discard"):
        card = _card(view, w[1]) or {}
        out: Effect = {"kind": kind, "place": w[1].partition(":")[0], "owner": card.get("owner"),
                       "value": card.get("value"), "ability": ability}
        if kind == "move":
            out["to"] = w[3]
        return out
    if kind == "target":
        return {"kind": "target", "victim": w[1], "place": w[2] if len(w) > 2 else None, "ability": ability}
    return {"kind": kind}


def effects(events: list[Event], view: View | None = None) -> list[Effect]:
    viewer = None if view is None else view.get("viewer")
    out: list[Effect] = []
    for e in events:
        t = e["type"]
        hidden = view is not None and bool(e.get("hidden"))
        if t == "gold":
            if hidden and e["colour"] != viewer:
                continue
            out.append({"kind": "gain", "player": e["colour"], "amount": e["amount"],
                        "reason": e.get("reason")})
        elif t == "stolen":
            if hidden and viewer not in (e["colour"], e["victim"]):
                continue
            out.append({"kind": "steal", "player": e["colour"], "victim": e["victim"], "amount": e["amount"]})
        elif t == "discarded" and e.get("reason") != "rewarded":
            out.append({"kind": "discard", "player": e["colour"], "victim": e["owner"], "value": e["value"],
                        "place": e["place"]})
        elif t == "moved":
            out.append({"kind": "move", "player": e["colour"], "victim": e["owner"], "value": e["value"],
                        "from": e["from"], "to": e["to"]})
        elif t == "forced":
            out.append({"kind": "force", "player": e["colour"], "victim": e["target"], "place": e["place"]})
        elif t == "swapped":
            out.append({"kind": "swap", "player": e["colour"], "victim": e["target"]})
        elif t == "copied":
            out.append({"kind": "copy", "player": e["colour"], "value": e["copied_value"]})
    return out


def swing(effect: Effect) -> int:
    kind = effect["kind"]
    if kind == "steal":
        return 2 * int(effect.get("amount") or 0)
    if kind == "discard":
        return 3  # a card that would have scored at its place
    if kind == "gain":
        return max(0, int(effect.get("amount") or 0) - 2)  # only the big rewards stand out
    return 0


def held(position: dict[str, Any]) -> dict[str, dict[str, list[Any]]]:
    """Every card of a player's family at the deal: the hand and the draw pile (in drawing order)."""
    return {c: {"hand": list(position["hands"][c]), "pile": list(position["piles"][c])}
            for c in position["seats"]}
