"""Oriflamme as the registry sees it (`tabletop.registry`): editions, bots, terminal text, card facts."""

from __future__ import annotations

import json
from typing import Any, ClassVar

from tabletop.protocol import Bot, Event, Game
from tabletop.registry import GameSpec, Variant
from tabletop.terminal import Style

from . import bots
from . import effects as _effects
from . import game as _game
from . import text as _text  # (the module: only the terminal draws text, so the web's boot skips it)
from . import tutorial as _tutorial
from .bots.simple import FixedBot
from .editions import EDITIONS, ONE_SHOT
from .sampling import determinize


def _own(g: Game) -> _game.Game:
    assert isinstance(g, _game.Game), g  # the registry hands a spec only its own games
    return g


class Text:
    """Oriflamme in the terminal (`oriflamme.text` draws views; this picks what to draw)."""
    counted: ClassVar[dict[str, str]] = {
        "revealed": "cards revealed", "stayed": "stays (face down)", "eliminated": "eliminations",
        "discarded": "discards", "moved": "decree moves", "stolen": "spy steals",
        "copied": "shapeshifter copies", "ambushed": "ambushes sprung"}
    unit: ClassVar[tuple[str, str]] = ("point", "points")

    def view(self, game: Game, viewer: str | None, style: Style) -> str:
        return _text.render_view(game.view(viewer), style)

    def everything(self, game: Game, style: Style) -> str:
        data = json.loads(game.to_json())
        v = game.view(None)
        v["queue"] = data["queue"]
        return _text.render_view(v, style, hands=data["hands"], asides=data["aside"])

    def position(self, text: str, style: Style) -> str:
        # Drawn as written (loading may already resolve automatic effects at the cursor); the decision
        # is that of the loaded game.
        g = _game.load_game(text)
        data = json.loads(text)
        v = g.view(None)
        for key in ("queue", "scores", "discard", "round", "first", "direction", "phase"):
            v[key] = data[key]
        v["hand_sizes"] = {c: len(h) for c, h in data["hands"].items()}
        v["cursor"] = data.get("cursor")
        return _text.render_view(v, style, hands=data["hands"], asides=data["aside"])

    def event(self, event: Event) -> str | None:
        return _text.describe_event(event)

    def ranking(self, game: Game) -> list[str]:
        view = game.view(None)
        view["ranking"], view["scores"] = game.ranking(), game.scores
        return _text.tie_break_lines(view, _own(game).tie_break()["values"])


def catalogue() -> dict[str, Any]:
    """Per edition: its cards in family order and whether face-down cards gain tokens; per card: whether
    it leaves the queue after its effect (one-shot) or stays; the tie-break rule (D8)."""
    cards = sorted({c for ed in EDITIONS.values() for c in ed.family})
    return {
        "editions": {e.id: {"cards": list(e.family), "tokens": e.tokens, "rounds": e.rounds}
                     for e in EDITIONS.values()},
        "cards": {c: {"timing": "one_shot" if c in ONE_SHOT else "lasting"} for c in cards},
        "tie_break": {"rule": "queue_cards", "decision": "D8"},
    }


def _start(variant: str, players: int | list[str], seed: int | None) -> Game:
    return _game.new_game(edition=variant, players=players, seed=seed)


def _guide() -> dict[str, Any]:
    # (the tutorial's module runs at the first guided game, not when the spec is made: D224)
    return _tutorial.guide()


def _make_bot(level: str, seed: int | None = 0, budget_ms: float | None = None,
              iterations: int | None = None, cpu_clock: bool = False) -> Bot:
    """Every level of `bots.make_bot`, and the arena's fixed strategies (`fixed-stay`, `fixed-first`)."""
    if level.startswith("fixed-"):
        return FixedBot(level.removeprefix("fixed-"), 0 if seed is None else seed)
    clock = {"cpu_clock": True} if cpu_clock else {}  # the arena's equal-CPU matches only
    return bots.make_bot(level, seed=seed, budget_ms=budget_ms, iterations=iterations, **clock)


# The review's rating → win chance, per player count, for 0, 1, 2, … rounds left (D253): fitted on the 19,898
# decisions of 390 bot games (`python -m tabletop.review_fit`; retail 3–5 players, the prototype's two).
REVIEW_CHANCES = {
    2: ((-0.69, 1.508), (-0.646, 1.536), (-0.78, 1.353), (-0.562, 1.539), (-0.705, 1.604), (-0.488, 1.594),
        (-0.31, 1.533)),
    3: ((-0.54, 1.172), (-0.611, 0.899), (-0.69, 0.702), (-0.63, 0.562), (-0.653, 0.458), (-0.683, 0.361)),
    4: ((-0.533, 1.189), (-0.733, 0.802), (-0.835, 0.617), (-0.848, 0.613), (-0.94, 0.588), (-0.914, 0.674)),
    5: ((-0.646, 0.88), (-0.619, 1.088), (-0.789, 0.525), (-0.948, 0.464), (-1.142, 0.34), (-1.221, 0.309)),
}

SPEC = GameSpec(
    id="oriflamme",
    title="Oriflamme",
    variant_setting="edition",
    variants=tuple(Variant(e.id, e.min_players, e.max_players, e.colours) for e in EDITIONS.values()),
    levels=bots.LEVELS,
    start=_start,
    load=_game.load_game,
    make_bot=_make_bot,
    renderer=Text(),
    catalogue=catalogue,
    determinize=lambda view, rng: _game.Game(determinize(view, rng)),
    explainer=_effects,
    tutorial=_guide,
    review_iterations=12_000,
    review_chances=REVIEW_CHANCES,
    settings_of=lambda g: {"edition": _own(g).edition},
)
