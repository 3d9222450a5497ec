"""The search bot: single-observer Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

Each iteration deals the hidden cards afresh, consistently with the bot's view (`sampling.Sampler`:
opponents' hands, asides and face-down cards, drawn from what each family has not shown), then walks one
tree shared by all deals. A node's children are moves; only those legal in the current deal compete,
and UCB uses each child's availability count instead of its parent's visits (the subset-armed bandit of
the paper). Payoffs are per player (`common.payoffs`: a win, shared on a tie, plus a margin bonus), and
each node is judged by the player who moved into it. Playouts follow a cheap policy
(`common.policy_step`) on the engine's fast path and stop after a horizon of rounds, where the static
estimate of final scores stands in for the rest of the game. The most visited move is played.
"""

from __future__ import annotations

import functools
import operator
import random
from typing import Any

from tabletop.search import ISMCTS, Node

from .. import engine
from ..actions import to_text
from ..engine import REVEAL, STAY, Move
from ..sampling import Sampler
from ..state import NAME, PLACEMENT, RESOLUTION, State
from .common import payoffs, policy_step

DEFAULT_BUDGET_MS = 600.0
DEFAULT_ITERATIONS = 20_000


class OriflammeSearch:
    """Oriflamme's side of a search from one view (`tabletop.search`): deals from `sample`, the engine's
    fast moves, `horizon` rounds beyond the current one, `common.policy_step` playouts and payoffs."""

    moves = staticmethod(engine.legal_moves)
    exploration = 0.7  # UCB's constant for this search (`tabletop.search`), set by the bot per view
    to_act = staticmethod(operator.attrgetter("to_act"))
    payoffs = staticmethod(payoffs)
    text = staticmethod(to_text)

    def __init__(self, view: dict[str, Any], horizon: int, sampler: Sampler, split_reveals: bool,
                 hide: bool = False, separate: bool = False, aim: bool = False,
                 cutoff: dict[str, float] | None = None, bluff: float = 0.0) -> None:
        self.sample = sampler.sample
        separate = separate or bluff > 0  # bluff iterations need a tree per player
        self.aim = aim
        if cutoff:  # `common.payoffs`'s keywords that differ from the hand-made cut-off
            self.payoffs = functools.partial(payoffs, **cutoff)
        self.stop_round = view["round"] + horizon
        self.me = view["viewer"]
        self.tags = split_reveals or hide or separate
        self.reveals = split_reveals
        self.hide = hide or separate
        if separate:  # a tree per player (`tabletop.search`), the searcher's first
            seats = view["seats"]
            self.observers = (self.me, *(c for c in seats if c != self.me))
        if bluff:  # a share of iterations deal the searcher's hidden cards as the others see them
            self.bluff = bluff
            self.mine = [(i, j) for i, st in enumerate(view["queue"]) for j, c in enumerate(st)
                         if c["owner"] == self.me and not c["face_up"]]

    def sample_public(self, rng: random.Random) -> State:
        """A deal of the others' cards as `sample` makes it, where the searcher's own hidden cards (its
        face-down queue cards, hand and aside) are shuffled among their places: all its opponents know
        of them is which cards it has not shown (as the hard bots deal them)."""
        s = self.sample(rng)
        me, q = self.me, s.queue
        cards = [q[i][j][NAME] for i, j in self.mine] + s.hands[me] + s.aside[me]
        rng.shuffle(cards)
        for k, (i, j) in enumerate(self.mine):
            q[i][j][NAME] = cards[k]
        h = len(s.hands[me])
        s.hands[me] = cards[len(self.mine):len(self.mine) + h]
        s.aside = {**s.aside, me: cards[len(self.mine) + h:]}
        return s

    def step(self, s: State, rng: random.Random) -> Move:
        """The searcher's move in a bluff iteration: the playouts' policy."""
        return policy_step(s, rng, self.aim)

    def shown(self, s: State, m: Move) -> Any:
        """What the other players see of a move about to be played: what `seen` says of a hidden choice, a
        revealed card by its name, anything else whole."""
        seen = self.seen(m)
        if seen is not None:
            return seen
        return (m, s.queue[s.cursor][-1][NAME]) if m == REVEAL else m

    @staticmethod
    def apply(s: State, m: Move, _apply: Any = engine.apply) -> None:
        _apply(s, m, None)  # no events: search never shows them (a partial with ev=None costs 3x the call)

    def live(self, s: State) -> bool:
        return s.phase == RESOLUTION or (s.phase == PLACEMENT and s.round <= self.stop_round)

    def playout(self, s: State, rng: random.Random) -> None:
        stop, apply, aim = self.stop_round, engine.apply, self.aim
        while s.phase == RESOLUTION or (s.phase == PLACEMENT and s.round <= stop):
            apply(s, policy_step(s, rng, aim), None)

    def tag(self, s: State) -> str | None:
        """An opponent's reveal-or-stay is keyed by the card it holds there; with `hide`, its placement
        is marked as a choice from a hand the searcher does not see."""
        if s.to_act == self.me:
            return None
        if s.pending == "reveal":
            return s.queue[s.cursor][-1][NAME] if self.reveals else None
        return "hand" if self.hide and s.pending == "place" else None

    def seen(self, m: Move) -> Move | None:
        """With `hide`, what the searcher sees of an opponent's hidden choice: where it placed a card, not
        which; that it stayed, not on what. The tree goes on from there (`tabletop.search`)."""
        if not self.hide:
            return None
        if m[0] == "place":
            return ("place", m[2])
        return m if m == STAY else None


