"""The Game object: the game-agnostic protocol over a State."""

from __future__ import annotations

import secrets
from typing import Any

from tabletop import rng
from tabletop.errors import IllegalAction, check_seed, not_text, quote

from .cards import COLOURS, HAND_SIZE, PLACES, SETS, START_GOLD, VALUES
from .notation import from_json, from_position, to_json, to_position
from .rules import Event, advance, apply, effect_actions, ranking, to_act
from .rules import legal_actions as _legal
from .state import State
from .view import redact_events as _redact
from .view import view as _view
from .view import visible_gold


class Game:
    """A game of Château, Village & Port."""

    game = "lieux"

    def __init__(self, state: State, start_events: list[Event] | None = None) -> None:
        self._s = state
        self.start_events: list[Event] = start_events or []

    # -- protocol -------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live state (read it; change it only through play)."""
        return self._s

    @property
    def to_act(self) -> str | None:
        return to_act(self._s)

    @property
    def seats(self) -> list[str]:
        return list(self._s.seats)

    @property
    def is_over(self) -> bool:
        return self._s.phase == "over"

    @property
    def scores(self) -> dict[str, int]:
        return dict(self._s.gold)

    def ranking(self) -> list[list[str]]:
        return ranking(self._s)

    def tie_break(self) -> dict[str, Any]:
        """How ties on gold are broken: each player's distance in seat order from the first player's
        token (0: the holder, who wins a tie)."""
        return {"rule": "seat_from_first", "values": {c: i for i, c in enumerate(self._s.order())}}

    def legal_actions(self) -> list[str]:
        return _legal(self._s)

    def play(self, action: str) -> list[Event]:
        legal = _legal(self._s)
        if action not in legal:  # the exact text of a legal action, nothing normalised (D35)
            raise IllegalAction(action, not_text(action, legal) or explain(self._s, action, legal))
        s = self._s.clone()
        events = apply(s, action)
        self._s = s
        return events

    def view(self, colour: str | None) -> dict[str, Any]:
        if colour is not None and colour not in self._s.seats:
            raise ValueError(f"{quote(colour)} is not seated")
        return _view(self._s, colour)

    def visible_scores(self, colour: str | None) -> dict[str, int | None]:
        """The scores (gold) as `colour` knows them (None: a spectator)."""
        return visible_gold(self._s, colour)

    def redact_events(self, events: list[Event], colour: str | None) -> list[Event]:
        return _redact(events, colour)

    events_for = redact_events  # the name Oriflamme's Game uses

    @property
    def options(self) -> dict[str, Any]:
        """The options the game was started with (besides players and seed)."""
        return {"set": self._s.set_id, "hidden_gold": self._s.hidden_gold}

    def to_position(self) -> dict[str, Any]:
        return to_position(self._s, self.to_act)

    def to_json(self) -> str:
        return to_json(self._s, self.to_act)

    def clone(self) -> Game:
        return Game(self._s.clone())

    def __repr__(self) -> str:
        s = self._s
        return f"<lieux Game set {s.set_id} round {s.round} turn {s.turn} {s.phase}, to act: {self.to_act}>"


