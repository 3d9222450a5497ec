"""Where bots' points come from in logged arena games:
`python -m oriflamme.bots.points EDITION ENTRY LOG... [--rounds]`.

The arena's `--log` lines hold each game's actions, so a game replays from its deal's seed. The points
each line-up entry gained are summed by reason (an elimination, a Lord, an Heir, a Queen, an Ambush,
Spies), with what opponents' Spies took from it, over all games and over the games ENTRY did not win:
where it loses is where its opponents then score more than it does. With `--rounds`, each entry's mean
score at the end of each round instead: when it falls behind or pulls ahead.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Callable

from tabletop.arena import read_logs
from tabletop.arena_stats import GameResult

from ..game import new_game

START = "start"  # the score every player starts with
STOLEN = "stolen"  # what opponents' Spies took (negative)


def points_by_reason(edition: str, r: GameResult) -> dict[str, dict[str, int]]:
    """Replays one logged game: entry -> reason -> points (they add up to its final score)."""
    seats, actions = r.replayable("points")
    g = new_game(edition, len(seats), seed=r.deal)
    entry = {c: e for e, c in seats.items()}
    out: dict[str, dict[str, int]] = {e: defaultdict(int) for e in seats}
    for c, v in g.scores.items():
        out[entry[c]][START] += v
    for a in actions:
        for ev in g.play(a):
            if ev["type"] == "gained":
                out[entry[ev["player"]]][ev["reason"]] += ev["amount"]
            elif ev["type"] == "stolen" and ev["player"] != ev["victim"]:
                out[entry[ev["player"]]]["spy"] += ev["amount"]
                out[entry[ev["victim"]]][STOLEN] -= ev["amount"]
    if {entry[c]: v for c, v in g.scores.items()} != r.scores:
        raise ValueError(f"points: deal {r.deal} does not replay to its logged scores")
    return {e: dict(d) for e, d in out.items()}


def scores_by_round(edition: str, r: GameResult) -> dict[str, dict[str, int]]:
    """Replays one logged game: entry -> "r1", "r2", ... -> its score at the end of that round."""
    seats, actions = r.replayable("points")
    g = new_game(edition, len(seats), seed=r.deal)
    entry = {c: e for e, c in seats.items()}
    out: dict[str, dict[str, int]] = {e: {} for e in seats}
    for a in actions:
        for ev in g.play(a):
            if ev["type"] == "round_ended":
                for c, v in ev["scores"].items():
                    out[entry[c]][f"r{ev['round']}"] = v
    return out


PerGame = Callable[[str, GameResult], dict[str, dict[str, int]]]


def table(edition: str, candidate: str, results: list[GameResult],
          per_game: PerGame = points_by_reason) -> str:
    """Mean points per game by reason (or what `per_game` counts), per entry: in all games, and in those
    `candidate` did not win."""
    sums: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    games: dict[tuple[str, str], int] = defaultdict(int)
    lost = f"{candidate} not first"
    for r in results:
        pts = per_game(edition, r)
        parts = ("all", lost) if candidate not in r.ranking[0] else ("all",)
        for e in pts:
            for part in parts:
                games[e, part] += 1
                for reason, v in pts[e].items():
                    sums[e, part][reason] += v
    reasons = sorted({k for d in sums.values() for k in d})
    lines = [f"{'entry (games)':<44} {'games':>5} " + " ".join(f"{k:>9}" for k in reasons)]
    for (e, part), d in sorted(sums.items(), key=lambda kv: (kv[0][1] != "all", kv[0][1], kv[0][0])):
        n = games[e, part]
        lines.append(f"{e + ' (' + part + ')':<44} {n:>5} " + " ".join(f"{d[k] / n:>9.2f}" for k in reasons))
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    args = [a for a in argv if a != "--rounds"]
    if len(args) < 3:
        raise SystemExit(__doc__)
    per_game = scores_by_round if "--rounds" in argv else points_by_reason
    print(table(args[0], args[1], read_logs(args[2:]), per_game))


if __name__ == "__main__":
    main(sys.argv[1:])
