"""The two bottom rungs: random (a seeded uniform choice) and easy (greedy on immediate points, noisy)."""

from __future__ import annotations

import random
from typing import Any

from .. import engine
from ..sampling import Sampler
from .common import moves_by_text


class RandomBot:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        return legal_actions[self.rng.randrange(len(legal_actions))]


class EasyBot:
    """Plays what gains the most points right now (its points minus the best opponent's gain), with
    noise; places cards at random. Plausible but fallible."""

    level = "easy"
    noise = 0.8
    blunder = 0.1

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        rng = self.rng
        if len(legal_actions) == 1:
            return legal_actions[0]
        if view["decision"]["kind"] == "place" or rng.random() < self.blunder:
            return legal_actions[rng.randrange(len(legal_actions))]
        me = view["viewer"]
        s0 = Sampler(view).sample(rng)
        moves = moves_by_text(s0, legal_actions)
        best, best_v = 0, -1e9
        for i, m in enumerate(moves):
            s = s0.clone()
            engine.apply(s, m, None)
            gain = {c: s.scores[c] - s0.scores[c] for c in s.seats}
            v: float = gain[me] - max((g for c, g in gain.items() if c != me), default=0)
            if m[0] == "stay" and s.ed.tokens:
                v += 0.5  # a token is a point later
            v += rng.gauss(0.0, self.noise)
            if v > best_v:
                best, best_v = i, v
        return legal_actions[best]


class FixedBot:
    """A fixed strategy an exploit check plays against (not a ladder level): `first` always takes the
    first legal action (reveals everything, places its first card first); `stay` never reveals a card
    and decides everything else at random."""

    STRATEGIES = ("first", "stay")

    def __init__(self, strategy: str, seed: int) -> None:
        if strategy not in self.STRATEGIES:
            raise ValueError(f"strategy: unknown fixed strategy {strategy!r}")
        self.level = f"fixed-{strategy}"
        self.strategy = strategy
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        if self.strategy == "first":
            return legal_actions[0]
        if "stay" in legal_actions:
            return "stay"
        return legal_actions[self.rng.randrange(len(legal_actions))]
