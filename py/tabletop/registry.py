"""The games this project knows, and what each one declares about itself (its `GameSpec`).

This module and each game's own package are the only places that name a game: the bridge, the
terminal, the arena and the tests look everything up here. A game's package exposes `SPEC` in its
`spec` module; it is imported the first time the game is asked for, so a page that plays one game
never loads the other.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .jsontext import parse
from .protocol import Bot, Event, Game, View
from .terminal import Style

# id -> the module holding its SPEC. The first is the default game (a position without a format is one).
GAMES: dict[str, str] = {"oriflamme": "oriflamme.spec", "lieux": "lieux.spec"}


@dataclass(frozen=True)
class Variant:
    """An edition (Oriflamme) or a set of place cards (lieux): its players and the colours they take."""

    id: str
    min_players: int
    max_players: int
    colours: tuple[str, ...]

    def catalogue(self) -> dict[str, Any]:
        return {"id": self.id, "players": [self.min_players, self.max_players], "colours": list(self.colours)}


@dataclass(frozen=True)
class Option:
    """A setting besides variant, players and seed (lieux's `hidden_gold`): a JSON type and a default."""

    name: str
    default: bool | str | int

    def check(self, value: Any) -> bool | str | int:
        if value is None:
            return self.default
        if type(value) is not type(self.default):
            kind = {bool: "true or false", str: "a string", int: "a whole number"}[type(self.default)]
            raise ValueError(f"settings.{self.name} must be {kind}")
        return value


class Renderer(Protocol):
    """How a game draws itself as terminal text."""

    counted: ClassVar[dict[str, str]]  # event type -> what `simulate` calls it, for its per-game counts
    unit: ClassVar[tuple[str, str]]  # what a score counts, one and many: ("point", "points")

    def view(self, game: Game, viewer: str | None, style: Style) -> str: ...  # what viewer sees

    def everything(self, game: Game, style: Style) -> str: ...  # every card shown (the end, `show`)

    def position(self, text: str, style: Style) -> str: ...  # a position's JSON, every card shown

    def event(self, event: Event) -> str | None: ...  # one log line (None: nothing worth saying)

    def ranking(self, game: Game) -> list[str]: ...  # the final places, with how ties were broken


class Explainer(Protocol):
    """How a game tells what a move does, as data the page words in the player's language."""

    def describe_move(self, view: View, action: str) -> dict[str, Any]: ...  # only what `view` shows

    # The effects worth telling, in order; with a view, named only as far as that view may know.
    def effects(self, events: list[Event], view: View | None = None) -> list[dict[str, Any]]: ...

    def swing(self, effect: dict[str, Any]) -> int: ...  # points an effect moves between players

    # Each player's cards at the deal, by where they were ("hand", "aside", "pile").
    def held(self, position: dict[str, Any]) -> dict[str, dict[str, list[Any]]]: ...


@dataclass(frozen=True)
class GameSpec:
    """What a game declares about itself: its variants, bot levels, how to start, load and draw it."""

    id: str
    title: str
    variant_setting: str  # the settings key that names the variant ("edition", "set")
    variants: tuple[Variant, ...]
    levels: tuple[str, ...]  # bot levels, weakest first
    start: Callable[..., Game]  # (variant, players: count | colours, seed, **options) -> Game
    load: Callable[[str | dict[str, Any]], Game]  # a position (JSON or parsed); ValueError names a field
    make_bot: Callable[..., Bot]  # (level, seed, budget_ms=None, iterations=None) -> Bot
    renderer: Renderer
    catalogue: Callable[[], dict[str, Any]]  # what the UI shows about cards and rules (JSON-able)
    # A game equal to the viewer's as far as they can tell, hidden cards dealt at random (what the search
    # bots sample; the conformance tests check views never depend on what was dealt).
    determinize: Callable[[View, random.Random], Game]
    options: tuple[Option, ...] = ()
    settings_of: Callable[[Game], dict[str, Any]] = field(default=lambda g: {})  # variant and options
    explainer: Explainer | None = None  # hints that explain, key moments, the review
    # The strongest bot's search iterations for a whole post-game review, shared out among the decisions
    # (a fixed count, not a time, so the same views always get the same review).
    review_iterations: int = 20_000
    # Multiplies the review's loss thresholds: a game whose judging search is noisier needs wider ones.
    review_scale: float = 1.0
    # The review's map from the judge's rating to a win chance: per player count, (a, b) of
    # σ(a + b·logit(rating)) for 0, 1, 2, … rounds left (`tabletop.review_fit`); none: the rating itself.
    review_chances: Mapping[int, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    tutorial: Callable[[], dict[str, Any]] | None = None  # the guided first game: settings and script

    @property
    def default_variant(self) -> str:
        return self.variants[0].id

    def variant(self, vid: str | None) -> Variant:
        for v in self.variants:
            if v.id == (vid or self.default_variant):
                return v
        known = ", ".join(v.id for v in self.variants)
        raise ValueError(f"{self.variant_setting}: unknown {self.variant_setting} {vid!r} (known: {known})")

    def new_game(self, variant: str | None = None, players: int | list[str] = 3, seed: int | None = None,
                 **options: Any) -> Game:
        """A new game; unknown options and out-of-range players are a ValueError naming the setting."""
        known = {o.name: o for o in self.options}
        for name in options:
            if name not in known:
                raise ValueError(f"{name}: unknown option for {self.id}")
        clean = {o.name: o.check(options.get(o.name)) for o in self.options}
        return self.start(self.variant(variant).id, players, seed, **clean)


def get(game_id: str) -> GameSpec:
    """The spec of a game by id; ValueError naming the known ones."""
    module = GAMES.get(game_id) if isinstance(game_id, str) else None
    if module is None:
        raise ValueError(f"game: unknown game {game_id!r} (known: {', '.join(GAMES)})")
    spec: GameSpec = importlib.import_module(module).SPEC
    return spec


def ids() -> tuple[str, ...]:
    return tuple(GAMES)


def default() -> GameSpec:
    return get(next(iter(GAMES)))


def game_of_position(position: str | dict[str, Any]) -> GameSpec:
    """The game a position (its JSON, or that parsed) belongs to, from its `format` ("<game>/<version>")."""
    try:
        d = position if isinstance(position, dict) else parse(position, "position")
        fmt = d.get("format")
    except (ValueError, AttributeError):
        return default()  # that game's loader says what is wrong with the text
    if isinstance(fmt, str) and fmt.split("/")[0] in GAMES:
        return get(fmt.split("/")[0])
    return default()


def load_game(position: str | dict[str, Any]) -> Game:
    """A game of any kind from its position (JSON text, or that text parsed)."""
    return game_of_position(position).load(position)


def catalogue() -> dict[str, Any]:
    """Every game with its variants, options, bot levels and card facts: what the page's menus draw."""
    games = []
    for gid in GAMES:
        spec = get(gid)
        games.append({
            "id": spec.id, "title": spec.title, "variant_setting": spec.variant_setting,
            "variants": [v.catalogue() for v in spec.variants],
            "options": {o.name: o.default for o in spec.options},
            "levels": list(spec.levels), "tutorial": spec.tutorial is not None, **spec.catalogue(),
        })
    return {"games": games}


__all__ = ["GAMES", "Explainer", "GameSpec", "Option", "Renderer", "Variant", "catalogue", "default", "get",
           "ids", "load_game"]
