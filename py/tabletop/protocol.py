"""What every game offers the shared code: the game object, its bots, and the shapes they exchange.

Both games implement `Game` structurally (no base class): the bridge, the terminal, the arena and the
conformance tests reach a game only through these members, and a game's bots only through `Bot`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

Event = dict[str, Any]  # one entry of the game's log: {"type": ..., ...}, JSON-able
View = dict[str, Any]  # what one player (or a spectator, None) may see: JSON-able, no hidden card


class Game(Protocol):
    """One game in progress. Actions are the game's text notation; positions its JSON."""

    game: str  # the registry id

    @property
    def to_act(self) -> str | None: ...  # the colour whose decision it is (None once over)

    @property
    def is_over(self) -> bool: ...

    @property
    def seats(self) -> list[str]: ...  # colours in seat order

    @property
    def scores(self) -> dict[str, int]: ...

    def visible_scores(self, colour: str | None) -> Mapping[str, int | None]: ...  # as that player knows them

    @property
    def start_events(self) -> list[Event]: ...  # what happened while setting up (before any action)

    def ranking(self) -> list[list[str]]: ...  # places, best first; a tie shares a place

    def tie_break(self) -> dict[str, Any]: ...  # how ties on score fall: {"rule", "values": {colour: n}}

    def legal_actions(self) -> list[str]: ...

    def play(self, action: str) -> list[Event]: ...  # IllegalAction (and no change) if not legal

    def view(self, colour: str | None) -> View: ...

    def events_for(self, events: list[Event], colour: str | None) -> list[Event]: ...  # redacted

    def to_json(self) -> str: ...  # the whole position, hidden cards included

    def clone(self) -> Game: ...


class Bot(Protocol):
    """A player that sees only its own view and the legal actions."""

    level: str

    def choose(self, view: View, legal_actions: list[str]) -> str: ...
