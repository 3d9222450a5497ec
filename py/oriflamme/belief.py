"""Deals weighted by what opponents chose: approximate Bayesian inference over hidden cards.

`sampling.Sampler` deals each opponent's unseen cards uniformly. But a face-down card's tokens count the
times its owner chose to stay rather than reveal it (editions with tokens: a card gets one per stay),
and players do not stay at random: an Ambush or a Conspiracy stays almost always, a Lord almost never.
With a model of the owner, P(stay | card), a face-down card that stayed t times is card x with
probability proportional to (x's count among the unseen) × P(stay | x)^t. `BeliefSampler` deals the
cards that carry such evidence first (most tokens first), each drawn from what is left with those
weights, then deals the rest uniformly: a sequential approximation of the posterior, as cheap as the
uniform deal. Everything it uses is in the view.

The model is the measured behaviour of the normal and hard bots (stays per reveal opportunity before
the last round, self-play, 3 players; `python -m oriflamme.belief` prints the counts again), floored so
that a player unlike the bots is never ruled out.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from .sampling import Evidence, Sampler, Slot
from .state import TOKENS

# P(stay | card) at a reveal before the last round. Measured (normal 150 games, hard 25 games at 300
# iterations, retail, 3 players): Ambush 1.00 / 0.81, Conspiracy 0.83 / 0.90, Decree 0.39 / -,
# Shapeshifter 0.25 / 0.32, Heir 0.04 / 0.31, Assassination 0.18 / 0.26, Soldier 0.22 / 0.16,
# Spy 0.19 / 0.11, Archer 0.13 / 0.12, Lord 0.00 / 0.05.
STAY_CHANCE = {
    "ambush": 0.9, "conspiracy": 0.85, "decree": 0.35, "shapeshifter": 0.27, "heir": 0.18,
    "assassination": 0.2, "soldier": 0.18, "spy": 0.15, "archer": 0.12, "lord": 0.05,
    "mercenaries": 0.07, "queen": 0.05, "assassin": 0.11,
}
FLOOR = 0.05  # no card is ever ruled out by its owner's choices


class BeliefSampler(Sampler):
    """A `Sampler` whose deals put each opponent's likely stayers where cards stayed face down."""

    def __init__(self, view: dict[str, Any], stay_chance: dict[str, float] | None = None) -> None:
        self.chance = STAY_CHANCE if stay_chance is None else stay_chance
        super().__init__(view)

    def evidence(self, pool: list[str], slots: list[Slot]) -> list[Evidence]:
        """Cards that stayed face down (tokens on them), most tokens first, each x weighted P(stay | x)^t."""
        q = self.base.queue
        marked = sorted(((q[i][j][TOKENS], (i, j)) for i, j in slots if q[i][j][TOKENS] > 0), reverse=True)
        return [(sl, {x: max(FLOOR, self.chance.get(x, 0.15)) ** t for x in set(pool)}) for t, sl in marked]


def stay_counts(level: str, edition: str, players: int, games: int,
                iterations: int = 300) -> dict[str, list[int]]:
    """Self-play of `level`: per card, [stays, reveals] at reveal decisions before the last round."""
    from .bots import make_bot
    from .game import new_game

    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for gi in range(games):
        g = new_game(edition, players, seed=1000 + gi)
        bots = {c: make_bot(level, seed=gi * 10 + i, iterations=iterations) for i, c in enumerate(g.seats)}
        while not g.is_over:
            c = g.to_act
            assert c is not None
            v, legal = g.view(c), g.legal_actions()
            a = bots[c].choose(v, legal)
            if v["decision"]["kind"] == "reveal" and len(legal) == 2 and v["round"] < v["rounds"]:
                out[v["queue"][v["cursor"] - 1][-1]["card"]][0 if a == "stay" else 1] += 1
            g.play(a)
    return dict(out)


def main(argv: list[str]) -> None:
    level = argv[0] if argv else "normal"
    edition = argv[1] if len(argv) > 1 else "retail"
    games = int(argv[2]) if len(argv) > 2 else 50
    for card, (st, rv) in sorted(stay_counts(level, edition, 3, games).items()):
        print(f"{card:<14} stays {st:>5} reveals {rv:>5}  P(stay) {st / (st + rv):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])


__all__ = ["FLOOR", "STAY_CHANCE", "BeliefSampler", "stay_counts"]
