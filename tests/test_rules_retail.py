"""Retail edition, card by card (RULES.md "Abilities", D2–D8, D13, D17). Expected values are worked out
by hand from the rules; seats are red, blue, green (in that order), everyone starts on 1 unless said."""

from __future__ import annotations

from helpers import data, game, play, queue_of


def phase(g):
    return data(g)["phase"]


# ------------------------------------------------------------------ archer (D3)

def test_archer_targets_first_or_last_only():
    g = game(["blue:heir", "green:lord", "red:archer:up", "green:spy"], cursor=3)
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 4"]
    play(g, "eliminate 4")
    assert queue_of(g) == [["blue:heir"], ["green:lord"], ["red:archer:up"]]
    assert data(g)["discard"]["green"] == ["spy"]
    assert g.scores == {"red": 2, "blue": 1, "green": 1}
    assert phase(g) == "placement"  # the archer was last: the round is over


def test_archer_may_eliminate_itself_and_resolution_goes_on_after_it():
    g = game(["red:archer:up", "blue:heir", "green:spy"])
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3"]
    play(g, "eliminate 1")
    assert data(g)["discard"]["red"] == ["archer"]
    assert g.scores["red"] == 2  # +1 for eliminating, whatever the colour
    # The blue heir, right after the archer, is next (now at position 1).
    assert g.to_act == "blue" and data(g)["cursor"] == 1
    assert g.legal_actions() == ["reveal", "stay"]


def test_archer_alone_in_queue_must_eliminate_itself():
    g = game(["red:archer:up"])
    assert g.legal_actions() == ["eliminate 1"]  # still asked (NOTATION: never skipped)
    play(g, "eliminate 1")
    assert queue_of(g) == [] and g.scores["red"] == 2


def test_archer_eliminating_itself_on_a_stack_uncovers_the_card_below_which_resolves_next():
    g = game([["red:heir:up", "red:archer:up"], "blue:spy"])
    play(g, "eliminate 1")
    # heir uncovered at position 1 resolves at once: no other face-up heir -> +2
    assert g.scores["red"] == 1 + 1 + 2
    assert g.to_act == "blue" and data(g)["cursor"] == 2


def test_archer_revealed_with_tokens_gains_them_then_eliminates_itself():
    g = game(["red:archer:2", "blue:heir"])
    play(g, "reveal", "eliminate 1")
    assert g.scores["red"] == 1 + 2 + 1  # retail: tokens on reveal, kept even though it leaves


def test_archer_eliminates_own_card():
    g = game(["red:heir:up", "blue:spy", "red:archer:up"], cursor=3)
    # heir at 1 is not resolved (cursor 3); the archer may take its own heir
    play(g, "eliminate 1")
    assert data(g)["discard"]["red"] == ["heir"] and g.scores["red"] == 2


# ------------------------------------------------------------------ soldier

def test_soldier_eliminates_an_adjacent_top_card():
    g = game(["blue:heir", "red:soldier:up", "green:spy:2"], cursor=2)
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3"]
    play(g, "eliminate 3")
    assert queue_of(g) == [["blue:heir"], ["red:soldier:up"]]
    assert data(g)["discard"]["green"] == ["spy"]
    assert g.scores == {"red": 2, "blue": 1, "green": 1}  # tokens on the spy went to the supply


def test_soldier_with_only_its_own_card_adjacent_must_eliminate_it():
    g = game(["red:heir", "red:soldier:up"], cursor=2)
    assert g.legal_actions() == ["eliminate 1"]
    play(g, "eliminate 1")
    assert data(g)["discard"]["red"] == ["heir"] and g.scores["red"] == 2


def test_soldier_hits_only_the_top_card_of_a_stack():
    g = game([["blue:heir:up", "blue:spy:1"], "red:soldier:up"], cursor=2)
    play(g, "eliminate 1")
    assert queue_of(g) == [["blue:heir:up"], ["red:soldier:up"]]
    assert data(g)["discard"]["blue"] == ["spy"]


def test_soldier_without_neighbours_does_nothing_and_asks_nothing():
    g = game(["red:soldier:up"])
    assert phase(g) == "placement" and data(g)["round"] == 2
    assert g.scores["red"] == 1 and queue_of(g) == [["red:soldier:up"]]


# ------------------------------------------------------------------ spy

def test_spy_steals_from_an_adjacent_owner():
    g = game(["blue:heir", "red:spy:up", "green:lord"], cursor=2)
    assert sorted(g.legal_actions()) == ["steal blue", "steal green"]
    play(g, "steal green")
    assert g.scores == {"red": 2, "blue": 1, "green": 0}


