"""The game-agnostic glue the commands need: start a game of either kind, draw it, redact its events."""

from __future__ import annotations

import importlib
from typing import Any

from .. import game as oriflamme_game
from ..editions import get_edition
from ..view import redact_events as oriflamme_redact
from .textview import Style, describe_event, render_view

GAMES = ("oriflamme", "lieux")
LIEUX_COLOURS = ("red", "blue", "green", "yellow", "black")


def lieux_module() -> Any:
    return importlib.import_module("oriflamme.lieux")


def seat_colours(game: str, edition: str, players: int, colour: str | None) -> list[str]:
    """Seats in order; `colour` (the human's) takes the first seat's place if it is not among them."""
    colours = LIEUX_COLOURS if game == "lieux" else get_edition(edition).colours
    if colour is not None and colour not in colours:
        raise ValueError(f"--colour: {colour!r} is not a colour of this game ({', '.join(colours)})")
    if not 1 <= players <= len(colours):
        raise ValueError(f"players: this game has colours for at most {len(colours)} players, not {players}")
    seats = list(colours[:players])
    if colour is not None and colour not in seats and players >= 1:
        seats[0] = colour
    return seats


def start(game: str, edition: str, seats: list[str], seed: int | None, lieux_set: str = "A") -> Any:
    if game == "lieux":
        return oriflamme_game.new_game(game="lieux", players=seats, seed=seed, set=lieux_set)
    return oriflamme_game.new_game(edition=edition, players=seats, seed=seed)


def start_events(g: Any) -> list[dict[str, Any]]:
    return list(getattr(g, "start_events", []))


def redact(g: Any, events: list[dict[str, Any]], colour: str | None) -> list[dict[str, Any]]:
    if g.game == "lieux":
        return list(lieux_module().redact_events(events, colour))
    return oriflamme_redact(events, colour)


def draw(g: Any, viewer: str | None, style: Style) -> str:
    """What `viewer` sees of the table (None: a spectator)."""
    if g.game == "lieux":
        return str(lieux_module().render_text(g.view(viewer)))
    return render_view(g.view(viewer), style)


def draw_all(g: Any, style: Style) -> str:
    """Everything, hidden cards included (the end of the game, `show`)."""
    if g.game == "lieux":
        return str(lieux_module().render_text(g.to_json()))
    import json
    data = json.loads(g.to_json())
    v = g.view(None)
    v["queue"] = data["queue"]
    return render_view(v, style, hands=data["hands"], asides=data["aside"])


def log_lines(events: list[dict[str, Any]], game: str = "oriflamme") -> list[str]:
    return [line for line in (describe_event(e, game) for e in events) if line]


def queue_counts(g: Any) -> dict[str, int]:
    if g.game == "lieux":
        return {}
    counts = dict.fromkeys(g.seats, 0)
    for stack in g.view(None)["queue"]:
        for card in stack:
            counts[card["owner"]] += 1
    return counts
