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

Without tokens (the prototype) the view counts no stays, but the position still shows some: a card the
cursor has passed this round and still face down stayed, and so did one placed in an earlier round
(`least_stays`, a lower bound read from the position alone, used with `read_stays`).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from .editions import get_edition
from .sampling import Evidence, Sampler, Slot
from .state import OWNER, RESOLUTION, TOKENS, State

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
# Without tokens (the prototype) the bots reveal nearly every card at its first turn: P(stay) at most
# 0.09 for every card (`python -m oriflamme.belief normal prototype 150 2`, and hard 30 games at 300
# iterations), so all but the Ambush, which can never be revealed there, are at the floor.
UNTOKENED_STAY_CHANCE = {"ambush": 1.0}


class BeliefSampler(Sampler):
    """A `Sampler` whose deals put each opponent's likely stayers where cards stayed face down."""

    def __init__(self, view: dict[str, Any], stay_chance: dict[str, float] | None = None,
                 read_stays: bool = False) -> None:
        # Set before Sampler.__init__, which asks `evidence` for its deal plans.
        if stay_chance is None:
            stay_chance = STAY_CHANCE if get_edition(view["edition"]).tokens else UNTOKENED_STAY_CHANCE
        self.chance = stay_chance
        self.read_stays = read_stays
        super().__init__(view)

    def evidence(self, pool: list[str], slots: list[Slot]) -> list[Evidence]:
        """Cards that stayed face down (tokens on them), most tokens first, each x weighted P(stay | x)^t."""
        s = self.base
        q = s.queue
        if s.ed.tokens or not self.read_stays:
            counts = [(q[i][j][TOKENS], (i, j)) for i, j in slots]
        else:
            counts = [(least_stays(s, i, j), (i, j)) for i, j in slots]
        marked = sorted(((t, sl) for t, sl in counts if t > 0), reverse=True)
        default = 0.15 if s.ed.tokens else FLOOR
        chance = {x: max(FLOOR, self.chance.get(x, default)) for x in set(pool)}
        return [(sl, {x: p ** t for x, p in chance.items()}) for t, sl in marked]


def least_stays(s: State, i: int, j: int) -> int:
    """How many times, at least, the face-down card at (i, j) has surely stayed, from the position alone:
    the stays an edition without tokens does not count. Every top card in the queue gets a turn each
    round, so a face-down top card stayed once this round if the cursor has passed it, and
    once before if it was placed in an earlier round: it is covered, or its owner has not placed yet this
    round, or it is neither on a stack nor among the stacks this round's placements could have reached
    at either end (a placement goes to an end or onto its owner's stack)."""
    q = s.queue
    top = j == len(q[i]) - 1
    turn_done = top and s.phase == RESOLUTION and i < s.cursor
    n = len(s.seats)
    placed = s.placed
    owner_placed = (s.seats.index(q[i][j][OWNER]) - s.first) % n < placed
    older = (not top or not owner_placed
             or (len(q[i]) == 1 and placed <= i < len(q) - placed))
    return int(turn_done) + int(older)


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
    players = int(argv[3]) if len(argv) > 3 else 3
    for card, (st, rv) in sorted(stay_counts(level, edition, players, games).items()):
        print(f"{card:<14} stays {st:>5} reveals {rv:>5}  P(stay) {st / (st + rv):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])


__all__ = ["FLOOR", "STAY_CHANCE", "UNTOKENED_STAY_CHANCE", "BeliefSampler", "least_stays", "stay_counts"]
