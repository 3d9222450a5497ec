"""What the bots share: mapping action strings to engine moves on a sampled state, a static estimate of
final scores (used by normal's look-ahead and as hard's playout cut-off), and a cheap playout policy.

Everything here works on States the bot sampled itself from its view (`oriflamme.sampling`), never on
the real game's State.
"""

from __future__ import annotations

import math
import random

from .. import engine
from ..actions import to_text
from ..editions import ONE_SHOT
from ..engine import Move
from ..state import NAME, OVER, OWNER, PLACEMENT, RESOLUTION, TOKENS, UP, State

# Sum of 0.8**j for j < k: a lasting card's remaining activations, discounted for the risk of losing it.
_DISC = [sum(0.8 ** j for j in range(k)) for k in range(12)]

# What a face-down card is worth beyond its tokens, before it is revealed (its owner's view of it).
HIDDEN_VALUE = {
    "assassination": 1.6, "decree": 0.6, "ambush": 1.6, "conspiracy": 0.5, "mercenaries": 1.2,
    "assassin": 0.4,
}


def moves_by_text(s: State, legal: list[str]) -> list[Move]:
    """The engine moves for the legal action strings, in the same order."""
    table = {to_text(m): m for m in engine.legal_moves(s)}
    return [table[a] for a in legal]


def lasting_value(s: State, i: int, name: str, owner: str) -> float:
    """Points per resolution that a face-up `name` at top of stack i earns its owner (a rough guess)."""
    q = s.queue
    n = len(q)
    if name == "heir":
        for j, st in enumerate(q):
            if j != i and st[-1][UP] and st[-1][NAME] == "heir":
                return 0.0
        return 2.0
    if name == "lord":
        return 1.0 + sum(1 for j in (i - 1, i + 1) if 0 <= j < n and q[j][-1][OWNER] == owner)
    if name == "spy":
        return 1.0 if any(0 <= j < n and q[j][-1][OWNER] != owner and s.scores[q[j][-1][OWNER]] > 0
                          for j in (i - 1, i + 1)) else 0.2
    if name == "soldier":
        return 1.0 if any(0 <= j < n and q[j][-1][OWNER] != owner for j in (i - 1, i + 1)) else 0.1
    if name == "archer":
        return 1.0 if q[0][-1][OWNER] != owner or q[-1][-1][OWNER] != owner else 0.2
    if name == "queen":
        return -1.0 if any(0 <= j < n and len(q[j]) > 1 for j in (i - 1, i + 1)) else 2.0
    if name == "shapeshifter":
        best = 0.2
        for j in (i - 1, i + 1):
            if 0 <= j < n:
                t = q[j][-1]
                if t[UP] and t[NAME] != "shapeshifter" and t[NAME] not in ONE_SHOT:
                    best = max(best, 0.8 * lasting_value(s, i, t[NAME], owner) if t[NAME] != "heir"
                               else 1.6)
        return best
    if name == "mercenaries":
        return 0.8
    return 0.3  # assassin (prototype) and anything else


def spy_victim(s: State, i: int, owner: str) -> str | None:
    """Whom a Spy at i would rob: the opponent beside it with points and the highest score (as the playouts
    choose), or None."""
    q = s.queue
    scores = s.scores
    best = None
    for j in (i - 1, i + 1):
        if 0 <= j < len(q):
            c = q[j][-1][OWNER]
            if c != owner and scores[c] > 0 and (best is None or scores[c] > scores[best]):
                best = c
    return best


