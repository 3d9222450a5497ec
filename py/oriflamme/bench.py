"""`python -m oriflamme.bench`: random-playout throughput, public string API vs the fast path.

Prints decisions/s and games/s per edition and player count through
`legal_actions()` + `play()` (the NOTATION.md string API) and through
`engine.legal_moves()` + `engine.apply(state, move, None)` (what bots and search use),
then clone-plus-apply throughput. A benchmark, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from . import engine
from .game import Game, new_game
from .state import OVER, State

CONFIGS: tuple[tuple[str, int], ...] = (
    ("retail", 3), ("retail", 4), ("retail", 5),
    ("pegasus", 3), ("pegasus", 4), ("pegasus", 5),
    ("prototype", 2), ("prototype", 3), ("prototype", 4),
)


Rand = Callable[[], float]


def playout_public(edition: str, players: int, seed: int, rand: Rand | None = None) -> int:
    """One random game through the string API; returns the number of decisions."""
    rand = rand or random.Random(seed).random
    g: Game = new_game(edition=edition, players=players, seed=seed)
    n = 0
    legal = g.legal_actions
    play = g.play
    while g.to_act is not None:
        acts = legal()
        play(acts[int(rand() * len(acts))])
        n += 1
    return n


def playout_fast(edition: str, players: int, seed: int, rand: Rand | None = None) -> int:
    """One random game on the fast path (moves as tuples, no events); returns the decisions."""
    rand = rand or random.Random(seed).random
    s = new_game(edition=edition, players=players, seed=seed).state
    n = 0
    legal_moves, apply = engine.legal_moves, engine.apply
    while s.phase != OVER:
        ms = legal_moves(s)
        apply(s, ms[int(rand() * len(ms))], None)
        n += 1
    return n


# CPU time of this process by default: on a shared machine wall time mostly measures the neighbours.
clock: Callable[[], float] = time.process_time


def _measure(playout: Callable[[str, int, int, Rand], int], edition: str, players: int,
             seconds: float) -> tuple[float, float]:
    """(decisions/s, games/s) over whole games (setup included) for about `seconds`.
    One RNG for the whole run: seeding a Mersenne Twister per game would cost more than a decision."""
    rand = random.Random(12345).random
    games = decisions = 0
    start = clock()
    elapsed = 0.0
    while elapsed < seconds or games < 3:
        decisions += playout(edition, players, 1000 + games, rand)
        games += 1
        elapsed = clock() - start
    return decisions / elapsed, games / elapsed


def clone_apply_rate(edition: str, players: int, seconds: float) -> tuple[float, float]:
    """(clones+apply per s, clones per s) from positions sampled along random games."""
    rand = random.Random(7).random
    states: list[tuple[State, list[engine.Move]]] = []
    seed = 0
    while len(states) < 300:
        s = new_game(edition=edition, players=players, seed=seed).state
        seed += 1
        while s.phase != OVER:
            ms = engine.legal_moves(s)
            if rand() < 0.2:
                states.append((s.clone(), ms))
            engine.apply(s, ms[int(rand() * len(ms))], None)
    pairs = [(st, ms[int(rand() * len(ms))]) for st, ms in states]
    apply = engine.apply
    count = 0
    start = clock()
    elapsed = 0.0
    while elapsed < seconds:
        for st, m in pairs:
            apply(st.clone(), m, None)
        count += len(pairs)
        elapsed = clock() - start
    rate = count / elapsed
    count = 0
    start = clock()
    elapsed = 0.0
    while elapsed < seconds / 2:
        for st, _ in pairs:
            st.clone()
        count += len(pairs)
        elapsed = clock() - start
    return rate, count / elapsed


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m oriflamme.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1)")
    ap.add_argument("--edition", action="append", help="only these editions (repeatable)")
    ap.add_argument("--players", type=int, action="append", help="only these player counts (repeatable)")
    ap.add_argument("--wall", action="store_true", help="time with the wall clock instead of CPU time")
    args = ap.parse_args(argv)
    global clock
    clock = time.perf_counter if args.wall else time.process_time
    configs = [(e, p) for e, p in CONFIGS
               if (not args.edition or e in args.edition) and (not args.players or p in args.players)]
    if not configs:
        print("no edition/player configuration matches", file=sys.stderr)
        return 2
    what = "wall-clock" if args.wall else "CPU"
    print(f"Oriflamme random playouts — Python {sys.version.split()[0]}, about {args.seconds:g}s of {what} "
          "time per figure, game setup included")
    head = (f"{'edition':<10}{'pl':>3} {'public dec/s':>13} {'games/s':>8}  {'fast dec/s':>11} "
            f"{'games/s':>8}  {'fast/public':>11}  {'clone+apply/s':>13} {'clone/s':>10}")
    print(head)
    print("-" * len(head))
    for edition, players in configs:
        pd, pg = _measure(playout_public, edition, players, args.seconds)
        fd, fg = _measure(playout_fast, edition, players, args.seconds)
        ca, cl = clone_apply_rate(edition, players, args.seconds / 2)
        print(f"{edition:<10}{players:>3} {pd:>13,.0f} {pg:>8,.0f}  {fd:>11,.0f} {fg:>8,.0f}  "
              f"{fd / pd:>10.2f}x  {ca:>13,.0f} {cl:>10,.0f}", flush=True)
    print("Aims (retail, 3 players): ≥400,000 public dec/s, ≥800,000 fast dec/s.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
