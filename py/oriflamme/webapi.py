"""The narrow JSON bridge between the browser and the engine (runs in the Pyodide worker).

Every function takes strings and returns a JSON string; nothing here touches the DOM or JS, so the
module is plain Python and is unit-tested in CPython (tests/test_webapi.py). See docs/WEB.md.

One game lives in the module at a time (the worker serves one page). Shapes:

- ``new_game(settings_json)`` → update. Settings:
  ``{"game": "oriflamme", "edition": "retail", "players": 3, "seed": 42,
     "seats": [{"kind": "human"}, {"kind": "bot", "level": "normal"}, ...],
     "colours": ["red", ...] (optional)}``
- ``act(action)`` → update, or ``{"error": ...}`` (nothing changes) — the human to act plays.
- ``bot_step()`` → update — the bot to act chooses from its own view and the legal actions only.
- ``update(viewer)`` → the current update seen by ``viewer``, a human seat (hot-seat hand-over, resume);
  a bot's view is refused. ``scores`` in an update are as the viewer knows them (hidden gold stays hidden).
- ``save()`` → ``{"format": "oriflamme-web-save/1", "settings", "seed", "actions"}``.
- ``load(save_json)`` → update, rebuilt by ``new_game`` and ``play`` of every action (the engine's
  own checks); invalid → ``{"error": ...}`` and the current game is kept.
- ``replay(save_json)`` → ``{"steps": [{"position", "action", "actor", "events", "scores"}, ...]}``
  for a finished game (step 0 is the start, with ``action`` null); refused for a game in progress,
  so a shared link never reveals hidden cards of an unfinished game.
- ``hint()`` → ``{"action": ...}``: what the strongest bot (expert) would play in the place of the human
  to act, from that human's view and the legal actions only (nothing is played); ``{"error": ...}`` when no
  human is to act or the game is over.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import quote
from .jsontext import parse

SAVE_FORMAT = "oriflamme-web-save/1"
BOT_LEVELS = ("random", "easy", "normal", "hard", "expert")
HINT_LEVEL = "expert"  # the hint plays the strongest level
MAX_ACTIONS = 5000  # far above any real game; bounds the work a hostile save can ask for
MAX_SEED = 2**53 - 1  # the largest integer JS passes exactly

JSONDict = dict[str, Any]


class WebError(ValueError):
    """A request from the page that cannot be honoured; reported as {"error": ...}."""


# --- engine access (imported lazily so this module loads even while the engine is partial) ---------


def _engine() -> Any:
    import oriflamme

    return oriflamme


def _illegal_types() -> tuple[type[BaseException], ...]:
    eng = _engine()
    illegal = getattr(eng, "IllegalAction", None)
    types: tuple[type[BaseException], ...] = (ValueError, KeyError, TypeError)
    if isinstance(illegal, type) and issubclass(illegal, BaseException):
        types = (illegal, *types)
    return types


def _redact(events: list[Any], viewer: str | None, game: Any = None) -> list[Any]:
    own = getattr(game, "events_for", None)  # each game redacts its own events (lieux, oriflamme)
    if own is not None:
        return list(own(events, viewer))
    eng = _engine()
    redact = getattr(eng, "redact_events", None)
    if redact is None:  # pragma: no cover - engine always has it
        return []
    return list(redact(events, viewer))


class _RandomBot:
    """Fallback while oriflamme.bots is not available: a seeded uniform choice."""

    def __init__(self, seed: int) -> None:
        import random

        self._rng = random.Random(seed)

    def choose(self, view: Any, legal: list[str]) -> str:
        return self._rng.choice(legal)


def _make_bot(level: str, seed: int, game: str = "oriflamme") -> Any:
    if game == "lieux":
        from oriflamme.lieux.bots import make_bot as make_lieux_bot

        return make_lieux_bot(level, seed=seed)
    try:
        from oriflamme.bots import make_bot
    except ImportError:
        return _RandomBot(seed)
    return make_bot(level, seed=seed)


# --- settings --------------------------------------------------------------------------------------


def _check_settings(raw: Any) -> JSONDict:
    if not isinstance(raw, dict):
        raise WebError("settings must be a JSON object")
    game = raw.get("game", "oriflamme")
    if not isinstance(game, str) or not game:
        raise WebError("settings.game must be a string")
    edition = raw.get("edition")
    if edition is not None and not isinstance(edition, str):
        raise WebError("settings.edition must be a string")
    seats = raw.get("seats")
    players = raw.get("players")
    colours = raw.get("colours")
    if colours is not None:
        if not isinstance(colours, list) or not all(isinstance(c, str) for c in colours):
            raise WebError("settings.colours must be a list of colour names")
        if players is None:
            players = len(colours)
    if players is None and isinstance(seats, list):
        players = len(seats)
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 8:
        raise WebError("settings.players must be a player count")
    if colours is not None and len(colours) != players:
        raise WebError("settings.colours must name one colour per player")
    if seats is None:
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": "normal"}] * (players - 1)
    if not isinstance(seats, list) or len(seats) != players:
        raise WebError("settings.seats must describe every seat")
    clean_seats: list[JSONDict] = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "bot"):
            raise WebError(f"settings.seats[{i}].kind must be 'human' or 'bot'")
        if seat["kind"] == "bot":
            level = seat.get("level", "normal")
            if level not in BOT_LEVELS:
                raise WebError(f"settings.seats[{i}].level must be one of {', '.join(BOT_LEVELS)}")
            clean_seats.append({"kind": "bot", "level": level})
        else:
            clean_seats.append({"kind": "human"})
    seed = raw.get("seed")
    if seed is None:
        # The page draws seeds with crypto.getRandomValues; this fallback reads the OS (in Pyodide:
        # crypto.getRandomValues too), never Python's boot-time RNG state.
        seed = int.from_bytes(os.urandom(4), "big")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise WebError("settings.seed must be a non-negative integer or null")
    out: JSONDict = {"game": game, "players": players, "seed": seed, "seats": clean_seats}
    if edition is not None:
        out["edition"] = edition
    if game == "lieux":  # Château, Village & Port: place set and the hidden-gold variant
        place_set = raw.get("set", "A")
        if not isinstance(place_set, str):
            raise WebError("settings.set must be a string")
        hidden_gold = raw.get("hidden_gold", False)
        if not isinstance(hidden_gold, bool):
            raise WebError("settings.hidden_gold must be true or false")
        out["set"] = place_set
        out["hidden_gold"] = hidden_gold
    if colours is not None:
        out["colours"] = list(colours)
    return out


def _create(settings: JSONDict) -> Any:
    eng = _engine()
    kwargs: JSONDict = {"seed": settings["seed"]}
    if settings.get("edition") is not None:
        kwargs["edition"] = settings["edition"]
    kwargs["players"] = settings.get("colours") or settings["players"]
    if settings["game"] != "oriflamme":
        kwargs["game"] = settings["game"]
    if settings["game"] == "lieux":
        kwargs["set"] = settings["set"]
        kwargs["hidden_gold"] = settings["hidden_gold"]
    return eng.new_game(**kwargs)


# --- the session -------------------------------------------------------------------------------------


@dataclass
class Session:
    settings: JSONDict
    game: Any
    colours: list[str]
    kinds: dict[str, str]
    levels: dict[str, str]
    actions: list[str] = field(default_factory=list)
    bots: dict[str, Any] = field(default_factory=dict)
    viewer: str | None = None

    @classmethod
    def start(cls, settings: JSONDict) -> Session:
        game = _create(settings)
        colours = _seat_colours(game, settings)
        kinds = {c: s["kind"] for c, s in zip(colours, settings["seats"], strict=True)}
        levels = {
            c: s["level"] for c, s in zip(colours, settings["seats"], strict=True) if s["kind"] == "bot"
        }
        session = cls(settings=settings, game=game, colours=colours, kinds=kinds, levels=levels)
        for i, colour in enumerate(colours):
            if colour in levels:
                # One seed per seat, derived from the game's: a replay of the same settings is the same.
                session.bots[colour] = _make_bot(levels[colour], seed=settings["seed"] * 8 + i + 1,
                                                 game=settings["game"])
        humans = [c for c in colours if kinds[c] == "human"]
        session.viewer = humans[0] if humans else None
        session._follow_to_act()
        return session

    def _follow_to_act(self) -> None:
        to_act = self.game.to_act
        if to_act is not None and self.kinds.get(to_act) == "human":
            self.viewer = to_act

    def to_act_kind(self) -> str | None:
        to_act = self.game.to_act
        if to_act is None or self.game.is_over:
            return None
        return self.kinds.get(to_act, "human")

    def play(self, action: str) -> tuple[str | None, list[Any]]:
        actor = self.game.to_act
        events = list(self.game.play(action))
        self.actions.append(action)
        self._follow_to_act()
        return actor, events

    def update(
        self, action: str | None = None, actor: str | None = None, events: list[Any] | None = None,
        viewer: str | None = None,
    ) -> JSONDict:
        game = self.game
        viewer = viewer if viewer is not None else self.viewer
        over = bool(game.is_over)
        to_act = None if over else game.to_act
        legal = list(game.legal_actions()) if (to_act is not None and to_act == viewer) else []
        return {
            "viewer": viewer,
            "view": game.view(viewer),
            "legal": legal,
            "to_act": to_act,
            "to_act_kind": self.to_act_kind(),
            "action": action,
            "actor": actor,
            "events": _redact(events or [], viewer, game),
            "over": over,
            "ranking": game.ranking() if over else None,
            "scores": game.visible_scores(viewer),
            "actions": len(self.actions),
            "seats": self.seats(),
            "settings": self.settings,
        }

    def seats(self) -> list[JSONDict]:
        out: list[JSONDict] = []
        for c in self.colours:
            seat: JSONDict = {"colour": c, "kind": self.kinds[c]}
            if c in self.levels:
                seat["level"] = self.levels[c]
            out.append(seat)
        return out

    def save(self) -> JSONDict:
        return {
            "format": SAVE_FORMAT,
            "settings": self.settings,
            "seed": self.settings["seed"],
            "actions": list(self.actions),
        }


def _seat_colours(game: Any, settings: JSONDict) -> list[str]:
    seats = None
    try:
        seats = game.view(None).get("seats")
    except Exception:
        seats = None
    if not seats:
        seats = getattr(game, "seats", None)
    if not seats:
        raise WebError("the engine did not say which colours sit at the table")
    colours = [str(c) for c in seats]
    if len(colours) != len(settings["seats"]):
        raise WebError("settings.seats does not match the engine's seats")
    return colours


_SESSION: Session | None = None


def _dump(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def _error(message: str) -> str:
    return _dump({"error": message})


def _current() -> Session:
    if _SESSION is None:
        raise WebError("no game: call new_game or load first")
    return _SESSION


def _parse(text: str, what: str) -> Any:
    if not isinstance(text, str):
        raise WebError(f"{what} must be a JSON string")
    if len(text) > 1_000_000:
        raise WebError(f"{what} is too long")
    try:
        return parse(text, what)
    except ValueError as exc:
        raise WebError(str(exc)) from None


def _rebuild(raw: Any) -> Session:
    """A session from a save, replaying every action through the engine's own checks."""
    if not isinstance(raw, dict):
        raise WebError("a save must be a JSON object")
    if raw.get("format") != SAVE_FORMAT:
        raise WebError(f"unknown save format {quote(raw.get('format'))}")
    settings = raw.get("settings")
    if isinstance(settings, dict):
        settings = dict(settings)
        if "seed" in raw:
            settings["seed"] = raw["seed"]
    settings = _check_settings(settings)
    actions = raw.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise WebError("save.actions must be a list of action strings")
    if len(actions) > MAX_ACTIONS:
        raise WebError("save.actions is too long")
    session = Session.start(settings)
    for i, action in enumerate(actions):
        if session.game.is_over:
            raise WebError(f"save.actions[{i}]: the game was already over")
        try:
            session.play(action)
        except _illegal_types() as exc:
            raise WebError(f"save.actions[{i}] {quote(action)}: {exc}") from None
    return session


