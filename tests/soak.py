"""Soak: random games of both games, every edition, set, variant and player count, every invariant checked
after every decision (the same checks as the random-game tests: conservation, JSON round trip, the
independent model of the rules, views, the end of the game, replay from the seed).

    python tests/soak.py --games 100000            # or --seconds 3600; `make soak ARGS="…"`
    python tests/soak.py --quick --games 100000    # whole-position checks at each game's end only

Game k of a run is a fixed (configuration, seed) pair, so a failure is reproduced with
`--start K --games 1`. tests/test_soak.py runs a short soak in CI.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
for _p in (HERE, HERE / "lieux", HERE.parent / "py"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from test_lieux_games import check_invariants, play_random  # noqa: E402

from helpers import EDITIONS_PLAYERS  # noqa: E402
from lieux import new_game as lieux_new_game  # noqa: E402
from lieux import replay as lieux_replay  # noqa: E402
from oriflamme import new_game, replay  # noqa: E402
from test_random_games import check_end, check_step, play_out  # noqa: E402

LIEUX = [(players, set_id, hidden) for players in (3, 4, 5) for set_id in "ABC" for hidden in (False, True)]
CONFIGS: list[str] = [f"oriflamme {e} {n}" for e, n in EDITIONS_PLAYERS] + [
    f"lieux {s} {n}{' hidden-gold' if h else ''}" for n, s, h in LIEUX]


def oriflamme_game(edition: str, players: int, seed: int, quick: bool = False) -> int:
    rnd = random.Random(seed)
    if quick:
        g, actions = quick_play(new_game(edition=edition, players=players, seed=seed), rnd)
        check_step(g, edition, players)
    else:
        g, actions = play_out(edition, players, seed, rnd.randrange)
    check_end(g, edition, players)
    assert replay(edition, players, seed, actions).to_json() == g.to_json(), "replay differs"
    return len(actions)


def lieux_game(players: int, set_id: str, hidden: bool, seed: int, quick: bool = False) -> int:
    if quick:
        g, actions = quick_play(lieux_new_game(players=players, set=set_id, hidden_gold=hidden, seed=seed),
                                random.Random(seed))
        check_invariants(g)
    else:
        g, actions = play_random(players, set_id, seed, hidden)
    again = lieux_replay(players, seed, actions, set=set_id, hidden_gold=hidden)
    assert again.to_json() == g.to_json(), "replay differs"
    return len(actions)


def quick_play(g: Any, rnd: random.Random) -> tuple[Any, list[str]]:
    """A random game checking after each decision only what is cheap (a decision with distinct legal
    actions, scores never below 0); the callers check the whole position at the end."""
    actions: list[str] = []
    while not g.is_over:
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal) and g.to_act in g.seats, (actions[-6:], legal)
        a = rnd.choice(legal)
        g.play(a)
        actions.append(a)
        assert min(g.scores.values()) >= 0 and len(actions) < 2000, actions[-6:]
    assert g.to_act is None and g.legal_actions() == []
    return g, actions


def game_k(k: int, base_seed: int, quick: bool = False) -> tuple[str, int, Callable[[], int]]:
    """The k-th game of a run: configurations in turn, each with its own seed."""
    i = k % len(CONFIGS)
    seed = base_seed + k
    n_ori = len(EDITIONS_PLAYERS)
    if i < n_ori:
        edition, players = EDITIONS_PLAYERS[i]
        return CONFIGS[i], seed, lambda: oriflamme_game(edition, players, seed, quick)
    players, set_id, hidden = LIEUX[i - n_ori]
    return CONFIGS[i], seed, lambda: lieux_game(players, set_id, hidden, seed, quick)


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    per_config: dict[str, int] = field(default_factory=dict)
    failure: str | None = None
    stopped: bool = False


def soak(games: int | None, seconds: float | None, start: int = 0, base_seed: int = 0,
         progress: Callable[[Report], None] | None = None, every: float = 60.0,
         quick: bool = False) -> Report:
    """Play games until `games` are played or `seconds` have passed (whichever first); stop at a failure.
    `quick` checks the whole position only at the end of each game (ten times as many games an hour)."""
    if games is None and seconds is None:
        raise ValueError("give a number of games, a time, or both")
    report = Report()
    t0 = last = time.monotonic()
    ks: Iterator[int] = iter(range(start, start + games)) if games is not None else _count(start)
    for k in ks:
        now = time.monotonic()
        if seconds is not None and now - t0 >= seconds:
            break
        name, seed, run = game_k(k, base_seed, quick)
        try:
            report.decisions += run()
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM: stop, and report what was played
            report.stopped = True
            break
        except Exception:  # report any broken invariant with what reproduces it
            report.failure = (f"game {k} ({name}, seed {seed}) failed; reproduce with --start {k} --games 1 "
                              f"--seed {base_seed}{' --quick' if quick else ''}\n{traceback.format_exc()}")
            break
        report.games += 1
        report.per_config[name] = report.per_config.get(name, 0) + 1
        if progress is not None and now - last >= every:
            last = now
            report.seconds = now - t0
            progress(report)
    report.seconds = time.monotonic() - t0
    return report


def _count(k: int) -> Iterator[int]:
    while True:
        yield k
        k += 1


def summary(r: Report) -> str:
    rate = r.games / r.seconds if r.seconds else 0.0
    return (f"{r.games:,} games, {r.decisions:,} decisions in {r.seconds:,.0f} s ({rate:.1f} games/s); "
            f"{'FAILED' if r.failure else 'no invariant broken'}{' (stopped)' if r.stopped else ''}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=None, help="stop after this many games")
    ap.add_argument("--seconds", type=float, default=None, help="stop after this time")
    ap.add_argument("--seed", type=int, default=0, help="game k uses seed SEED + k")
    ap.add_argument("--start", type=int, default=0, help="first game number (to reproduce one game)")
    ap.add_argument("--every", type=float, default=60.0, help="seconds between progress lines")
    ap.add_argument("--quick", action="store_true",
                    help="check the whole position at the end of each game only (cheap checks at each step)")
    args = ap.parse_args(argv)
    if args.games is None and args.seconds is None:
        args.games = 1000
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill` reports like Ctrl-C
    print(f"soak{' (quick)' if args.quick else ''}: {len(CONFIGS)} configurations in turn: "
          f"{', '.join(CONFIGS)}", flush=True)
    r = soak(args.games, args.seconds, args.start, args.seed,
             progress=lambda r: print("  " + summary(r), flush=True), every=args.every, quick=args.quick)
    print(summary(r))
    for name in CONFIGS:
        print(f"  {r.per_config.get(name, 0):>8,}  {name}")
    if r.failure:
        print(r.failure)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
