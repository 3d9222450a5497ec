"""The bridge's game-agnostic calls: the catalogue, the log per viewer, opening events, the tie-break,
and the facts the tables need from the engine (lieux's drop slots, L2)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from lieux import new_game as lieux_new_game
from tabletop import registry
from tabletop.bridge import api
from tabletop.cli.players import make_chooser


def call(fn: Any, *args: Any) -> Any:
    out = fn(*args)
    assert isinstance(out, str)
    return json.loads(out)


def start(game: str, seed: int, humans: int = 1, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "level": "random"}] * (3 - humans)
    u = call(api.new_game, json.dumps({"game": game, "players": 3, "seed": seed, "seats": seats, **extra}))
    assert "error" not in u, u
    return u


def advance(u: dict[str, Any], steps: int, rng: random.Random) -> dict[str, Any]:
    for _ in range(steps):
        if u["over"]:
            break
        u = call(api.bot_step) if u["to_act_kind"] == "bot" else call(api.act, rng.choice(u["legal"]))
        assert "error" not in u, u
    return u


def test_catalogue_describes_every_registered_game() -> None:
    cat = call(api.catalogue)
    assert [g["id"] for g in cat["games"]] == list(registry.ids())
    for g in cat["games"]:
        spec = registry.get(g["id"])
        assert g["levels"] == list(spec.levels) and g["tie_break"]["rule"]
        for v in g["variants"]:
            low, high = v["players"]
            for n in (low, high):  # each end of the range starts, with the catalogue's colours in order
                game = spec.new_game(v["id"], n, 1)
                assert game.seats == v["colours"][:n]
            with pytest.raises(ValueError):
                spec.new_game(v["id"], high + 1, 1)
    by_id = {g["id"]: g for g in cat["games"]}
    editions = by_id["oriflamme"]["editions"]
    assert editions["retail"]["tokens"] is True and editions["prototype"]["tokens"] is False
    assert by_id["oriflamme"]["cards"]["decree"]["timing"] == "one_shot"
    assert by_id["oriflamme"]["cards"]["lord"]["timing"] == "lasting"
    lieux_cards = by_id["lieux"]["cards"]
    assert lieux_cards["15"] == {"ability": "king", "timing": "end"}
    assert lieux_cards["12"]["timing"] == "immediate" and lieux_cards["3"]["timing"] is None
    assert by_id["lieux"]["options"] == {"hidden_gold": False}


@pytest.mark.parametrize("game", registry.ids())
def test_log_is_the_whole_game_redacted_for_each_viewer(game: str) -> None:
    extra = {"hidden_gold": True} if game == "lieux" else {}
    u = advance(start(game, seed=11, humans=3, **extra), 40, random.Random(2))
    session = api._current()
    for viewer in [None, *session.colours]:
        log = call(api.log, viewer)
        assert log["viewer"] == viewer
        entries = log["entries"]
        assert [e["action"] for e in entries] == [None, *session.actions]
        for entry, (_action, _actor, raw) in zip(entries, session.history, strict=True):
            assert entry["events"] == json.loads(json.dumps(session.game.events_for(raw, viewer)))
    assert call(api.log, "purple")["error"]
    # What a player saw of their own moves is more than what the others see of them.
    red, blue = call(api.log, "red")["entries"], call(api.log, "blue")["entries"]
    assert red != blue
    assert u["actions"] == len(session.actions)


def test_new_game_sends_the_opening_events() -> None:
    u = start("lieux", seed=4)
    fresh = lieux_new_game(players=3, seed=4)
    assert fresh.start_events and u["events"] == fresh.events_for(fresh.start_events, u["viewer"])


@pytest.mark.parametrize("game", registry.ids())
def test_a_finished_game_says_how_ties_were_broken(game: str) -> None:
    u = advance(start(game, seed=5, humans=0), 5000, random.Random(0))
    assert u["over"]
    tb = u["tie_break"]
    assert tb == api._current().game.tie_break() and set(tb["values"]) == set(api._current().colours)
    assert call(api.update)["tie_break"] == tb


def _row(g: Any, place: str) -> list[tuple[str, int]]:
    return [(c["owner"], c["value"]) for p in g.view(None)["places"] if p["id"] == place for c in p["cards"]]


def test_lieux_slots_are_where_each_put_lands() -> None:
    """The engine says where a put's card will sit in its place (L2), so the table need not work it out."""
    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        g = lieux_new_game(players=4, seed=seed)
        while not g.is_over:
            actor = g.to_act
            v = g.view(actor)
            d = v["decision"]
            if d["kind"] == "put":
                slots = d["slots"]
                assert set(slots) == {a for a in g.legal_actions() if a.startswith("put ")}
                assert "slots" not in (g.view(g.seats[(g.seats.index(actor) + 1) % 4])["decision"] or {})
                for action, index in slots.items():
                    place, value = action.split()[2], int(action.split()[1])
                    before = _row(g, place)
                    after = g.clone()
                    after.play(action)
                    row = _row(after, place)
                    if sorted(row) == sorted([*before, (actor, value)]):  # no immediate effect moved a card
                        assert row == [*before[:index], (actor, value), *before[index:]], (action, row)
                        checked += 1
            g.play(rng.choice(g.legal_actions()))
    assert checked > 100


@pytest.mark.parametrize("game", registry.ids())
def test_terminal_and_browser_seat_the_same_bot_for_a_level(game: str) -> None:
    for level in registry.get(game).levels:
        if level == "random":
            continue
        u = call(api.new_game, json.dumps({"game": game, "players": 3, "seed": 1, "seats": [
            {"kind": "human"}, {"kind": "bot", "level": level}, {"kind": "bot", "level": level}]}))
        assert "error" not in u
        browser = api._current().bots[u["seats"][1]["colour"]]
        assert type(make_chooser(level, 1, game)) is type(browser), (game, level)


@pytest.mark.parametrize("text", [None, 42, ["{}"], {"a": 1}])
def test_the_bridge_refuses_what_is_not_json_text(text: Any) -> None:
    answer = json.loads(api.load(text))
    assert "expected JSON text" in answer["error"], answer


def test_the_bridge_caps_the_length_before_reading() -> None:
    # Too deep to parse as well: the length cap answers first, without reading the text.
    answer = json.loads(api.load("[" * (api.MAX_TEXT + 1)))
    assert answer["error"].startswith("save is too long"), answer
