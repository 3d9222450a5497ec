"""How well models of a player's choices read which of its unseen cards are in its hand, on logged games:
`python -m oriflamme.bots.reading EDITION VIEWER LEVEL EVERY LOG...` (retail; logs of `tabletop.arena --log`).

At every EVERY-th decision with a choice of the VIEWER entry (`expert` counts `expert:...` too), for each
LEVEL opponent (`hard` counts `hard#2`), it computes exactly, by enumerating every aside and every
identity of the opponent's face-down placements, the probability that each of its unseen cards is in its
hand, under four models, and scores it against the real hand (log-loss per unseen card, in nats; lower is
better):

- `uniform`: every unseen card alike (the hard bots' deals);
- `kept`: each card's fate apart from the others', `belief.KEPT_CHANCE` after the opponent's placements so
  far (what the expert's `hand_model` deals);
- `choices`: each placement a choice from the hand then held, each card weighed by
  `belief.PLACED_LIKELIHOOD` of its round (Plackett-Luce), knowing in which round each face-down card went
  down but not the round of a card already shown (a view says neither);
- `history`: the same knowing the round of every placement, as a player who watched the whole game does.

If `history` read much better than `kept`, remembering the game's placements would be worth adding to what
the bots see; it does not (docs/BOTS.md, D228).
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Sequence

from tabletop.arena import entry_level, read_logs
from tabletop.arena_stats import GameResult

from ..belief import FLOOR, KEPT_CHANCE, PLACED_LIKELIHOOD
from ..editions import get_edition
from ..game import new_game
from ..sampling import unseen as unseen_by

MODELS = ("uniform", "kept", "choices", "history")
Placement = tuple[int, str]  # (round, card)


def chosen(placements: Sequence[Placement], start: Sequence[str]) -> float:
    """P(these placements, in order | the starting hand), each card drawn from the hand then held with
    weights `PLACED_LIKELIHOOD` of its round."""
    hand = list(start)
    p = 1.0
    for rnd, card in placements:
        w = PLACED_LIKELIHOOD[rnd]
        p *= max(FLOOR, w.get(card, 1.0)) / sum(max(FLOOR, w.get(x, 1.0)) for x in hand)
        hand.remove(card)
    return p


def in_hand(unseen: Sequence[str], aside: int, placements: Sequence[Placement],
            shown: set[str]) -> dict[str, dict[str, float]]:
    """Per model, each unseen card's probability of being in the hand, given the owner's placements in
    order (a card in `shown` is known; the others lie face down, their cards unknown)."""
    k = len(placements)
    hidden = [i for i, (_, card) in enumerate(placements) if card not in shown]
    seen = [i for i in range(k) if i not in hidden]
    kept = {x: max(FLOOR, KEPT_CHANCE.get(k, {}).get(x, 1.0)) for x in unseen}
    total = dict.fromkeys(MODELS, 0.0)
    mass: dict[str, dict[str, float]] = {m: dict.fromkeys(unseen, 0.0) for m in MODELS}
    for away in itertools.combinations(unseen, aside):
        rest = [x for x in unseen if x not in away]
        for down in itertools.permutations(rest, len(hidden)):
            hand = [x for x in rest if x not in down]
            start = hand + list(down) + [placements[i][1] for i in seen]
            filled = list(placements)
            for i, x in zip(hidden, down, strict=True):
                filled[i] = (placements[i][0], x)
            orders = [[(placements[i][0], x) for i, x in zip(seen, perm, strict=True)]
                      for perm in itertools.permutations([placements[i][1] for i in seen])]

            def with_order(order: list[Placement], filled: list[Placement] = filled) -> list[Placement]:
                out = list(filled)
                for i, p in zip(seen, order, strict=True):
                    out[i] = p
                return out

            weights = {
                "uniform": 1.0,
                "kept": math.prod(kept[x] for x in hand) * math.prod(max(FLOOR, 1 - kept[x]) for x in down),
                "choices": sum(chosen(with_order(o), start) for o in orders) / len(orders),
                "history": chosen(filled, start),
            }
            for m, w in weights.items():
                total[m] += w
                for x in hand:
                    mass[m][x] += w
    return {m: {x: mass[m][x] / total[m] for x in unseen} for m in MODELS}


def reading(edition: str, viewer: str, level: str, every: int,
            results: list[GameResult]) -> tuple[dict[str, float], int]:
    """(model -> summed log-loss, unseen cards scored) over the decisions sampled."""
    ed = get_edition(edition)
    loss = dict.fromkeys(MODELS, 0.0)
    scored = 0
    count = 0
    for r in results:
        seats, actions = r.replayable("reading")
        g = new_game(edition, len(seats), seed=r.deal)
        mine = {c for e, c in seats.items() if e.split(":")[0].partition("#")[0] == viewer}
        theirs = {c for e, c in seats.items() if entry_level(e) == level}
        history: dict[str, list[Placement]] = {c: [] for c in g.state.seats}
        for a in actions:
            s = g.state
            if g.to_act in mine and len(g.legal_actions()) > 1:
                count += 1
                if count % every == 0:
                    v = g.view(g.to_act)
                    for c in theirs:
                        unseen = sorted(unseen_by(v, c).elements())  # what the viewer has not seen of c's
                        shown = set(ed.family) - set(unseen)
                        probs = in_hand(unseen, len(s.aside[c]), history[c], shown)
                        for m in MODELS:
                            for x in unseen:
                                p = min(1 - 1e-6, max(1e-6, probs[m][x]))
                                loss[m] -= math.log(p if x in s.hands[c] else 1 - p)
                        scored += len(unseen)
            if a.startswith("place "):
                history[s.to_act or ""].append((s.round, a.split()[1]))
            g.play(a)
    return loss, scored


def main(argv: list[str]) -> None:
    if len(argv) < 5:
        raise SystemExit(__doc__)
    edition, viewer, level, every = argv[0], argv[1], argv[2], int(argv[3])
    results = read_logs(argv[4:])
    loss, scored = reading(edition, viewer, level, every, results)
    print(f"{viewer} reading {level}'s hands, one decision in {every} of {len(results)} games: "
          f"{scored} unseen cards, log-loss per card (nats)")
    for m in MODELS:
        print(f"{m:<8} {loss.get(m, 0.0) / max(1, scored):.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
