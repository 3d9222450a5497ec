"""One scenario per immediate effect, and placement order."""

from __future__ import annotations

import pytest
from lieux_helpers import game, row, types

from lieux import IllegalAction


def test_placement_keeps_decreasing_order() -> None:
    # the rulebook's example: Witch 13, Thief 11, Sailor 2 in the Port; a Merchant 6 goes between 11 and 2
    g = game(places={"port": [("blue", 13), ("green", 11), ("blue", 2)]}, selected={"red": 6, "blue": 3})
    assert g.to_act == "red"
    assert g.legal_actions() == ["put 6 chateau", "put 6 village", "put 6 port"]
    ev = g.play("put 6 port")
    assert row(g, "port") == [("blue", 13), ("green", 11), ("red", 6), ("blue", 2)]
    placed = next(e for e in ev if e["type"] == "placed")
    assert placed["position"] == 3


def test_equal_value_asks_left_or_right() -> None:
    g = game(places={"village": [("blue", 9), ("green", 6), ("blue", 6), ("green", 3)]},
             selected={"red": 6, "blue": 3})
    assert "put 6 village left" in g.legal_actions()
    assert "put 6 village right" in g.legal_actions()
    assert "put 6 village" not in g.legal_actions()
    g2 = g.clone()
    g.play("put 6 village left")
    assert [c for c, _v in row(g, "village")] == ["blue", "red", "green", "blue", "green"]
    g2.play("put 6 village right")
    assert [c for c, _v in row(g2, "village")] == ["blue", "green", "blue", "red", "green"]


def test_even_a_single_legal_action_is_asked() -> None:
    g = game(selected={"red": 3, "blue": 4}, forced={"red": "port"})
    assert g.legal_actions() == ["put 3 port"]
    assert g.to_act == "red"


def test_guard_moves_an_adjacent_card_to_another_place() -> None:
    g = game(places={"chateau": [("blue", 15), ("green", 6)], "port": [("green", 14)]},
             selected={"red": 12, "blue": 3})
    g.play("put 12 chateau")
    assert g.to_act == "red"
    assert g.legal_actions() == [
        "move chateau:1 to village", "move chateau:1 to port",
        "move chateau:3 to village", "move chateau:3 to port",
    ]
    ev = g.play("move chateau:1 to port")
    assert row(g, "chateau") == [("red", 12), ("green", 6)]
    assert row(g, "port") == [("blue", 15), ("green", 14)]  # re-inserted in value order
    assert "moved" in types(ev)
    assert g.to_act == "blue" and g.legal_actions()[0].startswith("put 3")


def test_guard_moving_next_to_an_equal_value_chooses_a_side() -> None:
    g = game(places={"chateau": [("blue", 15)], "village": [("green", 15)]}, selected={"red": 12, "blue": 3})
    g.play("put 12 chateau")
    assert "move chateau:1 to village left" in g.legal_actions()
    g.play("move chateau:1 to village right")
    assert row(g, "village") == [("green", 15), ("blue", 15)]


def test_thief_takes_two_gold_from_an_adjacent_owner() -> None:
    g = game(places={"chateau": [("blue", 15), ("green", 6)]}, selected={"red": 11, "blue": 3},
             gold={"red": 3, "blue": 5, "green": 5})
    g.play("put 11 chateau")
    assert g.legal_actions() == ["target blue", "target green"]
    g.play("target green")
    assert g.scores == {"red": 5, "blue": 5, "green": 3}


def test_thief_takes_what_the_victim_has() -> None:
    g = game(places={"chateau": [("blue", 15)]}, selected={"red": 11, "blue": 3},
             gold={"red": 3, "blue": 1, "green": 5})
    g.play("put 11 chateau")
    ev = g.play("target blue")
    assert g.scores == {"red": 4, "blue": 0, "green": 5}
    assert next(e for e in ev if e["type"] == "stolen")["amount"] == 1


def test_thief_next_to_only_own_cards_does_nothing() -> None:
    g = game(places={"chateau": [("red", 15)]}, selected={"red": 11, "blue": 3})
    ev = g.play("put 11 chateau")
    assert "no_effect" in types(ev)
    assert g.to_act == "blue"
    assert g.scores == {"red": 10, "blue": 10, "green": 10}


def test_alchemist_copies_an_adjacent_thief() -> None:
    g = game(places={"village": [("blue", 11), ("green", 4)]}, selected={"red": 10, "blue": 3})
    g.play("put 10 village")
    # Thief (immediate) and Bard (immediate) are both adjacent
    assert g.legal_actions() == ["copy village:1", "copy village:3"]
    g.play("copy village:1")
    assert g.to_act == "red"
    assert g.view("red")["decision"]["ability"] == "thief"
    assert g.view("red")["decision"]["copied"] is True
    assert g.legal_actions() == ["target blue", "target green"]  # owners adjacent to the Alchemist
    g.play("target green")
    assert g.scores == {"red": 12, "blue": 10, "green": 8}


def test_alchemist_cannot_copy_an_alchemist_nor_an_end_of_round_effect() -> None:
    g = game(places={"village": [("blue", 10), ("green", 7)]}, selected={"red": 10, "blue": 3})
    ev = g.play("put 10 village right")
    # adjacent: another Alchemist (not copyable) and a Traitor (end of round): nothing to copy
    assert types(ev)[-1] == "no_effect"
    assert g.to_act == "blue"
    assert row(g, "village") == [("blue", 10), ("red", 10), ("green", 7)]


