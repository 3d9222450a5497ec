"""What every game's terminal text shares: colours (ANSI on a terminal, plain text otherwise), an event
told field by field, and the final ranking."""

from __future__ import annotations

from typing import Any

ANSI = {"red": "31", "blue": "34", "green": "32", "yellow": "33", "black": "90"}


class Style:
    """Colours on a terminal, plain text otherwise."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def paint(self, text: str, owner: str | None, bold: bool = False) -> str:
        if not self.colour:
            return text
        codes = [ANSI[owner]] if owner in ANSI else []
        if bold:
            codes.insert(0, "1")
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text

    def dim(self, text: str) -> str:
        return f"\x1b[2m{text}\x1b[0m" if self.colour else text

    def bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text


def plain_event(e: dict[str, Any]) -> str:
    """An event told field by field (a game without words for it, or an unexpected shape)."""
    t = str(e.get("type", "event")).replace("_", " ")
    fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "hidden") and v is not None)
    return f"{t}: {fields}" if fields else t


def ranking_lines(ranking: list[list[str]], scores: dict[str, int], unit: str = "points") -> list[str]:
    """`  1. red: 12 points`, one line per place (a tie shares its place)."""
    lines = []
    place = 1
    for group in ranking:
        lines.append(f"  {place}. {' and '.join(group)}: {scores[group[0]]} {unit}")
        place += len(group)
    return lines
