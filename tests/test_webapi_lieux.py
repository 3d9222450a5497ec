"""webapi with game "lieux" (Château, Village & Port): settings, lieux bots, redaction, save/load/replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lieux import new_game as lieux_new_game
from lieux import redact_events
from tabletop.bridge import api as webapi


def _settings(**extra: Any) -> str:
    base: dict[str, Any] = {
        "game": "lieux", "players": 3, "set": "B", "hidden_gold": False, "seed": 11,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "normal"}, {"kind": "bot", "level": "random"}],
    }
    base.update(extra)
    return json.dumps(base)


def _play_out(u: dict[str, Any], pick: int = 0) -> list[dict[str, Any]]:
    """Play to the end: bots by bot_step, the human by the pick-th legal action (mod the count)."""
    seen = [u]
    for _ in range(2000):
        if u["over"]:
            return seen
        if u["to_act_kind"] == "bot":
            u = json.loads(webapi.bot_step())
        else:
            legal = u["legal"]
            assert legal, u
            u = json.loads(webapi.act(legal[pick % len(legal)]))
            pick += 3
        assert "error" not in u, u
        seen.append(u)
    raise AssertionError("the game did not end")


def test_new_game_lieux_shapes() -> None:
    u = json.loads(webapi.new_game(_settings()))
    assert "error" not in u
    view = u["view"]
    assert view["game"] == "lieux" and view["format"] == "lieux-view/1"
    assert view["set"] == "B" and view["hidden_gold"] is False
    assert u["settings"]["set"] == "B" and u["settings"]["hidden_gold"] is False
    assert [s["colour"] for s in u["seats"]] == ["red", "blue", "green"]
    assert u["viewer"] == "red"
    if u["to_act"] == "red":
        assert u["legal"] and all(a.startswith("select ") for a in u["legal"])


@pytest.mark.parametrize(("players", "place_set"), [(3, "A"), (4, "B"), (5, "C")])
def test_whole_game_with_lieux_bots(players: int, place_set: str) -> None:
    levels = ("random", "easy", "normal", "random")
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": lvl} for lvl in levels]
    settings = _settings(players=players, set=place_set, seats=seats[:players], seed=players)
    u = json.loads(webapi.new_game(settings))
    assert "error" not in u
    seen = _play_out(u)
    last = seen[-1]
    assert last["over"] and last["ranking"] and last["view"]["is_over"]
    assert sorted(c for g in last["ranking"] for c in g) == sorted(last["scores"])


def test_events_redacted_by_the_lieux_rules() -> None:
    """Every update equals the human's own view and lieux-redacted events, replayed here."""
    u = json.loads(webapi.new_game(_settings(hidden_gold=True, seed=5)))
    seen = _play_out(u)
    save = json.loads(webapi.save())
    assert save["settings"]["hidden_gold"] is True
    game = lieux_new_game(players=3, set="B", hidden_gold=True, seed=save["seed"])
    expected = {0: (game.view("red"), redact_events(game.start_events, "red"))}  # opening events too
    for i, action in enumerate(save["actions"], start=1):
        events = game.play(action)
        expected[i] = (game.view("red"), redact_events(events, "red"))
    for upd in seen:
        view, events = expected[upd["actions"]]
        assert upd["view"] == json.loads(json.dumps(view))
        assert upd["events"] == json.loads(json.dumps(events))
        for ev in upd["events"]:  # a bot's selection never reaches the human
            if ev["type"] == "selected" and ev["colour"] != "red":
                assert ev["value"] is None


def test_save_load_replay_lieux() -> None:
    u = json.loads(webapi.new_game(_settings(seed=23)))
    for _ in range(12):
        if u["to_act_kind"] == "bot":
            u = json.loads(webapi.bot_step())
        else:
            u = json.loads(webapi.act(u["legal"][-1]))
    save = webapi.save()
    assert json.loads(webapi.replay(save))["error"]  # not over: no replay
    again = json.loads(webapi.load(save))
    assert "error" not in again
    assert again["view"] == u["view"] and again["actions"] == u["actions"]
    seen = _play_out(again)
    final_save = webapi.save()
    steps = json.loads(webapi.replay(final_save))
    assert "error" not in steps
    assert len(steps["steps"]) == seen[-1]["actions"] + 1
    assert steps["steps"][-1]["position"]["format"] == "lieux/1"


def test_bad_lieux_settings() -> None:
    assert "error" in json.loads(webapi.new_game(_settings(set="Z")))
    assert "error" in json.loads(webapi.new_game(_settings(set=3)))
    assert "error" in json.loads(webapi.new_game(_settings(hidden_gold="yes")))
    two = [{"kind": "human"}, {"kind": "bot", "level": "normal"}]
    assert "error" in json.loads(webapi.new_game(_settings(players=2, seats=two)))


def test_illegal_lieux_action_changes_nothing() -> None:
    u = json.loads(webapi.new_game(_settings(seed=3)))
    while u["to_act_kind"] == "bot":
        u = json.loads(webapi.bot_step())
    before = webapi.save()
    assert "error" in json.loads(webapi.act("put 99 port"))
    assert webapi.save() == before


def test_colours_and_default_set() -> None:
    raw = {"game": "lieux", "players": 3, "seed": 4, "colours": ["yellow", "red", "black"],
           "seats": [{"kind": "human"}, {"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "easy"}]}
    u = json.loads(webapi.new_game(json.dumps(raw)))
    assert "error" not in u
    assert u["view"]["seats"] == ["yellow", "red", "black"] and u["viewer"] == "yellow"
    assert u["view"]["set"] == "A" and u["settings"]["hidden_gold"] is False


def test_updates_do_not_depend_on_what_the_viewer_cannot_see() -> None:
    """Two games that differ only in the bots' cards and (hidden) gold give the human the same updates."""
    import dataclasses
    import random
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent / "lieux"))
    from test_lieux_games import _swap_hidden

    from lieux import load_game

    u = json.loads(webapi.new_game(_settings(hidden_gold=True, seed=8)))
    r = random.Random(8)
    for step in range(60):
        if u["over"]:
            break
        session = webapi._current()
        human = session.viewer
        assert human is not None
        pos = _swap_hidden(json.loads(session.game.to_json()), human, r)
        for c in pos["seats"]:
            if c != human:
                pos["gold"][c] += 1 + step % 4
        twin = dataclasses.replace(session, game=load_game(json.dumps(pos)))
        assert twin.update() == session.update()
        assert session.update()["scores"] == {c: (g if c == human else None)
                                              for c, g in session.game.scores.items()}
        u = json.loads(webapi.bot_step() if u["to_act_kind"] == "bot" else webapi.act(u["legal"][0]))
        assert "error" not in u, u
    assert json.loads(webapi.update("blue"))["error"]  # a bot: its hand is not shown
