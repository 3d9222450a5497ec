"""The guided first game of Oriflamme (D72): a real retail game on a fixed seed whose every action is
scripted — the bots' and the player's — with note keys the page words in the player's language.

The script is a game the normal bot played in every seat (seed 83); the player (red) wins it on the
tie-break. It shows, as the game goes: placing at an end and on one's own stack, staying face down for a
token and revealing, every card the first time it acts, an elimination, two Ambushes sprung, three
Conspiracies cashed, an Heir that earns nothing beside another face-up Heir, and the end. The notes are
found from the game's own events when the guide is built, so they cannot drift from what happens.
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.guide import FirstTimes

from .effects import describe_move
from .game import new_game

SEED = 83
PLAYER = "red"
SCRIPT = (
    "place conspiracy first", "place conspiracy last", "place conspiracy last", "stay", "stay", "stay",
    "place heir first", "place ambush first", "place heir last", "stay", "reveal", "stay", "stay", "stay",
    "reveal", "place shapeshifter last", "place ambush last", "place soldier first", "reveal", "eliminate 2",
    "stay", "stay", "stay", "reveal", "copy 5", "stay", "place lord last", "place assassination on 1",
    "place spy first", "reveal", "steal green", "reveal", "eliminate 6", "stay", "stay", "stay", "stay",
    "reveal", "place shapeshifter first", "place assassination on 7", "place shapeshifter last", "reveal",
    "copy 2", "steal red", "steal green", "reveal", "reveal", "reveal", "reveal", "eliminate 5", "copy 5",
    "reveal", "copy 5", "place archer on 2", "place archer last", "place decree on 1", "reveal",
    "move 5 to 1", "copy 1", "reveal", "eliminate 7", "copy 4",
)


BOT = {"kind": "bot", "level": "normal"}  # a seat the script plays


def _settings() -> dict[str, Any]:
    return {"game": "oriflamme", "edition": "retail", "players": 3, "seed": SEED,
            "seats": [{"kind": "human"}, BOT, BOT]}


def _heirs_face_up(position: dict[str, Any]) -> int:
    return sum(1 for stack in position["queue"] if stack[-1]["face_up"] and stack[-1]["card"] == "heir")


def _at_cursor(game: Any) -> str | None:
    position = json.loads(game.to_json())
    cursor = position.get("cursor")
    return position["queue"][cursor - 1][-1]["card"] if isinstance(cursor, int) else None


def guide() -> dict[str, Any]:
    """{"settings", "player", "steps": [{"action", "actor", "move", "before", "after"}]}: `move` says the
    player's scripted move as data (tabletop.hints' shape); a note {"key", ...data} is shown while the
    player weighs that action (before) or once it is played (after)."""
    game = new_game(edition="retail", players=3, seed=SEED)
    first = FirstTimes()
    steps: list[dict[str, Any]] = []
    for i, action in enumerate(SCRIPT):
        actor = game.to_act
        before: list[dict[str, Any]] = []
        after: list[dict[str, Any]] = []
        if i == 0:
            before.append({"key": "welcome", "player": PLAYER})
        if actor == PLAYER:
            words = action.split()
            if words[0] == "place" and words[2] in ("first", "last") and first("place_ends"):
                before.append({"key": "place_ends", "card": words[1]})
            elif words[0] == "place" and words[2] == "on" and first("place_on"):
                before.append({"key": "place_on", "card": words[1], "position": int(words[3])})
            elif action == "stay" and first("stay"):
                before.append({"key": "stay"})
            elif action == "stay" and _at_cursor(game) == "ambush" and first("ambush_bait"):
                before.append({"key": "ambush_bait"})
            elif action == "reveal" and first("reveal"):
                before.append({"key": "reveal"})
        move = describe_move(game.view(PLAYER), action) if actor == PLAYER else None
        heirs_before = _heirs_face_up(json.loads(game.to_json()))
        events = game.play(action)
        for e in events:
            t = e["type"]
            if t == "resolution_started" and first("resolution"):
                after.append({"key": "resolution"})
            elif t == "revealed" and e["card"] not in ("ambush", "conspiracy") and first("card_" + e["card"]):
                after.append({"key": "card_" + e["card"], "player": e["player"]})
            elif t == "ambushed" and first("ambush"):
                after.append({"key": "ambush", "player": e["player"], "attacker": e["attacker"]})
            elif t == "eliminated" and e["card"] != "ambush" and first("eliminate"):
                after.append({"key": "eliminate", "player": e.get("by"), "victim": e["player"],
                              "card": e["card"]})
            elif t == "gained" and e["reason"] == "conspiracy" and first("conspiracy"):
                after.append({"key": "conspiracy", "player": e["player"], "amount": e["amount"]})
            elif t == "stayed" and e["player"] != PLAYER and first("opponent_stays"):
                after.append({"key": "opponent_stays", "player": e["player"]})
            elif t == "revealed" and e["card"] == "heir" and heirs_before and first("heir_unique"):
                after.append({"key": "heir_unique", "player": e["player"]})
            elif t == "game_over":
                after.append({"key": "end", "player": PLAYER, "scores": e["scores"], "ranking": e["ranking"]})
        steps.append({"action": action, "actor": actor, "before": before, "after": after, "move": move})
    return {"settings": _settings(), "player": PLAYER, "steps": steps}