def estimate(s: State, conspiracy: float = 1.0, theft: float = 0.0, lord: float = 1.0,
             spy: float = 1.0) -> dict[str, float]:
    """A guess of each player's final score: score now plus what its cards in the queue should earn.
    `conspiracy` scales a face-down Conspiracy's worth before the last round: the share of it that
    survives to be cashed (the hand-made estimate, 1.0, counts it as if it always did). `theft` is the share
    of what a Spy should steal that is also taken from its likely victim (`spy_victim`), not only given to
    its owner (the hand-made estimate: none): in a race of three, a theft from the leader is a swing of two
    points, not one. On logged games that victim lost about 0.7 of the Spy's worth (docs/BOTS.md). `lord`
    and `spy` scale what a face-up Lord and a face-up Spy should earn their owner (logged: about 1.13 and
    0.88 of the hand-made worth)."""
    est = {c: float(v) for c, v in s.scores.items()}
    if s.phase == OVER:
        return est
    ed = s.ed
    future = ed.rounds - s.round  # resolutions after the current round's
    placing = s.phase == PLACEMENT
    cur = s.cursor
    for i, st in enumerate(s.queue):
        top = st[-1]
        owner = top[OWNER]
        k = future + (1 if placing or i >= cur else 0)
        if k <= 0:
            continue
        name = top[NAME]
        v = 0.0
        if top[UP]:
            v = lasting_value(s, i, name, owner) * _DISC[min(k, 11)]
            if name == "spy":
                if theft:
                    _rob(s, i, owner, theft * v, est)
                v *= spy
            elif name == "lord":
                v *= lord
        else:
            t = top[TOKENS]
            if name == "conspiracy":
                v = 2 * t + (1.4 * (k - 1) if ed.tokens else 0.0) + 0.5
                if k > 1:
                    v *= conspiracy
            elif name == "ambush":
                v = 1.6
            elif name in HIDDEN_VALUE:
                v = t + HIDDEN_VALUE[name]
            else:
                w = 0.8 * lasting_value(s, i, name, owner) * _DISC[min(k, 11)]
                if theft and name == "spy":
                    _rob(s, i, owner, theft * w, est)
                v = t + w
        for below in st[:-1]:
            v += 0.3 + 0.5 * below[TOKENS]
        est[owner] += v
    return est


def _rob(s: State, i: int, owner: str, loss: float, est: dict[str, float]) -> None:
    """Takes `loss` from the estimate of the Spy at i's likely victim, if it has one."""
    victim = spy_victim(s, i, owner)
    if victim is not None:
        est[victim] -= loss


def utility(est: dict[str, float], me: str) -> float:
    """My estimated margin against the others, weighted towards the leader."""
    others = [v for c, v in est.items() if c != me]
    if not others:
        return est[me]
    return est[me] - 0.6 * max(others) - 0.4 * sum(others) / len(others)


def payoffs(s: State, /, future: float = 1.0, growth: float = 0.0, conspiracy: float = 1.0,
            theft: float = 0.0, lord: float = 1.0, spy: float = 1.0, win: float = 0.8,
            hand: float = 0.0) -> dict[str, float]:
    """Per-player payoff in [0, 1] for search: win (shared on a tie) plus a margin bonus; at a cut-off
    a smooth function of the estimated margin. `future` weighs what the estimate adds to the scores
    now, and the margin's scale (3 points) grows by `growth` per round left after the next one, up to 2.5
    rounds: a lead early in the game decides less. Both are fitted to self-play outcomes in docs/BOTS.md;
    `conspiracy`, `theft`, `lord` and `spy` correct what the estimate counts for some cards (`estimate`);
    `win` is the share of a finished game's payoff that a win gives (the rest: the margin's term);
    `hand` weighs what the cards in each player's hand are worth (`hand_worth.HAND_WORTH`; the hand-made
    estimate counts nothing for them).
    The defaults are the hand-made cut-off."""
    est = estimate(s, conspiracy, theft, lord, spy)
    out: dict[str, float] = {}
    over = s.phase == OVER
    scale = 3.0
    if not over:
        if future != 1.0:
            now = s.scores
            est = {c: now[c] + future * (v - now[c]) for c, v in est.items()}
        scale += growth * min(s.ed.rounds - s.round, 2.5)
        worth = None
        if hand:  # a switch screened and not kept (D245): its table is not loaded with the engine
            from .hand_worth import HAND_WORTH

            worth = HAND_WORTH.get(f"{s.ed.id}:{len(s.seats)}", {}).get(s.ed.rounds - s.round + 1)
        if worth:
            est = {c: v + hand * sum(worth.get(n, 0.0) for n in s.hands[c]) for c, v in est.items()}
    for c, v in est.items():
        best_other = max(w for d, w in est.items() if d != c)
        m = v - best_other
        if over:
            first = 1.0 if m > 0 else (0.5 if m == 0 else 0.0)
            out[c] = win * first + (1.0 - win) * (0.5 + 0.5 * math.tanh(m / 4.0))
        else:
            out[c] = 0.5 + 0.5 * math.tanh(m / scale)
    return out


