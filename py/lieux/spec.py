"""Château, Village & Port as the registry sees it (`tabletop.registry`): sets, bots, text, card facts."""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.protocol import Bot, Event, Game
from tabletop.registry import GameSpec, Option, Variant
from tabletop.terminal import Style, ranking_lines

from . import bots
from . import effects as _effects
from . import game as _game
from . import tutorial as _tutorial
from .cards import CHARACTERS, COLOURS, PLACES, REWARDS, SETS, timing
from .render import render_text
from .sampling import determinize

LEVELS = ("random", "easy", "normal", "hard", "expert")


def _own(g: Game) -> _game.Game:
    assert isinstance(g, _game.Game), g  # the registry hands a spec only its own games
    return g


class Text:
    counted: ClassVar[dict[str, str]] = {"moved": "cards moved", "stolen": "thefts",
                                         "discarded": "cards discarded"}
    unit: ClassVar[tuple[str, str]] = ("gold", "gold")

    def view(self, game: Game, viewer: str | None, style: Style) -> str:
        return render_text(game.view(viewer), legal=False)  # the terminal numbers the legal actions itself

    def everything(self, game: Game, style: Style) -> str:
        return render_text(game.to_json())

    def position(self, text: str, style: Style) -> str:
        return render_text(text)

    def event(self, event: Event) -> str | None:
        from .text import describe_event  # the terminal's words: not loaded by the web page's boot

        return describe_event(event)

    def ranking(self, game: Game) -> list[str]:
        return [*ranking_lines(game.ranking(), game.scores, self.unit[1]),
                "  (Ties: the first player's token wins, then the closest after it in seat order.)"]


def catalogue() -> dict[str, Any]:
    """Per character value: its ability and when it acts (immediate, end of round, never); the places in
    their end-of-round order with each set's reward tables (3–4 and 5 players); the tie-break."""
    return {
        "cards": {str(v): {"ability": a, "timing": timing(v)} for v, (a, _fr, _en) in CHARACTERS.items()},
        "places": list(PLACES),
        "rewards": {s: {p: {"3-4": list(t34), "5": list(t5)} for p, (t34, t5) in REWARDS[s].items()}
                    for s in SETS},
        "tie_break": {"rule": "seat_from_first", "decision": "SAVANA.md"},
    }


def _start(variant: str, players: int | list[str], seed: int | None, hidden_gold: bool = False) -> Game:
    return _game.new_game(players=players, set=variant, hidden_gold=hidden_gold, seed=seed)


def _make_bot(level: str, seed: int | None = 0, budget_ms: float | None = None,
              iterations: int | None = None, cpu_clock: bool = False) -> Bot:
    if level not in LEVELS:
        raise ValueError(f"level: unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return bots.make_bot(level, seed=seed, budget_ms=budget_ms, iterations=iterations)


# The review's rating → win chance, per player count, for 0, 1, 2 rounds left (D253): fitted on the 10,945
# decisions of 130 bot games (`python -m tabletop.review_fit`, set A). Early in a game of four or five its
# judge's rating says little about who wins (slope 0.05).
REVIEW_CHANCES = {
    3: ((-0.231, 0.928), (-0.443, 0.378), (-0.546, 0.326)),
    4: ((-0.396, 0.825), (-0.765, 0.322), (-1.121, 0.05)),
    5: ((-0.371, 0.863), (-0.725, 0.537), (-1.407, 0.05)),
}

SPEC = GameSpec(
    id="lieux",
    title="Château, Village & Port",
    variant_setting="set",
    variants=tuple(Variant(s, 3, 5, COLOURS) for s in SETS),
    levels=LEVELS,
    start=_start,
    load=_game.load_game,
    make_bot=_make_bot,
    renderer=Text(),
    catalogue=catalogue,
    determinize=lambda view, rng: _game.Game(determinize(view, rng)),
    options=(Option("hidden_gold", False),),
    explainer=_effects,
    tutorial=_tutorial.guide,
    review_iterations=4_000,
    review_scale=1.5,  # its judge is noisier: at 1.5 it grades 2 % of an expert's moves (docs/BOTS.md)
    review_chances=REVIEW_CHANCES,
    settings_of=lambda g: {"set": _own(g).state.set_id, "hidden_gold": _own(g).state.hidden_gold},
)
