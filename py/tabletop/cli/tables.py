"""What the commands need of a game, looked up in the registry: start it, seat it, draw it, tell it."""

from __future__ import annotations

from typing import Any

from .. import registry
from ..protocol import Event, Game
from ..terminal import Style


def seat_colours(game: str, variant: str | None, players: int, colour: str | None) -> list[str]:
    """Seats in order; `colour` (the human's) takes the first seat's place if it is not among them."""
    colours = registry.get(game).variant(variant).colours
    if colour is not None and colour not in colours:
        raise ValueError(f"--colour: {colour!r} is not a colour of this game ({', '.join(colours)})")
    if not 1 <= players <= len(colours):
        raise ValueError(f"players: this game has colours for at most {len(colours)} players, not {players}")
    seats = list(colours[:players])
    if colour is not None and colour not in seats:
        seats[0] = colour
    return seats


def start(game: str, variant: str | None, seats: list[str], seed: int | None, **options: Any) -> Game:
    return registry.get(game).new_game(variant, seats, seed, **options)


def title(g: Game) -> str:
    """`Oriflamme (retail)`, `Château, Village & Port (A)`."""
    spec = registry.get(g.game)
    variant = registry.get(g.game).settings_of(g).get(spec.variant_setting)
    return f"{spec.title} ({variant})" if variant else spec.title


def draw(g: Game, viewer: str | None, style: Style) -> str:
    """What `viewer` sees of the table (None: a spectator)."""
    return registry.get(g.game).renderer.view(g, viewer, style)


def draw_all(g: Game, style: Style) -> str:
    """Everything, hidden cards included (the end of the game)."""
    return registry.get(g.game).renderer.everything(g, style)


def log_lines(g: Game, events: list[Event], viewer: str | None) -> list[str]:
    """The events as `viewer` may see them, in words."""
    say = registry.get(g.game).renderer.event
    return [line for line in (say(e) for e in g.events_for(events, viewer)) if line]


def ranking_lines(g: Game) -> list[str]:
    return registry.get(g.game).renderer.ranking(g)
