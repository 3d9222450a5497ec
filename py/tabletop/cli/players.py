"""Who decides for a seat in the terminal: the game's own bot of each level (the registry's factory,
the same one the browser uses), or a uniform random chooser that needs no view."""

from __future__ import annotations

import random
from typing import Any, Protocol

from .. import registry


class Chooser(Protocol):
    level: str

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str: ...


class UniformRandom:
    """Uniform choice among the legal actions; needs no view (so simulations skip building one)."""

    needs_view = False

    def __init__(self, seed: int) -> None:
        self.level = "random"
        self._choice = random.Random(seed).choice

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        return self._choice(legal_actions)


def parse_levels(text: str | None, game: str) -> list[str]:
    """`normal` or `random,hard` → levels; ValueError naming an unknown one."""
    if not text:
        return []
    known = registry.get(game).levels
    levels = [w.strip().lower() for w in text.split(",") if w.strip()]
    for w in levels:
        if w not in known:
            raise ValueError(f"--bots: unknown bot level {w!r} (known: {', '.join(known)})")
    return levels


def make_chooser(level: str, seed: int, game: str) -> Chooser:
    """A bot of `level` for `game`; `random` is the uniform chooser (it skips building views)."""
    if level == "random":
        return UniformRandom(seed)
    bot: Chooser = registry.get(game).make_bot(level, seed=seed)
    bot.level = level  # one bot may play several levels (a heuristic for easy and normal): say which
    return bot