# --- the exported functions (strings in, JSON strings out) -------------------------------------------


def ping() -> str:
    return _dump({"ok": True, "engine": "oriflamme"})


def _install(make: Callable[[], Session], failure: str) -> str:
    """Make the current session, or report why not and keep the one there was."""
    global _SESSION
    try:
        session = make()
    except WebError as exc:
        return _error(str(exc))
    except _illegal_types() as exc:
        return _error(f"{failure}: {exc}")
    _SESSION = session
    return _dump(session.update())


def new_game(settings_json: str) -> str:
    return _install(lambda: Session.start(_check_settings(_parse(settings_json, "settings"))),
                    "cannot start this game")


def act(action: str) -> str:
    try:
        session = _current()
        if not isinstance(action, str):
            raise WebError("an action is a string")
        if session.to_act_kind() != "human":
            raise WebError("it is not a human's turn")
        try:
            actor, events = session.play(action)
        except _illegal_types() as exc:
            raise WebError(str(exc) or f"illegal action {quote(action)}") from None
    except WebError as exc:
        return _error(str(exc))
    return _dump(session.update(action, actor, events))


def bot_step() -> str:
    try:
        session = _current()
        if session.to_act_kind() != "bot":
            raise WebError("it is not a bot's turn")
        colour = session.game.to_act
        legal = list(session.game.legal_actions())
        choice = session.bots[colour].choose(session.game.view(colour), legal)
        if choice not in legal:
            raise WebError(f"bot {colour} chose an illegal action {quote(choice)}")
        actor, events = session.play(choice)
    except WebError as exc:
        return _error(str(exc))
    return _dump(session.update(choice, actor, events))


