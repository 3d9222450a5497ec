"""Whole random games per edition and player count, checking invariants at every step, and replays."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import EDITIONS_PLAYERS, check_conservation, family, walk
from oracle import Oracle
from oriflamme import load_game, new_game, replay

ONE_SHOT = {"assassination", "decree", "ambush", "conspiracy"}
ROUNDS = {"retail": 6, "pegasus": 6, "prototype": 7}


def hand_start(edition, players):
    return 12 if edition == "prototype" and players == 2 else 7


def check_step(g, edition, players):
    j = g.to_json()
    d = json.loads(j)
    check_conservation(d)
    assert all(v >= 0 for v in d["scores"].values())
    # JSON round trip: same position, same legal actions
    h = load_game(j)
    assert h.to_json() == j
    assert h.legal_actions() == g.legal_actions()
    assert 1 <= d["round"] <= ROUNDS[edition]
    for stack in d["queue"]:
        assert len({c["owner"] for c in stack}) == 1  # D1
    cur = d["cursor"]
    for i, stack in enumerate(d["queue"], 1):
        for c in stack:
            if edition == "prototype":
                assert c["tokens"] == 0
            if c["face_up"] and i != cur:
                assert c["card"] not in ONE_SHOT or (edition == "prototype" and c["card"] != "ambush")
                assert c["tokens"] == 0  # tokens are taken when a card is revealed
    if d["phase"] == "over":
        assert g.is_over and g.to_act is None and g.legal_actions() == []
        return
    legal = g.legal_actions()
    assert legal and len(set(legal)) == len(legal)
    v = g.view(g.to_act)
    assert v["decision"]["player"] == g.to_act == d["to_act"]
    if d["phase"] == "placement":
        r = d["round"]
        seats = d["seats"]
        placed = (seats.index(d["to_act"]) - seats.index(d["first"])) % len(seats)
        for k, c in enumerate(seats[seats.index(d["first"]):] + seats[:seats.index(d["first"])]):
            expected = hand_start(edition, players) - (r - 1) - (1 if k < placed else 0)
            assert len(d["hands"][c]) == expected
        assert all(a.startswith("place ") for a in legal)
    else:
        top = d["queue"][cur - 1][-1]
        if not top["face_up"]:
            assert v["decision"]["kind"] == "reveal" and top["owner"] == g.to_act
            assert legal in (["reveal", "stay"], ["stay"])


def play_out(edition, players, seed, choose):
    """A whole game; after every action: the invariants, and agreement with the independent model."""
    g = new_game(edition=edition, players=players, seed=seed)
    o = Oracle(json.loads(g.to_json()))
    actions = []
    check_step(g, edition, players)
    while not g.is_over:
        legal = g.legal_actions()
        a = legal[choose(len(legal))]
        g.play(a)
        o.play(a)
        actions.append(a)
        check_step(g, edition, players)
        assert engine_snapshot(g) == o.snapshot(), actions[-6:]
    return g, actions


def engine_snapshot(g):
    """The engine's position in the oracle's terms (piles sorted, legal actions as a set)."""
    d = json.loads(g.to_json())
    return {
        "phase": d["phase"],
        "round": d["round"],
        "first": d["first"],
        "to_act": g.to_act,
        "cursor": d["cursor"],
        "scores": d["scores"],
        "hands": {c: sorted(v) for c, v in d["hands"].items()},
        "discard": {c: sorted(v) for c, v in d["discard"].items()},
        "queue": [[(c["card"], c["owner"], c["face_up"], c["tokens"]) for c in st] for st in d["queue"]],
        "legal": sorted(g.legal_actions()),
    }


def cross_check(edition, players, seed, reveal_bias):
    """A random game (revealing more often when biased), the engine and the oracle in lockstep."""
    g = new_game(edition=edition, players=players, seed=seed)
    o = Oracle(json.loads(g.to_json()))
    rnd = random.Random(seed)
    history = []
    while True:
        assert engine_snapshot(g) == o.snapshot(), history[-6:]
        if g.is_over:
            return
        legal = g.legal_actions()
        a = "reveal" if "reveal" in legal and rnd.random() < reveal_bias else rnd.choice(legal)
        history.append(a)
        g.play(a)
        o.play(a)


@pytest.mark.parametrize(("edition", "players"), EDITIONS_PLAYERS)
def test_engine_agrees_with_an_independent_model_of_the_rules(edition, players):
    for seed in range(40):
        cross_check(edition, players, seed, reveal_bias=0.7 if seed % 2 else 0.0)


def check_end(g, edition, players):
    d = json.loads(g.to_json())
    left = {"retail": 1, "pegasus": 1}.get(edition, 5 if players == 2 else 0)
    assert all(len(h) == left for h in d["hands"].values())
    assert d["round"] == ROUNDS[edition] and d["phase"] == "over"
    ranked = [c for place in g.ranking() for c in place]
    assert sorted(ranked) == sorted(d["seats"])
    keys = [(d["scores"][c], sum(x["owner"] == c for s in d["queue"] for x in s)) for c in ranked]
    assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize(("edition", "players"), EDITIONS_PLAYERS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**40), data=st.data())
def test_random_games_keep_the_invariants(edition, players, seed, data):
    def choose(n):
        return data.draw(st.integers(0, n - 1)) if n > 1 else 0

    g, actions = play_out(edition, players, seed, choose)
    check_end(g, edition, players)
    # replay determinism: the same seed and actions give the same game
    again = replay(edition, players, seed, actions)
    assert again.to_json() == g.to_json()


@pytest.mark.parametrize(("edition", "players"), EDITIONS_PLAYERS)
def test_many_quick_random_games(edition, players):
    """Wider but cheaper: no per-step round trip, only the end state and conservation."""
    for seed in range(25):
        g = new_game(edition=edition, players=players, seed=seed)
        walk(g, random.Random(seed), 10_000)
        assert g.is_over
        d = json.loads(g.to_json())
        check_conservation(d)
        assert all(v >= 0 for v in d["scores"].values())
        check_end(g, edition, players)


def test_same_seed_same_setup_different_seed_different_setup():
    a = new_game(edition="retail", players=4, seed=123)
    b = new_game(edition="retail", players=4, seed=123)
    assert a.to_json() == b.to_json()
    setups = {json.dumps(json.loads(new_game(edition="retail", players=4, seed=s).to_json())["hands"])
              for s in range(20)}
    assert len(setups) > 15


def test_replay_from_the_middle_of_a_saved_game():
    g = new_game(edition="pegasus", players=3, seed=77)
    rnd = random.Random(1)
    walk(g, rnd, 25)
    saved = g.to_json()
    rest_a, rest_b = load_game(saved), load_game(saved)
    moves = walk(rest_a, random.Random(2), 1000)
    for m in moves:
        rest_b.play(m)
    assert rest_a.to_json() == rest_b.to_json() and rest_a.is_over


FIVE = ["red", "blue", "green", "yellow", "black"]
COLOURS = {"retail": FIVE, "pegasus": FIVE, "prototype": ["red", "green", "black", "blue"]}


def random_position(edition, players, rnd):
    """A random, valid resolution position: stacks, face-up lasting cards, tokens, any round."""
    seats = COLOURS[edition][:players]
    per = 2 if edition == "prototype" and players == 2 else 1
    rounds = ROUNDS[edition]
    rnd_no = rnd.randint(1, rounds)
    hand_size = rounds - rnd_no + (1 if edition != "prototype" else 0) + (5 if per == 2 else 0)
    hands, aside, discard, stacks = {}, {}, {}, []
    for c in seats:
        pool = family(edition) * per
        rnd.shuffle(pool)
        hands[c], rest = pool[:hand_size], pool[hand_size:]
        aside[c], discard[c], queued = [], [], []
        for card in rest:
            [aside[c], discard[c], queued, queued][rnd.randrange(4)].append(card)
        while queued:
            k = rnd.randint(1, min(3, len(queued)))
            stack, queued = queued[:k], queued[k:]
            stacks.append([{"card": n, "owner": c,
                            "face_up": n not in ONE_SHOT and rnd.random() < 0.5, "tokens": 0}
                           for n in stack])
    if not stacks:
        return None
    rnd.shuffle(stacks)
    for st_ in stacks:
        for card in st_:
            if not card["face_up"] and edition != "prototype":
                card["tokens"] = rnd.choice([0, 0, 1, 2, 3])
    first = rnd.choice(seats)
    return {"format": "oriflamme/1", "edition": edition, "seats": seats, "round": rnd_no,
            "first": first, "direction": "ltr", "phase": "resolution", "to_act": first,
            "cursor": rnd.randint(1, len(stacks)), "scores": {c: rnd.randint(0, 6) for c in seats},
            "hands": hands, "aside": aside, "discard": discard, "queue": stacks, "composed": True}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(EDITIONS_PLAYERS), st.integers(0, 2**32))
def test_engine_agrees_with_the_model_from_random_positions(ep, seed):
    edition, players = ep
    rnd = random.Random(seed)
    d = random_position(edition, players, rnd)
    if d is None:
        return
    g = load_game(json.dumps(d))
    o = Oracle(d)
    history = []
    while True:
        assert engine_snapshot(g) == o.snapshot(), history[-6:]
        check_conservation(json.loads(g.to_json()))
        if g.is_over:
            return
        legal = g.legal_actions()
        a = "reveal" if "reveal" in legal and rnd.random() < 0.8 else rnd.choice(legal)
        history.append(a)
        g.play(a)
        o.play(a)
