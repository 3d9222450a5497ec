"""`python -m oriflamme simulate`: many random or bot games, with statistics.

With several bot levels, seats rotate from game to game (game g: seat i is played by level
(i + g) mod L), so every level plays every seat; wins are shared equally on a tie for first.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from typing import Any, TextIO

from .. import registry
from .options import add_game_arguments, game_options
from .players import make_chooser, parse_levels
from .tables import seat_colours, start, title


def add_arguments(ap: argparse.ArgumentParser) -> None:
    add_game_arguments(ap)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="game g uses seed S+g")
    ap.add_argument("--bots", default="random", help="comma list of levels: random, easy, normal, hard, "
                    "expert")


def _mean_sd(xs: list[float]) -> str:
    if not xs:
        return "—"
    sd = statistics.pstdev(xs) if len(xs) > 1 else 0.0
    return f"{statistics.fmean(xs):6.2f} ± {sd:5.2f}"


def run(args: argparse.Namespace, out: TextIO) -> int:
    def say(text: str = "") -> None:
        out.write(text + "\n")

    try:
        levels = parse_levels(args.bots, args.game) or ["random"]
        if args.games < 1:
            raise ValueError("--games: at least 1")
        seats = seat_colours(args.game, args.variant, args.players, None)
        options = game_options(args)
        title_of = title(start(args.game, args.variant, seats, args.seed, **options))  # validates them
    except ValueError as e:
        out.write(f"error: {e}\n")
        return 2
    n_seats = len(seats)
    counted = registry.get(args.game).renderer.counted
    seat_wins: dict[str, float] = defaultdict(float)
    seat_scores: dict[str, list[float]] = defaultdict(list)
    level_wins: dict[str, float] = defaultdict(float)
    level_games: Counter[str] = Counter()
    level_scores: dict[str, list[float]] = defaultdict(list)
    lengths: list[float] = []
    counts: dict[str, list[float]] = defaultdict(list)
    ties = 0
    began = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        g = start(args.game, args.variant, seats, seed, **options)
        who = {c: levels[(i + k) % len(levels)] for i, c in enumerate(seats)}
        bots = {c: make_chooser(who[c], seed * 31 + i, g.game) for i, c in enumerate(seats)}
        tally: Counter[str] = Counter()
        decisions = 0
        while g.to_act is not None:
            c = g.to_act
            bot = bots[c]
            view: dict[str, Any] = g.view(c) if getattr(bot, "needs_view", True) else {}
            events = g.play(bot.choose(view, g.legal_actions()))
            decisions += 1
            for ev in events:
                tally[ev["type"]] += 1
        lengths.append(decisions)
        for key in counted:
            counts[key].append(tally[key])
        scores = g.scores
        first = g.ranking()[0]
        if len(first) > 1:
            ties += 1
        for c in seats:
            share = 1 / len(first) if c in first else 0.0
            seat_wins[c] += share
            seat_scores[c].append(scores[c])
            level_wins[who[c]] += share
            level_games[who[c]] += 1
            level_scores[who[c]].append(scores[c])
    took = time.perf_counter() - began
    games = args.games
    rota = "" if len(levels) == 1 else " (seats rotate between levels)"
    say(f"{title_of}, {n_seats} players, {games} games from seed {args.seed}, bots: {','.join(levels)}{rota}")
    say(f"{took:.2f}s, {games / took:,.1f} games/s, {sum(lengths) / took:,.0f} decisions/s")
    say("")
    say("Per seat (seat order; the first player of round 1 is random):")
    say(f"  {'seat':<8} {'win share':>9}  {'score mean ± sd':>16}")
    for c in seats:
        say(f"  {c:<8} {seat_wins[c] / games:>9.1%}  {_mean_sd(seat_scores[c]):>16}")
    if len(levels) > 1:
        say("")
        say("Per bot level (share of that level's seats that won):")
        say(f"  {'level':<8} {'seats':>6} {'win share':>9}  {'score mean ± sd':>16}")
        for lv in dict.fromkeys(levels):
            say(f"  {lv:<8} {level_games[lv]:>6} {level_wins[lv] / level_games[lv]:>9.1%}  "
                f"{_mean_sd(level_scores[lv]):>16}")
    say("")
    say(f"Game length (decisions): {_mean_sd(lengths)}   min {min(lengths):.0f}, max {max(lengths):.0f}")
    say(f"Games with a shared first place: {ties} ({ties / games:.1%})")
    if counted:
        say("Per game (mean ± sd):")
        for key, label in counted.items():
            say(f"  {label:<22} {_mean_sd(counts[key])}")
    return 0
