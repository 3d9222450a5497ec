"""The public string API of NOTATION.md: `new_game`, `load_game`, `Game`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.errors import IllegalAction, check_seed, not_text
from tabletop.jsontext import parse
from tabletop.rng import below, shuffle

from . import engine, position
from .actions import TEXTS, explain, to_text
from .editions import get_edition
from .state import OVER, PLACEMENT, State
from .view import redact_events, view


class Game:
    """An Oriflamme game. Wraps a plain `State`; `state` is the fast path that bots and search use."""

    game = "oriflamme"

    def __init__(self, state: State, composed: bool = False) -> None:
        self.state = state
        self.composed = composed  # loaded from a composed position (D36): its JSON says so too
        self._legal: Sequence[str] | None = None
        self._moves: Sequence[engine.Move] = ()

    # ---- reading
    @property
    def to_act(self) -> str | None:
        return self.state.to_act

    @property
    def is_over(self) -> bool:
        return self.state.phase == OVER

    @property
    def scores(self) -> dict[str, int]:
        return dict(self.state.scores)

    @property
    def edition(self) -> str:
        return self.state.ed.id

    @property
    def seats(self) -> list[str]:
        return list(self.state.seats)

    def ranking(self) -> list[list[str]]:
        return engine.ranking(self.state)

    def tie_break(self) -> dict[str, Any]:
        """How ties on score are broken (D8): each family's cards left in the queue, covered ones too."""
        s = self.state
        return {"rule": "queue_cards", "values": {c: engine.queue_count(s, c) for c in s.seats}}

    def legal_actions(self) -> list[str]:
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> Sequence[str]:
        self._moves = moves = engine.legal_moves(self.state)
        legal: list[str]
        try:  # memoised strings (every placement is named in advance), without a Python-level loop
            legal = list(map(TEXTS.__getitem__, moves))
        except KeyError:
            legal = [to_text(m) for m in moves]
        self._legal = legal
        return legal

    @property
    def start_events(self) -> list[dict[str, Any]]:
        return []  # setting up draws and deals in silence: the first event is the first placement

    def view(self, colour: str | None) -> dict[str, Any]:
        return view(self.state, colour)

    def visible_scores(self, colour: str | None) -> dict[str, int]:
        """The scores as `colour` knows them: Oriflamme's are public."""
        return dict(self.state.scores)

    def to_json(self) -> str:
        return position.dumps(self.state, self.composed)

    def clone(self) -> Game:
        return Game(self.state.clone(), self.composed)

    # ---- acting
    def play(self, action: str) -> list[dict[str, Any]]:
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        try:
            i = legal.index(action)  # the exact text of a legal action, nothing normalised (D35)
        except ValueError:
            why = not_text(action, legal) or explain(self.state, action, list(legal))
            raise IllegalAction(action, why) from None
        events: list[dict[str, Any]] = []
        engine.apply(self.state, self._moves[i], events)
        self._legal = None
        return events

    def events_for(self, events: list[dict[str, Any]], colour: str | None) -> list[dict[str, Any]]:
        return redact_events(events, colour)


def new_game(edition: str = "retail", players: int | list[str] = 3, seed: int | None = None) -> Game:
    """A new game, set up from `seed` (random when None)."""
    ed = get_edition(edition)
    if isinstance(players, int) and not isinstance(players, bool):
        if not ed.min_players <= players <= ed.max_players:
            raise ValueError(f"players: {ed.id} is for {ed.min_players}–{ed.max_players} players")
        seats = list(ed.colours[:players])
    elif isinstance(players, list):
        seats = list(players)
        if len(set(seats)) != len(seats) or not all(c in ed.colours for c in seats):
            raise ValueError(f"players: expected distinct colours among {list(ed.colours)}")
        if not ed.min_players <= len(seats) <= ed.max_players:
            raise ValueError(f"players: {ed.id} is for {ed.min_players}–{ed.max_players} players")
    else:
        raise ValueError("players: expected a count or a list of colours")
    if seed is None:
        import random
        seed = random.SystemRandom().getrandbits(63)
    check_seed(seed)
    return Game(_setup(ed.id, seats, seed))


def _setup(edition: str, seats: list[str], seed: int) -> State:
    ed = get_edition(edition)
    s = State.__new__(State)
    s.ed, s.seats, s.seed = ed, seats, seed
    rng = seed
    s.hands, s.aside = {}, {}
    per = ed.families_per_player(len(seats))
    keep = ed.aside_per_family(len(seats))
    for c in seats:
        s.hands[c], s.aside[c] = [], []
        for _ in range(per):
            cards = list(ed.family)
            rng = shuffle(rng, cards)
            s.aside[c] += cards[:keep]
            s.hands[c] += cards[keep:]
    rng, s.first = below(rng, len(seats))
    rng, d = below(rng, 2)
    s.direction = ("ltr", "rtl")[d]
    s.rng = rng
    s.round, s.phase, s.placed, s.cursor = 1, PLACEMENT, 0, 0
    s.scores = {c: 1 for c in seats}
    s.discard = {c: [] for c in seats}
    s.queue = []
    s.pending, s.depth, s.take_tokens, s.gone, s.to_act = None, 0, False, False, None
    engine.advance(s, None)
    return s


def load_game(text: str | dict[str, Any]) -> Game:
    """A game from a position (its JSON text, or that text parsed); ValueError naming the field when it is
    malformed."""
    d = text if isinstance(text, dict) else parse(text, "position")
    return Game(position.from_data(d), composed=d.get("composed") is True)


def replay(edition: str, players: int | list[str], seed: int, actions: list[str]) -> Game:
    """Replay as a fold over the action log."""
    g = new_game(edition=edition, players=players, seed=seed)
    for a in actions:
        g.play(a)
    return g
