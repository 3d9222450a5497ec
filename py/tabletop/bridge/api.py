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

from .. import hints, moments, registry
from .. import review as reviewing
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
        scripted = session.scripted()
        if scripted is not None and action != scripted:
            raise WebError(f"the guided game goes on with {quote(scripted)}")
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
        choice = session.scripted() or session.bots[colour].choose(session.game.view(colour), legal)
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
        view = game.view(colour)
        choice = bot.choose(view, legal)
        if choice not in legal:
            raise WebError(f"the hint {quote(choice)} is not a legal action")
        why = hints.explain(spec, view, choice) if spec.explainer is not None else {}
    except WebError as exc:
        return _error(str(exc))
    return _dump({"action": choice, "colour": colour, **why})


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


def undo() -> str:
    """Take back the lone human's last decision and the bots' replies since; the update's events hold
    the take-back note (the log keeps it too)."""
    try:
        session = _current()
        if session.script is not None:
            raise WebError("a guided game cannot take moves back")
        me, _ = session.take_back()
    except WebError as exc:
        return _error(str(exc))
    _, _, note = session.history[-1]
    return _dump(session.update(None, me, note))


def tutorial(game: str) -> str:
    """A guided first game of `game`: its scripted game begins (settings, script and notes in the
    update's `tutorial`)."""
    try:
        spec = registry.get(game)
    except ValueError as exc:
        return _error(str(exc))
    if spec.tutorial is None:
        return _error(f"{game} has no guided game")
    guide = spec.tutorial()

    def make() -> Session:
        session = Session.start(check_settings(guide["settings"]))
        session.script = [step["action"] for step in guide["steps"]]
        return session

    out = _install(make, "cannot start the guided game")
    if "error" in out:
        return out
    update = json.loads(out)
    update["tutorial"] = guide
    return _dump(update)


# The review in progress: its game and decisions, judged one per call so the page can show progress.
_REVIEW: dict[str, Any] = {}


def _review_session(save_json: str | None) -> Session:
    if save_json:
        return saves.rebuild(_parse(save_json, "save"))
    return _current()


def review_start(save_json: str | None = None) -> str:
    """Begin reviewing a finished game (the current one, or a save): the chart, the key moments, every
    hand dealt, and the number of human decisions `review_next` will judge."""
    global _REVIEW
    try:
        session = _review_session(save_json)
        if not session.game.is_over:
            raise WebError("only a finished game can be reviewed")
        spec = registry.get(session.settings["game"])
        if spec.explainer is None:
            raise WebError(f"{spec.id} has no review")
        record = saves.save(session)
        summary = moments.summary(spec, saves.replay(record))
        decisions = []
        replayed = Session.start(session.settings)
        for action in session.actions:
            colour = replayed.game.to_act
            legal = list(replayed.game.legal_actions())
            if colour is not None and replayed.kinds.get(colour) == "human" and len(legal) > 1:
                decisions.append(reviewing.Decision(len(replayed.actions), colour, replayed.game.view(colour),
                                                    legal, action))
            replayed.play(action)
    except WebError as exc:
        return _error(str(exc))
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        return _error(f"invalid save: {exc}")
    _REVIEW = {"spec": spec, "decisions": decisions, "judged": [],
               "iterations": reviewing.iterations_per_decision(spec, len(decisions))}
    return _dump({**summary, "decisions": len(decisions)})


def review_next() -> str:
    """Judge the next decision of the review begun by `review_start`: {"done", "total", "item"}; the last
    one also carries "costliest" (the action indexes of the three decisions that cost most)."""
    if not _REVIEW:
        return _error("no review: call review_start first")
    decisions: list[reviewing.Decision] = _REVIEW["decisions"]
    judged: list[dict[str, Any]] = _REVIEW["judged"]
    out: dict[str, Any] = {"total": len(decisions)}
    if len(judged) < len(decisions):
        item = reviewing.judge(_REVIEW["spec"], decisions[len(judged)], _REVIEW["iterations"])
        judged.append(item)
        out["item"] = item
    out["done"] = len(judged)
    if len(judged) == len(decisions):
        out["costliest"] = reviewing.costliest(judged)
        out["judged"] = judged
    return _dump(out)


EXPORTS = ("act", "bot_step", "catalogue", "hint", "load", "log", "new_game", "ping", "replay",
           "review_next", "review_start", "save", "tutorial", "undo", "update")
__all__ = list(EXPORTS)