def policy_move(s: State, moves: list[Move], rng: random.Random) -> Move:
    """A cheap, plausible move for playouts: sensible reveals, shots at opponents, steals from the leader."""
    if len(moves) == 1:
        return moves[0]
    p = s.pending
    if p == "reveal":
        top = s.queue[s.cursor][-1]
        name = top[NAME]
        last = s.round == s.ed.rounds
        if name == "ambush":
            return moves[0] if last and rng.random() < 0.7 else moves[1]
        if name == "conspiracy":
            return moves[0] if last or top[TOKENS] >= 2 else moves[1]
        if name == "heir":
            for j, st in enumerate(s.queue):
                if j != s.cursor and st[-1][UP] and st[-1][NAME] == "heir":
                    return moves[0] if last else moves[1]
            return moves[0]
        return moves[0] if rng.random() < 0.8 else moves[1]
    if p == "place":
        return moves[rng.randrange(len(moves))]
    me = s.to_act
    kind = moves[0][0]
    if kind == "eliminate":
        q = s.queue
        theirs = [m for m in moves if q[m[1]][-1][OWNER] != me]
        if theirs:
            return theirs[rng.randrange(len(theirs))]
    elif kind == "steal":
        best = max(moves, key=lambda m: (m[1] != me, s.scores[m[1]]))
        return best
    return moves[rng.randrange(len(moves))]


def _has_use(s: State, name: str, me: str) -> bool:
    """Whether revealing `name` at the cursor now does its owner some good: an eliminating card has an
    opponent's card in reach (else it may have to hit its own), a Spy an opponent beside it to rob, a
    Shapeshifter a face-up card beside it to copy. Anything else is always of use."""
    q = s.queue
    cur = s.cursor
    n = len(q)
    if name == "soldier" or name == "spy":
        return any(0 <= j < n and q[j][-1][OWNER] != me for j in (cur - 1, cur + 1))
    if name == "archer":
        return bool(q[0][-1][OWNER] != me or q[-1][-1][OWNER] != me)
    if name == "shapeshifter":
        return any(0 <= j < n and q[j][-1][UP] and q[j][-1][NAME] != "shapeshifter"
                   for j in (cur - 1, cur + 1))
    if name == "assassination":
        return any(st[-1][OWNER] != me for st in q)
    return True


def _target_worth(s: State, i: int, leader: str) -> float:
    """What eliminating the top card at i is worth to the eliminator, from what everyone sees: a face-up
    card by what it earns each round, a face-down one by its tokens; more on the leader's cards."""
    top = s.queue[i][-1]
    owner = top[OWNER]
    v = lasting_value(s, i, top[NAME], owner) if top[UP] else 0.8 + 0.3 * top[TOKENS]
    return v + (0.5 if owner == leader else 0.0)


def aimed_move(s: State, moves: list[Move], rng: random.Random) -> Move:
    """`policy_move` with aim: a card is revealed when it has a use now (or in the last round), else it
    stays; an elimination hits the opponent's card worth the most (three times in four). The other
    choices are `policy_move`'s."""
    p = s.pending
    me = s.to_act
    if p == "reveal":
        name = s.queue[s.cursor][-1][NAME]
        if name in ("ambush", "conspiracy", "heir") or s.round == s.ed.rounds:
            return policy_move(s, moves, rng)
        use = _has_use(s, name, s.queue[s.cursor][-1][OWNER])
        return moves[0] if (rng.random() < 0.9) == use else moves[1]
    if p != "place" and moves[0][0] == "eliminate":
        q = s.queue
        theirs = [m for m in moves if q[m[1]][-1][OWNER] != me]
        if len(theirs) > 1 and rng.random() < 0.75:
            scores = s.scores
            leader = max((c for c in scores if c != me), key=scores.__getitem__)
            return max(theirs, key=lambda m: _target_worth(s, m[1], leader))
    return policy_move(s, moves, rng)


def policy_step(s: State, rng: random.Random, aim: bool = False) -> Move:
    """The playout policy's next move. Placements are built directly (no move list): a random card from
    hand, mostly at an end of the queue; one-shots go on an own stack more often (the combo). With `aim`,
    reveals and eliminations by `aimed_move`."""
    if s.pending == "place":
        me = s.to_act
        assert me is not None
        hand = s.hands[me]
        card = hand[rng.randrange(len(hand))]
        r = rng.random()
        if r < (0.35 if card in ONE_SHOT else 0.12):
            own = [i for i, st in enumerate(s.queue) if st[-1][OWNER] == me]
            if own:
                return ("place", card, own[rng.randrange(len(own))])
        return ("place", card, "first" if r < 0.56 else "last")
    moves = engine.legal_moves(s)
    if len(moves) == 1:
        return moves[0]
    return aimed_move(s, moves, rng) if aim else policy_move(s, moves, rng)


def is_live(s: State) -> bool:
    return s.phase == PLACEMENT or s.phase == RESOLUTION
