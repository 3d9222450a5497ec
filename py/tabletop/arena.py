"""Bot arena: seat-rotated duplicate deals, win shares with confidence intervals, openskill ratings.

    python -m tabletop.arena --game oriflamme --variant retail --bots hard,normal,normal --games 400 --seed 1

The first bot is the candidate. Besides the levels, `fixed-first` and `fixed-stay` are fixed strategies
(`bots.simple.FixedBot`) for checking that a bot is not easily exploited, and `level@N` gives one entry
its own budget (N ms with `--cpu-ms`/`--budget-ms`, else N iterations: `hard@1000,hard@250,hard@250`).
`level:name=value` is a variant for screening, not a product level: the bot with one of its existing
parameters changed (`expert:horizon=1:exploration=0.5,expert,hard`); the options come before any `@N`.
Every deal (a game seed) is played once per rotation of the line-up over the seats, so each bot sits in
every seat of the same deal. Bots get their own seeds, separate from the deal's. `--games` is the total
number of games (rounded up to whole deals). Uses every core it is given (`--workers`, default: all).
`--log FILE` appends each game as a JSON line as soon as its deal is done, so a match cut short keeps its
whole deals; `--pool FILE...` prints the table of one or more such logs (runs with different seeds
pooled: the interval is still computed over deals); `--first-deal K` continues such a match at deal K.
`--paired A B` compares two logged matches whose line-ups differ by one entry (`expert,hard,hard` and
`expert:horizon=1,hard,hard`) on the deals both played: that entry's win share, deal by deal.
openskill is a development dependency, imported lazily here.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

from . import registry
from .arena_stats import GameResult, format_table, paired, summarize

# (game, variant, line-up, seed, deal, budget_ms, iterations[, cpu_clock])
Task = tuple[str, str | None, list[str], int, int, float | None, int | None] | \
    tuple[str, str | None, list[str], int, int, float | None, int | None, bool]


# Line-up entries that only a measuring tool adds, never a level of a game: name -> the bot's maker, called
# as make_bot is (`oriflamme.bots.oracle` adds `oracle`, the expert dealt the real cards). A bot with a
# `watch(game)` method is handed the real game it plays at before each game (a diagnostic that may cheat).
MEASURING: dict[str, Callable[..., Any]] = {}


def entry_names(bots: list[str]) -> list[str]:
    """Unique labels for the line-up: a repeated level gets #2, #3, …"""
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        seen[b] = seen.get(b, 0) + 1
        out.append(b if seen[b] == 1 else f"{b}#{seen[b]}")
    return out


def entry_level(name: str) -> str:
    """The entry an `entry_names` label numbers: `hard#2` is `hard`."""
    return name.partition("#")[0]


def make_entry(spec: Any, entry: str, seed: int, budget_ms: float | None, iterations: int | None,
               cpu_clock: bool) -> Any:
    """The bot for one line-up entry: `level[:name=value...][@N]` (a number parameter, or a switch 0/1)."""
    # `level@N` gives this entry its own budget: N ms with a time budget, else N iterations.
    head, _, own = entry.partition("@")
    level, *options = head.split(":")
    if own:
        budget_ms, iterations = (float(own), iterations) if budget_ms is not None else (None, int(own))
    clock = {"cpu_clock": True} if cpu_clock else {}
    maker = MEASURING.get(level)
    bot = (maker(seed, budget_ms=budget_ms, iterations=iterations, **clock) if maker is not None else
           spec.make_bot(level, seed=seed, budget_ms=budget_ms, iterations=iterations, **clock))
    for option in options:
        name, _, value = option.partition("=")
        old = getattr(bot, name, None)
        if isinstance(old, bool) and value in ("0", "1"):  # a switch: name=1 or name=0
            setattr(bot, name, value == "1")
            continue
        if not value or isinstance(old, bool) or not isinstance(old, int | float):
            raise ValueError(f"bots: {entry!r}: {name!r} is not a number parameter or switch (0/1) "
                             f"of the {level} bot")
        setattr(bot, name, type(old)(float(value)) if isinstance(old, int) else float(value))
    return bot


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of a match's deal (every rotation of the deal starts from it)."""
    return seed * 1_000_003 + deal


