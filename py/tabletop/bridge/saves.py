"""Saves and replays: a save is the settings, the seed and the action list; loading one plays every
action again through the engine's own checks, so a tampered save is refused, never trusted."""

from __future__ import annotations

from typing import Any

from .. import moments, registry  # (modules, not functions: moments runs only when a replay is asked for)
from ..errors import IllegalAction, quote
from .session import JSONDict, Session, WebError, check_settings

SAVE_FORMAT = "oriflamme-web-save/1"  # the name every save carries since the first game; kept for old saves
MAX_ACTIONS = 5000  # far above any real game; bounds the work a hostile save can ask for


def save(session: Session) -> JSONDict:
    return {"format": SAVE_FORMAT, "settings": session.settings, "seed": session.settings["seed"],
            "actions": list(session.actions)}


def rebuild(raw: Any) -> Session:
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
    settings = check_settings(settings)
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
        except (IllegalAction, ValueError) as exc:
            raise WebError(f"save.actions[{i}] {quote(action)}: {exc}") from None
    return session


def replay(raw: Any) -> JSONDict:
    """Every full position of a finished game, for the replay viewer (all cards revealed); refused for a
    game in progress, so a shared link never shows the hidden cards of an unfinished game."""
    session = rebuild(raw)
    if not session.game.is_over:
        raise WebError("only a finished game can be replayed")
    fresh = Session.start(session.settings)
    explainer = registry.get(fresh.game.game).explainer
    steps: list[JSONDict] = [moments.replay_step(fresh.game, None, None, fresh.game.start_events)]
    for action in session.actions:
        mover = fresh.game.to_act
        # The move in words for the viewer, from what its player saw (a face-down target stays unnamed).
        move = None if explainer is None or mover is None else explainer.describe_move(fresh.game.view(mover),
                                                                                        action)
        actor, events = fresh.play(action)
        steps.append(moments.replay_step(fresh.game, action, actor, events, move))
    return {"steps": steps, "ranking": fresh.game.ranking(), "tie_break": fresh.game.tie_break(),
            "settings": session.settings, "seats": session.seats()}
