"""Would more thinking change a search bot's choice? `python -m oriflamme.bots.converged [level] [ms]
[long ms] [positions]` (defaults: expert 330 3300 16).

On the speed bench's positions (`bench.positions`: retail, 3 players, decisions with more than one
move), the bot chooses three times with its budget counted in CPU time: at `ms`, again at `ms` with
another seed, and at `long ms`. Per kind of decision it prints how often the first choice equals the
long one and the repeated one. A bot whose choice rarely moves with ten times the time has converged:
its strength is then what its search converges to (cut-off, playouts, deals), not its speed.

Would a variant change its choices at all? In place of `long ms`, an arena entry (`expert:name=value`,
`tabletop.arena`) chooses at `ms` too: a variant that changes no more choices than another seed does
is unlikely to show in a screen.

On the decisions of logged games: `python -m oriflamme.bots.converged --logs EDITION LEVEL VARIANT
ITERATIONS EVERY LOG...` (logs of `tabletop.arena --log`). At every EVERY-th decision with a choice of a
LEVEL seat, LEVEL and VARIANT (an arena entry) each choose with two seeds, at ITERATIONS. Per kind of
decision (placements by round) it prints `self`, how often two seeds of one bot disagree (both bots
counted), `cross`, how often two seeds of the two bots disagree (both pairs), and `firm`, the decisions
where each bot agrees with itself and not with the other. A variant that plays as LEVEL does has cross
about equal to self. (Comparing the variant and LEVEL at one seed would not do: their searches share a
random stream and part of their trees, so a small change reads smaller than a reseed.)
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tabletop import registry
from tabletop.arena import entry_level, make_entry, read_logs
from tabletop.arena_stats import GameResult

from ..game import new_game
from .bench import positions

Decisions = Iterator[tuple[int, dict[str, Any], list[str]]]  # (count, view, legal actions)


def agreement(level: str, short: float, long: float | str, count: int,
              unit: str = "ms") -> dict[str, tuple[int, int, int]]:
    """Per decision kind: (positions, first choice = long choice, first choice = repeated choice).
    `long` may be an arena entry (a variant) that chooses with the short budget instead.
    `unit` "iterations" counts iteration caps instead of CPU milliseconds (reproducible)."""
    total: Counter[str] = Counter()
    same_long: Counter[str] = Counter()
    same_again: Counter[str] = Counter()
    spec = registry.get("oriflamme")
    other, long_budget = (long, short) if isinstance(long, str) else (level, long)

    def choice(view: dict[str, object], legal: list[str], seed: int, budget: float, entry: str) -> str:
        its = int(budget) if unit == "iterations" else None
        bot = make_entry(spec, entry, seed, None if its else budget, its, its is None)
        return str(bot.choose(view, legal))

    for i, (view, legal) in enumerate(positions("retail", 3, count)):
        kind = view["decision"]["kind"]
        first = choice(view, legal, i, short, level)
        total[kind] += 1
        same_long[kind] += first == choice(view, legal, 1000 + i, long_budget, other)
        same_again[kind] += first == choice(view, legal, 2000 + i, short, level)
    return {k: (total[k], same_long[k], same_again[k]) for k in total}


def logged_decisions(edition: str, level: str, every: int,
                     results: list[GameResult]) -> Decisions:
    """(count, view, legal actions) at every `every`-th decision with a choice of a `level` seat (`hard`
    counts `hard#2` too) in logged games; count numbers the decisions with a choice from 1."""
    count = 0
    for r in results:
        seats, actions = r.replayable("converged")
        g = new_game(edition, len(seats), seed=r.deal)
        mine = {c for e, c in seats.items() if entry_level(e) == level}
        for a in actions:
            legal = g.legal_actions()
            me = g.to_act
            if me in mine and len(legal) > 1:
                count += 1
                if count % every == 0:
                    yield count, g.view(me), legal
            g.play(a)


def crossed(level: str, variant: str, iterations: int,
            decisions: Decisions) -> dict[str, tuple[int, int, int, int]]:
    """Per kind of decision (placements by round, 5 and 6 together): (decisions, self, cross, firm), the
    module's statistics, with seeds n and n + 7 at the n-th decision."""
    spec = registry.get("oriflamme")
    rows: dict[str, list[int]] = {}
    for n, view, legal in decisions:
        kind = view["decision"]["kind"]
        if kind == "place":
            kind = f"place r{min(view['round'], 5)}"
        a0, a1, b0, b1 = (str(make_entry(spec, entry, n + d, None, iterations, False).choose(view, legal))
                          for entry in (level, variant) for d in (0, 7))
        row = rows.setdefault(kind, [0, 0, 0, 0])
        row[0] += 1
        row[1] += (a0 != a1) + (b0 != b1)
        row[2] += (a0 != b1) + (b0 != a1)
        row[3] += a0 == a1 and b0 == b1 and a0 != b0
    return {k: (r[0], r[1], r[2], r[3]) for k, r in rows.items()}


def main_logs(argv: list[str]) -> None:
    if len(argv) < 6:
        raise SystemExit(__doc__)
    edition, level, variant, iterations, every = argv[0], argv[1], argv[2], int(argv[3]), int(argv[4])
    results = read_logs(argv[5:])
    rows = crossed(level, variant, iterations, logged_decisions(edition, level, every, results))
    print(f"{level} and {variant}, two seeds each at {iterations} iterations, every {every}th decision of "
          f"{level} with a choice in {len(results)} games")
    print(f"{'kind':<10} {'n':>4} {'self':>5} {'cross':>5} {'firm':>4}")
    for kind, (n, same, cross, firm) in sorted(rows.items()):
        print(f"{kind:<10} {n:>4} {same:>5} {cross:>5} {firm:>4}")
    print(f"{'all':<10} {sum(r[0] for r in rows.values()):>4} {sum(r[1] for r in rows.values()):>5} "
          f"{sum(r[2] for r in rows.values()):>5} {sum(r[3] for r in rows.values()):>4}")


def main(argv: list[str]) -> None:
    if argv[:1] == ["--logs"]:
        main_logs(argv[1:])
        return
    level = argv[0] if argv else "expert"
    short = float(argv[1]) if len(argv) > 1 else 330.0
    arg = argv[2] if len(argv) > 2 else "3300"
    long: float | str = float(arg) if arg.replace(".", "", 1).isdigit() else arg
    count = int(argv[3]) if len(argv) > 3 else 16
    rows = agreement(level, short, long, count)
    name = long if isinstance(long, str) else f"{long:g} ms"
    print(f"{level}: its choice at {short:g} ms of CPU, against {name}'s choice and another "
          f"{short:g} ms run")
    for kind, (n, same_long, same_again) in sorted(rows.items()):
        print(f"{kind:<10} {n:>3} positions: same as {name} {same_long}, same as again {same_again}")
    n = sum(r[0] for r in rows.values())
    print(f"all        {n:>3} positions: same as {name} {sum(r[1] for r in rows.values())}, "
          f"same as again {sum(r[2] for r in rows.values())}")


if __name__ == "__main__":
    main(sys.argv[1:])
