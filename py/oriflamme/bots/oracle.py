"""The ceiling of information: the expert searching on the true hidden cards. A diagnostic, not a bot level.

    python -m oriflamme.bots.oracle ARENA-ARGUMENTS   (e.g. --bots oracle,hard,hard --cpu-ms 330 ...)

runs `tabletop.arena` with one more line-up entry, `oracle`: the expert (the same tree, guide, cut-off,
playouts and budget) whose every iteration is dealt the real state at its decision instead of a deal drawn
from its view. What it wins over the expert on the same deals is the most that any reading of the hidden
cards (deals that read the opponents) could buy this search. `oracle:queue_only=1` knows only the queue's
face-down cards; hands and asides are still dealt from what the view leaves (as the expert deals them).
`oracle:hands_only=1` knows every opponent's hand and aside; its face-down queue cards are dealt by the
expert's belief from what is left.

It cheats by construction, so it is kept out of the product: `make_bot` has no such level, this module is
not in the browser build (`scripts/precompile.py`), and the bot sees the real game only because the arena
hands it over (`watch`), which nothing else does.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import Any

from tabletop import arena

from ..belief import BeliefSampler
from ..game import Game
from ..sampling import Plan
from ..state import State
from ..view import view as view_of
from .expert import ExpertBot
from .shots import KnownSampler


class TrueDeal(BeliefSampler):
    """Deals every search iteration the real state (a copy): nothing hidden is left to draw."""

    def __init__(self, view: dict[str, Any], truth: State) -> None:
        super().__init__(view)  # checks the view's hidden places add up, as any deal does
        self.truth = truth

    def sample(self, rng: random.Random) -> State:
        return self.truth.clone()


class TrueHands(BeliefSampler):
    """Deals every opponent its real hand and aside, and its face-down queue cards by the belief from what
    is left."""

    def __init__(self, view: dict[str, Any], truth: State) -> None:
        super().__init__(view)
        self.truth = truth
        plans: list[Plan] = []
        for c, pool, evidence, free, _, _ in self.plans:
            rest = Counter(pool)
            rest.subtract(truth.hands[c] + truth.aside[c])
            plans.append((c, sorted(rest.elements()), evidence, free, 0, None))
        self.plans = plans

    def sample(self, rng: random.Random) -> State:
        s = super().sample(rng)  # the queue dealt from what the hands and asides leave; both left empty
        aside = dict(s.aside)
        for c, *_ in self.plans:
            s.hands[c], aside[c] = list(self.truth.hands[c]), list(self.truth.aside[c])
        s.aside = aside
        return s


class OracleBot(ExpertBot):
    """The expert, dealt the table's real cards (`queue_only`: the queue's face-down cards only; `hands_only`:
    the hands and asides only)."""

    level = "oracle"
    queue_only = False
    hands_only = False

    def __init__(self, seed: int, budget_ms: float | None = None, iterations: int | None = None,
                 cpu_clock: bool = False) -> None:
        super().__init__(seed, budget_ms=budget_ms, iterations=iterations, cpu_clock=cpu_clock)
        self.table: Game | None = None

    def watch(self, game: Game) -> None:
        """The arena's hook: the game this bot plays at, whose real state it will search on."""
        self.table = game

    def sampler(self, view: dict[str, Any]) -> BeliefSampler:
        if self.table is None:
            raise RuntimeError("the oracle searches on a real game: give it one with watch()")
        truth = self.table.state
        if view_of(truth, view["viewer"]) != view:
            raise RuntimeError("the oracle was asked about another position than its table's")
        if self.hands_only:
            return TrueHands(view, truth)
        return KnownSampler(view, truth) if self.queue_only else TrueDeal(view, truth)


def main(argv: list[str]) -> int:
    arena.MEASURING["oracle"] = OracleBot
    return arena.main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
