"""Pegasus edition: P1 (tokens after the effect), P2 (Ambush keeps the attacker), P3 (Decree may stack,
with D14), and the same cards as retail otherwise."""

from __future__ import annotations

import functools

import helpers
from helpers import data, play, queue_of

game = functools.partial(helpers.game, edition="pegasus")


def gains(events):
    return [(e["player"], e["reason"], e["amount"]) for e in events if e["type"] == "gained"]


# ------------------------------------------------------------------ P1

def test_p1_tokens_are_taken_after_the_ability():
    g = game(["red:heir:2", "blue:spy"])
    ev = play(g, "reveal")
    assert gains(ev) == [("red", "heir", 2), ("red", "tokens", 2)]
    assert g.scores["red"] == 5 and queue_of(g)[0] == ["red:heir:up"]


def test_retail_tokens_are_taken_before_the_ability():
    g = helpers.game(["red:heir:2", "blue:spy"])
    ev = play(g, "reveal")
    assert gains(ev) == [("red", "tokens", 2), ("red", "heir", 2)]


def test_p1_archer_eliminating_itself_loses_its_tokens():
    g = game(["red:archer:2", "blue:heir"])
    play(g, "reveal", "eliminate 1")
    assert g.scores["red"] == 1 + 1
    assert data(g)["discard"]["red"] == ["archer"]


def test_p1_archer_eliminating_another_card_takes_its_tokens():
    g = game(["red:archer:2", "blue:heir"])
    play(g, "reveal", "eliminate 2")
    assert g.scores["red"] == 1 + 1 + 2 and queue_of(g) == [["red:archer:up"]]


def test_p1_conspiracy_doubles_then_takes():
    g = game(["red:conspiracy:3", "blue:heir"])
    play(g, "reveal")
    assert g.scores["red"] == 7 and data(g)["discard"]["red"] == ["conspiracy"]


def test_p1_ambush_revealed_by_owner_gains_one_not_its_tokens():
    g = game(["red:ambush:3", "blue:heir"])
    play(g, "reveal")
    assert g.scores["red"] == 2


def test_p1_face_up_card_does_not_take_tokens_again():
    g = game(["red:heir:up", "blue:spy"])  # a face-up card never has tokens: it only gets them face down
    assert g.scores["red"] == 3


# ------------------------------------------------------------------ P2

def test_p2_ambush_eliminated_by_opponent_keeps_the_attacker():
    g = game(["red:soldier:up", "blue:ambush:2", "green:heir"])
    play(g, "eliminate 2")
    assert g.scores == {"red": 2, "blue": 5, "green": 1}
    assert data(g)["discard"] == {"red": [], "blue": ["ambush"], "green": []}
    assert queue_of(g) == [["red:soldier:up"], ["green:heir"]]
    assert g.to_act == "green" and data(g)["cursor"] == 2


def test_p2_own_ambush_gives_one_plus_one_and_keeps_the_attacker():
    g = game(["red:soldier:up", "red:ambush", "green:heir"])
    play(g, "eliminate 2")
    assert g.scores["red"] == 3
    assert queue_of(g) == [["red:soldier:up"], ["green:heir"]]


def test_p2_revealed_archer_hitting_an_ambush_keeps_its_tokens():
    g = game(["red:archer:1", "blue:heir", "green:ambush"])
    play(g, "reveal", "eliminate 3")
    assert g.scores == {"red": 1 + 1 + 1, "blue": 1, "green": 5}


# ------------------------------------------------------------------ P3, D14

def test_p3_decree_may_put_a_card_on_a_stack_of_its_colour():
    g = game(["red:decree", "blue:heir:1", "green:lord", "blue:spy:up"])
    play(g, "reveal")
    legal = g.legal_actions()
    assert "move 2 onto 4" in legal and "move 4 onto 2" in legal
    assert "move 2 onto 3" not in legal and "move 3 onto 2" not in legal  # other colours
    play(g, "move 2 onto 4")
    assert queue_of(g) == [["green:lord"], ["blue:spy:up", "blue:heir:1"]]
    assert g.to_act == "green" and data(g)["cursor"] == 1


def test_p3_onto_the_decree_s_own_stack_with_d14():
    # the lord resolves (+1, +1 for the red decree next to it); the decree moves the lord onto itself,
    # takes its own 2 tokens (D14), is discarded, and the lord resolves again at once.
    g = game(["red:lord:up", "red:decree:2", "blue:heir"])
    assert g.scores["red"] == 3
    play(g, "reveal")
    assert "move 1 onto 2" in g.legal_actions()
    play(g, "move 1 onto 2")
    assert g.scores["red"] == 3 + 2 + 1  # lord again: blue heir is no family
    assert queue_of(g) == [["red:lord:up"], ["blue:heir"]]
    assert data(g)["discard"]["red"] == ["decree"]
    assert g.to_act == "blue" and data(g)["cursor"] == 2


def test_p3_decree_of_another_colour_cannot_receive_the_card():
    g = game(["red:decree", "blue:heir", "blue:spy"])
    play(g, "reveal")
    assert "move 2 onto 1" not in g.legal_actions()
    assert "move 2 onto 3" in g.legal_actions()


def test_p3_moving_a_card_onto_a_stack_earlier_does_not_resolve_it():
    g = game(["blue:heir:up", "red:decree", "blue:lord:up"])
    assert g.scores["blue"] == 3
    play(g, "reveal", "move 3 onto 1")
    assert queue_of(g) == [["blue:heir:up", "blue:lord:up"]]
    assert g.scores["blue"] == 3 and data(g)["phase"] == "placement"


def test_p3_moving_a_card_onto_a_later_stack_resolves_it_there():
    g = game(["blue:lord:up", "red:decree", "blue:heir:up"])
    assert g.scores["blue"] == 1 + 1  # lord: red decree and nothing else adjacent
    play(g, "reveal", "move 1 onto 3")
    # queue: [heir, lord] as one stack; the lord resolves again with no neighbour: +1
    assert queue_of(g) == [["blue:heir:up", "blue:lord:up"]]
    assert g.scores["blue"] == 3


def test_pegasus_otherwise_like_retail_soldier_and_heir():
    g = game(["blue:heir:up", "red:soldier:up", "green:spy"], cursor=2)
    play(g, "eliminate 1")
    assert g.scores["red"] == 2 and data(g)["discard"]["blue"] == ["heir"]


def test_p3_onto_the_decree_from_after_it_then_the_moved_card_resolves_at_the_decree_s_place():
    g = game(["red:decree:1", "blue:heir", "red:lord:up"])
    play(g, "reveal", "move 3 onto 1")
    # D14: the decree's token, then the lord at position 1: 1, blue heir is no family
    assert g.scores["red"] == 1 + 1 + 1
    assert queue_of(g) == [["red:lord:up"], ["blue:heir"]]
    assert g.to_act == "blue" and data(g)["cursor"] == 2


def test_p1_decree_takes_its_tokens_after_moving_since_it_is_still_in_the_queue():
    g = game(["red:decree:2", "blue:heir", "green:lord"])
    ev = play(g, "reveal", "move 2 to 4")
    types = [e["type"] for e in ev]
    assert types.index("moved") < types.index("gained") < types.index("discarded")
    assert g.scores["red"] == 3
