"""The heuristic bot: a one-move look-ahead on a few sampled deals, scored by a static estimate of the
final scores, plus hand-written terms for what the estimate cannot see.

- Every choice is tried on a few states sampled from the view (`oriflamme.sampling`); the bot plays on
  through its own follow-up choices for the same card (a revealed Archer picks its target greedily), then
  scores the position by `common.estimate` — score now plus what each card in the queue should still
  earn: Heir only while unique, Lord by its adjacent own cards, Spy and Soldier by adjacent opponents,
  tokens on face-down cards (twice for a Conspiracy), nothing for a face-down card after the last
  chance to reveal it. The margin is taken mostly against the leader, so eliminations and steals aim
  at the leader.
- Exposure: each opponent's likely killers are read from what it has not yet shown (each family has the
  same ten cards: unseen = family - discard - face-up in the queue). A card placed at an end faces
  Archers, next to an opponent's card faces Soldiers; Assassinations reach anywhere.
- Stacks: a card placed on one's own stack shields the card below; a one-shot on top of a valuable
  card makes it resolve again right after (the one-shot leaves and uncovers it).
- Ambush is bait: placed where killers will look and never revealed before the last round. Conspiracy
  stays face down to gather tokens and is revealed when the tokens are worth it, when it is threatened,
  or in the last round. In the last round everything that scores is revealed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .. import engine
from ..editions import ONE_SHOT
from ..engine import Move
from ..sampling import Sampler, unseen
from ..state import State
from .common import estimate, moves_by_text, utility

KILLERS_NEAR = ("soldier",)
KILLERS_END = ("archer",)
KILLERS_ANY = ("assassination", "mercenaries")

# A rough worth of losing one of my cards, by name (for exposure); tokens are added on top.
WORTH = {
    "heir": 3.0, "lord": 2.5, "conspiracy": 2.0, "spy": 1.5, "soldier": 1.5, "archer": 1.5,
    "shapeshifter": 1.2, "queen": 2.5, "assassination": 1.5, "mercenaries": 1.2, "decree": 0.5,
    "assassin": 0.6, "ambush": 0.0,
}


class Knowledge:
    """What the viewer knows about each opponent's hidden cards."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me: str = view["viewer"]
        self.pool: dict[str, Counter[str]] = {}
        self.unseen_total: dict[str, int] = {}
        self.hand: dict[str, int] = dict(view["hand_sizes"])
        for c in view["seats"]:
            if c != self.me:
                self.pool[c] = unseen(view, c)
                self.unseen_total[c] = sum(self.pool[c].values())

    def p_face_down(self, owner: str, names: tuple[str, ...]) -> float:
        """Chance that one of `owner`'s face-down cards is one of `names`."""
        u = self.unseen_total.get(owner, 0)
        return sum(self.pool[owner][n] for n in names) / u if u else 0.0

    def p_in_hand(self, owner: str, names: tuple[str, ...]) -> float:
        """Rough chance that `owner` holds one of `names` in hand."""
        u = self.unseen_total.get(owner, 0)
        if not u:
            return 0.0
        return min(1.0, sum(self.pool[owner][n] for n in names) * self.hand[owner] / u)


def threat(view: dict[str, Any], know: Knowledge, tops: list[tuple[str, str | None, bool]], p: int,
           placing_after: list[str]) -> float:
    """How likely my top card at position p is to be eliminated by an opponent (a rough 0..0.9)."""
    me = know.me
    n = len(tops)
    at_end = p == 0 or p == n - 1
    t = 0.0
    for j, (owner, name, up) in enumerate(tops):
        if j == p or owner == me:
            continue
        near = abs(j - p) == 1
        if up:
            if name == "archer" and at_end:
                t += 0.5
            elif name == "soldier" and near:
                t += 0.6
            elif name == "shapeshifter" and near:
                t += 0.1
        else:
            if near:
                t += 0.5 * know.p_face_down(owner, KILLERS_NEAR)
            if at_end:
                t += 0.4 * know.p_face_down(owner, KILLERS_END)
            t += 0.1 * know.p_face_down(owner, KILLERS_ANY)
    for o in placing_after:
        if at_end:
            t += 0.25 * know.p_in_hand(o, KILLERS_NEAR + KILLERS_END)
    for o in know.pool:
        t += 0.08 * know.p_in_hand(o, KILLERS_ANY)
    return min(0.9, t)