HINT_BUDGET_MS = 600


def hint() -> str:
    """The strongest bot's choice for the human to act, from that human's view only; plays nothing."""
    try:
        session = _current()
        game = session.game
        if game.is_over:
            raise WebError("the game is over")
        if session.to_act_kind() != "human":
            raise WebError("it is not a human's turn")
        colour = game.to_act
        legal = list(game.legal_actions())
        seed = session.settings["seed"] * 8 + 7919 * (len(session.actions) + 1)
        bot: Any
        if session.settings["game"] == "lieux":
            from oriflamme.lieux.bots import make_bot as make_lieux_bot

            bot = make_lieux_bot(HINT_LEVEL, seed=seed, budget_ms=HINT_BUDGET_MS)
        else:
            from oriflamme.bots import make_bot

            bot = make_bot(HINT_LEVEL, seed=seed, budget_ms=HINT_BUDGET_MS)
        choice = bot.choose(game.view(colour), legal)
        if choice not in legal:
            raise WebError(f"the hint {quote(choice)} is not a legal action")
    except WebError as exc:
        return _error(str(exc))
    return _dump({"action": choice, "colour": colour})


def update(viewer: str | None = None) -> str:
    try:
        session = _current()
        if viewer is not None and viewer not in session.colours:
            raise WebError(f"unknown colour {quote(viewer)}")
        if viewer is not None and session.kinds[viewer] != "human":
            raise WebError(f"{viewer} is a bot: only a human's view is shown")
    except WebError as exc:
        return _error(str(exc))
    return _dump(session.update(viewer=viewer))


