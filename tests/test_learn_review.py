"""The post-game review (tabletop.review, api.review_start/review_next): judged from views only."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from tabletop import registry, review
from tabletop.bridge import api, saves

GAMES: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "learn_games.json").read_text())["games"]


def test_grades_follow_the_thresholds() -> None:
    (blunder, b), (mistake, m), (inaccuracy, i) = review.GRADES
    assert (blunder, mistake, inaccuracy) == ("blunder", "mistake", "inaccuracy")
    assert b > m > i > 0
    assert review.grade(b) == "blunder" and review.grade(m) == "mistake" and review.grade(i) == "inaccuracy"
    assert review.grade(i / 2) is None


@pytest.mark.parametrize("game_id", ["oriflamme", "lieux"])
def test_same_view_other_hidden_cards_same_judgement(game_id: str) -> None:
    spec = registry.get(game_id)
    game = spec.new_game(None, 3, 12)
    rng = random.Random(12)
    checked = 0
    while not game.is_over and checked < 3:
        legal = game.legal_actions()
        action = rng.choice(legal)
        if len(legal) > 2:
            me = game.to_act
            assert me is not None
            view = game.view(me)
            other = spec.determinize(view, rng)
            assert json.dumps(other.to_json()) != json.dumps(game.to_json())
            a = review.judge(spec, review.Decision(5, me, view, legal, action), 80)
            again = review.Decision(5, me, other.view(me), list(other.legal_actions()), action)
            b = review.judge(spec, again, 80)
            assert a == b
            assert a["best"] in legal and 0 <= a["loss"] <= 1
            checked += 1
        game.play(action)
    assert checked == 3


def test_the_best_move_played_costs_nothing() -> None:
    spec = registry.get("oriflamme")
    game = spec.new_game(None, 3, 3)
    me = game.to_act
    assert me is not None
    view, legal = game.view(me), game.legal_actions()
    first = review.judge(spec, review.Decision(0, me, view, legal, legal[0]), 120)
    again = review.judge(spec, review.Decision(0, me, view, legal, first["best"]), 120)
    assert again["loss"] == 0 and again["grade"] is None and again["best"] == first["best"]


@pytest.mark.parametrize("record", GAMES, ids=lambda r: f"{r['settings']['game']}-{r['seed']}")
def test_the_review_judges_every_human_decision_one_call_at_a_time(record: dict[str, Any],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    session = saves.rebuild(record)
    (human,) = [c for c in session.colours if session.kinds[c] == "human"]
    monkeypatch.setattr(review, "MIN_ITERATIONS", 20)
    monkeypatch.setattr(review, "MAX_ITERATIONS", 20)
    start = json.loads(api.review_start(json.dumps(record)))
    assert "error" not in start, start
    assert start["scores"] and start["rounds"] and start["held"]
    total = start["decisions"]
    # The human is seat 0; every one of its actions with a choice is a decision.
    assert 0 < total <= len(record["actions"])
    done = 0
    while True:
        step = json.loads(api.review_next())
        assert step["total"] == total
        done += 1
        assert step["done"] == min(done, total)
        item = step["item"]
        assert item["colour"] == human
        assert record["actions"][item["index"]] == item["played"]
        if "costliest" in step:
            break
    judged = step["judged"]
    assert len(judged) == total
    costly = step["costliest"]
    assert len(costly) <= review.COSTLIEST
    losses = {j["index"]: j["loss"] for j in judged}
    graded = sorted((j for j in judged if j["grade"]), key=lambda j: -j["loss"])
    assert [losses[i] for i in costly] == [j["loss"] for j in graded[: len(costly)]]


def test_an_unfinished_game_is_not_reviewed() -> None:
    u = json.loads(api.new_game(json.dumps({"game": "oriflamme", "players": 3, "seed": 1})))
    assert "error" not in u
    assert "error" in json.loads(api.review_start())


@pytest.mark.parametrize("game_id", ["oriflamme", "lieux"])
def test_every_player_count_has_a_win_chance_map_that_rises_with_the_rating(game_id: str) -> None:
    spec = registry.get(game_id)
    counts = {n for v in spec.variants for n in range(v.min_players, v.max_players + 1)}
    assert set(spec.review_chances) == counts
    ratings = [i / 50 for i in range(51)]
    for players, table in spec.review_chances.items():
        assert table, players
        for left in range(len(table) + 2):  # beyond the table, its last entry
            chances = [review.chance_from(table, left, r) for r in ratings]
            assert all(0 < c < 1 for c in chances)
            assert chances == sorted(chances) and chances[-1] > chances[0], (players, left)


def test_a_decisions_loss_is_the_drop_of_its_win_chance() -> None:
    spec = registry.get("oriflamme")
    game = spec.new_game(None, 3, 7)
    rng = random.Random(7)
    judged = 0
    while not game.is_over:
        legal = game.legal_actions()
        me = game.to_act
        assert me is not None
        if len(legal) > 2 and judged < 4:
            view = game.view(me)
            j = review.judge(spec, review.Decision(judged, me, view, legal, legal[-1]), 100)
            for side in ("best", "played"):
                chance = review.win_chance(spec.review_chances, view, j[f"value_{side}"])
                assert j[f"chance_{side}"] == pytest.approx(chance, abs=2e-4)  # the rating is rounded
            assert j["loss"] == pytest.approx(max(0.0, j["chance_best"] - j["chance_played"]), abs=2e-4)
            judged += 1
        game.play(rng.choice(legal))
    assert judged == 4


def test_the_fit_finds_a_known_logistic_map() -> None:
    from tabletop.review_fit import fit_logistic

    rng = random.Random(3)
    xs = [rng.uniform(-3, 3) for _ in range(4000)]
    ys = [1.0 if rng.random() < 1 / (1 + math.exp(-(-0.7 + 0.6 * x))) else 0.0 for x in xs]
    a, b = fit_logistic(xs, ys)
    assert a == pytest.approx(-0.7, abs=0.12) and b == pytest.approx(0.6, abs=0.08)
