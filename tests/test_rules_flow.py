"""Round flow, placement, stacks, the rulebooks' resolution examples, end of game and ties (D8, D12, P4)."""

from __future__ import annotations

import json

import pytest

from helpers import RETAIL_FAMILY, data, game, play, position, queue_of
from oriflamme import load_game, new_game

# ------------------------------------------------------------------ the rulebooks' examples


@pytest.mark.parametrize("edition", ["retail", "pegasus"])
def test_english_rulebook_resolution_example(edition):
    # Round 2: red, blue soldier (1 token), red's second card (1 token), green.
    g = game(["red:lord", "blue:soldier:1", "red:heir:1", "green:spy"], edition=edition, round=2)
    assert g.to_act == "red"
    play(g, "stay")  # red keeps it hidden: +1 token on it
    assert queue_of(g)[0] == ["red:lord:1"]
    play(g, "reveal")  # blue's soldier: blue takes its token
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3"]
    ev = play(g, "eliminate 3")  # red's second card, its token back to the supply, blue +1
    elim = [e for e in ev if e["type"] == "eliminated"]
    assert [(e["player"], e["card"], e["position"]) for e in elim] == [("red", "heir", 3)]
    assert g.scores == {"red": 1, "blue": 3, "green": 1}
    assert g.to_act == "green" and data(g)["cursor"] == 3  # with the red card gone, green is next
    play(g, "stay")
    assert queue_of(g) == [["red:lord:1"], ["blue:soldier:up"], ["green:spy:1"]]
    assert data(g)["discard"]["red"] == ["heir"]
    d = data(g)
    assert d["phase"] == "placement" and d["round"] == 3 and d["first"] == "blue" and g.to_act == "blue"


def test_prototype_rulebook_resolution_example():
    g = game(["blue:soldier", "red:heir", "green:spy"], edition="prototype",
             seats=("blue", "red", "green"))
    play(g, "reveal")
    assert sorted(g.legal_actions()) == ["eliminate 2"]  # the only neighbour
    play(g, "eliminate 2")  # reveals the red heir, eliminates it: blue +1
    assert g.scores == {"blue": 2, "red": 1, "green": 1}
    play(g, "reveal")  # green's spy, now next to the blue soldier
    assert g.legal_actions() == ["steal blue"]
    play(g, "steal blue")
    assert g.scores == {"blue": 1, "red": 1, "green": 2}
    assert data(g)["phase"] == "placement"


# ------------------------------------------------------------------ placement and rounds


def test_d12_empty_queue_first_and_last_do_the_same():
    g = new_game(edition="retail", players=3, seed=4)
    me = g.to_act
    hand = data(g)["hands"][me]
    legal = g.legal_actions()
    assert sorted(legal) == sorted([f"place {c} {w}" for c in hand for w in ("first", "last")])
    a, b = g.clone(), g.clone()
    a.play(f"place {hand[0]} first")
    b.play(f"place {hand[0]} last")
    assert a.to_json() == b.to_json()


def test_placement_only_at_the_ends_or_on_own_stacks():
    g = game(["red:heir", "blue:spy:up", ["red:lord:up", "red:archer"]], phase="placement", round=2,
             first="red", hands={"red": ["soldier", "decree"], "blue": ["heir"], "green": ["heir"]})
    assert sorted(g.legal_actions()) == sorted(
        f"place {c} {w}" for c in ("soldier", "decree") for w in ("first", "last", "on 1", "on 3"))
    play(g, "place decree on 3")
    assert queue_of(g)[2] == ["red:lord:up", "red:archer", "red:decree"]
    assert g.to_act == "blue"
    assert sorted(g.legal_actions()) == ["place heir first", "place heir last", "place heir on 2"]