def explain(s: State, action: str, legal: list[str]) -> str:
    """Why `action` is not legal now."""
    if s.phase == "over":
        return "the game is over"
    who = to_act(s)
    t = action.split()
    verb = t[0] if t else ""
    if s.pending is not None:
        p = s.pending
        asked = {"guard": "move", "bard": "move", "thief": "target", "courtesan": "target",
                 "strategist": "target", "alchemist": "copy", "warrior": "discard"}[p.ability]
        if verb != asked:
            return f"{who} must resolve the {p.ability}'s effect with '{asked} …'"
        return f"not a legal {p.ability} choice; legal: {', '.join(legal)}"
    if s.phase == "select":
        if verb != "select":
            return f"every player first selects a card: {who} must 'select VALUE'"
        if len(t) != 2 or not t[1].isdigit():
            return "expected 'select VALUE'"
        return f"{quote(t[1])} is not in {who}'s hand"
    if verb != "put":
        return f"{who} must put their selected card: 'put VALUE PLACE'"
    v = s.selected[who] if who else None
    if len(t) < 3 or t[1] != str(v):
        return f"{who}'s selected card is {v}"
    if t[2] not in PLACES:
        return f"unknown place {quote(t[2])} (places: {', '.join(PLACES)})"
    if who in s.forced and t[2] != s.forced[who]:
        return f"a Strategist forces {who} to put their card in {s.forced[who]}"
    sides = [a.split()[3] for a in legal if a.split()[2] == t[2] and len(a.split()) > 3]
    if sides and len(t) == 3:
        return f"{t[2]} holds a card of value {v}: say 'left' or 'right'"
    if not sides and len(t) > 3:
        return f"{t[2]} holds no card of value {v}: no side to choose"
    return f"legal: {', '.join(legal)}"


def new_game(players: int | list[str] = 3, set: str = "A", hidden_gold: bool = False,
             seed: int | None = None) -> Game:
    """A new game: 3 to 5 players (a count or colours in seat order), place cards of set A, B or C."""
    if isinstance(players, int):
        if not 3 <= players <= 5:
            raise ValueError(f"players: 3 to 5, got {players}")
        seats = list(COLOURS[:players])
    elif isinstance(players, list):
        seats = list(players)
        if not 3 <= len(seats) <= 5 or len({*seats}) != len(seats) or any(c not in COLOURS for c in seats):
            raise ValueError(f"players: 3 to 5 distinct colours among {list(COLOURS)}, got {seats}")
    else:
        raise ValueError("players: expected a count or a list of colours")
    if not isinstance(set, str) or set not in SETS:
        raise ValueError(f"set: expected one of {list(SETS)}, got {quote(set)}")
    if not isinstance(hidden_gold, bool):
        raise ValueError("hidden_gold: expected true or false")
    check_seed(seed)
    state = (secrets.randbits(64) if seed is None else seed) & rng.MASK
    piles: dict[str, list[int]] = {}
    hands: dict[str, list[int]] = {}
    for c in seats:
        pile = list(VALUES)
        state = rng.shuffle(state, pile)
        hands[c] = sorted(pile[:HAND_SIZE], reverse=True)
        piles[c] = pile[HAND_SIZE:]
    state, k = rng.below(state, len(seats))
    s = State(
        set_id=set, hidden_gold=bool(hidden_gold), seats=seats, round=1, turn=1, first=seats[k],
        phase="select", gold=dict.fromkeys(seats, START_GOLD), hands=hands, piles=piles,
        discard={c: [] for c in seats}, selected=dict.fromkeys(seats), forced={}, rng=state,
    )
    events: list[Event] = [
        {"type": "round_started", "round": 1, "first": s.first},
        {"type": "turn_started", "round": 1, "turn": 1, "first": s.first},
    ]
    advance(s, events)
    return Game(s, events)


def replay(players: int | list[str], seed: int, actions: list[str], set: str = "A",
           hidden_gold: bool = False) -> Game:
    """The game reached by playing `actions` from the start given by the seed (IllegalAction if one is not
    legal)."""
    g = new_game(players=players, set=set, hidden_gold=hidden_gold, seed=seed)
    for a in actions:
        g.play(a)
    return g


def load_game(text: str | dict[str, Any]) -> Game:
    """A Game from a position (JSON text or the parsed dict); ValueError names a bad field."""
    s = from_position(text) if isinstance(text, dict) else from_json(text)
    if s.pending is not None and not effect_actions(s, s.pending):
        raise ValueError(f"pending: the {s.pending.ability}'s effect has no legal choice here")
    events: list[Event] = []
    advance(s, events)
    return Game(s, events)
