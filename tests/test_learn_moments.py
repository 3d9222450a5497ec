"""Key moments and scores by round of recorded finished games (tests/fixtures/learn_games.json)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tabletop import moments, registry
from tabletop.bridge import saves

GAMES: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "learn_games.json").read_text())["games"]


def _replay(record: dict[str, Any]) -> dict[str, Any]:
    return saves.replay(record)


def _summary(record: dict[str, Any]) -> dict[str, Any]:
    return moments.summary(registry.get(record["settings"]["game"]), _replay(record))


@pytest.mark.parametrize("record", GAMES, ids=lambda r: f"{r['settings']['game']}-{r['seed']}")
def test_scores_by_round_start_at_the_deal_and_end_at_the_final_scores(record: dict[str, Any]) -> None:
    replay = _replay(record)
    rounds = _summary(record)["rounds"]
    assert rounds[0] == {"round": 0, "scores": replay["steps"][0]["scores"]}
    assert [r["round"] for r in rounds] == list(range(len(rounds)))
    assert rounds[-1]["scores"] == replay["steps"][-1]["scores"]


@pytest.mark.parametrize("record", GAMES, ids=lambda r: f"{r['settings']['game']}-{r['seed']}")
def test_each_moment_is_what_its_step_did(record: dict[str, Any]) -> None:
    replay = _replay(record)
    spec = registry.get(record["settings"]["game"])
    assert spec.explainer is not None
    found = _summary(record)["moments"]
    assert 1 <= len(found) <= moments.MOMENTS
    assert [m["step"] for m in found] == sorted(m["step"] for m in found)
    for m in found:
        step = replay["steps"][m["step"]]
        assert m["action"] == step["action"] and m["actor"] == step["actor"]
        assert m["scores_after"] == step["scores"]
        assert m["scores_before"] == replay["steps"][m["step"] - 1]["scores"]
        if m["effect"] is not None:
            assert m["effect"] in spec.explainer.effects(step["events"])


def test_an_ambush_sprung_is_a_key_moment() -> None:
    record = GAMES[0]
    replay = _replay(record)
    sprung = [i for i, s in enumerate(replay["steps"]) if any(e["type"] == "ambushed" for e in s["events"])]
    assert sprung  # the recorded game has two
    kinds = {m["step"]: m["effect"]["kind"] for m in _summary(record)["moments"] if m["effect"]}
    assert any(kinds.get(i) == "ambush" for i in sprung)


@pytest.mark.parametrize("record", GAMES, ids=lambda r: f"{r['settings']['game']}-{r['seed']}")
def test_the_decisive_moment_is_where_the_winner_took_the_lead_for_good(record: dict[str, Any]) -> None:
    replay = _replay(record)
    winners = replay["ranking"][0]
    decisive = [m for m in _summary(record)["moments"] if m["decisive"]]
    assert len(decisive) <= 1
    for m in decisive:
        assert len(winners) == 1
        for step in replay["steps"][m["step"]:]:
            scores = step["scores"]
            assert all(scores[winners[0]] > v for c, v in scores.items() if c != winners[0])
        before = replay["steps"][m["step"] - 1]["scores"]
        assert any(v >= before[winners[0]] for c, v in before.items() if c != winners[0])


def test_a_steal_from_the_leader_is_marked() -> None:
    def leader(scores: dict[str, int]) -> str | None:
        top = max(scores.values())
        ahead = [c for c, v in scores.items() if v == top]
        return ahead[0] if len(ahead) == 1 else None

    for record in GAMES:
        for m in _summary(record)["moments"]:
            effect = m["effect"]
            if effect and effect["kind"] == "steal":
                assert m["from_leader"] == (effect["victim"] == leader(m["scores_before"]))


@pytest.mark.parametrize("record", GAMES, ids=lambda r: f"{r['settings']['game']}-{r['seed']}")
def test_every_card_held_is_the_deal(record: dict[str, Any]) -> None:
    replay = _replay(record)
    held = _summary(record)["held"]
    start = replay["steps"][0]["position"]
    assert set(held) == set(start["seats"])
    for colour, places in held.items():
        assert places["hand"] == start["hands"][colour]


def test_walking_into_ones_own_ambush_weighs_less_than_springing_an_opponents() -> None:
    from oriflamme.effects import swing

    theirs = swing({"kind": "ambush", "player": "blue", "attacker": "red"})  # +4 to Blue, Red's card lost
    own = swing({"kind": "ambush", "player": "red", "attacker": "red"})  # +1 to Red (D17), its card lost
    assert 0 < own < theirs


@pytest.mark.parametrize(("game", "variant", "players"),
                         [("oriflamme", "retail", 3), ("oriflamme", "prototype", 2), ("lieux", "A", 3)])
def test_a_decisive_moment_says_what_scored(game: str, variant: str, players: int) -> None:
    """A quiet step (an Heir's 2 points) that took the lead for good is told by what scored there, so the
    review never says only "Green plays"; a card that scored is named (it is face up)."""
    spec = registry.get(game)
    assert spec.explainer is not None
    told = 0
    for seed in range(12):
        rng = random.Random(seed)
        g = spec.new_game(variant, players, seed)
        steps = [moments.replay_step(g, None, None, [])]
        while not g.is_over:
            actor, action = g.to_act, rng.choice(g.legal_actions())
            steps.append(moments.replay_step(g, action, actor, g.play(action)))
        for m in moments.key_moments(spec, steps, g.ranking()[0]):
            if not m["decisive"]:
                continue
            told += 1
            effect = m["effect"]
            assert effect is not None and effect in spec.explainer.effects(steps[m["step"]]["events"]), m
            if effect["kind"] == "gain" and effect["reason"] in ("heir", "lord", "queen"):
                assert effect["card"] == effect["reason"]
    assert told >= 6  # most random games have a winner who led to the end from some step