def test_spy_choosing_itself_changes_nothing():
    g = game(["red:heir", "red:spy:up"], cursor=2)
    assert g.legal_actions() == ["steal red"]
    play(g, "steal red")
    assert g.scores == {"red": 1, "blue": 1, "green": 1}


def test_spy_on_a_player_with_zero_takes_nothing():
    g = game(["blue:heir", "red:spy:up"], cursor=2, scores={"red": 3, "blue": 0, "green": 1})
    play(g, "steal blue")
    assert g.scores == {"red": 3, "blue": 0, "green": 1}


def test_spy_looks_only_at_top_cards():
    # green's covered card under a blue top card is impossible (D1); a stack of blue counts once for blue
    g = game([["blue:heir", "blue:lord"], "red:spy:up", "red:archer"], cursor=2)
    assert sorted(g.legal_actions()) == ["steal blue", "steal red"]


# ------------------------------------------------------------------ heir

def test_heir_alone_gains_two():
    g = game(["red:heir:up", "blue:spy"])
    assert g.scores["red"] == 3  # scored on load (NOTATION: load resolves up to the first decision)


def test_heir_with_another_face_up_heir_gains_nothing_face_down_or_covered_ones_do_not_count():
    g = game(["red:heir:up", "blue:heir:up", "green:spy"])
    assert g.scores == {"red": 1, "blue": 1, "green": 1}
    g = game(["red:heir:up", "blue:heir", [ "green:heir:up", "green:spy"]])
    assert g.scores["red"] == 3  # blue's is face down, green's is covered


def test_shapeshifter_copying_heir_checks_for_other_shapeshifters():
    g = game(["red:heir:up", "blue:shapeshifter:up", "green:shapeshifter:up"], cursor=2)
    assert g.legal_actions() == ["copy 1"]  # green's is a Shapeshifter (D6)
    play(g, "copy 1")
    assert g.scores == {"red": 1, "blue": 1, "green": 1}  # another face-up Shapeshifter: nothing
    g = game(["red:heir:up", "blue:shapeshifter:up", "green:heir:up"], cursor=2)
    play(g, "copy 1")
    assert g.scores["blue"] == 3  # only Heirs are face up besides it: +2
    # and green's heir at 3 then sees red's face-up heir: nothing
    assert g.scores["green"] == 1


# ------------------------------------------------------------------ assassination (D4)

def test_assassination_eliminates_anywhere_but_itself_then_is_discarded():
    g = game(["blue:heir", "red:assassination", "green:spy:2", "green:lord"], cursor=2)
    play(g, "reveal")
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3", "eliminate 4"]
    play(g, "eliminate 4")
    assert queue_of(g) == [["blue:heir"], ["green:spy:2"]]
    assert data(g)["discard"] == {"red": ["assassination"], "blue": [], "green": ["lord"]}
    assert g.scores["red"] == 2
    assert g.to_act == "green" and data(g)["cursor"] == 2


def test_assassination_alone_does_nothing_and_is_discarded():
    g = game(["red:assassination:1"])
    play(g, "reveal")
    assert g.scores["red"] == 2  # its token, nothing else
    assert queue_of(g) == [] and data(g)["discard"]["red"] == ["assassination"]


def test_assassination_on_a_stack_lets_the_card_below_play_next():
    g = game([["red:lord:up", "red:assassination"], "blue:heir"])
    play(g, "reveal", "eliminate 2")
    # +1 eliminating; assassination discarded; lord uncovered resolves: 1, no red neighbour
    assert g.scores["red"] == 3
    assert queue_of(g) == [["red:lord:up"]]
    assert phase(g) == "placement"


# ------------------------------------------------------------------ decree (D2, D13)

def test_decree_moving_an_already_resolved_card_later_resolves_it_again():
    g = game(["red:lord:up", "red:decree", "blue:heir"])
    assert g.scores["red"] == 3  # lord: 1 + the red decree next to it
    play(g, "reveal", "move 1 to 4")
    assert queue_of(g) == [["blue:heir"], ["red:lord:up"]]
    assert g.to_act == "blue" and data(g)["cursor"] == 1
    play(g, "stay")
    assert g.scores["red"] == 4  # the lord again: 1, blue heir is no family
    assert phase(g) == "placement"


def test_decree_moving_a_card_earlier_does_not_resolve_it():
    g = game(["blue:heir:up", "red:decree", "green:lord:up"])
    assert g.scores["blue"] == 3
    play(g, "reveal", "move 3 to 1")
    assert queue_of(g) == [["green:lord:up"], ["blue:heir:up"]]
    assert g.scores == {"red": 1, "blue": 3, "green": 1}
    assert phase(g) == "placement"


