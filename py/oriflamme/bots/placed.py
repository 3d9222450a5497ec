"""Which card a player chooses to place, round by round, in logged arena games:
`python -m oriflamme.bots.placed EDITION LEVEL LOG...` (`hard` counts `hard#2` too).

Replays each game and, at every placement of a LEVEL seat, counts the card it placed against what a
uniform choice from its hand would place (each card of the hand by its share of the hand). Per round and
card, observed / expected is the likelihood that a player who placed a face-down card in that round chose
that card (`belief.PLACED_LIKELIHOOD`): the hard bots place their Heir in the first round and never
their Ambush, so a face-down card put down in the first round is rarely an Ambush. With `--table` it
prints `belief.py`'s rows (each pulled towards 1 by `PRIOR` expected cards).

With `--kept` it measures instead, after each number of placements a LEVEL seat has made, how often each
card of its starting hand is still in its hand (`belief.KEPT_CHANCE`): a hard bot that has placed once
still holds its Heir one time in ten, so an opponent who has placed without showing a Heir most likely set
it aside (`belief.BeliefSampler`'s `hands`).
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict

from tabletop.arena import entry_level, read_logs
from tabletop.arena_stats import GameResult

from ..game import new_game

PRIOR = 2.0  # expected cards pulling each ratio towards 1


def measure(edition: str, level: str, results: list[GameResult]) -> tuple[dict[int, Counter[str]],
                                                                          dict[int, dict[str, float]]]:
    """(round -> placed cards, round -> expected cards under a uniform choice from the hand)."""
    seen: dict[int, Counter[str]] = defaultdict(Counter)
    expected: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in results:
        seats, actions = r.replayable("placed")
        g = new_game(edition, len(seats), seed=r.deal)
        watched = {c for e, c in seats.items() if entry_level(e) == level}
        for a in actions:
            c = g.to_act
            if c in watched and a.startswith("place "):
                hand = g.state.hands[c]
                rnd = g.state.round
                seen[rnd][a.split()[1]] += 1
                for x, k in Counter(hand).items():
                    expected[rnd][x] += k / len(hand)
            g.play(a)
    return seen, expected


def kept(edition: str, level: str, results: list[GameResult]) -> dict[int, dict[str, list[int]]]:
    """Placements made -> card -> [still in hand, in the starting hand], over LEVEL seats."""
    out: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for r in results:
        seats, actions = r.replayable("placed")
        g = new_game(edition, len(seats), seed=r.deal)
        watched = {c for e, c in seats.items() if entry_level(e) == level}
        start = {c: list(g.state.hands[c]) for c in watched}
        made = dict.fromkeys(watched, 0)
        for a in actions:
            c = g.to_act
            g.play(a)
            if c in watched and a.startswith("place "):
                made[c] += 1
                held = Counter(g.state.hands[c])
                for x, k in Counter(start[c]).items():
                    row = out[made[c]][x]
                    row[0] += min(k, held[x])
                    row[1] += k
    return out


def kept_chances(counts: dict[int, dict[str, list[int]]],
                 prior: float = PRIOR) -> dict[int, dict[str, float]]:
    """Placements made -> card -> P(still in hand | in the starting hand), pulled towards a uniform
    choice's share by `prior` cards (of h cards, a uniform choice has kept h - k after k placements)."""
    out = {}
    for k, row in sorted(counts.items()):
        total = sum(n for _, n in row.values())
        kept_all = sum(s for s, _ in row.values())
        base = kept_all / total if total else 1.0
        out[k] = {x: (s + prior * base) / (n + prior) for x, (s, n) in sorted(row.items())}
    return out


def likelihoods(seen: dict[int, Counter[str]], expected: dict[int, dict[str, float]],
                prior: float = PRIOR) -> dict[int, dict[str, float]]:
    """Per round, each card's observed / expected placements, pulled towards 1 by `prior` cards."""
    return {rnd: {x: (seen[rnd][x] + prior) / (e + prior) for x, e in sorted(expected[rnd].items())}
            for rnd in sorted(expected)}


def show(rows: dict[int, dict[str, float]], table: bool, title: str, key: str,
         notes: dict[int, str] | None = None) -> None:
    """Print per-row (round, or placements made) card ratios: as belief.py's rows with `table`, else
    aligned under `title`, each row followed by its note."""
    cards = sorted({x for row in rows.values() for x in row})
    if table:
        print("    " + ", ".join(f'"{x}"' for x in cards))
        for n, row in rows.items():
            print(f"    {n}: ({', '.join(f'{row.get(x, 1.0):.2f}' for x in cards)}),")
        return
    print(title)
    print(f"{key:<5} " + " ".join(f"{x[:9]:>9}" for x in cards))
    for n, row in rows.items():
        print(f"{n:>5} " + " ".join(f"{row.get(x, 1.0):>9.2f}" for x in cards) + (notes or {}).get(n, ""))


def main(argv: list[str]) -> None:
    table = "--table" in argv
    args = [a for a in argv if a not in ("--table", "--kept")]
    if len(args) < 3:
        raise SystemExit(__doc__)
    edition, level = args[0], args[1]
    if "--kept" in argv:
        show(kept_chances(kept(edition, level, read_logs(args[2:]))), table,
             f"{level}: share of each starting-hand card still in hand after k placements", "k")
        return
    seen, expected = measure(edition, level, read_logs(args[2:]))
    show(likelihoods(seen, expected), table,
         f"{level}'s placements by round: placed / expected from a uniform choice of its hand", "round",
         {rnd: f"   ({sum(seen[rnd].values())} placements)" for rnd in seen})


if __name__ == "__main__":
    main(sys.argv[1:])
