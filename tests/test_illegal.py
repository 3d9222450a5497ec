"""Illegal actions: IllegalAction with a reason that helps, and the game exactly as it was."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import EDITIONS_PLAYERS, game, play, walk
from oriflamme import IllegalAction, new_game
from tabletop import registry


def refused(g, action, *words):
    before = g.to_json()
    legal = g.legal_actions()
    with pytest.raises(IllegalAction) as info:
        g.play(action)
    assert g.to_json() == before
    assert g.legal_actions() == legal
    reason = str(info.value)
    assert action in reason or info.value.action == action
    for w in words:
        assert w.lower() in reason.lower(), reason
    # the game goes on normally afterwards
    if legal:
        g.clone().play(legal[0])
    return reason


placement = functools.partial(
    game, phase="placement", round=2, first="red",
    hands={"red": ["soldier", "decree"], "blue": ["heir"], "green": ["heir"]})


def test_card_not_in_hand():
    g = placement(["red:heir", "blue:spy"])
    refused(g, "place spy first", "spy", "hand")


def test_unknown_card():
    g = placement(["red:heir", "blue:spy"])
    refused(g, "place dragon first", "dragon")


def test_placing_on_an_opponent_stack_or_between_stacks():
    g = placement(["red:heir", "blue:spy"])
    refused(g, "place soldier on 2", "2")
    refused(g, "place soldier on 7", "7")
    refused(g, "place soldier middle")


def test_wrong_kind_of_action_for_the_decision():
    g = placement(["red:heir", "blue:spy"])
    reason = refused(g, "reveal")
    assert "place" in reason
    g = game(["red:heir", "blue:spy"])
    reason = refused(g, "place soldier first")
    assert "reveal" in reason


def test_garbage_and_empty_strings():
    g = game(["red:heir", "blue:spy"])
    refused(g, "")
    refused(g, "REVEAL")
    refused(g, "reveal ")
    refused(g, "stay 1")


def test_target_that_is_not_legal():
    g = game(["blue:heir", "green:spy", "red:soldier:up", "blue:lord"], cursor=3)
    reason = refused(g, "eliminate 1")
    assert "eliminate 2" in reason or "legal" in reason.lower()
    refused(g, "eliminate 3")  # itself
    refused(g, "eliminate 9")
    refused(g, "eliminate 0")
    refused(g, "eliminate two")


def test_assassination_cannot_target_itself():
    g = game(["red:assassination", "blue:heir"])
    play(g, "reveal")
    refused(g, "eliminate 1")


def test_decree_moves_that_change_nothing_or_stack_in_retail():
    g = game(["red:decree", "blue:heir", "blue:spy"])
    play(g, "reveal")
    refused(g, "move 2 to 2")
    refused(g, "move 2 to 3")
    refused(g, "move 1 to 4")  # the decree itself
    refused(g, "move 2 onto 3")  # retail: no stacking


def test_steal_from_a_player_not_adjacent():
    g = game(["blue:heir", "red:spy:up", "blue:lord"], cursor=2)
    refused(g, "steal green")
    refused(g, "steal purple")


def test_copy_a_face_down_card_in_retail():
    g = game(["blue:soldier", "red:shapeshifter:up", "green:heir:up"], cursor=2)
    refused(g, "copy 1")


def test_prototype_ambush_cannot_be_revealed_by_its_owner():
    g = game(["red:ambush", "green:heir"], edition="prototype", seats=("red", "green", "black"))
    refused(g, "reveal")


def test_prototype_forced_choice_refuses_own_card():
    g = game(["red:heir", "red:soldier:up", "green:spy"], cursor=2, edition="prototype",
             seats=("red", "green", "black"))
    refused(g, "eliminate 1")


def test_assassin_same_card_twice():
    g = game(["green:heir", "red:assassin:up", "black:heir"], cursor=2, edition="prototype",
             seats=("red", "green", "black"))
    refused(g, "choose 1 1")
    refused(g, "choose 1 2")


def test_nothing_is_legal_once_the_game_is_over():
    g = game(["red:heir:up"], phase="over", round=6, cursor=None)
    reason = refused(g, "stay")
    assert "over" in reason


def test_not_your_turn_is_the_same_string_api():
    # actions carry no colour: whatever is legal is for to_act; a full random game never raises
    g = new_game(edition="retail", players=4, seed=2)
    while not g.is_over:
        g.play(g.legal_actions()[0])
    assert g.legal_actions() == []


WORDS = ["place", "reveal", "stay", "eliminate", "steal", "copy", "move", "choose", "to", "onto", "on",
         "first", "last", "heir", "spy", "ambush", "queen", "red", "blue", "green", "0", "1", "2", "3", "9"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(EDITIONS_PLAYERS), st.integers(0, 2**32), st.integers(0, 60),
       st.lists(st.sampled_from(WORDS), min_size=0, max_size=4))
def test_any_string_is_either_legal_or_refused_without_change(ep, seed, steps, words):
    edition, players = ep
    g = new_game(edition=edition, players=players, seed=seed)
    walk(g, random.Random(seed), steps)
    action = " ".join(words)
    before, legal = g.to_json(), g.legal_actions()
    if action in legal:
        g.play(action)
        return
    with pytest.raises(IllegalAction) as info:
        g.play(action)
    assert info.value.reason
    assert g.to_json() == before and g.legal_actions() == legal


def test_view_of_a_colour_not_seated():
    g = new_game(edition="retail", players=3, seed=1)
    with pytest.raises(ValueError, match="yellow"):
        g.view("yellow")


def _both_games():
    from lieux import new_game as lieux_game

    return [new_game(edition="retail", players=3, seed=3), lieux_game(players=3, seed=3)]


@pytest.mark.parametrize("bad", [None, 3, 2.5, b"reveal", ["reveal"], {"a": 1}])
def test_an_action_that_is_not_a_string_is_refused_in_words(bad):
    for g in _both_games():
        before = g.to_json()
        with pytest.raises(IllegalAction, match="an action is a string"):
            g.play(bad)
        assert g.to_json() == before


def test_odd_digits_and_huge_numbers_are_refused_in_words():
    g = game(["red:archer", "blue:spy", "green:heir"])
    play(g, "reveal")
    assert g.legal_actions()[0].startswith("eliminate")
    for action in ("eliminate ²", "eliminate ٣", "eliminate " + "9" * 5000, "place archer on " + "1" * 5000):
        reason = refused(g, action)
        assert "int()" not in reason and "digits" not in reason and "position" in reason
        assert len(reason) < 400
    lieux = _both_games()[1]
    for action in ("select ²", "select " + "9" * 5000):
        with pytest.raises(IllegalAction) as info:
            lieux.play(action)
        assert "int()" not in str(info.value) and "hand" in str(info.value)


def test_quoted_input_is_cut_short():
    for g in _both_games():
        for action in ("x" * 1_000_000, "select " + "7" * 100_000, "place " + "a" * 100_000 + " first"):
            with pytest.raises(IllegalAction) as info:
                g.play(action)
            assert len(str(info.value)) < 400
            assert "…" in str(info.value)


@pytest.mark.parametrize("spacing", [" {}", "{} ", "{}\t", "{}\n"])
def test_both_games_take_only_the_exact_text_of_an_action(spacing):
    for g in _both_games():
        legal = g.legal_actions()[0]
        for action in (spacing.format(legal), legal.replace(" ", "  "), legal.replace(" ", "\u00a0"),
                       legal.replace(" ", "\u2003"), legal.replace(" ", "\t")):
            before = g.to_json()
            with pytest.raises(IllegalAction, match="exactly as listed"):
                g.play(action)
            assert g.to_json() == before
        g.play(legal)


@pytest.mark.parametrize("seed", [-1, True, 2**64, "7", 1.5])
@pytest.mark.parametrize("game_id", ["oriflamme", "lieux"])
def test_a_bad_seed_is_refused_not_changed(seed, game_id):
    with pytest.raises(ValueError, match=r"^seed:"):
        registry.get(game_id).new_game(seed=seed)


@pytest.mark.parametrize("players", [None, "red", True, 3.0])
def test_bad_players_are_a_value_error_in_both_games(players):
    for game_id in ("oriflamme", "lieux"):
        with pytest.raises(ValueError, match=r"^players:"):
            registry.get(game_id).new_game(players=players)
