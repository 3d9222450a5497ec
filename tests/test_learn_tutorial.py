"""The guided first games (api.tutorial): each script replays on the engine, offers only its own move
to the player, and every note says what the step's events show."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop import registry
from tabletop.bridge import api

# note key -> what the step's events must hold for the note to be true
CLAIMS = {
    "ambush": lambda evs, n: any(e["type"] == "ambushed" and e["player"] == n["player"] for e in evs),
    "eliminate": lambda evs, n: any(e["type"] == "eliminated" and e["player"] == n["victim"] for e in evs),
    "conspiracy": lambda evs, n: any(e["type"] == "gained" and e["reason"] == "conspiracy"
                                     and e["amount"] == n["amount"] for e in evs),
    "heir_unique": lambda evs, n: any(e["type"] == "revealed" and e["card"] == "heir" for e in evs)
    and not any(e["type"] == "gained" and e["reason"] == "heir" and e["player"] == n["player"] for e in evs),
    "resolution": lambda evs, n: any(e["type"] == "resolution_started" for e in evs),
    "scoring": lambda evs, n: any(e["type"] == "round_scoring" for e in evs),
    "round_end": lambda evs, n: any(e["type"] == "round_ended" for e in evs),
    "end": lambda evs, n: any(e["type"] == "game_over" for e in evs),
}


def _claim_holds(note: dict[str, Any], events: list[dict[str, Any]]) -> bool:
    key = note["key"]
    if key.startswith("card_"):
        return any(e["type"] == "revealed" and e["card"] == key[5:] for e in events)
    if key.startswith("effect_"):
        return any(e["type"] == "effect" and e["ability"] == key[7:] for e in events)
    check = CLAIMS.get(key)
    return True if check is None else bool(check(events, note))


@pytest.mark.parametrize("game", ["oriflamme", "lieux"])
def test_the_guided_game_plays_its_script_and_its_notes_are_true(game: str) -> None:
    u = json.loads(api.tutorial(game))
    assert "error" not in u, u
    guide = u["tutorial"]
    steps = guide["steps"]
    assert u["viewer"] == guide["player"]
    assert steps[0]["before"][0]["key"] == "welcome"
    session = api._current()
    for i, step in enumerate(steps):
        assert u["actions"] == i
        if u["to_act_kind"] == "human":
            assert step["actor"] == guide["player"]
            assert u["legal"] == [step["action"]]  # only the taught move is offered
            assert u["guided"] is True  # and the page is told so (the offer is no rule)
            other = [a for a in session.game.legal_actions() if a != step["action"]]
            if other:
                assert "error" in json.loads(api.act(other[0]))
            u = json.loads(api.act(step["action"]))
        else:
            u = json.loads(api.bot_step())
            assert u["action"] == step["action"]
        assert "error" not in u, u
        _, _, events = session.history[-1]
        for note in step["after"]:
            assert _claim_holds(note, events), (i, note)
    assert u["legal"] != [] or u["over"] or u["to_act_kind"] == "bot"


def test_the_oriflamme_guide_teaches_everything_the_first_game_needs() -> None:
    spec = registry.get("oriflamme")
    assert spec.tutorial is not None
    guide = spec.tutorial()
    keys = {n["key"] for s in guide["steps"] for n in s["before"] + s["after"]}
    needed = {"welcome", "place_ends", "place_on", "stay", "reveal", "resolution", "ambush", "ambush_bait",
              "eliminate", "conspiracy", "heir_unique", "end"}
    assert needed <= keys
    cards = {"heir", "soldier", "spy", "lord", "shapeshifter", "assassination", "archer", "decree"}
    assert {"card_" + c for c in cards} <= keys
    last = guide["steps"][-1]["after"][-1]
    assert last["key"] == "end" and last["ranking"][0] == [guide["player"]]


def test_the_lieux_guide_is_shorter_and_the_game_goes_on_after_it() -> None:
    spec = registry.get("lieux")
    assert spec.tutorial is not None
    guide = spec.tutorial()
    ori = registry.get("oriflamme").tutorial
    assert ori is not None and len(guide["steps"]) < len(ori()["steps"])
    u = json.loads(api.tutorial("lieux"))
    for step in guide["steps"]:
        u = json.loads(api.act(step["action"]) if u["to_act_kind"] == "human" else api.bot_step())
    while u["to_act_kind"] == "bot":
        u = json.loads(api.bot_step())
    assert not u["over"] and len(u["legal"]) > 1  # the script is over: every move is the player's again
    assert u["guided"] is False


def test_a_guided_game_takes_nothing_back() -> None:
    u = json.loads(api.tutorial("oriflamme"))
    while u["to_act_kind"] != "human":
        u = json.loads(api.bot_step())
    json.loads(api.act(u["legal"][0]))
    assert "error" in json.loads(api.undo())