def test_alchemist_copying_the_hunter_discards_the_highest_other_card() -> None:
    g = game(places={"port": [("blue", 15), ("green", 1)]}, selected={"red": 10, "blue": 3})
    g.play("put 10 port")
    assert g.legal_actions() == ["copy port:3"]
    g.play("copy port:3")
    assert row(g, "port") == [("red", 10), ("green", 1)]
    assert g.state.discard["blue"] == [15]


def test_courtesan_swaps_a_waiting_players_card() -> None:
    g = game(selected={"red": 9, "blue": 5, "green": 3}, hands={"blue": [14, 13], "green": []})
    g.play("put 9 village")
    # green holds no other card: only blue can be targeted
    assert g.legal_actions() == ["target blue"]
    ev = g.play("target blue")
    new = g.state.selected["blue"]
    assert new in (14, 13)
    assert sorted(g.state.hands["blue"]) == sorted({14, 13, 5} - {new})
    sw = next(e for e in ev if e["type"] == "swapped")
    assert sw["old"] == 5 and sw["new"] == new
    # the courtesan's owner does not learn the cards
    red_sw = next(e for e in g.redact_events(ev, "red") if e["type"] == "swapped")
    assert red_sw["old"] is None and red_sw["new"] is None
    assert g.view("red")["selected"]["blue"] == {"value": None}
    assert g.view("blue")["selected"]["blue"] == {"value": new}


def test_courtesan_with_nobody_left_to_reveal_does_nothing() -> None:
    # blue is first and green second: both already placed, red reveals last
    g = game(first="blue", selected={"red": 9}, hands={"red": [14]},
             places={"chateau": [("blue", 15), ("green", 12)]})
    assert g.to_act == "red"
    ev = g.play("put 9 port")
    assert "no_effect" in types(ev)
    assert g.state.selected == {"red": None, "blue": None, "green": None}
    assert g.state.turn == 2 and g.to_act is not None


def test_strategist_forces_a_place() -> None:
    g = game(selected={"red": 8, "blue": 5, "green": 3})
    g.play("put 8 port")
    assert g.legal_actions() == [
        "target blue chateau", "target blue village", "target blue port",
        "target green chateau", "target green village", "target green port",
    ]
    g.play("target blue village")
    assert g.to_act == "blue"
    assert g.legal_actions() == ["put 5 village"]
    with pytest.raises(IllegalAction, match="Strategist"):
        g.play("put 5 port")
    g.play("put 5 village")
    assert g.to_act == "green"
    assert len(g.legal_actions()) == 3  # green is free


def test_strategist_with_nobody_left_to_reveal_does_nothing() -> None:
    g = game(first="blue", selected={"red": 8})
    ev = g.play("put 8 port")
    assert "no_effect" in types(ev)
    assert g.state.forced == {}


def test_warrior_discards_an_adjacent_card() -> None:
    g = game(places={"chateau": [("blue", 12), ("green", 3)]}, selected={"red": 5, "blue": 4})
    g.play("put 5 chateau")
    assert g.legal_actions() == ["discard chateau:1", "discard chateau:3"]
    g.play("discard chateau:1")
    assert row(g, "chateau") == [("red", 5), ("green", 3)]
    assert g.state.discard["blue"] == [12]


def test_bard_brings_a_card_from_another_place() -> None:
    g = game(places={"village": [("blue", 9), ("green", 2)], "port": [("green", 4)]},
             selected={"red": 4, "blue": 3})
    g.play("put 4 chateau")
    assert g.legal_actions() == [
        "move village:1 to chateau", "move village:2 to chateau",
        "move port:1 to chateau left", "move port:1 to chateau right",
    ]
    g.play("move port:1 to chateau left")
    assert row(g, "chateau") == [("green", 4), ("red", 4)]
    assert row(g, "port") == []


def test_bard_alone_on_the_table_does_nothing() -> None:
    g = game(selected={"red": 4, "blue": 3})
    ev = g.play("put 4 chateau")
    assert "no_effect" in types(ev)


def test_hunter_discards_the_highest_card_leftmost_on_a_tie() -> None:
    g = game(places={"port": [("blue", 12), ("green", 12), ("red", 6)]}, selected={"red": 1, "blue": 3})
    ev = g.play("put 1 port")
    assert row(g, "port") == [("green", 12), ("red", 6), ("red", 1)]
    assert g.state.discard["blue"] == [12]
    d = next(e for e in ev if e["type"] == "discarded")
    assert d["reason"] == "hunter" and d["position"] == 1
    assert g.to_act == "blue"  # no decision for the Hunter


def test_hunter_alone_does_not_discard_itself() -> None:
    g = game(selected={"red": 1, "blue": 3})
    ev = g.play("put 1 port")
    assert "no_effect" in types(ev)
    assert row(g, "port") == [("red", 1)]


def test_moved_cards_do_not_trigger_their_effect_again() -> None:
    # the Guard moves a Hunter into the Village: the Hunter does not fire there
    g = game(places={"chateau": [("blue", 1)], "village": [("green", 15)]}, selected={"red": 12, "blue": 3})
    g.play("put 12 chateau")
    g.play("move chateau:2 to village")
    assert row(g, "village") == [("green", 15), ("blue", 1)]
