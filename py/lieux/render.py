"""A text drawing of the table, for the CLI and for bug reports."""

from __future__ import annotations

from typing import Any

from tabletop.errors import quote
from tabletop.jsontext import parse

from .cards import CHARACTERS, PLACE_NAMES
from .notation import FORMAT, from_position
from .view import VIEW_FORMAT, view


def _reward(r: Any) -> str:
    return f"{r:+d}" if isinstance(r, int) and r < 0 else str(r)


# What the player to act is asked, in the terminal's words (the page has its own, in every language).
PROMPTS = {
    "select": "choose the card to play this turn (shown to all once everyone has chosen)",
    "put": "lay your {card} in a place",
    "guard": "the Guard moves a card next to it to another place",
    "thief": "the Thief takes 2 gold from the owner of a card next to it: whose?",
    "alchemist": "the Alchemist copies the immediate effect of a card next to it: which?",
    "courtesan": "the Courtesan makes a player who has not revealed swap their chosen card for a random "
                 "one of their hand: who?",
    "strategist": "the Strategist orders where a player who has not revealed must lay their card",
    "warrior": "the Warrior throws out a card next to it: which?",
    "bard": "the Bard brings a card from another place into its own",
}


def _card(value: int) -> str:
    return f"{value} {CHARACTERS[value][2]}"


def _prompt(d: dict[str, Any], v: dict[str, Any]) -> str:
    kind = str(d["kind"] if d["ability"] is None else d["ability"])
    selected = v["selected"].get(d["player"])
    card = "chosen card" if selected is None or selected["value"] is None else _card(selected["value"])
    said: str = PROMPTS.get(kind, kind).format(card=card)
    if d.get("forced"):
        said += f" (a Strategist ordered the {PLACE_NAMES.get(d['forced'], d['forced'])})"
    if d["copied"]:
        said += " (copied by the Alchemist)"
    return said


def render_text(view_or_position: Any, *, legal: bool = True) -> str:
    """Draws a view (format lieux-view/1), a position (lieux/1, dict or JSON text) or a Game; `legal`
    lists the legal actions in notation (the terminal game lists them itself, numbered)."""
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
        # numbered as the actions name them ("move chateau:2 to port")
        cards = "  ".join(f"[{k}] {c['value']} {c['name']} ({c['owner']})"
                          for k, c in enumerate(p["cards"], start=1)) or "—"
        lines.append(f"{p['name'].upper():<{width}} [{table}]  {cards}")
    lines.append("")
    sel = []
    for c in v["seats"]:
        s = v["selected"][c]
        if s is not None:
            shown = "▮ face down" if s["value"] is None else _card(s["value"])
            sel.append(f"{c}: {shown}")
    if sel:
        lines.append("Selected: " + ", ".join(sel))
    if v["forced"]:
        lines.append("Forced by a Strategist: " + ", ".join(f"{c} → {p}" for c, p in v["forced"].items()))
    hands = v.get("hands")
    if hands:
        for c in v["seats"]:
            lines.append(f"Hand of {c}: " + (", ".join(_card(x) for x in hands[c]) or "—"))
    elif viewer is not None and v["hand"] is not None:
        lines.append(f"Your hand ({viewer}): " + (", ".join(_card(x) for x in v["hand"]) or "—"))
    lines.append("Hands: " + ", ".join(f"{c} {v['hand_sizes'][c]}" for c in v["seats"])
                 + "   Piles: " + ", ".join(f"{c} {v['pile_sizes'][c]}" for c in v["seats"]))
    d = v["decision"]
    if v["is_over"]:
        lines.append("Game over. Ranking: " + " > ".join(place[0] for place in v["ranking"]))
    elif d is not None:
        lines.append(f"To act: {d['player']} — {_prompt(d, v)}")
        if legal and v["legal_actions"]:
            lines.append("Legal: " + " | ".join(v["legal_actions"]))
    return "\n".join(lines)
