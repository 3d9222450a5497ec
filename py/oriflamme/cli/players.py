"""Who decides for a seat in the terminal: bots by level, for either game, with a local fallback."""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

LEVELS = ("random", "easy", "normal", "hard", "expert")


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


class _Named:
    """A bot from a bots module, labelled with the level the user asked for."""

    needs_view = True

    def __init__(self, bot: Any, level: str) -> None:
        self._bot = bot
        self.level = level

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        return str(self._bot.choose(view, legal_actions))


def parse_levels(text: str | None) -> list[str]:
    """`normal` or `random,hard` → levels; ValueError naming an unknown one."""
    if not text:
        return []
    levels = [w.strip().lower() for w in text.split(",") if w.strip()]
    for w in levels:
        if w not in LEVELS:
            raise ValueError(f"--bots: unknown bot level {w!r} (known: {', '.join(LEVELS)})")
    return levels


def make_chooser(level: str, seed: int, game: str = "oriflamme") -> Chooser:
    """A bot of `level` for `game`. `random` is always the local uniform chooser; the other levels come
    from `oriflamme.bots` (or `oriflamme.lieux.bots`, whose one heuristic bot plays every level above
    random) and fall back to uniform random if that module is not available."""
    if level == "random":
        return UniformRandom(seed)
    try:
        if game == "lieux":
            mod = importlib.import_module("oriflamme.lieux.bots")
            return _Named(mod.make_bot("heuristic", seed=seed), level)
        mod = importlib.import_module("oriflamme.bots")
        return _Named(mod.make_bot(level, seed=seed), level)
    except (ImportError, AttributeError, KeyError):
        chooser = UniformRandom(seed)
        chooser.level = f"{level} (unavailable: random)"
        return chooser
