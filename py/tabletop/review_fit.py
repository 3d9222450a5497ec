"""Fit the review's win chances: what the judge's rating of a move says about winning (D253).

The review's judge rates a move by its search's mean payoff. Near the end of a game that payoff is mostly
the win itself, but earlier the search stops at a round's end and scores an estimated margin there, so a
rating of 0.8 in the first round means a small lead, not four chances in five of winning. This tool plays
bot games of mixed levels, judges every decision of every seat exactly as the review does, and fits, for
each player count and number of rounds left, a logistic map from the rating to the mover's final win share
(a shared first place counts 1/k). The maps go into the game's spec (`review_chances`):

    python -m tabletop.review_fit collect oriflamme retail 3 120 1 OUT.jsonl  # variant, players, games, seed
    python -m tabletop.review_fit fit OUT.jsonl [MORE.jsonl ...]

`fit` prints the table and, on the games it did not fit (odd seeds, fitted on even ones), the log loss of
the map against the raw rating read as a chance and against the chance of a blind guess (1 / players).
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Iterator
from typing import Any

from . import registry, review
from .review_calibrate import play_out

ITERATIONS = 300  # the search bots' budget in the games played (the others ignore it; not the judge's)
RIDGE = 1e-3


def judged_rows(game_id: str, variant: str, players: int, games: int, seed: int) -> Iterator[dict[str, Any]]:
    """One row per judged decision: players, rounds left, the played move's rating, the mover's win
    share."""
    spec = registry.get(game_id)
    levels = spec.levels[1:]  # easy to expert: the review judges people, who mostly play better than random
    for g in range(games):
        s = seed + g
        rng = random.Random(s)
        game = spec.new_game(variant, players, s)
        bots: dict[str, Any] = {c: spec.make_bot(rng.choice(levels), seed=s * 10 + i, iterations=ITERATIONS)
                                for i, c in enumerate(game.seats)}
        seen = play_out(game, bots)
        ranking = game.ranking()
        share = {c: 1 / len(ranking[0]) if c in ranking[0] else 0.0 for c in game.seats}
        for colour, decisions in seen.items():
            per = review.iterations_per_decision(spec, len(decisions))
            for d in decisions:
                judged = review.judge(spec, d, per)
                yield {"game": game_id, "seed": s, "players": players, "left": review.rounds_left(d.view),
                       "value": judged["value_played"], "best": judged["value_best"], "win": share[colour]}


def fit_logistic(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """(a, b) of P(y) = σ(a + b·x) by Newton's method on the cross-entropy (soft labels in [0, 1])."""
    a, b = 0.0, 1.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-(a + b * x)))
            w = p * (1 - p)
            ga += p - y
            gb += (p - y) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        gb += RIDGE * b
        hbb += RIDGE
        haa += RIDGE
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, max(b, 0.05)  # a better rating never lowers the chance


def fit(rows: list[dict[str, Any]]) -> dict[int, tuple[tuple[float, float], ...]]:
    """Per player count, (a, b) for 0, 1, 2, … rounds left. A count of rounds left with under 40 rows is
    fitted with every larger count pooled; where even that is too few, the table ends (its last entry
    serves)."""
    out: dict[int, tuple[tuple[float, float], ...]] = {}
    for players in sorted({r["players"] for r in rows}):
        mine = [r for r in rows if r["players"] == players]
        table: list[tuple[float, float]] = []
        for left in range(max(r["left"] for r in mine) + 1):
            group = [r for r in mine if r["left"] == left]
            if len(group) < 40:
                group = [r for r in mine if r["left"] >= left]
            if len(group) < 40:
                break
            a, b = fit_logistic([review.logit(r["value"]) for r in group], [r["win"] for r in group])
            table.append((round(a, 3), round(b, 3)))
        out[players] = tuple(table)
    return out


def log_loss(ps: list[float], ys: list[float]) -> float:
    eps = 1e-6
    return -sum(y * math.log(max(eps, p)) + (1 - y) * math.log(max(eps, 1 - p))
                for p, y in zip(ps, ys, strict=True)) / max(1, len(ps))


def main(argv: list[str]) -> None:
    if argv[:1] == ["collect"]:
        game_id, variant, count, games, seed, path = argv[1:7]
        with open(path, "a", encoding="utf-8") as out:
            for row in judged_rows(game_id, variant, int(count), int(games), int(seed)):
                out.write(json.dumps(row) + "\n")
                out.flush()
        return
    if argv[:1] == ["fit"]:
        rows: list[dict[str, Any]] = []
        for path in argv[1:]:
            with open(path, encoding="utf-8") as f:
                rows += [json.loads(line) for line in f if line.strip()]
        train = fit([r for r in rows if r["seed"] % 2 == 0])
        test = [r for r in rows if r["seed"] % 2 == 1]
        for players, table in sorted(train.items()):
            held = [r for r in test if r["players"] == players]
            ys = [r["win"] for r in held]
            mapped = [review.chance_from(table, r["left"], r["value"]) for r in held]
            print(f"{players} players: {len(held)} held-out decisions; log loss fitted "
                  f"{log_loss(mapped, ys):.4f}, raw rating {log_loss([r['value'] for r in held], ys):.4f}, "
                  f"blind {log_loss([1 / players] * len(held), ys):.4f}")
        print("review_chances =", repr(fit(rows)))  # fitted on every game, for the spec
        return
    raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
