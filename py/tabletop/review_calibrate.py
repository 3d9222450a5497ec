"""Calibrate the review's grades (`tabletop.review.GRADES`) on bot games: seat 0 is played by a bot of
the given level against two normal bots, each of its decisions is judged exactly as the page's review
judges a human's, and the quantiles of the losses are printed per level.

    python -m tabletop.review_calibrate oriflamme 8 random normal expert

The thresholds are read off these tables (docs/BOTS.md says how).
"""

from __future__ import annotations

import sys
from typing import Any

from . import registry, review
from .protocol import Game


def play_out(game: Game, bots: dict[str, Any]) -> dict[str, list[review.Decision]]:
    """Plays `game` to its end with `bots`; each seat's decisions that had a choice, as the review takes
    them."""
    seen: dict[str, list[review.Decision]] = {c: [] for c in game.seats}
    while not game.is_over:
        colour = game.to_act
        assert colour is not None
        legal = game.legal_actions()
        view = game.view(colour)
        action = bots[colour].choose(view, legal)
        if len(legal) > 1:
            seen[colour].append(review.Decision(len(seen[colour]), colour, view, legal, action))
        game.play(action)
    return seen


def losses(game_id: str, level: str, games: int, seed: int = 1) -> list[float]:
    spec = registry.get(game_id)
    out: list[float] = []
    for g in range(games):
        game = spec.new_game(None, 3, seed + g)
        me = game.seats[0]
        bots: dict[str, Any] = {c: spec.make_bot("normal", seed=seed * 100 + g * 8 + i)
                                for i, c in enumerate(game.seats)}
        bots[me] = spec.make_bot(level, seed=seed * 100 + g * 8, iterations=300)
        decisions = play_out(game, bots)[me]
        per = review.iterations_per_decision(spec, len(decisions))
        out.extend(review.judge(spec, d, per)["loss"] for d in decisions)
    return out


def quantiles(values: list[float], qs: tuple[float, ...] = (0.5, 0.75, 0.9, 0.95, 0.98)) -> list[float]:
    v = sorted(values)
    return [v[min(len(v) - 1, int(q * len(v)))] for q in qs] if v else []


def main(argv: list[str]) -> None:
    game_id, games, *levels = argv
    for level in levels:
        ls = losses(game_id, level, int(games))
        scale = registry.get(game_id).review_scale
        graded = {name: sum(1 for x in ls if review.grade(x, scale) == name) for name, _ in review.GRADES}
        print(f"{game_id} {level}: {len(ls)} decisions; loss quantiles 50/75/90/95/98%:",
              " ".join(f"{q:.3f}" for q in quantiles(ls)), "| graded now:", graded, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
