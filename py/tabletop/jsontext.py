"""JSON from outside (positions, saves, settings, share links), read with bounded nesting.

`json.loads` recurses once per level: 5,000 nested arrays overflow the stack, which in Pyodide is a fatal
error for the whole tab. The nesting is therefore measured first, without recursion, and anything deeper
than any of our formats needs is refused with a message.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 16  # a position or save needs 4; a web save's settings 3
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting(text: str) -> int:
    """How deeply arrays and objects nest in `text` (brackets inside strings do not count)."""
    depth = deepest = 0
    for b in _BRACKET.findall(_STRING.sub("", text)):
        if b in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse(text: Any, what: str, max_chars: int | None = None) -> Any:
    """The JSON value in `text`; ValueError starting with `what` when it is not JSON text, longer than
    `max_chars` (checked before anything is read) or too deep."""
    if not isinstance(text, str):
        raise ValueError(f"{what}: expected JSON text, got {type(text).__name__}")
    if max_chars is not None and len(text) > max_chars:
        raise ValueError(f"{what} is too long")
    if nesting(text) > MAX_DEPTH:
        raise ValueError(f"{what}: nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{what}: not valid JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    except ValueError:  # Python's limit on the digits of an integer
        raise ValueError(f"{what}: a number has too many digits") from None
