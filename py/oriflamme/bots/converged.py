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
"""

from __future__ import annotations

import sys
from collections import Counter

from tabletop import registry
from tabletop.arena import make_entry

from .bench import positions


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


def main(argv: list[str]) -> None:
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
