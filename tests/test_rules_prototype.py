"""Prototype edition: no tokens, reveal on designation, eliminations score only against opponents,
forced choice (D10), Assassin, Mercenaries (D16), Queen (D11), the Ambush event, Shapeshifter (D15),
two players (D9). Seats red, green, black unless said."""

from __future__ import annotations

import functools

import helpers
from helpers import data, play, queue_of
from oriflamme import new_game

SEATS = ("red", "green", "black")
game = functools.partial(helpers.game, edition="prototype", seats=SEATS)


def revealed(events):
    return [(e["card"], e["position"]) for e in events if e["type"] == "revealed"]


# ------------------------------------------------------------------ no tokens

def test_staying_face_down_gets_no_token():
    g = game(["red:heir", "green:spy"])
    play(g, "stay")
    assert queue_of(g)[0] == ["red:heir"]


def test_seven_rounds_and_every_card_played():
    g = new_game(edition="prototype", players=3, seed=5)
    assert g.view("red")["rounds"] == 7
    assert all(len(v) == 7 for v in helpers.data(g)["hands"].values())


# ------------------------------------------------------------------ reveal on designation, scoring

def test_soldier_reveals_the_designated_card_then_eliminates_it():
    g = game(["red:soldier:up", "green:heir"])
    ev = play(g, "eliminate 2")
    assert revealed(ev) == [("heir", 2)]
    assert data(g)["discard"]["green"] == ["heir"] and g.scores["red"] == 2


def test_eliminating_your_own_card_scores_nothing():
    g = game(["red:soldier:up", "red:heir"])
    play(g, "eliminate 2")
    assert data(g)["discard"]["red"] == ["heir"] and g.scores["red"] == 1


# ------------------------------------------------------------------ forced choice (D10)

def test_soldier_must_choose_the_opponent():
    g = game(["red:heir", "red:soldier:up", "green:spy"], cursor=2)
    assert g.legal_actions() == ["eliminate 3"]


def test_soldier_with_only_own_neighbours_takes_its_own():
    g = game(["red:heir", "red:soldier:up", "red:spy"], cursor=2)
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3"]


def test_archer_must_choose_the_opponent_and_may_not_shoot_itself_then():
    g = game(["red:heir", "green:spy", "red:archer:up", "black:lord"], cursor=3)
    assert g.legal_actions() == ["eliminate 4"]
    g = game(["red:archer:up", "green:spy", "red:heir"])
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3"]  # both ends its own


def test_shapeshifter_copying_soldier_has_the_forced_choice():
    g = game(["red:heir", "red:shapeshifter:up", "green:soldier:up"], cursor=2)
    play(g, "copy 3")
    assert g.legal_actions() == ["eliminate 3"]


def test_no_forced_choice_for_mercenaries_and_assassin():
    g = game(["red:heir", "red:mercenaries:up", "green:spy"], cursor=2)
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3"]
    g = game(["red:heir", "red:assassin:up", "green:spy"], cursor=2)
    assert sorted(g.legal_actions()) == ["choose 1 3", "choose 3 1"]


# ------------------------------------------------------------------ assassin

def test_assassin_same_names_eliminates_both():
    g = game(["green:heir", "red:assassin:up", "black:heir"], cursor=2)
    ev = play(g, "choose 1 3")
    assert revealed(ev) == [("heir", 1), ("heir", 3)]
    assert queue_of(g) == [["red:assassin:up"]]
    assert g.scores == {"red": 3, "green": 1, "black": 1}


def test_assassin_same_names_one_of_them_own_scores_only_the_opponent():
    g = game(["red:heir", "red:assassin:up", "green:heir"], cursor=2)
    play(g, "choose 1 3")
    assert queue_of(g) == [["red:assassin:up"]] and g.scores["red"] == 2


def test_assassin_different_names_reveals_both_and_they_stay_face_up():
    g = game(["green:heir", "red:assassin:up", "black:spy"], cursor=2)
    play(g, "choose 1 3")
    assert queue_of(g) == [["green:heir:up"], ["red:assassin:up"], ["black:spy:up"]]
    assert g.scores["red"] == 1
    # the revealed spy now applies in this very resolution (it is after the assassin)
    assert g.to_act == "black" and g.legal_actions() == ["steal red"]


