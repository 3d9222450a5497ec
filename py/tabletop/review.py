"""The post-game review of a player's decisions: at each one, the strongest bot searches from that
player's view at the time (the legal actions and nothing hidden) and rates the move played against the
move it would have played (D69).

A rating is the search's mean payoff for the mover, in [0, 1]: at the game's end 0.8 × the win plus 0.2 × a
margin term, at a search's cut-off an estimated margin (`tabletop.search`, the game's bots). The game's fitted
map (`spec.review_chances`, `python -m tabletop.review_fit`, D253) turns a rating into the mover's chance of
winning, by player count and rounds left. The loss of a decision is the best move's chance less the played
move's; thresholds on it grade the decision like lichess (inaccuracy, mistake, blunder), calibrated on bot
games (`python -m tabletop.review_calibrate`, docs/BOTS.md).

The searches are bounded by iterations, not time, and seeded from the view: the same view, whatever the
hidden cards, gets the same review. The iterations of a game's review (the spec's `review_iterations`)
are shared out among its decisions so that a whole review takes a few seconds in the browser.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .hints import view_seed
from .protocol import View
from .registry import GameSpec
from .search import ISMCTS

# Loss thresholds (win chance, 0..1), heaviest first; from the calibration (docs/BOTS.md).
GRADES = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
MIN_ITERATIONS = 60  # per decision, whatever the game's length
MAX_ITERATIONS = 2_000
SECOND_LOOK = 0.5  # share of a decision's iterations spent comparing the played move with the best
COSTLIEST = 3  # decisions the end screen marks
CLIP = 0.01  # ratings are read within [CLIP, 1 − CLIP] before the logistic map


@dataclass(frozen=True)
class Decision:
    """One decision to review: its action index in the game, who made it, what they saw and did."""

    index: int
    colour: str
    view: View
    legal: list[str]
    played: str


def grade(loss: float, scale: float = 1.0) -> str | None:
    for name, threshold in GRADES:
        if loss >= threshold * scale:
            return name
    return None


def rounds_left(view: View) -> int:
    """Rounds still to play after the current one (0 in the last round)."""
    return max(0, int(view.get("rounds") or 0) - int(view.get("round") or 0))


def logit(rating: float) -> float:
    """log(r / (1 − r)) of a rating read within [CLIP, 1 − CLIP]: what the win-chance map is linear in."""
    r = min(1 - CLIP, max(CLIP, rating))
    return math.log(r / (1 - r))


def chance_from(table: Sequence[tuple[float, float]], left: int, rating: float) -> float:
    """The win chance a rating stands for, `left` rounds from the end: σ(a + b·logit(rating))."""
    if not table:
        return rating
    a, b = table[min(left, len(table) - 1)]
    return 1 / (1 + math.exp(-(a + b * logit(rating))))


def win_chance(chances: Mapping[int, Sequence[tuple[float, float]]], view: View, rating: float) -> float:
    """The judge's rating of a move as the mover's chance of winning, by the game's fitted map (D253)."""
    return chance_from(chances.get(len(view.get("seats") or ()), ()), rounds_left(view), rating)


def iterations_per_decision(spec: GameSpec, decisions: int) -> int:
    share = spec.review_iterations // max(1, decisions)
    return max(MIN_ITERATIONS, min(MAX_ITERATIONS, share))


def judge(spec: GameSpec, decision: Decision, iterations: int) -> dict[str, Any]:
    """The best move by the search from `decision.view`, both moves' win chances and the loss."""
    seed = view_seed(decision.view, decision.index)
    bot = spec.make_bot(spec.levels[-1], seed=seed, iterations=iterations)
    assert isinstance(bot, ISMCTS), f"{spec.id}'s strongest bot is not a search"
    values = bot.evaluate(decision.view, decision.legal)
    best = max(values.items(), key=lambda kv: (kv[1][1], kv[1][0]))[0] if values else decision.played
    played = decision.played
    value_best = values.get(best, (0.5, 0))[0]
    value_played = values.get(played, (value_best, 0))[0]
    if played != best:
        # The full search barely tries a poor move: compare the two on a search of their own.
        bot = spec.make_bot(spec.levels[-1], seed=seed + 1,
                            iterations=max(MIN_ITERATIONS // 2, int(iterations * SECOND_LOOK)))
        assert isinstance(bot, ISMCTS)
        duel = bot.evaluate(decision.view, decision.legal, only=(best, played))
        if best in duel and played in duel:
            value_best, value_played = duel[best][0], duel[played][0]
    chance_best = win_chance(spec.review_chances, decision.view, value_best)
    chance_played = win_chance(spec.review_chances, decision.view, value_played)
    loss = max(0.0, chance_best - chance_played)
    say = spec.explainer
    moves = {} if say is None else {a: say.describe_move(decision.view, a) for a in (played, best)}
    return {"index": decision.index, "colour": decision.colour, "played": played, "best": best,
            "moves": moves,
            "value_played": round(value_played, 4), "value_best": round(value_best, 4),
            "chance_played": round(chance_played, 4), "chance_best": round(chance_best, 4),
            "loss": round(loss, 4), "grade": grade(loss, spec.review_scale) if played != best else None}


def costliest(judged: list[dict[str, Any]], count: int = COSTLIEST) -> list[int]:
    """The indexes (action numbers) of the graded decisions that cost the most, heaviest first."""
    graded = [j for j in judged if j["grade"] is not None]
    graded.sort(key=lambda j: (-j["loss"], j["index"]))
    return [j["index"] for j in graded[:count]]
