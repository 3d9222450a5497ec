"""End of round: end-of-round effects, rewards (special and negative), discards, drawing, the tie rule."""

from __future__ import annotations

from lieux_helpers import game, last_turn, row, types

# In these scenarios it is the last turn of round 1 (3 players: turn 4) and red, first player, is the
# only one still to reveal: red's put ends the round. Everybody has 10 gold.


def end_round(places: dict[str, list[tuple[str, int]]], put: str, value: int = 3, set_id: str = "A",
              gold: dict[str, int] | None = None, round: int = 1, first: str = "red"):  # type: ignore[no-untyped-def]
    g = game(set_id=set_id, turn=last_turn(), places=places, selected={first: value}, gold=gold,
             round=round, first=first)
    ev = g.play(put)
    assert "round_scoring" in types(ev)
    return g, ev


def test_set_a_rewards_by_rank_and_rewarded_cards_are_discarded() -> None:
    g, _ev = end_round({"chateau": [("blue", 14), ("green", 9), ("red", 8), ("blue", 6)]}, "put 3 port")
    # Princess: green, red, blue each +1 for their other cards; chateau: 4, 3, 1; port: red 3
    assert g.scores == {"red": 10 + 1 + 1 + 3, "blue": 10 + 1 + 4, "green": 10 + 1 + 3}
    # rank 4 is not rewarded: it stays for the next round; the others are discarded
    assert row(g, "chateau") == [("blue", 6)]
    assert row(g, "port") == []
    assert g.state.discard["blue"] == [14]
    assert sorted(g.state.discard["red"]) == [3, 8]


def test_round_end_draws_back_to_six_and_starts_round_two() -> None:
    g = game(turn=last_turn(), selected={"red": 3}, hands={"red": [15, 14], "blue": [15]})
    g.play("put 3 port")
    assert g.state.round == 2 and g.state.turn == 1
    assert {c: len(h) for c, h in g.state.hands.items()} == {"red": 6, "blue": 6, "green": 6}
    # piles are drawn from the front: red's pile was 1, 2, 4, 5, ... (3, 14, 15 elsewhere)
    assert g.state.hands["red"] == [15, 14, 5, 4, 2, 1]  # 4 drawn: 1, 2, 4, 5
    assert g.state.phase == "select"


def test_king_is_discarded_when_a_thief_shares_its_place() -> None:
    g, ev = end_round({"chateau": [("blue", 15), ("green", 11)]}, "put 3 village")
    kd = [e for e in ev if e["type"] == "discarded" and e["reason"] == "king"]
    assert kd and kd[0]["owner"] == "blue"
    # the King earns nothing; the Thief moves up to rank 1
    assert g.scores == {"red": 13, "blue": 10, "green": 14}
    assert g.state.discard["blue"] == [15]


def test_king_stays_without_a_thief() -> None:
    g, _ev = end_round({"chateau": [("blue", 15), ("green", 10)]}, "put 3 village")
    assert g.scores == {"red": 13, "blue": 14, "green": 13}


def test_king_and_thief_in_different_places() -> None:
    g, _ev = end_round({"chateau": [("blue", 15)], "village": [("green", 11)]}, "put 3 port")
    assert g.scores == {"red": 13, "blue": 14, "green": 13}


def test_princess_pays_every_other_card_including_another_princess() -> None:
    g, _ev = end_round({"port": [("blue", 14), ("green", 14), ("blue", 5)]}, "put 3 chateau")
    # blue's Princess: green +1, blue +1 (the 5); green's Princess: blue +1, blue +1
    # Port rewards 3, 1, -1: blue 14 -> 3, green 14 -> 1, blue 5 -> -1; red's Chateau 3 -> 4
    assert g.scores == {"red": 14, "blue": 10 + 3 + 3 - 1, "green": 10 + 1 + 1}


def test_traitor_reverses_the_ranks() -> None:
    g, ev = end_round({"chateau": [("blue", 12), ("green", 9), ("red", 7)]}, "put 3 chateau")
    # ranks from the right: red 3 -> 4, red 7 -> 3, green 9 -> 1, blue 12 unrewarded
    assert g.scores == {"red": 17, "blue": 10, "green": 11}
    assert row(g, "chateau") == [("blue", 12)]
    rewards = [e for e in ev if e["type"] == "reward"]
    assert [(e["rank"], e["value"]) for e in rewards] == [(1, 3), (2, 7), (3, 9)]
    assert all(e["reversed"] for e in rewards)


def test_two_traitors_reverse_only_once() -> None:
    g, _ev = end_round({"village": [("blue", 7), ("green", 7), ("red", 5)]}, "put 3 village")
    # reversed once: red 3 -> 3, red 5 -> 2, green 7 -> 1, blue 7 nothing
    assert g.scores == {"red": 15, "blue": 10, "green": 11}


def test_merchant_counts_cards_below_six() -> None:
    g, _ev = end_round({"village": [("blue", 6), ("green", 6), ("green", 5), ("red", 4)]}, "put 3 village")
    # each Merchant: 5, 4, 3 -> +3 (the other 6 does not count)
    # rewards 3, 2, 1: blue 6 (left), green 6, green 5
    assert g.scores == {"red": 10, "blue": 10 + 3 + 3, "green": 10 + 3 + 2 + 1}
    assert row(g, "village") == [("red", 4), ("red", 3)]


