"""The guided first game of Château, Village & Port (D72): its first round, scripted on a fixed seed
(the heuristic bot's choices in every seat), with note keys the page words in the player's language;
after the round's scoring the game goes on against the bots, unscripted.

It shows selecting a card face down, putting it in a place (rows keep the highest card on the left),
each character's effect the first time it acts, and how a round pays out. The notes are found from the
game's own events when the guide is built.
"""

from __future__ import annotations

from typing import Any

from tabletop.guide import FirstTimes

from .bots import make_bot
from .effects import describe_move
from .game import new_game

SEED = 7
PLAYER = "red"


BOT = {"kind": "bot", "level": "normal"}  # a seat the script plays


def _settings() -> dict[str, Any]:
    return {"game": "lieux", "set": "A", "hidden_gold": False, "players": 3, "seed": SEED,
            "seats": [{"kind": "human"}, BOT, BOT]}


def script() -> list[str]:
    """The first round as the heuristic bot plays it in every seat (deterministic: seeded bots)."""
    game = new_game(players=3, set="A", hidden_gold=False, seed=SEED)
    bots = {c: make_bot("normal", seed=SEED * 8 + i) for i, c in enumerate(game.seats)}
    actions: list[str] = []
    while True:
        colour = game.to_act
        assert colour is not None
        action = bots[colour].choose(game.view(colour), game.legal_actions())
        actions.append(action)
        if any(e["type"] == "round_ended" for e in game.play(action)):
            return actions


def guide() -> dict[str, Any]:
    game = new_game(players=3, set="A", hidden_gold=False, seed=SEED)
    first = FirstTimes()
    steps: list[dict[str, Any]] = []
    for i, action in enumerate(script()):
        actor = game.to_act
        before: list[dict[str, Any]] = []
        after: list[dict[str, Any]] = []
        if i == 0:
            before.append({"key": "welcome", "player": PLAYER})
        words = action.split()
        if actor == PLAYER and words[0] == "select" and first("select"):
            before.append({"key": "select", "value": int(words[1])})
        elif actor == PLAYER and words[0] == "put" and first("put"):
            before.append({"key": "put", "value": int(words[1]), "place": words[2]})
        move = describe_move(game.view(PLAYER), action) if actor == PLAYER else None
        for e in game.play(action):
            t = e["type"]
            if t == "effect" and first("effect_" + e["ability"]):
                after.append({"key": "effect_" + e["ability"], "player": e["colour"], "value": e["value"]})
            elif t == "round_scoring" and first("scoring"):
                after.append({"key": "scoring"})
            elif t == "round_ended":
                after.append({"key": "round_end", "scores": e["scores"], "rounds": 3})
        steps.append({"action": action, "actor": actor, "before": before, "after": after, "move": move})
    return {"settings": _settings(), "player": PLAYER, "steps": steps}