def test_assassin_ambush_designated_first_stops_everything():
    g = game(["green:ambush", "red:assassin:up", "black:heir"], cursor=2)
    play(g, "choose 1 3")
    assert queue_of(g) == [["black:heir"]]  # never designated: still face down
    assert data(g)["discard"] == {"red": ["assassin"], "green": ["ambush"], "black": []}
    assert g.scores == {"red": 1, "green": 4, "black": 1}
    assert g.to_act == "black" and data(g)["cursor"] == 1


def test_assassin_ambush_designated_second_after_revealing_the_first():
    g = game(["green:ambush", "red:assassin:up", "black:heir"], cursor=2)
    play(g, "choose 3 1")
    # heir revealed first and stays face up; then the ambush kills the assassin and itself;
    # the heir, after the assassin, resolves next: no other face-up heir -> +2
    assert queue_of(g) == [["black:heir:up"]]
    assert g.scores == {"red": 1, "green": 4, "black": 3}


def test_assassin_own_ambush_gives_nothing():
    g = game(["red:ambush", "red:assassin:up", "green:heir"], cursor=2)
    play(g, "choose 1 3")
    assert g.scores == {"red": 1, "green": 1, "black": 1}
    assert sorted(data(g)["discard"]["red"]) == ["ambush", "assassin"]


def test_assassin_with_fewer_than_two_other_cards_does_nothing():
    g = game(["red:assassin:up", "green:heir:up"])
    assert data(g)["phase"] == "placement" and queue_of(g) == [["red:assassin:up"], ["green:heir:up"]]
    assert g.scores == {"red": 1, "green": 3, "black": 1}


# ------------------------------------------------------------------ mercenaries (D16)

def test_mercenaries_eliminate_any_other_card_then_themselves():
    g = game(["green:heir", "red:mercenaries:up", "black:lord", "black:spy"], cursor=2)
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3", "eliminate 4"]
    play(g, "eliminate 4")
    assert queue_of(g) == [["green:heir"], ["black:lord"]]
    assert data(g)["discard"] == {"red": ["mercenaries"], "green": [], "black": ["spy"]}
    assert g.scores["red"] == 2  # +1 for the spy, nothing for themselves
    assert g.to_act == "black" and data(g)["cursor"] == 2


def test_mercenaries_alone_stay():
    g = game(["red:mercenaries:up"])
    assert queue_of(g) == [["red:mercenaries:up"]] and data(g)["phase"] == "placement"


def test_mercenaries_on_a_stack_uncover_the_card_below():
    g = game([["red:heir:up", "red:mercenaries:up"], "green:spy"])
    play(g, "eliminate 2")
    assert queue_of(g) == [["red:heir:up"]] and g.scores["red"] == 1 + 1 + 2


def test_mercenaries_designating_an_ambush_both_die_without_eliminating_themselves_twice():
    g = game(["green:ambush", "red:mercenaries:up", "black:heir"], cursor=2)
    play(g, "eliminate 1")
    assert queue_of(g) == [["black:heir"]]
    assert g.scores == {"red": 1, "green": 4, "black": 1}
    assert data(g)["discard"]["red"] == ["mercenaries"]


# ------------------------------------------------------------------ queen (D11)

def test_queen_next_to_a_stack_is_eliminated():
    g = game([["green:heir", "green:spy"], "red:queen:up"], cursor=2)
    assert queue_of(g) == [["green:heir", "green:spy"]]
    assert data(g)["discard"]["red"] == ["queen"] and g.scores["red"] == 1


def test_queen_without_adjacent_stack_gains_two_her_own_stack_does_not_count():
    g = game([["red:spy", "red:queen:up"], "green:heir"])
    assert g.scores["red"] == 3


def test_shapeshifter_copying_queen_is_itself_eliminated():
    g = game(["green:queen:up", "red:shapeshifter:up", ["black:heir", "black:spy"]], cursor=2)
    play(g, "copy 1")
    assert queue_of(g) == [["green:queen:up"], ["black:heir", "black:spy"]]
    assert data(g)["discard"]["red"] == ["shapeshifter"] and g.scores["red"] == 1
    assert g.to_act == "black" and data(g)["cursor"] == 2


def test_shapeshifter_copying_queen_without_stack_gains_two():
    g = game(["green:queen:up", "red:shapeshifter:up", "black:heir"], cursor=2)
    play(g, "copy 1")
    assert g.scores["red"] == 3


# ------------------------------------------------------------------ ambush event

def test_ambush_owner_can_only_stay():
    g = game(["red:ambush", "green:heir"])
    assert g.legal_actions() == ["stay"]


