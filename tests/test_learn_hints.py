"""Hints that explain (tabletop.hints): what the suggested move does, from the player's view only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop import hints, registry
from tabletop.protocol import Game


def _decisions(game_id: str, seed: int, count: int) -> list[tuple[Game, str]]:
    """(game, action) at decisions of a random game, every player in turn."""
    spec = registry.get(game_id)
    game = spec.new_game(None, 3, seed)
    rng = random.Random(seed)
    out = []
    while not game.is_over and len(out) < count:
        legal = game.legal_actions()
        action = rng.choice(legal)
        out.append((game.clone(), action))
        game.play(action)
    return out


def _named_cards(explanation: dict[str, Any], viewer: str) -> list[tuple[str | None, str]]:
    """(owner, card) of every opponent's card the explanation names."""
    out = []
    move = explanation["move"]
    if move.get("card") is not None and move.get("owner") not in (None, viewer):
        out.append((move["owner"], move["card"]))
    for e in explanation["effects"]:
        owner = e.get("victim", e.get("player"))
        if e.get("card") is not None and owner != viewer:
            out.append((owner, e["card"]))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_explanation_names_only_cards_the_view_shows_face_up(seed: int) -> None:
    spec = registry.get("oriflamme")
    for game, action in _decisions("oriflamme", seed, 80):
        me = game.to_act
        view = game.view(me)
        tops = [stack[-1] for stack in view["queue"]]
        shown = {(top["owner"], top["card"]) for top in tops if top["face_up"]}
        for owner, card in _named_cards(hints.explain(spec, view, action), str(me)):
            assert (owner, card) in shown, (action, owner, card)


@pytest.mark.parametrize("game_id", ["oriflamme", "lieux"])
def test_same_view_other_hidden_cards_same_explanation(game_id: str) -> None:
    spec = registry.get(game_id)
    rng = random.Random(4)
    for game, action in _decisions(game_id, 9, 40)[::3]:
        view = game.view(game.to_act)
        other = spec.determinize(view, rng)  # hidden cards dealt afresh, the same view
        assert other.view(game.to_act) == view
        assert hints.explain(spec, view, action) == hints.explain(spec, other.view(game.to_act), action)


def test_eliminating_a_face_up_card_says_whose_and_which_and_the_point() -> None:
    spec = registry.get("oriflamme")
    for seed in range(1, 30):
        for game, _ in _decisions("oriflamme", seed, 200):
            view = game.view(game.to_act)
            for action in game.legal_actions():
                if not action.startswith("eliminate "):
                    continue
                pos = int(action.split()[1])
                top = view["queue"][pos - 1][-1]
                if not top["face_up"] or top["owner"] == view["viewer"]:
                    continue
                why = hints.explain(spec, view, action)
                assert why["move"] == {"kind": "eliminate", "position": pos, "owner": top["owner"],
                                       "card": top["card"], "ability": view["decision"]["ability"]}
                reason = why["effects"][why["reason"]]
                assert reason == {"kind": "eliminate", "player": view["viewer"], "victim": top["owner"],
                                  "card": top["card"], "tokens": top["tokens"]}
                assert why["points"][view["viewer"]] >= 1
                return
    raise AssertionError("no elimination of a face-up card met")


def test_a_reveal_is_explained_by_what_it_brings_not_by_the_card_turning_face_up() -> None:
    spec = registry.get("oriflamme")
    told_gain = 0
    for seed in range(1, 12):
        for game, _ in _decisions("oriflamme", seed, 200):
            if "reveal" not in game.legal_actions():
                continue
            view = game.view(game.to_act)
            why = hints.explain(spec, view, "reveal")
            kinds = [e["kind"] for e in why["effects"]]
            assert "reveal" in kinds, kinds
            if why["reason"] is not None:
                # Neither the card turning face up nor a one-shot card leaving after it acted is a reason
                # (a hint said "Reveal your Conspiracy: the Conspiracy of ? leaves the table").
                assert why["effects"][why["reason"]]["kind"] not in ("reveal", "discard"), why
            if any(e["kind"] == "gain" and e["player"] == view["viewer"] for e in why["effects"]):
                assert why["reason"] is not None
                told_gain += 1
    assert told_gain > 0  # some reveal brought points (tokens, a Lord, an Heir) and said so


def test_the_bridge_hint_carries_the_explanation(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.bridge import api

    monkeypatch.setattr(api, "HINT_BUDGET_MS", 30)
    u = json.loads(api.new_game(json.dumps({"game": "lieux", "players": 3, "seed": 2, "set": "A"})))
    while u["to_act_kind"] != "human":
        u = json.loads(api.bot_step())
    h = json.loads(api.hint())
    assert h["action"] in u["legal"]
    assert h["move"] == {"kind": "select", "value": int(h["action"].split()[1])}
    assert isinstance(h["effects"], list) and isinstance(h["points"], dict)
