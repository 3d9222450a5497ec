"""Random whole games: invariants at every step, JSON round-trips, replay, views free of hidden cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lieux import Game, IllegalAction, load_game, new_game
from lieux.cards import PLACES, rewards, turns_per_round


def check_invariants(g: Game) -> None:
    pos = json.loads(g.to_json())
    seats = pos["seats"]
    for c in seats:
        where: list[int] = []
        where += pos["hands"][c] + pos["piles"][c] + pos["discard"][c]
        if pos["selected"][c] is not None:
            where.append(pos["selected"][c])
        where += [card["value"] for p in PLACES for card in pos["places"][p] if card["owner"] == c]
        assert sorted(where) == list(range(1, 16)), f"{c}'s cards: {sorted(where)}"
        assert pos["gold"][c] >= 0
        assert len(pos["hands"][c]) + (pos["selected"][c] is not None) <= 6
    for p in PLACES:
        values = [card["value"] for card in pos["places"][p]]
        assert values == sorted(values, reverse=True)
    if g.is_over:
        assert g.to_act is None and g.legal_actions() == []
    else:
        assert g.to_act in seats
        assert g.legal_actions(), "a decision always has at least one action"
        assert len(set(g.legal_actions())) == len(g.legal_actions())
    # JSON round-trip
    again = load_game(g.to_json())
    assert again.to_json() == g.to_json()
    assert again.legal_actions() == g.legal_actions()
    assert again.to_act == g.to_act


def play_random(
    players: int, set_id: str, seed: int, hidden: bool, check: bool = True
) -> tuple[Game, list[str]]:
    g = new_game(players=players, set=set_id, hidden_gold=hidden, seed=seed)
    r = random.Random(seed)
    actions: list[str] = []
    placed = 0
    while not g.is_over:
        if check:
            check_invariants(g)
        a = r.choice(g.legal_actions())
        actions.append(a)
        events = g.play(a)
        placed += sum(1 for e in events if e["type"] == "placed")
        assert len(actions) < 1000
    check_invariants(g)
    # every player placed one card per turn: 3 rounds of 4 (3 players) or 3 turns
    assert placed == players * 3 * turns_per_round(players)
    assert sorted(c for place in g.ranking() for c in place) == sorted(g.seats)
    assert all(len(place) == 1 for place in g.ranking())
    return g, actions


@pytest.mark.parametrize("set_id", ["A", "B", "C"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_whole_random_games(players: int, set_id: str) -> None:
    for seed in range(3):
        play_random(players, set_id, seed * 101 + players, hidden=seed == 1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 5), set_id=st.sampled_from("ABC"), seed=st.integers(0, 2**64 - 1),
       hidden=st.booleans())
def test_random_games_property(players: int, set_id: str, seed: int, hidden: bool) -> None:
    play_random(players, set_id, seed, hidden)


def test_new_game_setup() -> None:
    g = new_game(players=5, set="C", seed=3)
    pos = json.loads(g.to_json())
    assert pos["format"] == "lieux/1"
    assert all(len(h) == 6 for h in pos["hands"].values())
    assert all(len(p) == 9 for p in pos["piles"].values())
    assert pos["gold"] == dict.fromkeys(pos["seats"], 3)
    assert g.to_act == pos["first"]
    assert g.legal_actions() == [f"select {v}" for v in sorted(pos["hands"][g.to_act], reverse=True)]
    v = g.view(None)
    assert [p["rewards"] for p in v["places"]] == [list(rewards("C", p, 5)) for p in PLACES]
    assert v["side"] == "5"


def test_selection_is_asked_in_seat_order_from_the_first_player() -> None:
    g = new_game(players=4, seed=9)
    order = g.state.order()
    asked = []
    for _ in range(4):
        asked.append(g.to_act)
        g.play(g.legal_actions()[0])
    assert asked == order
    assert g.view(None)["decision"]["kind"] == "put"
    assert g.to_act == order[0]


def test_token_passes_each_turn() -> None:
    g = new_game(players=3, seed=5)
    first = g.state.first
    seats = g.seats
    while g.state.turn == 1:
        g.play(g.legal_actions()[0])
    assert g.state.first == seats[(seats.index(first) + 1) % 3]


# ------------------------------------------------------------------ views

def _swap_hidden(pos: dict[str, Any], viewer: str, r: random.Random) -> dict[str, Any]:
    """The same position as far as `viewer` can tell: other players' hands, piles and selected cards
    are redistributed, and the RNG state changes."""
    pos = json.loads(json.dumps(pos))
    for c in pos["seats"]:
        if c == viewer:
            continue
        sel = pos["selected"][c]
        pool = pos["hands"][c] + pos["piles"][c] + ([sel] if sel is not None else [])
        r.shuffle(pool)
        n = len(pos["hands"][c])
        pos["hands"][c] = sorted(pool[:n], reverse=True)
        if sel is not None:
            pos["selected"][c] = pool[n]
            n += 1
        pos["piles"][c] = pool[n:]
    pos["rng"] = f"{r.getrandbits(64):016x}"
    return pos


@pytest.mark.parametrize("players", [3, 5])
def test_views_do_not_depend_on_hidden_cards(players: int) -> None:
    r = random.Random(players)
    g = new_game(players=players, set="A", hidden_gold=False, seed=77)
    steps = 0
    while not g.is_over:
        pos = json.loads(g.to_json())
        for viewer in [*g.seats, None]:
            other = load_game(json.dumps(_swap_hidden(pos, viewer or "", r)))
            assert other.view(viewer) == g.view(viewer)
        g.play(r.choice(g.legal_actions()))
        steps += 1
    assert steps > 30


def test_view_hides_hands_and_selected_cards() -> None:
    g = new_game(players=3, seed=1)
    first = g.to_act
    assert first is not None
    g.play(g.legal_actions()[0])
    for viewer in g.seats:
        v = g.view(viewer)
        assert v["hand"] == g.state.hands[viewer]
        assert "hands" not in v or v["hands"] is None
        sel = v["selected"][first]
        assert sel == {"value": g.state.selected[first] if viewer == first else None}
    text = json.dumps(g.view(None))
    assert '"piles"' not in text
    assert g.view(None)["hand"] is None


def test_hidden_gold_view_and_events() -> None:
    g = new_game(players=3, set="A", hidden_gold=True, seed=4)
    v = g.view("red")
    assert v["gold"]["red"] == 3 and v["gold"]["blue"] is None and v["scores"] is None
    assert all(x is None for x in g.view(None)["gold"].values())
    r = random.Random(0)
    seen_gold_event = False
    while not g.is_over:
        events = g.play(r.choice(g.legal_actions()))
        for e in g.redact_events(events, "red"):
            if e["type"] == "gold" and e["colour"] != "red":
                seen_gold_event = True
                assert e["amount"] is None and e["gold"] is None
            if e["type"] == "round_ended":
                assert all(g_ is None for c, g_ in e["scores"].items() if c != "red")
    assert seen_gold_event
    v = g.view("red")
    assert v["gold"] == g.scores and v["ranking"] == g.ranking()


def test_redacted_events_hide_other_selections_and_draws() -> None:
    g = new_game(players=3, seed=2)
    who = g.to_act
    events = g.play(g.legal_actions()[0])
    sel = [e for e in events if e["type"] == "selected"]
    assert sel[0]["value"] is not None
    for viewer in g.seats:
        red = g.redact_events(events, viewer)
        assert (red[0]["value"] is None) == (viewer != who)
    assert g.redact_events(events, None)[0]["value"] is None


# ------------------------------------------------------------------ illegal actions

def test_illegal_put_messages_say_why() -> None:
    from lieux_helpers import game
    g = game(places={"village": [("blue", 6)]}, selected={"red": 6, "blue": 3})
    before = g.to_json()
    with pytest.raises(IllegalAction, match="left"):
        g.play("put 6 village")
    with pytest.raises(IllegalAction, match="selected card is 6"):
        g.play("put 7 village")
    with pytest.raises(IllegalAction, match="unknown place"):
        g.play("put 6 moon")
    with pytest.raises(IllegalAction, match="no side"):
        g.play("put 6 port left")
    assert g.to_json() == before


def test_illegal_during_an_effect_and_after_the_end() -> None:
    g, _ = play_random(3, "A", 1, False, check=False)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="over"):
        g.play("select 3")
    assert g.to_json() == before
    from lieux_helpers import game
    g = game(places={"chateau": [("blue", 15)]}, selected={"red": 11, "blue": 3})
    g.play("put 11 chateau")
    before = g.to_json()
    with pytest.raises(IllegalAction, match="thief"):
        g.play("target green")
    with pytest.raises(IllegalAction, match="target"):
        g.play("put 3 port")
    assert g.to_json() == before
