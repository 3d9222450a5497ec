"""The table as terminal text: the queue in resolution direction, hands, scores; events in words.

Everything here draws plain data (a `view()` dict, events); nothing reads a Game. ANSI colours are
only used when `Style(colour=True)`, i.e. when stdout is a terminal.
"""

from __future__ import annotations

from typing import Any

from tabletop.terminal import Style, plain_event

FACE_UP, FACE_DOWN, HIDDEN = "▲", "▼", "?"


def card_text(card: dict[str, Any]) -> str:
    """`▲ red archer`, `▼ blue ?` (hidden from the viewer), `▼ red heir ●2` (own face-down card)."""
    name = card["card"] if card["card"] is not None else HIDDEN
    mark = FACE_UP if card["face_up"] else FACE_DOWN
    tokens = f" ●{card['tokens']}" if card["tokens"] else ""
    return f"{mark} {card['owner']} {name}{tokens}"


def _width(text: str) -> int:
    return len(text)


def _terminal_columns() -> int:
    import shutil  # imported only here: the browser never asks, and its boot leaves shutil out (D95)

    return shutil.get_terminal_size((100, 24)).columns


def render_queue(view: dict[str, Any], style: Style, width: int | None = None) -> list[str]:
    """The queue as columns, drawn in resolution direction (`rtl`: position 1 on the right).

    Each column: the position number (▶ marks the stack being resolved), the top card, then the
    covered cards below it, most recent first."""
    queue: list[list[dict[str, Any]]] = view["queue"]
    rtl = view.get("direction") == "rtl"
    arrow = "from right to left ← (position 1 on the right)" if rtl else \
        "from left to right → (position 1 on the left)"
    lines = [f"Queue ({len(queue)} stack{'s' if len(queue) != 1 else ''}), resolves {arrow}"]
    if not queue:
        lines.append("  (empty)")
        return lines
    cursor = view.get("cursor") if view.get("phase") == "resolution" else None
    cols: list[list[tuple[str, str | None, bool]]] = []  # cells (text, owner, bold)
    for i, stack in enumerate(queue, start=1):
        head = f"{'▶' if i == cursor else ' '}#{i}"
        cells: list[tuple[str, str | None, bool]] = [(head, None, i == cursor)]
        top = stack[-1]
        cells.append((card_text(top), top["owner"], bool(top["face_up"])))
        for below in reversed(stack[:-1]):
            cells.append(("  under " + card_text(below), below["owner"], False))
        cols.append(cells)
    if rtl:
        cols.reverse()
    colw = [max(_width(t) for t, _o, _b in c) + 2 for c in cols]
    total = width or _terminal_columns()
    bands: list[list[int]] = [[]]
    used = 2
    for k, w in enumerate(colw):
        if bands[-1] and used + w > total:
            bands.append([])
            used = 2
        bands[-1].append(k)
        used += w
    for band in bands:
        rows = max(len(cols[k]) for k in band)
        for r in range(rows):
            parts = []
            for k in band:
                if r < len(cols[k]):
                    text, owner, bold = cols[k][r]
                    pad = " " * (colw[k] - _width(text))
                    parts.append(style.paint(text, owner, bold) + pad)
                else:
                    parts.append(" " * colw[k])
            lines.append(("  " + "".join(parts)).rstrip())
    lines.append(style.dim(f"  {FACE_UP} face up   {FACE_DOWN} face down   {HIDDEN} hidden from you   "
                           "●n influence tokens on the card"))
    return lines


