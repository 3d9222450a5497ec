"""A text drawing of the table, for the CLI and for bug reports."""

from __future__ import annotations

from typing import Any

from tabletop.errors import quote
from tabletop.jsontext import parse

from .cards import CHARACTERS
from .notation import FORMAT, from_position
from .view import VIEW_FORMAT, view


def _reward(r: Any) -> str:
    return f"{r:+d}" if isinstance(r, int) and r < 0 else str(r)


def render_text(view_or_position: Any) -> str:
    """Draws a view (format lieux-view/1), a position (lieux/1, dict or JSON text) or a Game."""
    v = view_or_position
    if hasattr(v, "view") and hasattr(v, "to_position"):
        v = v.to_position()
    if isinstance(v, str):
        v = parse(v, "render_text")
    if not isinstance(v, dict):
        raise ValueError("render_text: expected a view, a position or a Game")
    if v.get("format") == FORMAT:
        v = view(from_position(v), None, reveal_all=True)
    elif v.get("format") != VIEW_FORMAT:
        raise ValueError(f"format: expected {quote(VIEW_FORMAT)} or {quote(FORMAT)}")

    lines: list[str] = []
    viewer = v["viewer"]
    lines.append(
        f"Château, Village & Port — set {v['set']} ({v['side']} players) — round {v['round']}/{v['rounds']}, "
        f"turn {v['turn']}/{v['turns']} — first player: {v['first']}"
        + (" — hidden gold" if v["hidden_gold"] else "")
    )
    gold = " · ".join(
        f"{c} {'?' if v['gold'][c] is None else v['gold'][c]}" + (" ◆" if c == v["first"] else "")
        for c in v["seats"]
    )
    lines.append(f"Gold: {gold}   (◆ first-player token)")
    lines.append("")
    width = max(len(p["name"]) for p in v["places"])
    for p in v["places"]:
        table = "/".join(_reward(r) for r in p["rewards"])
        cards = "  ".join(f"{c['value']} {c['name']} ({c['owner']})" for c in p["cards"]) or "—"
        lines.append(f"{p['name'].upper():<{width}} [{table}]  {cards}")
    lines.append("")
    sel = []
    for c in v["seats"]:
        s = v["selected"][c]
        if s is not None:
            shown = "▮ face down" if s["value"] is None else f"{s['value']} {CHARACTERS[s['value']][2]}"
            sel.append(f"{c}: {shown}")
    if sel:
        lines.append("Selected: " + ", ".join(sel))
    if v["forced"]:
        lines.append("Forced by a Strategist: " + ", ".join(f"{c} → {p}" for c, p in v["forced"].items()))
    hands = v.get("hands")
    if hands:
        for c in v["seats"]:
            lines.append(f"Hand of {c}: " + (" ".join(str(x) for x in hands[c]) or "—"))
    elif viewer is not None and v["hand"] is not None:
        lines.append(f"Your hand ({viewer}): " + (" ".join(str(x) for x in v["hand"]) or "—"))
    lines.append("Hands: " + ", ".join(f"{c} {v['hand_sizes'][c]}" for c in v["seats"])
                 + "   Piles: " + ", ".join(f"{c} {v['pile_sizes'][c]}" for c in v["seats"]))
    d = v["decision"]
    if v["is_over"]:
        lines.append("Game over. Ranking: " + " > ".join(place[0] for place in v["ranking"]))
    elif d is not None:
        what = d["kind"] if d["ability"] is None else f"{d['ability']} effect"
        if d["copied"]:
            what += " (copied by the Alchemist)"
        lines.append(f"To act: {d['player']} — {what}")
        if v["legal_actions"]:
            lines.append("Legal: " + " | ".join(v["legal_actions"]))
    return "\n".join(lines)