class NormalBot:
    level = "normal"
    samples = 4

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        if len(legal_actions) == 1:
            return legal_actions[0]
        states = self._deals(view)
        if view["decision"]["kind"] == "reveal":
            rule = self._reveal_rule(view, Knowledge(view))
            if rule is not None and rule in legal_actions:
                return rule
        vs = self._values(view, legal_actions, states)
        return legal_actions[max(range(len(vs)), key=vs.__getitem__)]

    def values(self, view: dict[str, Any], legal_actions: list[str]) -> list[float]:
        """The look-ahead's worth of each legal action (utility, plus the placement terms)."""
        return self._values(view, legal_actions, self._deals(view))

    def _deals(self, view: dict[str, Any]) -> list[State]:
        sampler = Sampler(view)
        return [sampler.sample(self.rng) for _ in range(self.samples)]

    def _values(self, view: dict[str, Any], legal_actions: list[str], states: list[State]) -> list[float]:
        rng = self.rng
        me: str = view["viewer"]
        moves = moves_by_text(states[0], legal_actions)
        know = Knowledge(view)
        kind = view["decision"]["kind"]
        out = []
        for m in moves:
            v = 0.0
            for s0 in states:
                s = s0.clone()
                engine.apply(s, m, None)
                follow_up(s, me, 3)
                v += utility(estimate(s), me)
            v /= len(states)
            if kind == "place":
                v += self._placement_terms(view, know, m)
            out.append(v + rng.random() * 1e-6)
        return out

    # ------------------------------------------------------------- reveal

    def _reveal_rule(self, view: dict[str, Any], know: Knowledge) -> str | None:
        cur = view["cursor"] - 1
        top = view["queue"][cur][-1]
        name, tokens = top["card"], top["tokens"]
        last = view["round"] == view["rounds"]
        tops = [(st[-1]["owner"], st[-1]["card"], st[-1]["face_up"]) for st in view["queue"]]
        # Only cards after the cursor can still hit this card this round.
        th = threat(view, know, tops, cur, [])
        if name == "ambush":
            return "reveal" if last and th < 0.3 else "stay"
        if name == "conspiracy":
            if last or tokens >= 4 or (tokens >= 2 and th >= 0.35):
                return "reveal"
            if view["round"] == view["rounds"] - 1 and tokens >= 2 and th >= 0.2:
                return "reveal"
            return "stay"
        return None

    # ------------------------------------------------------------- placement

    def _placement_terms(self, view: dict[str, Any], know: Knowledge, m: Move) -> float:
        me = know.me
        card, where = m[1], m[2]
        queue = view["queue"]
        tops: list[tuple[str, str | None, bool]] = [
            (st[-1]["owner"], st[-1]["card"], st[-1]["face_up"]) for st in queue]
        below: dict[str, Any] | None = None
        if where == "first":
            tops.insert(0, (me, card, False))
            p = 0
        elif where == "last":
            tops.append((me, card, False))
            p = len(tops) - 1
        else:
            p = where
            below = queue[p][-1]
            tops[p] = (me, card, False)
        seats = view["seats"]
        n = len(seats)
        first = seats.index(view["first"])
        placed = (seats.index(me) - first) % n
        after = [seats[(first + k) % n] for k in range(placed + 1, n)]
        th = threat(view, know, tops, p, after)
        ed = view["edition"]
        v = 0.0
        if card == "ambush":
            v += th * (4.5 if ed == "retail" else 3.5)
        else:
            v -= th * WORTH.get(card, 1.0)
        if below is not None:
            bname = below["card"]
            worth = WORTH.get(bname, 1.0) + below["tokens"] * (2 if bname == "conspiracy" else 1)
            v += th * worth  # the new card takes the hits meant for the one below
            if card in ONE_SHOT and card != "ambush":
                v += 0.4 * worth  # it leaves and the card below resolves again
        if card == "spy":
            leader = max((c for c in seats if c != me), key=lambda c: view["scores"][c])
            if any(0 <= j < len(tops) and tops[j][0] == leader for j in (p - 1, p + 1)):
                v += 0.4
        return v


def follow_up(s: State, me: str, budget: int) -> None:
    """Play my own next choices for the card being resolved (its target, a copy's target) greedily."""
    while budget > 0 and s.pending not in (None, "place", "reveal") and s.to_act == me:
        budget -= 1
        moves = engine.legal_moves(s)
        best: State | None = None
        best_v = -1e18
        for m in moves:
            c = s.clone()
            engine.apply(c, m, None)
            v = utility(estimate(c), me)
            if v > best_v:
                best, best_v = c, v
        assert best is not None
        _copy_into(s, best)


def _copy_into(dst: State, src: State) -> None:
    for k in State.__slots__:
        setattr(dst, k, getattr(src, k))
