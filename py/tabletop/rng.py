"""A tiny seeded RNG whose whole state is one int, so it lives in the position and clones for free."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """splitmix64: returns (new_state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A number in range(n) (n ≥ 1); the modulo bias is negligible for a game's small n."""
    state, out = next_u64(state)
    return state, out % n


def shuffle(state: int, items: list[T]) -> int:
    """Fisher–Yates in place; returns the new RNG state (`below` inlined: setup speed)."""
    for i in range(len(items) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state
