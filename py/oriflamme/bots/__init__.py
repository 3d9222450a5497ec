"""Bots for Oriflamme: one interface, five levels.

    from oriflamme.bots import make_bot
    bot = make_bot("normal", seed=7)
    action = bot.choose(game.view(colour), game.legal_actions())

A bot only ever receives the view of the player to act (plain JSON-able data, hidden cards redacted) and
the legal action strings; it never sees a Game or a State of the real game. Search bots sample the hidden
cards themselves from what the view shows (`oriflamme.sampling`).
"""

from __future__ import annotations

from typing import Any, Protocol

LEVELS = ("random", "easy", "normal", "hard", "expert")


class Bot(Protocol):
    level: str

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str: ...


def make_bot(level: str, seed: int | None = 0, budget_ms: float | None = None,
             iterations: int | None = None, cpu_clock: bool = False) -> Bot:
    """A bot of `level` (random, easy, normal, hard, expert). `seed` makes its choices reproducible;
    `budget_ms` bounds a search bot's (hard, expert) thinking time and `iterations` its search
    iterations (with a fixed `iterations` and no time budget, it is fully deterministic too);
    `cpu_clock` counts the budget in this process's CPU time rather than wall time (the arena)."""
    seed = 0 if seed is None else seed
    if level == "random":
        from .simple import RandomBot
        return RandomBot(seed)
    if level == "easy":
        from .simple import EasyBot
        return EasyBot(seed)
    if level == "normal":
        from .normal import NormalBot
        return NormalBot(seed)
    if level == "hard":
        from .hard import HardBot
        return HardBot(seed, budget_ms=budget_ms, iterations=iterations, cpu_clock=cpu_clock)
    if level == "expert":
        from .expert import ExpertBot
        return ExpertBot(seed, budget_ms=budget_ms, iterations=iterations, cpu_clock=cpu_clock)
    raise ValueError(f"level: unknown bot level {level!r} (known: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "make_bot"]
