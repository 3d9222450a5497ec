"""webapi.hint(): the expert bot's suggestion for the human to act, from that human's view only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.bridge import api as webapi


@pytest.fixture(autouse=True)
def _quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webapi, "HINT_BUDGET_MS", 60)


def _start(game: str, seed: int = 7) -> dict[str, Any]:
    settings: dict[str, Any] = {
        "game": game, "players": 3, "seed": seed,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "random"}],
    }
    if game == "oriflamme":
        settings["edition"] = "retail"
    else:
        settings.update({"set": "A", "hidden_gold": False})
    u = json.loads(webapi.new_game(json.dumps(settings)))
    assert "error" not in u, u
    return u


def _to_human(u: dict[str, Any]) -> dict[str, Any]:
    for _ in range(500):
        if u["over"] or u["to_act_kind"] == "human":
            return u
        u = json.loads(webapi.bot_step())
        assert "error" not in u, u
    raise AssertionError("the human never got to act")


def _position() -> str:
    session = webapi._current()
    return str(session.game.to_json())


@pytest.mark.parametrize("game", ["oriflamme", "lieux"])
def test_hint_is_legal_and_changes_nothing(game: str) -> None:
    u = _to_human(_start(game))
    for _ in range(3):  # a few of the human's decisions, each hinted then played
        assert not u["over"] and u["to_act_kind"] == "human"
        before = _position()
        actions_before = list(webapi._current().actions)
        h = json.loads(webapi.hint())
        assert "error" not in h, h
        assert h["action"] in u["legal"]
        assert h["colour"] == u["to_act"]
        assert _position() == before
        assert webapi._current().actions == actions_before
        u = json.loads(webapi.act(h["action"]))
        assert "error" not in u, u
        u = _to_human(u)


@pytest.mark.parametrize("game", ["oriflamme", "lieux"])
def test_hint_sees_only_the_humans_view(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    u = _to_human(_start(game, seed=3))
    seen: dict[str, Any] = {}

    class Spy:
        def choose(self, view: Any, legal: list[str]) -> str:
            seen["view"], seen["legal"] = view, legal
            return legal[-1]

    def fake_make_bot(level: str, seed: int | None = 0, budget_ms: float | None = None,
                      iterations: int | None = None) -> Spy:
        seen["level"], seen["budget_ms"] = level, budget_ms
        return Spy()

    target = "lieux.bots.make_bot" if game == "lieux" else "oriflamme.bots.make_bot"
    monkeypatch.setattr(target, fake_make_bot)
    h = json.loads(webapi.hint())
    assert h["action"] == u["legal"][-1]
    assert seen["level"] == "expert" and seen["budget_ms"] == 60
    assert seen["legal"] == u["legal"]
    assert seen["view"] == webapi._current().game.view(u["to_act"])


def test_hint_errors_when_no_human_is_to_act() -> None:
    u = _start("oriflamme")
    for _ in range(2000):
        if u["over"]:
            break
        if u["to_act_kind"] == "bot":
            assert "error" in json.loads(webapi.hint())
            u = json.loads(webapi.bot_step())
        else:
            u = json.loads(webapi.act(u["legal"][0]))
        assert "error" not in u, u
    assert u["over"]
    assert "error" in json.loads(webapi.hint())


def test_hint_errors_without_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webapi, "_SESSION", None)
    assert "error" in json.loads(webapi.hint())