def test_decree_moving_a_card_into_the_gap_after_it_resolves_it_next():
    g = game(["red:decree", "blue:heir:up", "green:lord:up"])
    play(g, "reveal", "move 3 to 2")
    # queue after the discard: lord, heir — both still to resolve
    assert g.scores == {"red": 1, "blue": 3, "green": 2}


def test_decree_legal_moves_exclude_itself_and_moves_that_change_nothing():
    g = game(["red:decree", "blue:heir", "green:lord"])
    play(g, "reveal")
    assert sorted(g.legal_actions()) == ["move 2 to 1", "move 2 to 4", "move 3 to 1", "move 3 to 2"]


def test_decree_moves_tokens_with_the_card():
    g = game(["red:decree", "blue:heir", "green:spy:3"])
    play(g, "reveal", "move 3 to 1")
    assert queue_of(g)[0] == ["green:spy:3"]


def test_d13_decree_may_unstack_a_top_card_next_to_its_stack():
    g = game(["red:decree", ["blue:heir:up", "blue:spy"]])
    play(g, "reveal")
    assert "move 2 to 2" in g.legal_actions() and "move 2 to 3" in g.legal_actions()
    play(g, "move 2 to 3")
    # decree gone; heir (now uncovered, position 1) resolves: +2; then blue decides on the spy
    assert queue_of(g) == [["blue:heir:up"], ["blue:spy"]]
    assert g.scores["blue"] == 3
    assert g.to_act == "blue" and data(g)["cursor"] == 2


def test_decree_with_nothing_to_move_is_just_discarded():
    g = game(["red:decree"])
    play(g, "reveal")
    assert queue_of(g) == [] and data(g)["discard"]["red"] == ["decree"]


def test_retail_decree_never_stacks():
    g = game(["red:decree", "blue:heir", "blue:spy:up"])
    play(g, "reveal")
    assert not [a for a in g.legal_actions() if "onto" in a]


# ------------------------------------------------------------------ lord (D5)

def test_lord_counts_adjacent_top_cards_of_its_family_at_most_three():
    g = game([["red:spy", "red:heir:up"], "red:lord:up", ["red:archer:up", "red:soldier"]], cursor=2)
    assert g.scores["red"] == 1 + 3  # 1 + two adjacent red stacks (a stack counts once)


def test_lord_counts_a_stack_once_covered_cards_never_count():
    g = game([["red:spy", "red:heir", "red:archer:up"], "red:lord:up", "blue:heir"], cursor=2)
    assert g.scores["red"] == 1 + 2  # 1 + one red stack; the two covered red cards never count (D5)


def test_lord_ignores_opponents_and_counts_face_down_cards():
    g = game(["blue:heir", "red:lord:up", "red:spy"], cursor=2)
    assert g.scores["red"] == 1 + 2
    g = game(["blue:heir", "red:lord:up", "green:spy"], cursor=2)
    assert g.scores["red"] == 1 + 1


# ------------------------------------------------------------------ shapeshifter (D6)

def test_shapeshifter_copies_an_adjacent_face_up_non_shapeshifter():
    g = game(["blue:soldier:up", "red:shapeshifter:up", "green:shapeshifter:up"], cursor=2)
    assert g.legal_actions() == ["copy 1"]
    play(g, "copy 1")
    v = g.view("red")["decision"]
    assert v["kind"] == "eliminate" and v["ability"] == "soldier" and v["position"] == 2
    assert sorted(g.legal_actions()) == ["eliminate 1", "eliminate 3"]  # from its own position
    play(g, "eliminate 3")
    assert g.scores["red"] == 2 and data(g)["discard"]["green"] == ["shapeshifter"]


def test_shapeshifter_cannot_copy_face_down_cards():
    g = game(["blue:soldier", "red:shapeshifter:up", "green:heir:up"], cursor=2)
    assert g.legal_actions() == ["copy 3"]
    g = game(["blue:soldier", "red:shapeshifter:up"], cursor=2)
    assert phase(g) == "placement" and g.scores["red"] == 1  # nothing to copy: nothing asked


def test_shapeshifter_copying_lord_counts_its_own_neighbours():
    g = game(["red:lord:up", "red:shapeshifter:up", "red:heir"], cursor=2)
    play(g, "copy 1")
    assert g.scores["red"] == 1 + 3


def test_shapeshifter_copying_archer_may_eliminate_itself():
    g = game(["red:shapeshifter:up", "blue:archer:up", "green:heir"])
    play(g, "copy 2", "eliminate 1")
    assert data(g)["discard"]["red"] == ["shapeshifter"] and g.scores["red"] == 2
    # blue's archer (now position 1) resolves next
    assert g.to_act == "blue" and sorted(g.legal_actions()) == ["eliminate 1", "eliminate 2"]


