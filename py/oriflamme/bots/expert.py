"""The expert bot: the hard bot's search (ISMCTS), better informed rather than longer.

- Deals that read the opponents' choices. Plain determinized search deals each opponent's hidden cards
  uniformly, so it attacks a face-down card that has stayed down for three rounds as readily as a fresh
  one, though such a card is most likely an Ambush or a Conspiracy. The expert deals with
  `belief.BeliefSampler`: a card's tokens count its owner's stays, and each stay makes the cards that
  players keep face down more likely there (a model of the opponent fitted to the bots' own play).
- Opponents who know their own cards: in the tree an opponent's reveal-or-stay is keyed by the card it
  holds there in the deal, so the search models it revealing a Lord and keeping an Ambush down, rather
  than making one choice for whatever the card may be (a step towards keeping information sets apart).
- The heuristic as a guide: the normal bot's look-ahead values the root moves once, and that value is
  a bonus to each root move's UCB score that fades as the move is visited (progressive bias), so the
  search spends its first iterations on moves a sound heuristic likes.
- A shorter horizon: playouts stop at the end of the current round and the estimate of final scores
  (which counts what the cards on the table should still earn) scores them there; hard also plays the
  next round's random placements, more noise than information, and makes about half as many iterations.
  Not with two players (the prototype's two-player mode): there, at the browser's budget, searching one
  more round as hard does wins clearly more (D155).
- With two players it also explores more (UCB's constant 1.0 where hard keeps 0.7): at the browser's
  budget that wins more of the two-player games, and 0.35 clearly fewer (D185, D186).
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..belief import BeliefSampler
from ..engine import Move
from .common import moves_by_text
from .hard import HardBot
from .normal import NormalBot


class ExpertBot(HardBot):
    level = "expert"
    split_reveals = True
    horizon = 0  # rounds searched beyond the current one (hard: 1)
    duel_horizon = 1  # the same with two players: one more round, as hard (D155)
    duel_exploration = 1.0  # UCB's exploration constant with two players (hard: 0.7; D185)
    prior_weight = 0.5  # the bonus of the heuristic's favourite root move before any visit
    prior_scale = 1.5  # points of estimated margin that divide a move's bonus by e
    # Without tokens (the prototype), read from the position which face-down cards surely stayed
    # (`belief.least_stays`) and deal them as cards that stay: there, nearly always the Ambush.
    read_stays = False
    # Retail: deal each face-down card by its class (tokens, where it lies, whether its turn has passed),
    # with the likelihoods measured on the hard bots (`belief.CLASS_LIKELIHOOD`) instead of the stay model.
    class_model = False
    # Retail: also deal each face-down card by how often its owner would have chosen that card to place in
    # the round it went down (`belief.PLACED_LIKELIHOOD`, measured on the hard bots): which card a player
    # chose says something about it (a first-round card is the Heir far more often than an Ambush).
    placed_model = False
    # Retail: read the opponents' hands from what they have placed so far (`belief.KEPT_CHANCE`, measured on
    # the hard bots): a card an opponent would have placed by now is dealt to its aside or its face-down
    # cards rather than its hand (after two placements without a Heir shown, its Heir is most likely aside).
    # Off: level with the uniform split over 228 deals (D228).
    hand_model = False
    # Perfect-information Monte Carlo instead of one tree over all deals (0: off): `worlds` deals drawn
    # from the view, each searched alone with its share of the budget as if its cards were the truth, the
    # move most visited over all of them played. A search that knows the cards is consistent from root to
    # leaf (D219's oracle gained most); this asks what that consistency is worth with deals that are wrong.
    # Off: 8 worlds lost clearly (D231).
    worlds = 0
    # UCB's constant scaled by 3 / T, T the cut-off's margin scale where this search is cut (3 points, wider
    # with `scale_growth`): a wider scale shrinks the payoffs' gaps between moves by about that factor, which
    # with the same constant would spread the search wider. Off: with the fitted cut-off it lost (D239), with
    # the fitted scale alone it was level (D241).
    matched_exploration = False
    # With three players or more, search to the game's end from the round before the last (the cut-off
    # elsewhere): hard's horizon reaches the end there, the expert's stops a round short.
    end_horizon = False

    def __init__(self, seed: int, budget_ms: float | None = None, iterations: int | None = None,
                 cpu_clock: bool = False) -> None:
        super().__init__(seed, budget_ms=budget_ms, iterations=iterations, cpu_clock=cpu_clock)
        self.guide = NormalBot(random.Random(seed).randrange(1 << 30))

    def horizon_for(self, view: dict[str, Any]) -> int:
        if len(view["seats"]) == 2:
            return self.duel_horizon
        if self.end_horizon and view["round"] == view["rounds"] - 1:
            return max(self.horizon, 1)
        return self.horizon

    def exploration_for(self, view: dict[str, Any]) -> float:
        c = self.duel_exploration if len(view["seats"]) == 2 else self.exploration
        if self.matched_exploration:  # `common.payoffs`'s scale at the round where the search is cut
            left = view["rounds"] - (view["round"] + self.horizon_for(view) + 1)
            c *= 3.0 / (3.0 + self.scale_growth * min(max(left, 0), 2.5))
        return c

    def sampler(self, view: dict[str, Any]) -> BeliefSampler:
        retail = view["edition"] == "retail"
        return BeliefSampler(view, read_stays=self.read_stays, classes=bool(self.class_model) and retail,
                             placed=bool(self.placed_model) and retail,
                             hands=bool(self.hand_model) and retail)

    def root_prior(self, view: dict[str, Any], legal_actions: list[str]) -> dict[Move, float] | None:
        if self.prior_weight <= 0:
            return None
        values = self.guide.values(view, legal_actions)
        moves = moves_by_text(self.sampler(view).sample(self.rng), legal_actions)
        top = max(values)
        return {m: self.prior_weight * math.exp((v - top) / self.prior_scale)
                for m, v in zip(moves, values, strict=True)}

    def choose(self, view: dict[str, Any], legal_actions: list[str]) -> str:
        if self.worlds <= 0 or len(legal_actions) == 1:
            return super().choose(view, legal_actions)
        start = self.clock()
        prior = self.root_prior(view, legal_actions)
        game = self.game(view)
        deal = game.sample
        budget, iterations = self.budget_ms, self.iterations
        visits: dict[Move, int] = {}
        try:
            for w in range(self.worlds):
                world = deal(self.rng)
                game.sample = lambda _rng, world=world: world.clone()  # type: ignore[misc]
                if budget is not None:  # each world ends at its share of the budget, counted from the start
                    self.budget_ms = budget * (w + 1) / self.worlds
                self.iterations = max(1, iterations // self.worlds)
                for m, child in self.run(game, prior, start).children.items():
                    visits[m] = visits.get(m, 0) + child.visits
        finally:
            self.budget_ms, self.iterations = budget, iterations
        if not visits:
            return legal_actions[0]
        text = game.text(max(visits, key=visits.__getitem__))
        return text if text in legal_actions else legal_actions[0]
