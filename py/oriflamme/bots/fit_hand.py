"""What a card still in hand is worth at the search's cut-off: `python -m oriflamme.bots.fit_hand EDITION
LOG...` (logs of `tabletop.arena --log`).

The cut-off's estimate (`common.estimate`) counts each player's score and what its cards on the table
should still earn, and nothing for its hand: a search cut at a round's end sees no difference between
keeping its Heir for later and having no Heir left, so it spends its best cards early. Here the logged
games are replayed; at each round start after the first (where the search is cut), each player's final
score less its estimate is regressed on which cards it holds, per number of rounds left. With no
intercept (a hand's size is the same for every player at a round start, so a constant would be
collinear): each card's worth in hand, up to a shift common to all cards of that round, which the cut-off's
margins cancel. The fit is made on the games of odd deals and its mean squared error checked on the even
ones, against the estimate alone (the worth of every card 0, or the mean residual).
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict

from tabletop.arena import read_logs
from tabletop.arena_stats import GameResult

from ..game import new_game
from ..state import PLACEMENT
from .common import estimate

Rows = dict[int, list[tuple[dict[str, int], float]]]  # rounds left -> (cards in hand, final - estimate)


def rows_of(edition: str, results: list[GameResult]) -> tuple[Rows, Rows]:
    """(odd deals' rows, even deals' rows) from replayed games."""
    odd: Rows = defaultdict(list)
    even: Rows = defaultdict(list)
    for r in results:
        seats, actions = r.replayable("fit_hand")
        g = new_game(edition, len(seats), seed=r.deal)
        marks = []
        for a in actions:
            s = g.state
            if s.phase == PLACEMENT and s.placed == 0 and s.round > 1:
                est = estimate(s)
                marks.append((s.ed.rounds - s.round + 1, est, {c: list(h) for c, h in s.hands.items()}))
            g.play(a)
        out = odd if r.deal % 2 else even
        for k, est, hands in marks:
            for c, hand in hands.items():
                out[k].append((dict(Counter(hand)), g.scores[c] - est[c]))
    return odd, even


def solve(rows: list[tuple[dict[str, int], float]], ridge: float = 1.0) -> dict[str, float]:
    """Least squares (a little ridge, so that a card seldom held stays near 0) without intercept."""
    names = sorted({n for x, _ in rows for n in x})
    idx = {n: i for i, n in enumerate(names)}
    size = len(names)
    a = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
    b = [0.0] * size
    for x, y in rows:
        for n, v in x.items():
            b[idx[n]] += v * y
            for m, w in x.items():
                a[idx[n]][idx[m]] += v * w
    for col in range(size):  # Gauss-Jordan; the matrix is symmetric positive definite
        piv = a[col][col]
        for j in range(col, size):
            a[col][j] /= piv
        b[col] /= piv
        for row in range(size):
            if row != col and a[row][col]:
                f = a[row][col]
                for j in range(col, size):
                    a[row][j] -= f * a[col][j]
                b[row] -= f * b[col]
    return dict(zip(names, b, strict=True))


def mse(rows: list[tuple[dict[str, int], float]], worth: dict[str, float], shift: float) -> float:
    """Mean squared error of predicting final - estimate by `shift` plus the hand's worth."""
    err = (y - shift - sum(worth.get(n, 0.0) * v for n, v in x.items()) for x, y in rows)
    return sum(e * e for e in err) / len(rows)


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    edition, paths = argv[0], argv[1:]
    odd, even = rows_of(edition, read_logs(paths))
    print(f"{edition}: worth in hand (fitted on odd deals; mean squared error on even deals: fitted / "
          "estimate + mean)")
    for k in sorted(odd, reverse=True):
        worth = solve(odd[k])
        mean = sum(y for _, y in odd[k]) / len(odd[k])
        shifted = {n: w - min(worth.values()) for n, w in worth.items()}
        cells = ", ".join(f'"{n}": {w:.2f}' for n, w in sorted(shifted.items(), key=lambda kv: -kv[1]))
        print(f"rounds left {k}: {len(odd[k])} rows; {mse(even[k], worth, 0.0):.2f} / "
              f"{mse(even[k], {}, mean):.2f}; {cells}")


if __name__ == "__main__":
    main(sys.argv[1:])
