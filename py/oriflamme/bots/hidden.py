"""What a face-down card is, given what it has done, in logged arena games:
`python -m oriflamme.bots.hidden EDITION LEVEL LOG...`.

Replays each game from its deal's seed (the arena's `--log` keeps the actions). At every decision with a
choice, each face-down card of a LEVEL seat (`hard` counts `hard#2` too) that is not the actor's is put
in a class by what the actor sees of it (`belief.slot_class`: its tokens, i.e. its owner's stays; whether
it is covered, at an end of the queue, where the Archers shoot, or in the middle; whether its turn this
round has passed; and whether the decision is a placement or an elimination by a given card) and counted
against what a uniform deal of its owner's unseen cards would expect there. Per class and card, observed
/ expected is the measured likelihood ratio of that card in that class (`belief.CLASS_LIKELIHOOD`).
Also: LEVEL's stays per card at its reveal decisions before the last round, by the tokens already on
the card (the `belief.STAY_CHANCE` model). `--calibrate` adds, per class, the chance of an Ambush and
the mean log-likelihood of the true card under the deals of the uniform sampler, the stay model, the
class model and the stay model with the round each card went down (`belief.PLACED_LIKELIHOOD`), from
24 deals of each sampler at each decision; `--split` fits the classes on the even deals and judges them
on the odd ones; `--table` prints `belief.py`'s rows.
"""

from __future__ import annotations

import math
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from tabletop.arena import entry_level, read_logs
from tabletop.arena_stats import GameResult

from ..belief import CLASS_LIKELIHOOD, BeliefSampler, slot_class
from ..game import new_game
from ..sampling import Sampler, unseen
from ..state import NAME, OWNER, UP

Samplers = dict[str, Callable[[dict[str, Any]], Sampler]]


def measure(edition: str, level: str, results: list[GameResult], samplers: Samplers | None = None,
            draws: int = 24) -> tuple[dict[str, Counter[str]], dict[str, dict[str, float]],
                                      dict[tuple[str, int], list[int]], dict[str, dict[str, list[float]]]]:
    """(class -> observed cards, class -> expected cards under a uniform deal, (card, tokens) -> [stays,
    reveals] of LEVEL, class -> sampler -> [Ambush chance sum, log-likelihood sum, count])."""
    seen: dict[str, Counter[str]] = defaultdict(Counter)
    expected: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    stays: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    calib: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0, 0.0]))
    rng = random.Random(1)
    for r in results:
        seats, actions = r.replayable("hidden")
        g = new_game(edition, len(seats), seed=r.deal)
        watched = {c for e, c in seats.items() if entry_level(e) == level}
        for a in actions:
            actor = g.to_act
            legal = g.legal_actions()
            if actor is not None and len(legal) > 1:
                v = g.view(actor)
                if (actor in watched and v["decision"]["kind"] == "reveal" and len(legal) == 2
                        and v["round"] < v["rounds"]):
                    top = g.state.queue[v["cursor"] - 1][-1]
                    stays[top[NAME], min(int(v["queue"][v["cursor"] - 1][-1]["tokens"]), 2)][
                        0 if a == "stay" else 1] += 1
                observe(g.state, v, actor, watched, seen, expected)
                if samplers:
                    calibrate(g.state, v, actor, watched, samplers, draws, rng, calib)
            g.play(a)
    return seen, expected, stays, calib


def hidden_cards(state: Any, view: dict[str, Any], actor: str,
                 watched: set[str]) -> list[tuple[int, int, str, str]]:
    """(stack, index, class, true card) of each face-down card of a watched seat other than the actor."""
    out = []
    for i, st in enumerate(state.queue):
        for j, qc in enumerate(st):
            if not qc[UP] and qc[OWNER] != actor and qc[OWNER] in watched:
                out.append((i, j, slot_class(state, i, j), qc[NAME]))
    return out


def observe(state: Any, view: dict[str, Any], actor: str, watched: set[str],
            seen: dict[str, Counter[str]], expected: dict[str, dict[str, float]]) -> None:
    pools: dict[str, Counter[str]] = {}
    for i, j, cls, card in hidden_cards(state, view, actor, watched):
        owner = state_owner(state, i, j)
        pool = pools.setdefault(owner, unseen(view, owner))
        n = sum(pool.values())
        seen[cls][card] += 1
        for x, k in pool.items():
            expected[cls][x] += k / n


def state_owner(state: Any, i: int, j: int) -> str:
    return str(state.queue[i][j][OWNER])


