"""What every game here shares: the game protocol, the registry of games, the seeded RNG, errors, the
search core, the arena, the terminal front end and the browser bridge. Nothing in it names a game
except `registry.GAMES`."""

from .errors import IllegalAction
from .registry import GameSpec, get, ids, load_game

__all__ = ["GameSpec", "IllegalAction", "get", "ids", "load_game"]
