"""Where does a bot lose points by its own search's standards? `python -m oriflamme.bots.second_look
EDITION LEVEL ITERATIONS EVERY LOG...` (logs of `tabletop.arena --log`).

Replays each logged game and, at every EVERY-th decision of a LEVEL seat (`hard` counts `hard#2` too) with
more than one legal action, asks the strongest bot with ITERATIONS iterations (a much longer search than
the arena's budget) what it would play, as the post-game review judges a human (`tabletop.review.judge`:
the full search's choice, then the played and the preferred moves searched against each other). It
prints, per kind of decision and per round, how often the long search prefers another move and what the
logged choices cost by its reckoning: the mean difference of its payoffs (0.8 × a win + 0.2 × a margin
term) between its choice and the played one, over all judged decisions, signed (noise averages out) and
summed per game. A placement where the long search prefers another card is told apart from one where
it prefers the same card elsewhere. The long search shares the bot's model (deals, cut-off, playouts):
what it cannot see, this cannot either.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tabletop import registry
from tabletop.arena import entry_level, read_logs
from tabletop.arena_stats import GameResult
from tabletop.review import Decision, judge

from ..game import new_game


def kind_of(decision_kind: str, played: str, best: str) -> str:
    """The table's row: the view's decision kind, a placement split by what the long search changes."""
    if decision_kind != "place":
        return decision_kind
    if played == best:
        return "place (same)"
    return "place: card" if played.split()[1] != best.split()[1] else "place: side"


@dataclass
class Tally:
    decisions: int = 0
    changed: int = 0
    loss: float = 0.0  # signed: the long search's payoff of its move less that of the played move
    games: set[int] = field(default_factory=set)

    def add(self, changed: bool, loss: float, game: int) -> None:
        self.decisions += 1
        self.changed += changed
        self.loss += loss
        self.games.add(game)


def judged(edition: str, level: str, iterations: int, every: int,
           results: list[GameResult]) -> Iterator[dict[str, Any]]:
    """One row per judged decision: game index, round, kind, played, best, loss (signed)."""
    spec = registry.get("oriflamme")
    count = 0
    for gi, r in enumerate(results):
        seats, actions = r.replayable("second_look")
        g = new_game(edition, len(seats), seed=r.deal)
        mine = {c for e, c in seats.items() if entry_level(e) == level}
        for index, a in enumerate(actions):
            legal = g.legal_actions()
            me = g.to_act
            if me in mine and len(legal) > 1:
                count += 1
                if count % every == 0:
                    view = g.view(me)
                    j = judge(spec, Decision(index, me, view, legal, a), iterations)
                    loss = j["value_best"] - j["value_played"]
                    yield {"game": gi, "round": view["round"], "kind": view["decision"]["kind"],
                           "played": a, "best": j["best"], "loss": loss}
            g.play(a)


def table(rows: list[dict[str, Any]], games: int, every: int) -> str:
    by: dict[tuple[str, str], Tally] = defaultdict(Tally)
    for row in rows:
        k = kind_of(row["kind"], row["played"], row["best"])
        changed = row["played"] != row["best"]
        for key in ((k, "all"), ("all", f"round {row['round']}"), ("all", "all")):
            by[key].add(changed, row["loss"], row["game"])
        if row["kind"] == "place":
            by["place (all)", "all"].add(changed, row["loss"], row["game"])
    lines = [f"{'kind':<14} {'part':<9} {'judged':>6} {'changed':>7} {'mean loss':>9} {'loss a game':>11}"]
    for (k, part), t in sorted(by.items()):
        per_game = t.loss * every / games  # every EVERY-th decision was judged
        lines.append(f"{k:<14} {part:<9} {t.decisions:>6} {t.changed:>7} {t.loss / t.decisions:>9.4f} "
                     f"{per_game:>11.3f}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    if len(argv) < 5:
        raise SystemExit(__doc__)
    edition, level, iterations, every = argv[0], argv[1], int(argv[2]), int(argv[3])
    results = read_logs(argv[4:])
    rows = []
    for row in judged(edition, level, iterations, every, results):  # progress on stderr, one line each
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    print(f"{level}: every {every}th decision with a choice in {len(results)} games, judged by the expert "
          f"at {iterations} iterations")
    print(table(rows, len(results), every))


if __name__ == "__main__":
    main(sys.argv[1:])
