"""The JSON bridge between the browser and the engines: strings in, JSON strings out.

Nothing here touches the DOM or JS, so the module is plain Python, unit-tested in CPython
(tests/test_bridge.py, tests/test_conformance.py). One game lives in the worker at a time. Shapes
(docs/WEB.md):

- ``catalogue()`` → the games, their variants (player ranges, colours), options, bot levels and the
  card facts and tie-break rule the UI shows (`tabletop.registry.catalogue`).
- ``new_game(settings_json)`` → update (its events are the game's opening events). Settings:
  ``{"game": "oriflamme", "edition": "retail", "players": 3, "seed": 42,
     "seats": [{"kind": "human"}, {"kind": "bot", "level": "normal"}, ...], "colours": [...]}``;
  the variant's key and the options are the game's own (lieux: ``"set"``, ``"hidden_gold"``).
- ``act(action)`` → update, or ``{"error": ...}`` (nothing changes) — the human to act plays.
- ``bot_step()`` → update — the bot to act chooses from its own view and the legal actions only.
- ``update(viewer)`` → the current update seen by ``viewer``, a human seat (hot-seat hand-over, resume);
  a bot's view is refused. ``scores`` in an update are as the viewer knows them (hidden gold stays hidden).
- ``log(viewer)`` → ``{"viewer", "entries": [{"action", "actor", "events"}, ...]}``: the whole log as
  ``viewer`` (a human seat, or null) may read it (entry 0: the opening events, ``action`` null).
- ``save()`` → ``{"format": "oriflamme-web-save/1", "settings", "seed", "actions"}``.
- ``load(save_json)`` → update, rebuilt by replaying every action (the engine's own checks); invalid →
  ``{"error": ...}`` and the current game is kept.
- ``replay(save_json)`` → ``{"steps": [{"position", "action", "actor", "events", "scores"}, ...]}`` for a
  finished game only.
- ``hint()`` → ``{"action", "colour"}``: the strongest bot's choice (the game's last level) for the human
  to act, from that human's view and the legal actions only (nothing is played).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .. import registry
from ..errors import IllegalAction, quote
from ..jsontext import parse
from . import saves
from .session import Session, WebError, check_settings

SAVE_FORMAT = saves.SAVE_FORMAT
HINT_BUDGET_MS = 600
MAX_TEXT = 1_000_000

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
    try:
        return parse(text, what, max_chars=MAX_TEXT)
    except ValueError as exc:
        raise WebError(str(exc)) from None


def _install(make: Callable[[], Session], failure: str) -> str:
    """Make the current session, or report why not and keep the one there was."""
    global _SESSION
    try:
        session = make()
    except WebError as exc:
        return _error(str(exc))
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        return _error(f"{failure}: {exc}")
    _SESSION = session
    _, _, opening = session.history[0]
    return _dump(session.update(events=opening if not session.actions else None))


# --- the exported functions ---------------------------------------------------------------------------


def ping() -> str:
    return _dump({"ok": True, "engine": "tabletop", "games": list(registry.ids())})


def catalogue() -> str:
    return _dump(registry.catalogue())


def new_game(settings_json: str) -> str:
    return _install(lambda: Session.start(check_settings(_parse(settings_json, "settings"))),
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
        except (IllegalAction, ValueError) as exc:
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
        assert colour is not None
        legal = list(session.game.legal_actions())
        choice = session.bots[colour].choose(session.game.view(colour), legal)
        if choice not in legal:
            raise WebError(f"bot {colour} chose an illegal action {quote(choice)}")
        actor, events = session.play(choice)
    except WebError as exc:
        return _error(str(exc))
    return _dump(session.update(choice, actor, events))


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
        spec = registry.get(session.settings["game"])
        bot = spec.make_bot(spec.levels[-1], seed=seed, budget_ms=HINT_BUDGET_MS)  # the strongest level
        choice = bot.choose(game.view(colour), legal)
        if choice not in legal:
            raise WebError(f"the hint {quote(choice)} is not a legal action")
    except WebError as exc:
        return _error(str(exc))
    return _dump({"action": choice, "colour": colour})


def _viewer(session: Session, viewer: str | None) -> str | None:
    """A human seat (or None, a spectator): a bot's view is never shown."""
    if viewer is not None and viewer not in session.colours:
        raise WebError(f"unknown colour {quote(viewer)}")
    if viewer is not None and session.kinds[viewer] != "human":
        raise WebError(f"{viewer} is a bot: only a human's view is shown")
    return viewer


def update(viewer: str | None = None) -> str:
    try:
        session = _current()
        viewer = _viewer(session, viewer)
    except WebError as exc:
        return _error(str(exc))
    return _dump(session.update(viewer=viewer))


def log(viewer: str | None = None) -> str:
    try:
        session = _current()
        viewer = _viewer(session, viewer)
    except WebError as exc:
        return _error(str(exc))
    return _dump({"viewer": viewer, "entries": session.log(viewer)})


def save() -> str:
    try:
        return _dump(saves.save(_current()))
    except WebError as exc:
        return _error(str(exc))


def load(save_json: str) -> str:
    return _install(lambda: saves.rebuild(_parse(save_json, "save")), "invalid save")


def replay(save_json: str) -> str:
    """Every full position of a finished game, for the replay viewer (all cards revealed)."""
    try:
        return _dump(saves.replay(_parse(save_json, "save")))
    except WebError as exc:
        return _error(str(exc))
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        return _error(f"invalid save: {exc}")


EXPORTS = ("act", "bot_step", "catalogue", "hint", "load", "log", "new_game", "ping", "replay", "save",
           "update")
__all__ = list(EXPORTS)