def play_deal(task: Task) -> list[GameResult]:
    """All rotations of one deal. Returns one GameResult per rotation, keyed by line-up entry.
    The task's optional last field makes search bots count their budget in CPU time."""
    game, variant, bots, seed, deal, budget_ms, iterations = task[:7]
    cpu_clock = bool(task[7]) if len(task) > 7 else False
    spec = registry.get(game)
    names = entry_names(bots)
    n = len(bots)
    out = []
    for rot in range(n):
        g = spec.new_game(variant, n, deal_seed(seed, deal))
        seat_entry = {}
        players: dict[str, Any] = {}
        for j, colour in enumerate(g.seats):
            k = (j + rot) % n
            seat_entry[colour] = names[k]
            bot_seed = (seed * 7919 + deal) * 131 + rot * 17 + k + 0x5EED
            players[colour] = make_entry(spec, bots[k], bot_seed, budget_ms, iterations, cpu_clock)
            watch = getattr(players[colour], "watch", None)
            if watch is not None:  # a measuring entry that sees the real game (MEASURING)
                watch(g)
        actions = []
        while (to_act := g.to_act) is not None:
            actions.append(players[to_act].choose(g.view(to_act), g.legal_actions()))
            g.play(actions[-1])
        scores = {seat_entry[c]: v for c, v in g.scores.items()}
        ranking = [[seat_entry[c] for c in place] for place in g.ranking()]
        out.append(GameResult(deal, scores, ranking, {e: c for c, e in seat_entry.items()}, actions))
    return out


def log_line(seed: int, r: GameResult) -> str:
    line = {"seed": seed, "deal": r.deal, "scores": r.scores, "ranking": r.ranking, "seats": r.seats}
    if r.actions is not None:
        line["actions"] = r.actions
    return json.dumps(line, sort_keys=True)


def read_logs(paths: list[str]) -> list[GameResult]:
    """The games of `--log` files (gzipped ones too, as the logs kept in docs/arena_logs/); a deal is named by
    its seed too, so that runs pool by deal."""
    out = []
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    d = json.loads(line)
                    out.append(GameResult(deal_seed(d["seed"], d["deal"]), d["scores"], d["ranking"],
                                          d["seats"], d.get("actions")))
    return out


def read_lineup(paths: list[str], flag: str) -> list[GameResult]:
    """The games of `--log` files that must all hold one line-up (`--pool`, each side of `--paired`): a game
    of another one is refused in words, naming its file, rather than failing on the missing entry later."""
    out: list[GameResult] = []
    for path in paths:
        for r in read_logs([path]):
            if out and set(r.scores) != set(out[0].scores):
                raise SystemExit(f"{flag}: {path} holds a game of {sorted(r.scores)}, not of "
                                 f"{sorted(out[0].scores)} as before it: pool one line-up at a time "
                                 "(an entry renamed in a copy of a log pools under its new name)")
            out.append(r)
    return out


def paired_table(path_a: str, path_b: str) -> str:
    """`--paired`: the entry that differs between two logged line-ups, deal by deal. Each side may be several
    logs of one line-up, their paths joined by commas (a match run in slots on several deal ranges)."""
    a, b = read_lineup(path_a.split(","), "--paired"), read_lineup(path_b.split(","), "--paired")
    if not a or not b:
        raise SystemExit(f"--paired: no game in {path_b if a else path_a} yet")
    only_a, only_b = set(a[0].scores) - set(b[0].scores), set(b[0].scores) - set(a[0].scores)
    if len(only_a) != 1 or len(only_b) != 1:
        raise SystemExit(f"--paired: the line-ups must differ by one entry, not {sorted(only_a)} and "
                         f"{sorted(only_b)}")
    (ea,), (eb,) = only_a, only_b
    r, m = paired(a, ea, b, eb), paired(a, ea, b, eb, margin=True)
    return (f"{r.deals} deals in common: {ea} {r.share_a:.3f}, {eb} {r.share_b:.3f}; "
            f"{eb} minus {ea}: {r.diff:+.3f} [{r.ci_low:+.3f}, {r.ci_high:+.3f}], "
            f"p {r.p_value:.2g} (two-sided)\n"
            f"margins (score minus the best other): {ea} {m.share_a:+.2f}, {eb} {m.share_b:+.2f}; "
            f"{eb} minus {ea}: {m.diff:+.2f} [{m.ci_low:+.2f}, {m.ci_high:+.2f}], p {m.p_value:.2g}")


