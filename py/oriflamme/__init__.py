"""Oriflamme rules engine: every edition of our rulebooks, with text notation and per-player views."""

from tabletop.errors import IllegalAction

from .game import Game, load_game, new_game, replay
from .view import redact_events

__all__ = ["Game", "IllegalAction", "load_game", "new_game", "redact_events", "replay"]
