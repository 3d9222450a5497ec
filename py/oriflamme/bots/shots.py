"""Would the expert feed the Ambush with another model of the hidden cards? `python -m oriflamme.bots.shots
LEVEL ITERATIONS LOG...` (retail logs of `tabletop.arena --log`).

Replays each game and stops at every elimination of a LEVEL seat (`hard` counts `hard#2` too) whose
targets include an opponent's face-down Ambush and some other kind of target. There the expert chooses
(two seeds, ITERATIONS each) with its deals drawn four ways: the stay model (`belief.STAY_CHANCE`), the
class model (`belief.CLASS_LIKELIHOOD`), the stay model with the round each card went down
(`belief.PLACED_LIKELIHOOD`), and knowing every face-down card in the queue (a bound on
what any reading of the queue could buy; hands and asides stay unknown). It prints what each one shot:
the Ambush, a Conspiracy or another face-down card, a face-up card, or one of its own.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from tabletop.arena import entry_level, read_logs

from ..belief import BeliefSampler
from ..game import Game, new_game
from ..sampling import Evidence, Slot
from ..state import NAME, OWNER, UP, State
from .expert import ExpertBot

MODELS = ("stays", "classes", "placed", "known")


class KnownSampler(BeliefSampler):
    """Deals every face-down queue card as it really is (`truth`); the rest as the uniform deal."""

    def __init__(self, view: dict[str, Any], truth: State) -> None:
        self.truth = truth
        super().__init__(view)

    def evidence(self, pool: list[str], slots: list[Slot]) -> list[Evidence]:
        q = self.truth.queue
        return [((i, j), {x: 1.0 if x == q[i][j][NAME] else 0.0 for x in set(pool)}) for i, j in slots]


def target_kind(g: Game, action: str) -> str:
    """What `action` (an elimination) hits, as the table counts it."""
    t = g.state.queue[int(action.split()[1]) - 1][-1]
    if t[OWNER] == g.to_act:
        return "own"
    if t[UP]:
        return "face-up"
    return str(t[NAME]) if t[NAME] in ("ambush", "conspiracy") else "other face-down"


def choices(g: Game, iterations: int, seeds: int = 2) -> dict[str, Counter[str]]:
    """Per model, the kinds of target the expert shoots at `g`'s decision, one per seed."""
    me = g.to_act
    assert me is not None
    v, legal, truth = g.view(me), g.legal_actions(), g.state
    out: dict[str, Counter[str]] = {m: Counter() for m in MODELS}
    for model in MODELS:
        for seed in range(seeds):
            bot = ExpertBot(seed, iterations=iterations)
            bot.class_model = model == "classes"
            bot.placed_model = model == "placed"
            if model == "known":
                bot.sampler = lambda view: KnownSampler(view, truth)  # type: ignore[method-assign]
            out[model][target_kind(g, bot.choose(v, legal))] += 1
    return out


def main(argv: list[str]) -> None:
    if len(argv) < 3:
        raise SystemExit(__doc__)
    level, iterations = argv[0], int(argv[1])
    total: dict[str, Counter[str]] = {m: Counter() for m in MODELS}
    logged: Counter[str] = Counter()
    decisions = 0
    for r in read_logs(argv[2:]):
        seats, actions = r.replayable("shots")
        g = new_game("retail", len(seats), seed=r.deal)
        mine = {c for e, c in seats.items() if entry_level(e) == level}
        for a in actions:
            legal = g.legal_actions()
            if a.startswith("eliminate ") and len(legal) > 1 and g.to_act in mine:
                kinds = {target_kind(g, x) for x in legal}
                if "ambush" in kinds and len(kinds) > 1:
                    decisions += 1
                    logged[target_kind(g, a)] += 1
                    for m, c in choices(g, iterations).items():
                        total[m] += c
            g.play(a)
    print(f"{decisions} eliminations of {level} with an opponent's face-down Ambush and another kind of "
          "target")
    print(f"  {'logged':<8} " + ", ".join(f"{k} {v}" for k, v in sorted(logged.items())))
    for m, c in total.items():
        print(f"  {m:<8} " + ", ".join(f"{k} {v}" for k, v in sorted(c.items()))
              + f"  (the Ambush {c['ambush'] / max(1, sum(c.values())):.2f})")


if __name__ == "__main__":
    main(sys.argv[1:])