def calibrate(state: Any, view: dict[str, Any], actor: str, watched: set[str], samplers: Samplers,
              draws: int, rng: random.Random, calib: dict[str, dict[str, list[float]]]) -> None:
    cards = hidden_cards(state, view, actor, watched)
    if not cards:
        return
    for name, make in samplers.items():
        sampler = make(view)
        tallies: list[Counter[str]] = [Counter() for _ in cards]
        for _ in range(draws):
            s = sampler.sample(rng)
            for t, (i, j, _, _) in zip(tallies, cards, strict=True):
                t[s.queue[i][j][NAME]] += 1
        for t, (i, j, cls, card) in zip(tallies, cards, strict=True):
            pool = unseen(view, state_owner(state, i, j))
            p = (t[card] + 0.5) / (draws + 0.5 * len(pool))  # smoothed: no card is impossible
            c = calib[cls][name]
            c[0] += t["ambush"] / draws
            c[1] += math.log(p)
            c[2] += 1


def likelihoods(seen: dict[str, Counter[str]], expected: dict[str, dict[str, float]],
                prior: float = 2.0) -> dict[str, dict[str, float]]:
    """Per class, each card's observed / expected, pulled towards 1 by `prior` expected cards; a class
    of a placement or an elimination is pulled towards its class at other decisions (its base class) by
    `2 * prior` expected cards, so that its few cases amend the base class rather than replace it."""
    def ratio(cls: str, x: str, towards: float, weight: float) -> float:
        return (seen[cls][x] + weight * towards) / (expected[cls][x] + weight)

    cards = sorted({x for by in expected.values() for x in by})
    base = {cls: {x: ratio(cls, x, 1.0, prior) for x in cards} for cls in expected if " / " not in cls}
    out = {}
    for cls in sorted(expected):
        if cls in base:
            out[cls] = base[cls]
        else:
            under = base.get(cls.partition(" / ")[0], {})
            out[cls] = {x: ratio(cls, x, under.get(x, 1.0), 2 * prior) for x in cards}
    return out


def main(argv: list[str]) -> None:
    flags = [a for a in argv if a.startswith("--")]
    args = [a for a in argv if not a.startswith("--")]
    if len(args) < 3:
        raise SystemExit(__doc__)
    edition, level, paths = args[0], args[1], args[2:]
    results = read_logs(paths)
    samplers: Samplers | None = None
    if "--calibrate" in flags:
        samplers = {"uniform": Sampler,
                    "stays": lambda v: BeliefSampler(v, classes=False),
                    "classes": lambda v: BeliefSampler(v, classes=True),
                    "placed": lambda v: BeliefSampler(v, placed=True)}
    if "--split" in flags:  # fit on the even deals, calibrate on the odd ones
        fit = [r for r in results if r.deal % 2 == 0]
        seen, expected, _, _ = measure(edition, level, fit)
        CLASS_LIKELIHOOD.clear()
        CLASS_LIKELIHOOD.update(likelihoods(seen, expected))
        results = [r for r in results if r.deal % 2 == 1]
        print(f"fitted on {len(fit)} games (even deals); measured below on the odd ones")
    seen, expected, stays, calib = measure(edition, level, results, samplers)
    if "--table" in flags:  # belief.py's _CLASS_ROWS
        table = likelihoods(seen, expected)
        names = sorted({x for lik in table.values() for x in lik})
        print(f"CLASS_CARDS = {tuple(names)}")
        print("_CLASS_ROWS = {")
        for cls, lik in table.items():
            print(f'    "{cls}": (' + ", ".join(f"{lik[x]:.2f}" for x in names) + "),")
        print("}")
    print(f"{len(results)} games; {level}'s face-down cards seen by another seat at its decisions")
    table = likelihoods(seen, expected)
    cards = sorted({x for c in expected.values() for x in c})
    print("class            n   " + " ".join(f"{x[:6]:>6}" for x in cards))
    for cls, lik in table.items():
        n = sum(seen[cls].values())
        print(f"{cls:<14} {n:>5}   " + " ".join(f"{lik.get(x, 0):6.2f}" for x in cards))
    print("observed share of Ambush / expected under a uniform deal, per class:")
    for cls in table:
        n = sum(seen[cls].values())
        print(f"  {cls:<14} {seen[cls]['ambush'] / n:.2f} / {expected[cls]['ambush'] / n:.2f}  (n {n})")
    print(f"{level}'s stays at its reveal decisions before the last round, by tokens already on the card:")
    for (x, t), (st, rv) in sorted(stays.items()):
        print(f"  {x:<14} tokens {t}{'+' if t == 2 else ' '} stays {st:>4} reveals {rv:>4}  "
              f"P(stay) {st / (st + rv):.2f}")
    if calib:
        names = sorted({name for by in calib.values() for name in by})
        total = {name: sum(by[name][1] for by in calib.values()) / sum(by[name][2] for by in calib.values())
                 for name in names}
        print("mean log-likelihood of the true card, all classes: "
              + ", ".join(f"{name} {v:.3f}" for name, v in total.items()))
    for cls, by in sorted(calib.items()):
        print(f"  {cls:<14} " + "; ".join(
            f"{name}: P(Ambush) {c[0] / c[2]:.2f}, log-lik {c[1] / c[2]:.3f}" for name, c in by.items())
            + f" (n {int(next(iter(by.values()))[2])})")


if __name__ == "__main__":
    main(sys.argv[1:])
