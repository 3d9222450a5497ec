"""Search-bot speed: `python -m oriflamme.bots.bench [iterations] [moves] [budget_ms] [level] [games]`.

Times moves of the hard bot (or `level`: expert, or an arena entry such as `expert:aimed_playouts=1`) on
positions met in random games: `games` lists
edition:players (default `retail:3,prototype:3`; `prototype:2` is the two-player mode). Iterations per
second are counted against the process's CPU time, so a busy machine does not distort them; wall
milliseconds per move are reported too. `scripts/bench_bots_pyodide.mjs` runs the same code in Pyodide.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from ..game import new_game
from .hard import HardBot


def positions(edition: str, players: int, count: int) -> list[tuple[dict[str, Any], list[str]]]:
    rng = random.Random(1)
    out: list[tuple[dict[str, Any], list[str]]] = []
    seed = 0
    while len(out) < count:
        g = new_game(edition, players, seed=seed)
        seed += 1
        while not g.is_over and len(out) < count:
            legal = g.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                out.append((g.view(g.to_act), legal))
            g.play(rng.choice(legal))
    return out


def run(ps: list[tuple[dict[str, Any], list[str]]], iterations: int,
        budget_ms: float | None, level: str = "hard") -> tuple[int, float, float, float]:
    """(iterations, CPU seconds, mean wall ms per move, worst wall ms per move)."""
    from tabletop import registry
    from tabletop.arena import make_entry

    spec = registry.get("oriflamme")
    its, worst, total = 0, 0.0, 0.0
    c0 = time.process_time()
    for i, (v, legal) in enumerate(ps):
        # an arena entry: `expert` or `expert:aimed_playouts=1` (a switch or number of the bot)
        bot = make_entry(spec, level, seed=i, budget_ms=budget_ms, iterations=iterations, cpu_clock=False)
        assert isinstance(bot, HardBot)
        t = time.perf_counter()
        bot.choose(v, legal)
        dt = time.perf_counter() - t
        its += bot.last_iterations
        worst = max(worst, dt)
        total += dt
    return its, time.process_time() - c0, 1000 * total / len(ps), 1000 * worst


def main(argv: list[str]) -> None:
    iterations = int(argv[0]) if argv else 1000
    moves = int(argv[1]) if len(argv) > 1 else 10
    budget = float(argv[2]) if len(argv) > 2 and argv[2] != "none" else None
    level = argv[3] if len(argv) > 3 else "hard"
    games = [(e, int(n)) for e, _, n in (g.partition(":") for g in
                                         (argv[4] if len(argv) > 4 else "retail:3,prototype:3").split(","))]
    print(f"CPython {sys.version.split()[0]}; {level}, {iterations} iterations per move"
          + (f", budget {budget:.0f} ms" if budget else ""))
    for edition, players in games:
        its, cpu, mean, worst = run(positions(edition, players, moves), iterations, budget, level)
        print(f"{edition} {players}p: {its} iterations in {cpu:.2f} s CPU = {its / cpu:.0f} iterations/s; "
              f"wall per move mean {mean:.0f} ms, worst {worst:.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
