"""Errors the engines raise, and how their messages quote what they were given."""

from __future__ import annotations

from collections.abc import Sequence

QUOTE_LIMIT = 80  # a refused 1 MB input must not come back whole in its message


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`repr(value)` for a message, cut to about `limit` characters."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # a huge string is never repr'd whole
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def not_text(action: object, legal: Sequence[str]) -> str | None:
    """Why `action` is not even written as an action (both games take the exact text of a legal action,
    D35), or None."""
    example = f", e.g. {quote(legal[0])}" if legal else ""
    if not isinstance(action, str):
        return f"an action is a string{example}"
    if action != " ".join(action.split()):  # split() cuts at every Unicode space
        return f"write an action exactly as listed: words separated by single spaces{example}"
    return None


def check_seed(seed: object) -> None:
    """A seed is a whole number the one-int RNG holds whole (a larger one would be the same game as a
    smaller one, silently)."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64):
        raise ValueError(f"seed: expected a whole number in 0..2^64-1, got {quote(seed)}")


class IllegalAction(ValueError):
    """An action that is not legal in the current position. The game is left unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {quote(action)}: {reason}")
        self.action = action
        self.reason = reason
