"""One game at the table: its checked settings, who sits where (human or bot of a level), whose screen
it is, the action list and the full event log (redacted per viewer on the way out)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from .. import registry
from ..protocol import Bot, Event, Game

MAX_SEED = 2**53 - 1  # the largest integer JS passes exactly
JSONDict = dict[str, Any]


class WebError(ValueError):
    """A request from the page that cannot be honoured; reported as {"error": ...}."""


def check_settings(raw: Any) -> JSONDict:
    """The page's settings, checked and completed: game, variant (under the game's own key, e.g.
    "edition"), players, seed, seats, colours and the game's options. WebError names a bad field."""
    if not isinstance(raw, dict):
        raise WebError("settings must be a JSON object")
    game = raw.get("game", registry.default().id)
    if not isinstance(game, str) or not game:
        raise WebError("settings.game must be a string")
    try:
        spec = registry.get(game)
    except ValueError as exc:
        raise WebError(f"settings.{exc}") from None
    key = spec.variant_setting
    variant = raw.get(key)
    if variant is not None and not isinstance(variant, str):
        raise WebError(f"settings.{key} must be a string")
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
            if level not in spec.levels:
                raise WebError(f"settings.seats[{i}].level must be one of {', '.join(spec.levels)}")
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
    if variant is not None:
        out[key] = variant
    for option in spec.options:
        try:
            out[option.name] = option.check(raw.get(option.name))
        except ValueError as exc:
            raise WebError(str(exc)) from None
    if colours is not None:
        out["colours"] = list(colours)
    return out


def create(settings: JSONDict) -> Game:
    """The game the (checked) settings describe; ValueError from the game if it refuses them."""
    spec = registry.get(settings["game"])
    options = {o.name: settings[o.name] for o in spec.options}
    return spec.new_game(settings.get(spec.variant_setting), settings.get("colours") or settings["players"],
                         settings["seed"], **options)


def bot_seed(settings: JSONDict, seat: int) -> int:
    """One seed per seat, derived from the game's: a replay of the same settings is the same."""
    return int(settings["seed"]) * 8 + seat + 1


@dataclass
class Session:
    """One game at the table, its seats, bots, actions and events (`start` makes one from settings)."""

    settings: JSONDict
    game: Game
    colours: list[str]
    kinds: dict[str, str]
    levels: dict[str, str]
    actions: list[str] = field(default_factory=list)
    bots: dict[str, Bot] = field(default_factory=dict)
    viewer: str | None = None
    # Every event, unredacted: [start events, then one list per action]; shown per viewer by `log`.
    history: list[tuple[str | None, str | None, list[Event]]] = field(default_factory=list)
    # A guided game: every action is scripted, the human's included (only that one is offered) (D72).
    script: list[str] | None = None

    @classmethod
    def start(cls, settings: JSONDict) -> Session:
        spec = registry.get(settings["game"])
        game = create(settings)
        colours = list(game.seats)
        if len(colours) != len(settings["seats"]):
            raise WebError("settings.seats does not match the engine's seats")
        kinds = {c: s["kind"] for c, s in zip(colours, settings["seats"], strict=True)}
        levels = {c: s["level"] for c, s in zip(colours, settings["seats"], strict=True)
                  if s["kind"] == "bot"}
        session = cls(settings=settings, game=game, colours=colours, kinds=kinds, levels=levels)
        for i, colour in enumerate(colours):
            if colour in levels:
                session.bots[colour] = spec.make_bot(levels[colour], seed=bot_seed(settings, i))
        humans = [c for c in colours if kinds[c] == "human"]
        session.viewer = humans[0] if humans else None
        session.history.append((None, None, list(game.start_events)))
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

    def play(self, action: str) -> tuple[str | None, list[Event]]:
        actor = self.game.to_act
        events = list(self.game.play(action))
        self.actions.append(action)
        self.history.append((action, actor, events))
        self._follow_to_act()
        return actor, events

    def scripted(self) -> str | None:
        """The next action of a guided game's script (None: no script, or it is played out)."""
        if self.script is None or len(self.actions) >= len(self.script):
            return None
        return self.script[len(self.actions)]

    def lone_human(self) -> str | None:
        """The only human at the table, if exactly one plays (take-backs are for games against bots)."""
        humans = [c for c in self.colours if self.kinds[c] == "human"]
        return humans[0] if len(humans) == 1 else None

    def actors(self) -> list[str | None]:
        """Who played each action, in order (the log also holds take-back notes, with no action)."""
        return [actor for action, actor, _ in self.history[1:] if action is not None]

    def take_back(self) -> tuple[str, list[str]]:
        """Undo the lone human's last decision and every bot reply since: the game is rebuilt from the
        seed and the actions before it, and the log keeps a note that moves were taken back (D70)."""
        me = self.lone_human()
        if me is None:
            raise WebError("a move can be taken back only when one human plays against bots")
        actors = self.actors()
        mine = [i for i, a in enumerate(actors) if a == me]
        if not mine:
            raise WebError("there is no move of yours to take back")
        k = mine[-1]
        removed = self.actions[k:]
        game = create(self.settings)
        for action in self.actions[:k]:
            game.play(action)
        kept: list[tuple[str | None, str | None, list[Event]]] = []
        played = 0
        for entry in self.history:
            if entry[0] is not None:
                if played == k:
                    break
                played += 1
            kept.append(entry)
        note: Event = {"type": "taken_back", "player": me, "actions": removed}
        kept.append((None, me, [note]))
        self.game, self.actions, self.history = game, self.actions[:k], kept
        self._follow_to_act()
        return me, removed

    def update(self, action: str | None = None, actor: str | None = None, events: list[Event] | None = None,
               viewer: str | None = None) -> JSONDict:
        """What the page draws after a step, as `viewer` (default: the human whose screen it is) sees it."""
        game = self.game
        viewer = viewer if viewer is not None else self.viewer
        over = game.is_over
        to_act = None if over else game.to_act
        legal = list(game.legal_actions()) if (to_act is not None and to_act == viewer) else []
        scripted = self.scripted()
        if scripted is not None:
            legal = [a for a in legal if a == scripted]
        return {
            "viewer": viewer,
            "view": game.view(viewer),
            "legal": legal,
            # a guided game offers only its taught move: `legal` says nothing then of what the rules allow
            "guided": scripted is not None,
            "to_act": to_act,
            "to_act_kind": self.to_act_kind(),
            "action": action,
            "actor": actor,
            "events": game.events_for(list(events or []), viewer),
            "over": over,
            "ranking": game.ranking() if over else None,
            "tie_break": game.tie_break() if over else None,
            "scores": dict(game.visible_scores(viewer)),
            "actions": len(self.actions),
            "seats": self.seats(),
            "settings": self.settings,
        }

    def log(self, viewer: str | None) -> list[JSONDict]:
        """The whole log as `viewer` may read it (the hot-seat hand-over shows it to the next player)."""
        return [{"action": action, "actor": actor, "events": self.game.events_for(list(events), viewer)}
                for action, actor, events in self.history]

    def seats(self) -> list[JSONDict]:
        out: list[JSONDict] = []
        for c in self.colours:
            seat: JSONDict = {"colour": c, "kind": self.kinds[c]}
            if c in self.levels:
                seat["level"] = self.levels[c]
            out.append(seat)
        return out
