"""Taking a move back against bots (api.undo): the game is exactly as it was at the human's last
decision, the log says a move was taken back, and saves hold the game as played after it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.bridge import api


def _start(game: str, seats: list[dict[str, Any]] | None = None, seed: int = 4) -> dict[str, Any]:
    settings: dict[str, Any] = {"game": game, "players": 3, "seed": seed,
                                "seats": seats or [{"kind": "human"}, {"kind": "bot", "level": "normal"},
                                                   {"kind": "bot", "level": "easy"}]}
    u = json.loads(api.new_game(json.dumps(settings)))
    assert "error" not in u, u
    return u


def _bots(u: dict[str, Any]) -> dict[str, Any]:
    while u["to_act_kind"] == "bot":
        u = json.loads(api.bot_step())
    return u


@pytest.mark.parametrize("game", ["oriflamme", "lieux"])
def test_undo_restores_the_previous_decision_exactly(game: str) -> None:
    u = _bots(_start(game))
    for turn in range(6):
        before = json.loads(api.update())
        log_before = json.loads(api.log(before["viewer"]))["entries"]
        save_before = json.loads(api.save())
        u = _bots(json.loads(api.act(before["legal"][turn % len(before["legal"])])))
        if u["over"]:
            break
        played = json.loads(api.save())["actions"]
        back = json.loads(api.undo())
        assert "error" not in back, back
        for key in ("view", "legal", "to_act", "scores", "actions"):
            assert back[key] == before[key], key
        taken = played[len(save_before["actions"]):]
        assert taken[0] == before["legal"][turn % len(before["legal"])]
        assert back["events"] == [{"type": "taken_back", "player": before["viewer"], "actions": taken}]
        log_after = json.loads(api.log(before["viewer"]))["entries"]
        assert log_after[: len(log_before)] == log_before
        assert log_after[-1]["events"][0]["type"] == "taken_back"
        assert json.loads(api.save()) == save_before
        u = _bots(json.loads(api.act(before["legal"][0])))  # and the game goes on from there


def test_saves_and_the_replay_hold_the_game_as_played_after_the_take_back() -> None:
    u = _bots(_start("oriflamme"))
    mistake, instead, k = u["legal"][0], u["legal"][-1], u["actions"]
    assert mistake != instead
    _bots(json.loads(api.act(mistake)))
    json.loads(api.undo())
    u = _bots(json.loads(api.act(instead)))
    while not u["over"]:
        u = _bots(json.loads(api.act(u["legal"][0])))
    record = json.loads(api.save())
    assert record["actions"][k] == instead
    replay = json.loads(api.replay(json.dumps(record)))
    assert [s["action"] for s in replay["steps"][1:]] == record["actions"]
    assert replay["steps"][-1]["scores"] == u["scores"]


def test_nothing_to_take_back_before_the_first_move() -> None:
    _bots(_start("oriflamme"))
    assert "error" in json.loads(api.undo())


def test_no_take_back_with_two_humans() -> None:
    u = _start("oriflamme", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}])
    u = _bots(u)
    json.loads(api.act(u["legal"][0]))
    assert "one human" in json.loads(api.undo())["error"]