def test_round_flow_seat_order_and_first_player_passes():
    g = new_game(edition="retail", players=["green", "red", "blue"], seed=9)
    seats = ["green", "red", "blue"]
    prev_first = None
    for rnd in (1, 2, 3):
        d = data(g)
        assert d["round"] == rnd and d["phase"] == "placement"
        first = d["first"]
        if prev_first is not None:
            assert seats.index(first) == (seats.index(prev_first) + 1) % 3
        order = []
        while data(g)["phase"] == "placement":
            order.append(g.to_act)
            g.play(next(a for a in g.legal_actions() if a.endswith(" last")))
        i = seats.index(first)
        assert order == [seats[(i + k) % 3] for k in range(3)]
        while data(g)["phase"] == "resolution":
            assert g.legal_actions() == ["reveal", "stay"]  # all face down: nobody reveals
            g.play("stay")
        prev_first = first
    assert all(len(st) == 1 and st[0]["tokens"] >= 1 for st in data(g)["queue"])


def test_load_then_play_placement_finishes_round_then_resolves_from_position_one():
    g = game(["blue:heir:up", "red:spy"], phase="placement", first="red", to_act="green",
             hands={"green": ["lord"], "red": ["heir"], "blue": ["spy"]})
    play(g, "place lord first")
    # resolution: green lord at 1 (face down) decides first
    d = data(g)
    assert d["phase"] == "resolution" and d["cursor"] == 1 and g.to_act == "green"


# ------------------------------------------------------------------ stacks: one-shot cards uncovering


def test_uncovered_face_down_card_is_asked_next_and_covered_cards_get_no_token():
    g = game([["red:heir:1", "red:conspiracy"], "blue:spy"])
    play(g, "stay")
    assert queue_of(g)[0] == ["red:heir:1", "red:conspiracy:1"]
    g = game([["red:heir:1", "red:assassination"], "blue:spy"])
    play(g, "reveal", "eliminate 2")
    assert g.to_act == "red" and data(g)["cursor"] == 1 and g.legal_actions() == ["reveal", "stay"]
    play(g, "reveal")
    assert g.scores["red"] == 1 + 1 + 1 + 2  # eliminate, heir's token, heir alone


def test_decree_on_a_stack_moves_a_card_before_it_then_the_card_below_plays():
    g = game([["red:heir:up", "red:decree"], "blue:spy"])
    play(g, "reveal", "move 2 to 1")
    # queue: spy, heir (uncovered, resolves next: +2); the spy was moved earlier: not resolved
    assert queue_of(g) == [["blue:spy"], ["red:heir:up"]]
    assert g.scores["red"] == 3 and data(g)["phase"] == "placement"


def test_ambush_revealed_on_a_stack_then_the_card_below():
    g = game([["red:heir:up", "red:ambush:2"], "blue:spy"])
    play(g, "reveal")
    assert g.scores["red"] == 1 + 1 + 2
    assert g.to_act == "blue"


def test_chain_of_one_shots_on_a_stack():
    g = game([["red:lord:up", "red:conspiracy:1", "red:assassination:1"], "blue:heir"])
    play(g, "reveal", "eliminate 2")  # +1 token, +1 eliminate
    assert g.legal_actions() == ["reveal", "stay"] and data(g)["cursor"] == 1
    play(g, "reveal")  # conspiracy: +2; then the lord: +1
    assert g.scores["red"] == 1 + 1 + 1 + 2 + 1
    assert queue_of(g) == [["red:lord:up"]]


# ------------------------------------------------------------------ end of game


def test_end_of_game_last_card_stays_in_hand_tokens_on_cards_lost():
    g = game(["red:heir:3", "blue:spy:2"], phase="placement", round=6, first="green",
             hands={"red": ["lord", "archer"], "blue": ["lord", "archer"], "green": ["lord", "archer"]},
             scores={"red": 4, "blue": 4, "green": 2})
    for _ in range(3):
        play(g, "place lord last")
    events = []
    while not g.is_over:
        events += play(g, "stay")
    assert g.to_act is None and g.legal_actions() == []
    d = data(g)
    assert d["phase"] == "over" and d["round"] == 6
    assert all(h == ["archer"] for h in d["hands"].values())
    assert g.scores == {"red": 4, "blue": 4, "green": 2}  # tokens on cards count for nothing
    # red and blue tied on 4, two cards each in the queue: shared first place
    assert [sorted(p) for p in g.ranking()] == [["blue", "red"], ["green"]]
    over = [e for e in events if e["type"] == "game_over"]
    assert len(over) == 1