class HardBot(ISMCTS[State, Move]):
    level = "hard"
    exploration = 0.7
    horizon = 1  # rounds searched beyond the current one before the estimate takes over
    # Key an opponent's reveal-or-stay by the card it holds there, so the tree models that opponent
    # choosing with what it knows (its own card) rather than one choice for every card it might be.
    split_reveals = False
    # The cut-off's payoff (`common.payoffs`): the weight of the estimate's future part and how much the
    # margin's scale grows per round left. Hard keeps the hand-made values.
    future_weight = 1.0
    scale_growth = 0.0
    # The share of a face-down Conspiracy's worth the cut-off counts before the last round (1.0: all of
    # it, as if it always survived to be cashed; measured on logged games, about 0.65 of it is scored).
    conspiracy_survival = 1.0
    # The share of a Spy's expected theft the cut-off also takes from its likely victim (0: none, only its
    # owner's gain counts; a theft from the leader is a swing of two points in a race of three, and on logged
    # games the victim the estimate names lost about 0.7 of what the estimate gives the Spy).
    spy_theft = 0.0
    # What the cut-off counts a face-up Lord and a face-up Spy worth to their owner, as a share of the
    # hand-made estimate (logged: a Lord then scored 1.09-1.17 times it, a Spy 0.84-0.92).
    lord_worth = 1.0
    spy_worth = 1.0
    # The share of a finished game's payoff that a win gives; the rest rewards the margin over the best
    # opponent, which tells losing lines apart.
    win_weight = 0.8
    # The weight of what the cards in hand are worth at the cut-off (`hand_worth.HAND_WORTH`; 0: nothing, as
    # the hand-made estimate): without it the search sees no cost in spending its best cards early. Off:
    # the expert with it lost (D245) — it kept its Conspiracy longer, and the Conspiracy then earned less.
    hand_worth = 0.0
    # Let the searcher's later choices in the tree depend only on what it sees of an opponent's hidden
    # choices (where a card went, that a card stayed), not on which card it was in the deal.
    hide_opponents = False
    # A tree per player, each going on from what its player sees of the others' moves (multiple-observer
    # ISMCTS): the opponents in the search do not know the searcher's face-down cards either.
    separate_trees = False
    # Playouts whose reveals and eliminations take aim (`common.aimed_move`): a card with no use now
    # stays rather than hit its owner's own card, and shots go at the opponents' most valuable cards.
    aimed_playouts = False
    # A share of the search's iterations (0 to 1) in which the searcher's own hidden cards are dealt as its
    # opponents see them and only their trees learn (multiple-observer search): without it, every deal holds
    # the searcher's true cards, so the opponents in the search learn to dodge its face-down Ambush and to
    # shoot its face-down Lord, which real opponents cannot tell apart.
    bluff = 0.0
    default_budget_ms = DEFAULT_BUDGET_MS
    default_iterations = DEFAULT_ITERATIONS

    def sampler(self, view: dict[str, Any]) -> Sampler:
        """Deals hidden cards for the search: uniformly among those the view allows."""
        return Sampler(view)

    def horizon_for(self, view: dict[str, Any]) -> int:
        """Rounds searched beyond the current one from this view."""
        return self.horizon

    def exploration_for(self, view: dict[str, Any]) -> float:
        """UCB's exploration constant from this view."""
        return self.exploration

    def cutoff(self) -> dict[str, float]:
        """The cut-off's numbers (`common.payoffs`'s keywords) that differ from the hand-made ones."""
        numbers = {"future": (self.future_weight, 1.0), "growth": (self.scale_growth, 0.0),
                   "conspiracy": (self.conspiracy_survival, 1.0), "theft": (self.spy_theft, 0.0),
                   "lord": (self.lord_worth, 1.0), "spy": (self.spy_worth, 1.0),
                   "win": (self.win_weight, 0.8), "hand": (self.hand_worth, 0.0)}
        return {name: value for name, (value, default) in numbers.items() if value != default}

    def game(self, view: dict[str, Any]) -> OriflammeSearch:
        game = OriflammeSearch(view, self.horizon_for(view), self.sampler(view), self.split_reveals,
                               self.hide_opponents, self.separate_trees, self.aimed_playouts, self.cutoff(),
                               self.bluff)
        game.exploration = self.exploration_for(view)
        return game


__all__ = ["HardBot", "Node", "OriflammeSearch"]