def openskill_table(results: list[GameResult], names: list[str]) -> str:
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - a dev dependency
        return "(openskill not installed: pip install openskill)"
    model = PlackettLuce()
    ratings = {e: model.rating(name=e) for e in names}
    for r in results:
        teams = [[ratings[e]] for e in names]
        rank_of = {e: i for i, place in enumerate(r.ranking) for e in place}
        new = model.rate(teams, ranks=[rank_of[e] for e in names])
        for e, team in zip(names, new, strict=True):
            ratings[e] = team[0]
    lines = [f"{'bot':<12} {'mu':>8} {'sigma':>7} {'ordinal':>8}"]
    for e in sorted(names, key=lambda e: -ratings[e].ordinal()):
        rt = ratings[e]
        lines.append(f"{e:<12} {rt.mu:>8.2f} {rt.sigma:>7.2f} {rt.ordinal():>8.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tabletop.arena", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=registry.ids(), default=registry.default().id)
    ap.add_argument("--variant", "--edition", dest="variant", default=None, help="the game's variant")
    ap.add_argument("--bots", default="normal,random,random",
                    help="comma-separated levels, one per seat; the first is the candidate")
    ap.add_argument("--games", type=int, default=300, help="total games (rounded up to whole deals)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-ms", type=float, default=None, help="search bots' wall time per move")
    ap.add_argument("--cpu-ms", type=float, default=None,
                    help="search bots' CPU time per move (equal thinking time on a loaded machine)")
    ap.add_argument("--iterations", type=int, default=None, help="search bots' iteration cap")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--progress", action="store_true", help="print the candidate's share as deals finish")
    ap.add_argument("--first-deal", type=int, default=0,
                    help="skip the deals before this one (continue a logged match that was cut short)")
    ap.add_argument("--log", default=None, help="append each game to this file as a JSON line")
    ap.add_argument("--pool", nargs="+", default=None, help="only print the table of these --log files")
    ap.add_argument("--paired", nargs=2, default=None, metavar=("A", "B"),
                    help="only compare two --log files whose line-ups differ by one entry (either may be "
                         "several logs of one line-up joined by commas)")
    a = ap.parse_args(argv)
    if a.paired:
        print(paired_table(*a.paired))
        return 0
    if a.pool:
        pooled = read_lineup(a.pool, "--pool")
        print(f"{len(pooled)} games, {len({r.deal for r in pooled})} deals from {', '.join(a.pool)}")
        print(format_table(summarize(pooled)))
        return 0
    bots = [b.strip() for b in a.bots.split(",") if b.strip()]
    names = entry_names(bots)
    n = len(bots)
    deals = max(1, -(-a.games // n))
    budget = a.cpu_ms if a.cpu_ms is not None else a.budget_ms
    tasks: list[Task] = [(a.game, a.variant, bots, a.seed, d, budget, a.iterations, a.cpu_ms is not None)
                         for d in range(a.first_deal, deals)]
    t0 = time.time()
    results: list[GameResult] = []
    step = max(1, deals // 10)

    log = open(a.log, "a", encoding="utf-8") if a.log else None  # noqa: SIM115 - open for the whole match

    def progress(rs: list[GameResult]) -> None:
        results.extend(rs)
        if log is not None:
            log.writelines(log_line(a.seed, r) + "\n" for r in rs)
            log.flush()
        done = len(results) // n
        if a.progress and (done % step == 0 or done == len(tasks)):
            share = summarize(results)[0]
            print(f"  {done}/{deals} deals, {time.time() - t0:.0f} s: {share.entry} "
                  f"{share.win_share:.3f} [{share.ci_low:.3f}, {share.ci_high:.3f}]",
                  file=sys.stderr, flush=True)

    if a.workers > 1:
        with multiprocessing.Pool(a.workers) as pool:
            for rs in pool.imap_unordered(play_deal, tasks):
                progress(rs)
    else:
        for t in tasks:
            progress(play_deal(t))
    if log is not None:
        log.close()
    results.sort(key=lambda r: r.deal)
    dt = time.time() - t0
    variant = a.variant or registry.get(a.game).default_variant
    print(f"{a.game} {variant}, {n} players, line-up {','.join(bots)}: {len(results)} games "
          f"({len(tasks)} deals x {n} seat rotations), seed {a.seed}, {dt:.0f} s on {a.workers} workers"
          + (f", {a.cpu_ms:g} ms CPU per search move" if a.cpu_ms is not None else "")
          + (f", {a.iterations} iterations cap" if a.iterations is not None else ""))
    print(format_table(summarize(results)))
    print()
    print("openskill (Plackett-Luce):")
    print(openskill_table(results, names))
    return 0


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `--paired LOGS | head`: stop quietly when the reader has had enough
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