def _names(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "—"


def render_view(view: dict[str, Any], style: Style, hands: dict[str, list[str]] | None = None,
                asides: dict[str, list[str]] | None = None, width: int | None = None) -> str:
    """An Oriflamme view (or a spectator's view plus every `hands`/`asides`, for `show`) as text."""
    seats: list[str] = view["seats"]
    viewer = view.get("viewer")
    title = (f"Oriflamme ({view['edition']}) — round {view['round']}/{view['rounds']} — "
             f"first player: {view['first']}")
    if viewer:
        title += f" — you are {style.paint(viewer, viewer, True)}"
    lines = [style.bold(title) if not viewer else title]
    score = "  ".join(
        f"{style.paint(c, c, True)} {view['scores'][c]}" + (" ◆" if c == view["first"] else "")
        for c in seats)
    lines.append(f"Scores: {score}   (◆ first player)")
    lines.append("Cards in hand: " + ", ".join(f"{c} {view['hand_sizes'][c]}" for c in seats))
    discards = [f"{c}: {_names(view['discard'][c])}" for c in seats if view["discard"][c]]
    lines.append("Discards: " + ("; ".join(discards) if discards else "—"))
    lines.append("")
    lines += render_queue(view, style, width)
    lines.append("")
    if hands is not None:
        for c in seats:
            lines.append(f"Hand of {c}: {_names(hands[c])}")
            if asides is not None:
                lines.append(f"  aside: {_names(asides[c])}")
    elif viewer:
        lines.append(f"Your hand: {_names(view['hand'])}")
        lines.append(f"Your aside (unused all game): {_names(view['aside'])}")
    d = view.get("decision")
    if view.get("is_over"):
        lines.append("The game is over.")
    elif d is not None:
        lines.append(describe_decision(view, d))
    return "\n".join(lines)


def describe_decision(view: dict[str, Any], d: dict[str, Any]) -> str:
    who = d["player"]
    kind = d["kind"]
    if kind == "place":
        return f"Placement, round {view['round']}: {who} places a card."
    pos = d.get("position")
    top = view["queue"][pos - 1][-1] if pos and pos <= len(view["queue"]) else None
    card = top["card"] if top and top["card"] else "face-down card"
    if kind == "reveal":
        return f"Resolving #{pos}: {who}'s {card} — reveal it or let it stay face down (+1 token)."
    ability = d.get("ability") or kind
    what = {"eliminate": "chooses a card to eliminate", "steal": "chooses whom to take 1 from",
            "copy": "chooses a card to copy", "move": "chooses a card to move and where",
            "choose": "designates two cards"}.get(kind, kind)
    via = f" (as {ability})" if top and top["card"] and top["card"] != ability else ""
    return f"Resolving #{pos}: {who}'s {card}{via} {what}."


def describe_event(e: dict[str, Any]) -> str | None:
    """One event in words; an unexpected shape is told field by field."""
    try:
        return _describe(e)
    except (KeyError, TypeError):
        return plain_event(e)


def _describe(e: dict[str, Any]) -> str | None:
    t = e.get("type")
    who = e.get("player", "")
    card = e.get("card")
    pos = e.get("position")
    if t == "placed":
        what = card if card else "a card"
        where = {"first": "first in the queue", "last": "last in the queue"}.get(e.get("where", ""),
                                                                               f"on stack #{pos}")
        return f"{who} places {what} face down {where} (#{pos})."
    if t == "resolution_started":
        return f"— Resolution of round {e['round']} begins. —"
    if t == "stayed":
        return f"{who} leaves #{pos} face down."
    if t == "token_added":
        return f"  #{pos} now has {e['tokens']} token{'s' if e['tokens'] != 1 else ''}."
    if t == "revealed":
        how = " (designated)" if e.get("designated") else ""
        tok = f" with {e['tokens']} token{'s' if e['tokens'] != 1 else ''}" if e.get("tokens") else ""
        return f"{who} reveals {card} at #{pos}{tok}{how}."
    if t == "gained":
        unit = "point" if e["amount"] == 1 else "points"
        return f"  {who} gains {e['amount']} {unit} ({e['reason']}) → {e['score']}."
    if t == "stolen":
        if e["amount"]:
            v = e["victim"]
            return f"{who} takes 1 point from {v} → {who} {e['score']}, {v} {e['victim_score']}."
        if e["victim"] == e["player"]:
            return f"{who}'s spy picks {who}'s own pile: nothing changes."
        return f"{who}'s spy takes nothing from {e['victim']}."
    if t == "eliminated":
        by = f" by {e['by']}" if e.get("by") else ""
        return f"{who}'s {card} at #{pos} is eliminated{by}."
    if t == "discarded":
        return f"{who}'s {card} is discarded."
    if t == "moved":
        what = f"{who}'s {card}" if card else f"{who}'s face-down card"
        dest = f"onto #{e['onto']}" if "onto" in e else f"to gap {e['to']}"
        return f"{what} is moved from #{e['from']} {dest}."
    if t == "copied":
        return f"{who}'s shapeshifter at #{pos} copies {card} at #{e['target']}."
    if t == "ambushed":
        return f"Ambush! {who}'s ambush at #{pos} springs on {e['attacker']}'s {card}."
    if t == "round_ended":
        scores = ", ".join(f"{c} {v}" for c, v in e["scores"].items())
        return f"— Round {e['round']} ends. Scores: {scores} —"
    if t == "round_started":
        return f"— Round {e['round']} begins; first player: {e['first']}. —"
    if t == "game_over":
        return "— Game over. —"
    return plain_event(e)  # a type added later: say it plainly


def tie_break_lines(view: dict[str, Any], queue_counts: dict[str, int]) -> list[str]:
    """The final ranking, with a word on how ties were broken (D8: cards in the queue, then shared)."""
    ranking: list[list[str]] = view.get("ranking") or []
    scores = view["scores"]
    lines = []
    place = 1
    for group in ranking:
        names = " and ".join(group)
        note = ""
        if len(group) > 1:
            k = queue_counts.get(group[0], 0)
            note = (f" — tied on {scores[group[0]]} points and on {k} card{'s' if k != 1 else ''} "
                    "of their family in the queue: they share the place")
        lines.append(f"  {place}. {names}: {scores[group[0]]} points{note}")
        place += len(group)
    # ties on score that the queue count broke
    by_score: dict[int, list[str]] = {}
    for group in ranking:
        for c in group:
            by_score.setdefault(scores[c], []).append(c)
    for pts, cs in by_score.items():
        if len(cs) > 1 and len({queue_counts.get(c, 0) for c in cs}) > 1:
            detail = ", ".join(f"{c} {queue_counts.get(c, 0)}" for c in cs)
            lines.append(f"  Tie on {pts} points broken by cards of the family left in the queue "
                         f"(covered ones count): {detail}.")
    if queue_counts:
        lines.append("  (Ties: the player with more cards of their family in the queue ranks higher, "
                     "covered cards included; if still tied, they share the place.)")
    return lines
