"""What the games' guided first games share (D72): notes are told once, the first time they apply."""

from __future__ import annotations


class FirstTimes:
    """`first(key)` is true the first time a key is asked, false ever after."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def __call__(self, key: str) -> bool:
        if key in self.seen:
            return False
        self.seen.add(key)
        return True