def test_shapeshifter_copying_spy_steals_from_its_own_neighbours():
    g = game(["blue:spy:up", "red:shapeshifter:up", "green:heir"], cursor=2)
    play(g, "copy 1")
    assert sorted(g.legal_actions()) == ["steal blue", "steal green"]


# ------------------------------------------------------------------ ambush (D7, D17)

def test_ambush_eliminated_by_opponent_gives_four_and_discards_the_attacker():
    g = game(["red:soldier:up", "blue:ambush:2", "green:heir"])
    play(g, "eliminate 2")
    assert g.scores == {"red": 2, "blue": 5, "green": 1}
    assert data(g)["discard"] == {"red": ["soldier"], "blue": ["ambush"], "green": []}
    assert queue_of(g) == [["green:heir"]]
    assert g.to_act == "green" and data(g)["cursor"] == 1


def test_d17_ambush_eliminated_by_its_owner_discards_both_and_gives_one_plus_one():
    g = game(["red:soldier:up", "red:ambush:1", "green:heir"])
    play(g, "eliminate 2")
    assert g.scores["red"] == 1 + 1 + 1
    assert sorted(data(g)["discard"]["red"]) == ["ambush", "soldier"]
    assert queue_of(g) == [["green:heir"]]


def test_ambush_revealed_by_owner_gains_one_and_loses_the_tokens():
    g = game(["blue:ambush:3", "red:heir"])
    play(g, "reveal")
    assert g.scores["blue"] == 2 and data(g)["discard"]["blue"] == ["ambush"]
    assert queue_of(g) == [["red:heir"]] and g.to_act == "red"


def test_ambush_discarding_an_attacker_on_a_stack_uncovers_the_card_below():
    g = game([["red:heir:up", "red:soldier:up"], "blue:ambush"])
    play(g, "eliminate 2")
    # soldier +1, discarded; heir uncovered resolves next: +2
    assert g.scores == {"red": 4, "blue": 5, "green": 1}
    assert queue_of(g) == [["red:heir:up"]]


def test_ambush_discards_a_shapeshifter_that_copied_the_attack():
    g = game(["blue:soldier:up", "red:shapeshifter:up", "green:ambush"], cursor=2)
    play(g, "copy 1", "eliminate 3")
    assert g.scores == {"red": 2, "blue": 1, "green": 5}
    assert data(g)["discard"]["red"] == ["shapeshifter"]
    assert queue_of(g) == [["blue:soldier:up"]]


def test_ambush_hit_by_an_archer_further_along_the_queue():
    g = game(["blue:ambush", "green:heir", "red:archer:up"], cursor=3)
    play(g, "eliminate 1")
    assert g.scores == {"red": 2, "blue": 5, "green": 1}
    assert queue_of(g) == [["green:heir"]] and data(g)["discard"]["red"] == ["archer"]


def test_ambush_hit_by_assassination():
    g = game(["red:assassination", "blue:ambush"])
    play(g, "reveal", "eliminate 2")
    assert g.scores == {"red": 2, "blue": 5, "green": 1}
    assert queue_of(g) == []
    assert data(g)["discard"] == {"red": ["assassination"], "blue": ["ambush"], "green": []}


def test_spy_next_to_an_ambush_does_not_spring_it():
    g = game(["blue:ambush", "red:spy:up"], cursor=2)
    play(g, "steal blue")
    assert g.scores == {"red": 2, "blue": 0, "green": 1} and queue_of(g)[0] == ["blue:ambush"]


# ------------------------------------------------------------------ conspiracy

def test_conspiracy_gains_twice_its_tokens_and_is_discarded():
    g = game(["red:conspiracy:3", "blue:heir"])
    play(g, "reveal")
    assert g.scores["red"] == 1 + 6 and data(g)["discard"]["red"] == ["conspiracy"]
    assert g.to_act == "blue" and data(g)["cursor"] == 1


def test_conspiracy_on_a_stack_then_the_card_below():
    g = game([["red:lord:up", "red:conspiracy:2"]])
    play(g, "reveal")
    assert g.scores["red"] == 1 + 4 + 1


def test_staying_face_down_adds_a_token():
    g = game(["red:conspiracy:2", "blue:heir"])
    play(g, "stay")
    assert queue_of(g)[0] == ["red:conspiracy:3"] and g.scores["red"] == 1


def test_spy_without_neighbours_does_nothing_and_asks_nothing():
    g = game(["red:spy:up"])
    assert phase(g) == "placement" and g.scores == {"red": 1, "blue": 1, "green": 1}
