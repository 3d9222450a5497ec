"""Moves as NOTATION.md action strings (1-based positions), and why a string is not legal."""

from __future__ import annotations

from tabletop.errors import quote

from .editions import ALL_CARDS
from .engine import ENDS, ONTO, Move
from .state import OVER, State

TEXTS: dict[Move, str] = {}  # memo of to_text (bounded); game.py reads it directly


def to_text(m: Move) -> str:
    """The action string of a move (memoised: moves are small tuples that recur)."""
    t = TEXTS.get(m)
    if t is None:
        if len(TEXTS) >= 20_000:
            TEXTS.clear()
        t = TEXTS[m] = _to_text(m)
    return t


def _to_text(m: Move) -> str:
    kind = m[0]
    if kind == "place":
        where = m[2]
        return f"place {m[1]} {where}" if isinstance(where, str) else f"place {m[1]} on {where + 1}"
    if kind == "reveal" or kind == "stay":
        return str(kind)
    if kind == "steal":
        return f"steal {m[1]}"
    if kind == "move":
        return f"move {m[1] + 1} to {m[2] + 1}"
    if kind == "onto":
        return f"move {m[1] + 1} onto {m[2] + 1}"
    if kind == "choose":
        return f"choose {m[1] + 1} {m[2] + 1}"
    return f"{kind} {m[1] + 1}"  # eliminate, copy


_EXPECTED = {
    "place": "place CARD first|last|on P",
    "reveal": "reveal or stay",
    "archer": "eliminate P (first or last position)",
    "soldier": "eliminate P (an adjacent position)",
    "assassination": "eliminate P",
    "mercenaries": "eliminate P",
    "spy": "steal COLOUR",
    "shapeshifter": "copy P",
    "decree": "move P to G or move P onto Q",
    "assassin": "choose P Q",
}


def explain(s: State, action: str, legal: list[str]) -> str:
    """A human reason why `action` is not among the legal actions."""
    if s.phase == OVER:
        return "the game is over"
    words = action.split()
    pending = s.pending or ""
    expected = _EXPECTED.get(pending, pending)
    verb = words[0] if words else ""
    kind_ok = any(a.split()[0] == verb for a in legal)
    if not kind_ok:
        return f"{s.to_act} must decide now: expected {expected}, e.g. {quote(legal[0])}"
    if verb == "place" and len(words) >= 2:
        card = words[1]
        if card not in ALL_CARDS:
            return f"unknown card {quote(card)}"
        if s.to_act is not None and card not in s.hands[s.to_act]:
            return f"{card} is not in {s.to_act}'s hand"
        if len(words) == 4 and words[2] == "on":
            return f"position {quote(words[3])} is not a stack whose top card is {s.to_act}'s"
        return "a card is placed first, last, or on one of your own stacks"
    for w in words[1:]:
        if w.isdigit() and not (w.isascii() and len(w) <= 4 and 1 <= int(w) <= len(s.queue) + 1):
            return f"position {quote(w)} is outside the queue (1–{len(s.queue)})"
    return f"not a legal target now; legal: {', '.join(legal[:12])}{' …' if len(legal) > 12 else ''}"


for _c in ALL_CARDS:  # every placement named in advance: they are most of the decisions
    for _m in (*ENDS[_c], *ONTO[_c]):
        to_text(_m)