def test_a_finished_game_accepts_no_action():
    g = game(["red:heir:up"], phase="over", round=6, cursor=None)
    assert g.is_over and g.legal_actions() == []


# ------------------------------------------------------------------ ties (D8, P4)


def over(queue, scores, edition="retail", seats=("red", "blue", "green")):
    return load_game(json.dumps(position(queue, edition=edition, seats=seats, scores=scores,
                                         phase="over", round=7 if edition == "prototype" else 6,
                                         cursor=None)))


@pytest.mark.parametrize("edition", ["retail", "pegasus"])
def test_tie_broken_by_cards_in_queue_covered_ones_count(edition):
    g = over([["red:heir:up", "red:spy"], "blue:lord:up", "blue:heir:up", "green:spy"],
             {"red": 5, "blue": 5, "green": 7}, edition)
    # red 2 cards (one covered) vs blue 2: still tied -> shared
    assert [sorted(p) for p in g.ranking()] == [["green"], ["blue", "red"]]
    g = over([["red:heir:up", "red:spy", "red:lord"], "blue:lord:up", "blue:heir:up", "green:spy"],
             {"red": 5, "blue": 5, "green": 7}, edition)
    assert g.ranking() == [["green"], ["red"], ["blue"]]


def test_score_beats_queue_count():
    g = over(["red:heir:up", "red:spy", "red:lord", "blue:spy"], {"red": 2, "blue": 3, "green": 3})
    assert g.ranking() == [["blue"], ["green"], ["red"]]


def test_prototype_ties_and_two_player_colours():
    g = over(["red:heir:up", "red:spy"], {"red": 4, "green": 4}, "prototype", ("red", "green"))
    assert g.ranking() == [["red"], ["green"]]
    g = over([], {"red": 4, "green": 4}, "prototype", ("red", "green"))
    assert [sorted(p) for p in g.ranking()] == [["green", "red"]]


def test_new_game_sets_up_each_family():
    for ed, n in (("retail", 5), ("pegasus", 3)):
        g = new_game(edition=ed, players=n, seed=1)
        d = data(g)
        assert d["round"] == 1 and d["phase"] == "placement" and d["queue"] == []
        for c in d["seats"]:
            assert d["scores"][c] == 1
            assert len(d["hands"][c]) == 7 and len(d["aside"][c]) == 3
            assert sorted(d["hands"][c] + d["aside"][c]) == sorted(RETAIL_FAMILY)


# ------------------------------------------------------------------ what resolves next (D2)


def test_eliminating_the_previous_card_closes_the_gap_and_goes_on_after_the_resolving_card():
    g = game(["blue:heir", "red:soldier:up", "green:spy"], cursor=2)
    play(g, "eliminate 1")
    assert queue_of(g) == [["red:soldier:up"], ["green:spy"]]
    assert g.to_act == "green" and data(g)["cursor"] == 2


def test_eliminating_the_next_card_of_a_stack_uncovers_a_card_that_resolves_when_reached():
    g = game(["red:soldier:up", ["blue:heir:up", "blue:spy"]])
    play(g, "eliminate 2")
    assert queue_of(g) == [["red:soldier:up"], ["blue:heir:up"]]
    assert g.scores == {"red": 2, "blue": 3, "green": 1}
    assert data(g)["phase"] == "placement"


def test_prototype_archer_at_an_end_must_shoot_the_opponent_at_the_other_end():
    g = game(["red:archer:up", "green:spy"], edition="prototype", seats=("red", "green", "black"))
    assert g.legal_actions() == ["eliminate 2"]


def test_first_player_and_direction_are_drawn_from_the_seed():
    firsts, directions = set(), set()
    for seed in range(30):
        d = data(new_game(edition="retail", players=4, seed=seed))
        firsts.add(d["first"])
        directions.add(d["direction"])
        assert d["to_act"] == d["first"]
    assert firsts == {"red", "blue", "green", "yellow"} and directions == {"ltr", "rtl"}


def test_default_colours_per_edition():
    assert data(new_game(edition="retail", players=5, seed=1))["seats"] == [
        "red", "blue", "green", "yellow", "black"]
    assert data(new_game(edition="prototype", players=4, seed=1))["seats"] == [
        "red", "green", "black", "blue"]
