"""The search bot (placeholder while ISMCTS lands): plays as the normal bot."""

from __future__ import annotations

from .normal import NormalBot


class HardBot(NormalBot):
    level = "hard"

    def __init__(self, seed: int, budget_ms: float | None = None, iterations: int | None = None) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.iterations = iterations
