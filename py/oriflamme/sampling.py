"""Determinization: a full engine State consistent with one player's view (for search bots).

Every family holds the same cards, so what a player has not yet shown is known exactly as a multiset:
its family (twice in the prototype's two-player mode), minus its discard, minus its face-up cards in the
queue. Those unseen cards are dealt at random into its face-down queue cards, its hand and its aside,
whose sizes the view gives. The viewer's own cards are all known. The sampled state's view for the
viewer equals the given view (tests check it), so a search on it never uses what the viewer cannot see.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .editions import get_edition
from .state import NAME, OVER, OWNER, PLACEMENT, RESOLUTION, TOKENS, State

Slot = tuple[int, int]  # (stack index, index in the stack) of a face-down card
# A face-down card with evidence on it: its slot, and each unseen card's likelihood of being there.
Evidence = tuple[Slot, dict[str, float]]
# One opponent's deal: its colour, its unseen cards, the slots with evidence, the other face-down slots, its
# hand's size, and each card's weight for its hand rather than its aside (None: all alike).
Plan = tuple[str, list[str], list[Evidence], list[Slot], int, dict[str, float] | None]


def unseen(view: dict[str, Any], colour: str) -> Counter[str]:
    """The cards of `colour` that the view's viewer has not seen (for the viewer: none)."""
    ed = get_edition(view["edition"])
    if colour == view["viewer"]:
        return Counter()
    per = ed.families_per_player(len(view["seats"]))
    pool: Counter[str] = Counter({c: per for c in ed.family})
    pool.subtract(view["discard"][colour])
    for st in view["queue"]:
        for c in st:
            if c["owner"] == colour and c["card"] is not None:
                pool[c["card"]] -= 1
    return +pool


class Sampler:
    """Precomputes what is known from a view, then deals the hidden cards cheaply, many times."""

    def __init__(self, view: dict[str, Any]) -> None:
        if view.get("game", "oriflamme") != "oriflamme":
            raise ValueError("view: not an Oriflamme view")
        ed = get_edition(view["edition"])
        seats: list[str] = list(view["seats"])
        viewer = view["viewer"]
        n = len(seats)
        s = State.__new__(State)
        s.ed, s.seats, s.seed, s.rng = ed, seats, 0, 0
        s.round = view["round"]
        s.first = seats.index(view["first"])
        s.direction = view["direction"]
        s.phase = view["phase"]
        s.scores = dict(view["scores"])
        s.discard = {c: list(view["discard"][c]) for c in seats}
        s.queue = [[[c["card"], c["owner"], c["face_up"], c["tokens"]] for c in st] for st in view["queue"]]
        s.hands = {c: [] for c in seats}
        s.aside = {c: [] for c in seats}
        if viewer is not None:
            s.hands[viewer] = list(view["hand"])
            s.aside[viewer] = list(view["aside"])
        s.to_act = view["to_act"]
        s.depth, s.take_tokens, s.gone, s.placed, s.cursor = 0, False, False, 0, 0
        d = view["decision"]
        if s.phase == OVER or d is None:
            s.pending = None
        elif d["kind"] == "place" or d["kind"] == "reveal":
            s.pending = d["kind"]
        else:
            s.pending = d["ability"]
        if s.phase == PLACEMENT:
            s.placed = (seats.index(view["to_act"]) - s.first) % n
        else:
            s.placed = n  # everyone has placed this round
        if s.phase == RESOLUTION:
            s.cursor = view["cursor"] - 1
            stack = s.queue[s.cursor]
            s.depth = len(stack) - 1  # a decision is always asked of the top card at the cursor
            s.take_tokens = ed.tokens_after_effect and s.pending not in ("reveal", None) and \
                stack[-1][TOKENS] > 0
        self.base = s
        # What each other player has not shown, and where it must go: the slots with evidence (the
        # evidence hook) are dealt first, each card drawn with its likelihood; the rest uniformly.
        self.plans: list[Plan] = []
        for c in seats:
            if c == viewer:
                continue
            slots = [(i, j) for i, st in enumerate(s.queue) for j, qc in enumerate(st)
                     if qc[OWNER] == c and qc[NAME] is None]
            pool = sorted(unseen(view, c).elements())
            h, a = view["hand_sizes"][c], view["aside_sizes"][c]
            if len(pool) != len(slots) + h + a:
                raise ValueError(f"view: {c}'s unseen cards ({len(pool)}) do not fill its hidden places "
                                 f"({len(slots)} face down, {h} in hand, {a} aside)")
            evidence = self.evidence(pool, slots)
            weighted = {sl for sl, _ in evidence}
            self.plans.append((c, pool, evidence, [sl for sl in slots if sl not in weighted], h,
                               self.kept(c, pool)))

    def evidence(self, pool: list[str], slots: list[Slot]) -> list[Evidence]:
        """The face-down slots among `slots` whose card the view says something about, in the order they
        are dealt, each with every unseen card's likelihood there. The uniform deal: none."""
        return []

    def kept(self, colour: str, pool: list[str]) -> dict[str, float] | None:
        """Each of `colour`'s unseen cards' weight for being in its hand rather than set aside, when the view
        says something about it (the uniform deal: None, every split alike)."""
        return None

    def sample(self, rng: random.Random) -> State:
        s = self.base.clone()
        aside = dict(s.aside)
        q = s.queue
        r = rng.random
        for c, pool, evidence, free, h, kept in self.plans:
            cards = list(pool)
            for (i, j), lik in evidence:  # each drawn from what is left, with its likelihood
                q[i][j][NAME] = cards.pop(_weighted_index([lik[x] for x in cards], r()))
            cards.sort(key=lambda _: r())  # a uniform shuffle of the rest, cheaper than rng.shuffle
            k = 0
            for i, j in free:
                q[i][j][NAME] = cards[k]
                k += 1
            if kept is None:  # every split alike (the hot path: no call, no copy)
                s.hands[c] = cards[k:k + h]
                aside[c] = cards[k + h:]
                continue
            # A hand of h drawn with probability in proportion to the product of its cards' weights is an
            # aside drawn in proportion to the product of their inverses; drawn here one card at a time.
            rest = cards[k:]
            put = []
            for _ in range(len(rest) - h):
                put.append(rest.pop(_weighted_index([1.0 / kept[x] for x in rest], r())))
            s.hands[c] = rest
            aside[c] = put
        s.aside = aside
        return s


def _weighted_index(ws: list[float], u: float) -> int:
    """The index drawn from weights `ws` with `u` uniform in [0, 1)."""
    pick = u * sum(ws)
    k = 0
    last = len(ws) - 1
    while k < last and pick >= ws[k]:
        pick -= ws[k]
        k += 1
    return k


def determinize(view: dict[str, Any], rng: random.Random) -> State:
    """One State drawn uniformly among those consistent with `view` (hidden cards dealt at random)."""
    return Sampler(view).sample(rng)


__all__ = ["Evidence", "Plan", "Sampler", "Slot", "determinize", "unseen"]