def test_sailor_doubles_its_reward_in_the_port() -> None:
    g, _ev = end_round({"port": [("blue", 2)], "village": [("green", 2)]}, "put 3 chateau")
    # blue's Sailor in the Port: 3 doubled; green's Sailor in the Village: 3, not doubled
    assert g.scores == {"red": 14, "blue": 16, "green": 13}


def test_sailor_doubles_a_negative_reward() -> None:
    g, _ev = end_round({"port": [("blue", 9), ("green", 5), ("red", 2)]}, "put 3 chateau")
    # Port 3, 1, -1: red's Sailor at rank 3 loses 2
    assert g.scores == {"red": 10 + 4 - 2, "blue": 13, "green": 11}


def test_negative_reward_never_takes_gold_below_zero() -> None:
    g, _ev = end_round({"port": [("blue", 9), ("green", 5), ("red", 2)]}, "put 3 village",
                      gold={"red": 0, "blue": 0, "green": 0})
    # red first wins 3 in the Village, then the doubled -1 takes 2 of them
    assert g.scores == {"red": 1, "blue": 3, "green": 1}
    g2, _ = end_round({"port": [("blue", 9), ("green", 5), ("red", 2)]}, "put 3 chateau",
                      gold={"red": 0, "blue": 0, "green": 0}, set_id="C")
    # set C: Chateau 6 for red; Port 4, steal, -2 doubled = -4 for red: 6 - 4
    # green's steal takes 1 from red and 1 from blue (from 4)
    assert g2.scores == {"red": 6 - 1 - 4, "blue": 4 - 1, "green": 2}


def test_set_b_half_per_card_and_steal() -> None:
    g, _ev = end_round(
        {"chateau": [("blue", 15), ("green", 13)], "village": [("green", 9), ("blue", 5)],
         "port": [("blue", 8)]},
        "put 3 village", set_id="B",
    )
    # Chateau: half of 15 -> 8 (blue), 2 (green); Village: per-card (3 cards) -> green, 2 blue, 1 red;
    # Port: steal -> blue takes 1 from red and 1 from green
    assert g.scores == {"red": 10 + 1 - 1, "blue": 10 + 8 + 2 + 2, "green": 10 + 2 + 3 - 1}


def test_half_rounds_up() -> None:
    g, _ev = end_round({"chateau": [("blue", 7)]}, "put 3 port", set_id="B")
    # half of 7 = 4 (rounded up); red's Port steal: +1 from each other player
    assert g.scores == {"red": 12, "blue": 13, "green": 9}


def test_doubled_steal_takes_two_from_each_but_not_below_zero() -> None:
    g, _ev = end_round({"port": [("blue", 2)]}, "put 3 village", set_id="B",
                       gold={"red": 5, "blue": 0, "green": 1})
    # red: Village per-card (1 card) = 1; blue's Sailor in the Port: steal doubled, 2 from red, 1 from green
    assert g.scores == {"red": 5 + 1 - 2, "blue": 3, "green": 0}


def test_set_c_five_players_side() -> None:
    seats = ["red", "blue", "green", "yellow", "black"]
    g = game(seats=seats, set_id="C", turn=last_turn(5), selected={"red": 3},
             places={"village": [("blue", 13), ("green", 12), ("yellow", 4), ("black", 2), ("blue", 1)]})
    g.play("put 3 village")
    # 5-player Village of set C: half, per-card, 1, 0: blue 13 -> 7, green per-card (6) -> 6, yellow 1,
    # red's 3 -> 0 (rewarded, so discarded), black's 2 and blue's 1 unrewarded
    assert g.scores == {"red": 10, "blue": 17, "green": 16, "yellow": 11, "black": 10}
    assert row(g, "village") == [("black", 2), ("blue", 1)]
    assert 3 in g.state.discard["red"]


def test_rewards_use_place_order_and_all_three_places() -> None:
    _g, ev = end_round({"chateau": [("blue", 9)], "village": [("green", 9)], "port": [("blue", 8)]},
                       "put 3 port")
    scoring = [e["place"] for e in ev if e["type"] == "place_scoring"]
    assert scoring == ["chateau", "village", "port"]


def test_tie_goes_to_the_token_holder() -> None:
    # last turn of the game; red places and passes the token to blue
    g = game(round=3, turn=last_turn(), selected={"red": 3}, gold={"red": 10, "blue": 13, "green": 13})
    g.play("put 3 chateau")  # red +4 -> 14
    assert g.is_over and g.to_act is None and g.legal_actions() == []
    assert g.state.first == "blue"
    assert g.ranking() == [["red"], ["blue"], ["green"]]
    g = game(round=3, turn=last_turn(), selected={"red": 3}, gold={"red": 9, "blue": 13, "green": 13})
    g.play("put 3 chateau")  # three-way tie at 13: blue holds the token, then green, then red
    assert g.ranking() == [["blue"], ["green"], ["red"]]


def test_tie_without_the_holder_goes_to_the_closest_after_it() -> None:
    g = game(round=3, turn=last_turn(), selected={"red": 3}, gold={"red": 9, "blue": 2, "green": 13})
    g.play("put 3 chateau")  # red 13, green 13; blue (holder) is poorer; green sits right after blue
    assert g.ranking() == [["green"], ["red"], ["blue"]]


def test_no_draw_after_the_last_round() -> None:
    g = game(round=3, turn=last_turn(), selected={"red": 3}, hands={"red": [15]})
    ev = g.play("put 3 chateau")
    assert "drew" not in types(ev)
    assert types(ev)[-1] == "game_over"