def test_ambush_designated_by_opponent_both_eliminated_owner_gains_three():
    g = game(["red:soldier:up", "green:ambush", "black:heir"])
    ev = play(g, "eliminate 2")
    assert any(e["type"] == "ambushed" for e in ev)
    assert g.scores == {"red": 1, "green": 4, "black": 1}
    assert queue_of(g) == [["black:heir"]]
    assert data(g)["discard"] == {"red": ["soldier"], "green": ["ambush"], "black": []}


def test_ambush_designated_by_its_owner_both_eliminated_nothing_gained():
    g = game(["red:soldier:up", "red:ambush", "green:heir"])
    play(g, "eliminate 2")
    assert g.scores == {"red": 1, "green": 1, "black": 1}
    assert sorted(data(g)["discard"]["red"]) == ["ambush", "soldier"]


def test_ambush_designated_by_an_archer_before_it():
    g = game(["green:ambush", "black:heir", "red:archer:up"], cursor=3)
    play(g, "eliminate 1")
    assert queue_of(g) == [["black:heir"]] and g.scores["green"] == 4


def test_ambush_under_the_designator_uncovers_its_card():
    g = game([["red:heir:up", "red:soldier:up"], "green:ambush"])
    play(g, "eliminate 2")
    assert queue_of(g) == [["red:heir:up"]] and g.scores == {"red": 3, "green": 4, "black": 1}


# ------------------------------------------------------------------ shapeshifter (D15)

def test_shapeshifter_designating_a_face_down_shapeshifter_reveals_it_and_copies_nothing():
    g = game(["green:shapeshifter", "red:shapeshifter:up"], cursor=2)
    assert g.legal_actions() == ["copy 1"]
    play(g, "copy 1")
    assert queue_of(g) == [["green:shapeshifter:up"], ["red:shapeshifter:up"]]
    assert g.scores == {"red": 1, "green": 1, "black": 1}


def test_shapeshifter_never_copies_a_face_up_shapeshifter():
    g = game(["green:shapeshifter:up", "red:shapeshifter:up"], cursor=2)
    assert data(g)["phase"] == "placement"


def test_shapeshifter_reveals_and_copies_a_face_down_heir():
    g = game(["green:heir", "red:shapeshifter:up"], cursor=2)
    ev = play(g, "copy 1")
    assert revealed(ev) == [("heir", 1)]
    assert g.scores["red"] == 3  # no other face-up Shapeshifter


def test_shapeshifter_designating_an_ambush():
    g = game(["green:ambush", "red:shapeshifter:up"], cursor=2)
    play(g, "copy 1")
    assert queue_of(g) == [] and g.scores == {"red": 1, "green": 4, "black": 1}


def test_shapeshifter_copying_mercenaries_eliminates_the_shapeshifter():
    g = game(["green:mercenaries:up", "red:shapeshifter:up", "black:heir"], cursor=2)
    play(g, "copy 1")
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3"]
    play(g, "eliminate 3")
    assert queue_of(g) == [["green:mercenaries:up"]]
    assert data(g)["discard"] == {"red": ["shapeshifter"], "green": [], "black": ["heir"]}
    assert g.scores["red"] == 2


def test_spy_and_lord_and_heir():
    g = game(["green:heir", "red:spy:up", "red:lord:up"], cursor=2)
    play(g, "steal green")
    # spy +1; lord: 1 + the red spy next to it
    assert g.scores == {"red": 4, "green": 0, "black": 1}


# ------------------------------------------------------------------ two players (D9)

def test_two_players_get_two_families_twelve_in_hand_four_aside_each():
    g = new_game(edition="prototype", players=2, seed=11)
    d = data(g)
    for c in d["seats"]:
        assert len(d["hands"][c]) == 12 and len(d["aside"][c]) == 8
        both = sorted(d["hands"][c] + d["aside"][c])
        assert both == sorted(helpers.PROTOTYPE_FAMILY * 2)


def test_two_players_seven_rounds_five_cards_left():
    g = new_game(edition="prototype", players=2, seed=3)
    rounds_seen = set()
    while not g.is_over:
        rounds_seen.add(data(g)["round"])
        g.play(g.legal_actions()[-1])
    assert rounds_seen == set(range(1, 8))
    assert all(len(v) == 5 for v in data(g)["hands"].values())


def test_two_players_both_families_are_one_colour():
    # a lord counts cards of either family of its player; a soldier's forced choice sees one colour
    g = game(["red:heir", "red:lord:up", "red:heir"], seats=("red", "green"), cursor=2)
    assert g.scores["red"] == 1 + 3
