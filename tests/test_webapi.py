"""The worker-side JSON bridge (py/oriflamme/webapi.py), in CPython."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.bridge import api as webapi


def settings(**over: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "oriflamme", "edition": "retail", "players": 3, "seed": 42,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "easy"}],
    }
    base.update(over)
    return base


def call(fn: Any, *args: Any) -> Any:
    out = fn(*args)
    assert isinstance(out, str)
    return json.loads(out)


def start(**over: Any) -> dict[str, Any]:
    u = call(webapi.new_game, json.dumps(settings(**over)))
    assert "error" not in u, u
    return u


def play_to_end(u: dict[str, Any], limit: int = 2000) -> dict[str, Any]:
    for _ in range(limit):
        if u["over"]:
            return u
        u = call(webapi.bot_step) if u["to_act_kind"] == "bot" else call(webapi.act, u["legal"][0])
        assert "error" not in u, u
    raise AssertionError("game did not end")


SAVE = webapi.SAVE_FORMAT
UPDATE_KEYS = {"viewer", "view", "legal", "to_act", "to_act_kind", "action", "actor", "events", "over",
               "ranking", "scores", "actions", "seats", "settings"}


def test_new_game_update_shape() -> None:
    u = start()
    assert set(u) >= UPDATE_KEYS
    assert u["viewer"] == u["seats"][0]["colour"]
    assert u["view"]["viewer"] == u["viewer"]
    assert u["actions"] == 0 and u["action"] is None and u["events"] == []
    assert not u["over"] and u["ranking"] is None
    assert u["to_act_kind"] in ("human", "bot")
    if u["to_act"] == u["viewer"]:
        assert u["legal"] and u["to_act_kind"] == "human"
    else:
        assert u["legal"] == [] and u["to_act_kind"] == "bot"
    assert [s["kind"] for s in u["seats"]] == ["human", "bot", "bot"]
    assert u["settings"]["seed"] == 42


def test_same_seed_same_game() -> None:
    a = start()
    b = start()
    assert a["view"] == b["view"]


def test_null_seed_is_drawn() -> None:
    u = start(seed=None)
    assert isinstance(u["settings"]["seed"], int)


@pytest.mark.parametrize(
    "bad",
    [
        {"players": 9},
        {"players": "3"},
        {"seed": -1},
        {"seed": "x"},
        {"seats": [{"kind": "human"}]},
        {"seats": [{"kind": "human"}, {"kind": "bot", "level": "genius"}, {"kind": "bot"}]},
        {"seats": [{"kind": "alien"}, {"kind": "bot"}, {"kind": "bot"}]},
        {"edition": "no-such-edition"},
        {"game": "chess"},
    ],
)
def test_bad_settings_are_errors(bad: dict[str, Any]) -> None:
    out = call(webapi.new_game, json.dumps(settings(**bad)))
    assert set(out) == {"error"} and out["error"]


def test_non_json_settings() -> None:
    assert "error" in call(webapi.new_game, "{not json")
    assert "error" in call(webapi.new_game, "[1, 2]")


def test_illegal_action_changes_nothing() -> None:
    u = start(seats=[{"kind": "human"}] * 3)
    before = call(webapi.save)
    out = call(webapi.act, "eliminate 99")
    assert set(out) == {"error"}
    assert call(webapi.save) == before
    assert call(webapi.update)["view"] == u["view"]


def test_turn_kinds_are_enforced() -> None:
    u = start()
    if u["to_act_kind"] == "bot":
        assert "error" in call(webapi.act, "reveal")
        u = call(webapi.bot_step)
    while u["to_act_kind"] == "bot":
        u = call(webapi.bot_step)
    assert u["to_act_kind"] == "human"
    assert "error" in call(webapi.bot_step)


def test_bot_step_reports_action_and_actor() -> None:
    seats = [{"kind": "bot", "level": "random"}, {"kind": "human"}, {"kind": "bot", "level": "normal"}]
    u = start(seats=seats)
    while u["to_act_kind"] != "bot":
        u = call(webapi.act, u["legal"][0])
    bot = u["to_act"]
    u2 = call(webapi.bot_step)
    assert u2["actor"] == bot and isinstance(u2["action"], str)
    assert u2["actions"] == u["actions"] + 1
    assert u2["viewer"] == "blue"  # the only human


def test_whole_game_then_save_load_replay() -> None:
    u = play_to_end(start())
    assert u["over"] and u["to_act"] is None and u["legal"] == [] and u["to_act_kind"] is None
    assert u["ranking"] and sum(len(p) for p in u["ranking"]) == 3
    saved = call(webapi.save)
    assert saved["format"] == webapi.SAVE_FORMAT and saved["seed"] == 42
    assert len(saved["actions"]) == u["actions"]

    steps = call(webapi.replay, json.dumps(saved))
    assert len(steps["steps"]) == u["actions"] + 1
    assert steps["steps"][0]["action"] is None
    assert steps["steps"][-1]["scores"] == u["scores"]
    assert steps["ranking"] == u["ranking"]
    assert all(isinstance(s["position"], dict) for s in steps["steps"])
    # Each step's move as data, described from what its player saw then (the viewer words it).
    from oriflamme.effects import describe_move
    from tabletop import registry

    game = registry.get("oriflamme").new_game(saved["settings"]["edition"], 3, saved["seed"])
    for step in steps["steps"][1:]:
        assert step["actor"] == game.to_act
        assert step["move"] == describe_move(game.view(step["actor"]), step["action"])
        game.play(step["action"])

    loaded = call(webapi.load, json.dumps(saved))
    assert loaded["over"] and loaded["scores"] == u["scores"]


def test_load_resumes_at_same_decision() -> None:
    u = start(seed=7)
    for _ in range(10):
        u = call(webapi.bot_step) if u["to_act_kind"] == "bot" else call(webapi.act, u["legal"][-1])
    saved = call(webapi.save)
    other = start(seed=8)
    assert other["view"] != u["view"]
    resumed = call(webapi.load, json.dumps(saved))
    assert resumed["view"] == u["view"]
    assert resumed["legal"] == u["legal"]
    assert resumed["to_act"] == u["to_act"]
    assert resumed["actions"] == 10


@pytest.mark.parametrize(
    "save",
    [
        "",
        "null",
        "{}",
        '{"format": "oriflamme-web-save/0", "settings": {}, "seed": 1, "actions": []}',
        json.dumps({"format": SAVE, "settings": settings(), "seed": 42, "actions": ["nonsense"]}),
        json.dumps({"format": SAVE, "settings": settings(), "seed": 42, "actions": "x"}),
        json.dumps({"format": SAVE, "settings": settings(players=12), "seed": 42, "actions": []}),
    ],
)
def test_bad_saves_keep_the_current_game(save: str) -> None:
    start(seed=5)
    before = call(webapi.save)
    out = call(webapi.load, save)
    assert set(out) == {"error"} and out["error"]
    assert call(webapi.save) == before


def test_replay_refuses_unfinished_game() -> None:
    start()
    out = call(webapi.replay, json.dumps(call(webapi.save)))
    assert "error" in out


def test_views_never_carry_bot_hidden_cards() -> None:
    u = start(seed=11)
    human = u["viewer"]
    for _ in range(60):
        view = u["view"]
        assert view["viewer"] == human
        for colour, size in view["hand_sizes"].items():
            if colour != human:
                assert size >= 0
        for stack in view["queue"]:
            for card in stack:
                if card["owner"] != human and not card["face_up"]:
                    assert card["card"] is None
        text = json.dumps(u["events"])
        for ev in u["events"]:
            if ev.get("type") == "placed" and ev.get("player", ev.get("owner")) not in (human, None):
                assert ev.get("card") is None, text
        if u["over"]:
            break
        u = call(webapi.bot_step) if u["to_act_kind"] == "bot" else call(webapi.act, u["legal"][0])


def test_hot_seat_viewer_follows_the_human_to_act() -> None:
    u = start(seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}])
    humans = {s["colour"] for s in u["seats"] if s["kind"] == "human"}
    for _ in range(40):
        if u["to_act_kind"] == "human":
            assert u["viewer"] == u["to_act"] and u["legal"]
        assert u["viewer"] in humans
        if u["over"]:
            break
        u = call(webapi.bot_step) if u["to_act_kind"] == "bot" else call(webapi.act, u["legal"][0])
    other = next(iter(humans - {u["viewer"]}))
    seen = call(webapi.update, other)
    assert seen["viewer"] == other and seen["view"]["viewer"] == other
    assert "error" in call(webapi.update, "purple")


def test_colours_setting() -> None:
    u = start(colours=["blue", "red", "green"])
    assert [s["colour"] for s in u["seats"]] == ["blue", "red", "green"]
    assert u["viewer"] == "blue"


def test_ping() -> None:
    assert call(webapi.ping)["ok"] is True


NESTED = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize("call_name", ["new_game", "load", "replay"])
def test_deep_nesting_is_refused_in_words_and_the_game_kept(call_name: str) -> None:
    start(seed=5)
    before = call(webapi.save)
    nested_settings = json.dumps({"format": SAVE, "settings": {"seats": json.loads("[" * 15 + "]" * 15)},
                                  "seed": 1, "actions": []}).replace("[]", NESTED, 1)
    for text in (NESTED, nested_settings):
        out = call(getattr(webapi, call_name), text)
        assert set(out) == {"error"} and "nested" in out["error"], out
    assert call(webapi.save) == before
    assert "error" not in start(seed=6)


def test_refused_input_is_quoted_short() -> None:
    start(seed=5)
    out = call(webapi.act, "x" * 1_000_000)
    assert "error" in out and len(out["error"]) < 400
    out = call(webapi.load, json.dumps({"format": SAVE, "settings": settings(), "seed": 42,
                                        "actions": ["y" * 100_000]}))
    assert "error" in out and len(out["error"]) < 400


def test_only_a_humans_view_is_given() -> None:
    u = start(seed=5)
    bots = [s["colour"] for s in u["seats"] if s["kind"] == "bot"]
    for bot in bots:
        out = call(webapi.update, bot)
        assert set(out) == {"error"} and "bot" in out["error"]
    assert call(webapi.update, u["viewer"])["view"]["viewer"] == u["viewer"]