def save() -> str:
    try:
        return _dump(_current().save())
    except WebError as exc:
        return _error(str(exc))


def load(save_json: str) -> str:
    return _install(lambda: _rebuild(_parse(save_json, "save")), "invalid save")


def replay(save_json: str) -> str:
    """Every full position of a finished game, for the replay viewer (all cards revealed)."""
    try:
        raw = _parse(save_json, "save")
        session = _rebuild(raw)
        if not session.game.is_over:
            raise WebError("only a finished game can be replayed")
        actions = session.actions
        fresh = Session.start(session.settings)
        steps: list[JSONDict] = [
            {"position": json.loads(fresh.game.to_json()), "action": None, "actor": None, "events": [],
             "scores": dict(fresh.game.scores)}
        ]
        for action in actions:
            actor, events = fresh.play(action)
            steps.append(
                {"position": json.loads(fresh.game.to_json()), "action": action, "actor": actor,
                 "events": events, "scores": dict(fresh.game.scores)}
            )
        result = {"steps": steps, "ranking": fresh.game.ranking(), "settings": session.settings,
                  "seats": session.seats()}
    except WebError as exc:
        return _error(str(exc))
    except _illegal_types() as exc:
        return _error(f"invalid save: {exc}")
    return _dump(result)


__all__ = ["act", "bot_step", "hint", "load", "new_game", "ping", "replay", "save", "update"]
