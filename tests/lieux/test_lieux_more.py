"""Cards without effects, empty hands (S6), copies of choice effects, and the text drawing."""

from __future__ import annotations

import json

from lieux_helpers import game, row, types

from lieux import load_game, new_game, render_text


def test_witch_and_peasant_have_no_effect() -> None:
    for value in (13, 3):
        g = game(places={"chateau": [("blue", 15), ("green", 1)]}, selected={"red": value, "blue": 4})
        ev = g.play(f"put {value} chateau")
        assert types(ev) == ["placed"]
        assert g.to_act == "blue"


def test_player_with_an_empty_hand_skips_the_turn() -> None:
    # green has no card at all in hand: only red and blue select and place
    g = game(phase="select", hands={"red": [15, 14], "blue": [13, 12], "green": []},
             discard={"green": list(range(1, 16))})
    asked = []
    while g.state.turn == 1:
        asked.append(g.to_act)
        g.play(g.legal_actions()[0])
    assert asked == ["red", "blue", "red", "blue"]
    assert g.state.selected == {"red": None, "blue": None, "green": None}


def test_alchemist_copies_the_strategist() -> None:
    g = game(places={"port": [("blue", 8)]}, selected={"red": 10, "blue": 5, "green": 3})
    g.play("put 10 port")
    assert g.legal_actions() == ["copy port:2"]  # the Alchemist 10 lies left of the Strategist 8
    g.play("copy port:2")
    assert g.legal_actions()[0] == "target blue chateau"
    g.play("target green village")
    g.play(g.legal_actions()[0])  # blue places freely
    assert g.to_act == "green" and g.legal_actions() == ["put 3 village"]


def test_alchemist_copies_the_warrior_around_itself() -> None:
    g = game(places={"village": [("blue", 12), ("green", 5), ("blue", 2)]}, selected={"red": 10, "blue": 4})
    g.play("put 10 village")  # between blue 12 and green 5
    g.play("copy village:3")
    # the Warrior's targets are the Alchemist's neighbours, not the Warrior's
    assert g.legal_actions() == ["discard village:1", "discard village:3"]
    g.play("discard village:1")
    assert row(g, "village") == [("red", 10), ("green", 5), ("blue", 2)]


def test_courtesan_target_keeps_a_strategist_order() -> None:
    g = game(selected={"red": 8, "blue": 9, "green": 3}, hands={"green": [14]})
    g.play("put 8 chateau")
    g.play("target green port")
    g.play("put 9 village")  # blue's Courtesan
    g.play("target green")
    assert g.state.selected["green"] == 14
    assert g.legal_actions() == ["put 14 port"]


def test_render_text_draws_views_positions_and_games() -> None:
    g = new_game(players=3, seed=11)
    red = g.to_act
    assert red is not None
    g.play(g.legal_actions()[0])
    text = render_text(g.view(g.seats[1]))
    assert "CHÂTEAU" in text and "VILLAGE" in text and "PORT" in text
    assert "Your hand" in text
    full = render_text(g.to_json())
    assert "Hand of" in full
    assert render_text(g) == render_text(json.loads(g.to_json()))
    # another player's drawing does not show a hidden hand
    other = next(c for c in g.seats if c != g.seats[1])
    drawing = render_text(g.view(other))
    assert "Hand of" not in drawing and f"Your hand ({g.seats[1]})" not in drawing
    # the selected card of the first player is face down for the others
    if other != red:
        assert "face down" in drawing


def test_round_trip_mid_effect_and_in_the_end() -> None:
    g = game(places={"chateau": [("blue", 12)]}, selected={"red": 10, "blue": 3})
    g.play("put 10 chateau")
    g.play("copy chateau:1")  # the Guard's choice is now pending for the Alchemist
    assert g.view("red")["decision"]["ability"] == "guard"
    again = load_game(g.to_json())
    assert again.legal_actions() == g.legal_actions() == [
        "move chateau:1 to village", "move chateau:1 to port",
    ]


def test_replay_and_dispatch_through_oriflamme() -> None:
    from lieux import replay

    g = new_game(players=4, set="C", seed=21, hidden_gold=True)
    actions = []
    for _ in range(10):
        a = g.legal_actions()[-1]
        actions.append(a)
        g.play(a)
    assert replay(4, 21, actions, set="C", hidden_gold=True).to_json() == g.to_json()
    assert g.options == {"set": "C", "hidden_gold": True}
    from tabletop import registry

    h = registry.get("lieux").new_game("C", 4, 21, hidden_gold=True)
    assert h.to_json() == new_game(players=4, set="C", seed=21, hidden_gold=True).to_json()
    assert registry.load_game(g.to_json()).to_json() == g.to_json()


def test_new_game_arguments() -> None:
    import pytest

    with pytest.raises(ValueError, match="players"):
        new_game(players=2)
    with pytest.raises(ValueError, match="players"):
        new_game(players=["red", "red", "blue"])
    with pytest.raises(ValueError, match="set"):
        new_game(players=3, set="D")
    g = new_game(players=["black", "green", "red", "yellow"], set="B", seed=1)
    assert g.seats == ["black", "green", "red", "yellow"]
    assert g.state.turns == 3 and g.view(None)["side"] == "3-4"
