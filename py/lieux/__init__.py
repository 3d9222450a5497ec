"""Château, Village & Port (game id "lieux"): the second game of the rulebooks (SAVANA.md)."""

from __future__ import annotations

from tabletop.errors import IllegalAction

from .game import Game, load_game, new_game, replay
from .render import render_text
from .view import redact_events

GAME_ID = "lieux"

__all__ = [
    "GAME_ID", "Game", "IllegalAction", "load_game", "new_game", "redact_events", "render_text", "replay",
]
