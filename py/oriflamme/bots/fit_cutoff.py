"""What the search's cut-off should make of the estimate: `python -m oriflamme.bots.fit_cutoff [games]
[random share] [edition] [players] [future weight]`.

Normal bots play `games` self-play games from fixed seeds (a share of the moves chosen at random, so
that positions vary more than one policy makes them). At every round start after the first, each
player's estimate (`common.estimate`) is recorded with the game's outcome. Two fits per number of
rounds left, both on quantities the search's cut-off already uses, so they cannot learn one policy's
habits (as the per-card fit of D112 did):

- the slope of (final score - score now) on (estimate - score now): how much of the estimate's future
  part a player actually goes on to score (`future_weight`);
- with that weight, the logistic scale of winning on the estimated margin over the best opponent,
  printed as the cut-off's tanh scale T (payoff 0.5 + 0.5 tanh(margin / T); the hand-made T is 3).
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass

from ..game import new_game
from ..state import PLACEMENT
from .common import estimate
from .normal import NormalBot


@dataclass(frozen=True)
class Fit:
    rounds_left: int
    positions: int  # player-positions recorded
    slope: float  # of (final - now) on (estimate - now)
    scale: float  # T of the tanh on the margin with `future` applied
    loss: float  # the fitted scale's win log loss
    loss_hand: float  # the hand-made T = 3's


def fit(games: int, eps: float = 0.1, edition: str = "retail", players: int = 3,
        future: float = 0.6) -> list[Fit]:
    rows: dict[int, list[tuple[float, float, float, float]]] = {}  # (future part, gain, margin, won)
    for seed in range(games):
        g = new_game(edition, players, seed=7000 + seed)
        rng = random.Random(seed)
        bots = {c: NormalBot(seed * 10 + i) for i, c in enumerate(g.seats)}
        marks = []
        while (c := g.to_act) is not None:
            s = g.state
            if s.phase == PLACEMENT and s.placed == 0 and s.round > 1:
                marks.append((s.ed.rounds - s.round + 1, dict(s.scores), estimate(s)))
            legal = g.legal_actions()
            g.play(rng.choice(legal) if rng.random() < eps else bots[c].choose(g.view(c), legal))
        first = g.ranking()[0]
        for k, now, est in marks:
            e = {c: now[c] + future * (v - now[c]) for c, v in est.items()}
            for c in g.seats:
                margin = e[c] - max(v for d, v in e.items() if d != c)
                rows.setdefault(k, []).append((est[c] - now[c], g.scores[c] - now[c], margin,
                                               1.0 if c in first else 0.0))
    return [_fit(k, rows[k]) for k in sorted(rows)]


def _fit(k: int, xs: list[tuple[float, float, float, float]]) -> Fit:
    n = len(xs)
    mx, my = sum(x[0] for x in xs) / n, sum(x[1] for x in xs) / n
    sxx = sum((x[0] - mx) ** 2 for x in xs)
    slope = sum((x[0] - mx) * (x[1] - my) for x in xs) / sxx if sxx else 0.0
    beta = 0.5  # P(win) = 1 / (1 + exp(-beta margin)), by Newton's method
    for _ in range(50):
        ps = [_sigmoid(beta * x[2]) for x in xs]
        grad = sum((x[3] - p) * x[2] for x, p in zip(xs, ps, strict=True))
        hess = sum(x[2] * x[2] * p * (1 - p) for x, p in zip(xs, ps, strict=True))
        if hess <= 0:
            break
        beta = min(5.0, max(0.01, beta + grad / hess))

    def loss(t: float) -> float:
        tot = 0.0
        for x in xs:
            p = min(1 - 1e-9, max(1e-9, 0.5 + 0.5 * math.tanh(x[2] / t)))
            tot -= x[3] * math.log(p) + (1 - x[3]) * math.log(1 - p)
        return tot / n

    return Fit(k, n, slope, 2 / beta, loss(2 / beta), loss(3.0))


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 300
    eps = float(argv[1]) if len(argv) > 1 else 0.1
    edition = argv[2] if len(argv) > 2 else "retail"
    players = int(argv[3]) if len(argv) > 3 else 3
    future = float(argv[4]) if len(argv) > 4 else 0.6
    print(f"{edition}, {players} players, {games} normal self-play games, {eps:g} random moves, "
          f"future weight {future:g}")
    for f in fit(games, eps, edition, players, future):
        print(f"rounds left {f.rounds_left}: {f.positions} positions, future part's slope {f.slope:.2f}, "
              f"tanh scale T {f.scale:.2f} (win log loss {f.loss:.3f}; T = 3: {f.loss_hand:.3f})")


if __name__ == "__main__":
    main(sys.argv[1:])
