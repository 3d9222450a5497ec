"""What a player may see (ENGINE_API.md): `view(colour)` and redacted events never carry another player's
hand, aside or face-down cards, and do not change when only cards hidden from that player change."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import EDITIONS_PLAYERS, data, game, play, walk
from oriflamme import load_game, new_game, redact_events


def test_view_shows_own_cards_and_hides_the_others():
    g = game([["red:heir:up", "red:spy"], "blue:lord", "green:archer:up", "blue:heir:up"],
             hands={"red": ["soldier"], "blue": ["decree", "conspiracy"], "green": ["ambush"]},
             discard={"blue": ["assassination"]}, scores={"red": 2, "blue": 0, "green": 5})
    v = g.view("red")
    assert v["viewer"] == "red" and v["hand"] == ["soldier"]
    assert sorted(v["aside"]) == sorted(data(g)["aside"]["red"])
    assert v["hand_sizes"] == {"red": 1, "blue": 2, "green": 1}
    assert v["aside_sizes"] == {c: len(a) for c, a in data(g)["aside"].items()}
    assert v["discard"] == {"red": [], "blue": ["assassination"], "green": []}
    assert v["scores"] == {"red": 2, "blue": 0, "green": 5}
    assert [[c["card"] for c in st] for st in v["queue"]] == [["heir", "spy"], [None], ["archer"], ["heir"]]
    assert "hands" not in v and "blue" not in json.dumps(v["hand"] + v["aside"])
    b = g.view("blue")
    assert [[c["card"] for c in st] for st in b["queue"]] == [["heir", None], ["lord"], ["archer"], ["heir"]]
    assert sorted(b["hand"]) == ["conspiracy", "decree"]
    s = g.view(None)
    assert s["hand"] == [] and s["aside"] == []
    assert [[c["card"] for c in st] for st in s["queue"]] == [["heir", None], [None], ["archer"], ["heir"]]
    for v in (g.view("red"), b, s, g.view("green")):
        assert set(v) >= {"hand", "aside", "hand_sizes", "aside_sizes", "queue", "discard", "scores"}
        assert not {"hands", "seed", "rng"} & set(v)  # no full position, no RNG state to predict draws


def test_view_decision_and_cursor():
    g = game(["blue:soldier:up", "red:shapeshifter:up", "green:heir"], cursor=2)
    d = g.view("green")["decision"]
    assert d == {"kind": "copy", "player": "red", "ability": "shapeshifter", "position": 2}
    play(g, "copy 1")
    d = g.view("green")["decision"]
    assert d == {"kind": "eliminate", "player": "red", "ability": "soldier", "position": 2}
    assert g.view("green")["cursor"] == 2
    g = game(["red:heir", "blue:spy"], phase="placement",
             hands={"red": ["spy"], "blue": ["heir"], "green": ["heir"]})
    v = g.view("blue")
    assert v["decision"]["kind"] == "place" and v["cursor"] is None


def test_view_of_a_finished_game():
    g = game(["red:heir:up", "blue:spy"], phase="over", round=6, cursor=None,
             scores={"red": 3, "blue": 3, "green": 1})
    v = g.view("green")
    assert v["is_over"] and v["decision"] is None and v["ranking"] == [["red", "blue"], ["green"]]


def test_placed_event_hides_the_card_from_others():
    g = new_game(edition="retail", players=3, seed=21)
    me = g.to_act
    ev = g.play(g.legal_actions()[0])
    card = g.legal_actions and ev[0]["card"]
    mine = redact_events(ev, me)
    assert mine[0]["card"] == card and "hidden" not in mine[0]
    for other in g.seats:
        if other != me:
            assert "card" not in redact_events(ev, other)[0]
    assert "card" not in redact_events(ev, None)[0]
    assert g.events_for(ev, me) == mine


def test_decree_moving_a_face_down_card_is_redacted():
    g = game(["red:decree", "blue:heir", "green:lord:up"])
    play(g, "reveal")
    ev = g.play("move 2 to 4")
    moved = [e for e in ev if e["type"] == "moved"]
    assert len(moved) == 1
    assert redact_events(moved, "blue")[0].get("card") == "heir"
    assert "card" not in redact_events(moved, "red")[0]
    assert "card" not in redact_events(moved, "green")[0]


def test_stay_events_never_name_the_card():
    g = game(["red:conspiracy:2", "blue:heir"])
    ev = g.play("stay")
    assert not any("card" in e for e in redact_events(ev, "blue"))


# ------------------------------------------------------------------ hidden cards do not leak

def hidden_slots(d, owner):
    """Every place holding a card of `owner` that other players cannot see, as (list, index)."""
    slots = [(d["hands"][owner], i) for i in range(len(d["hands"][owner]))]
    slots += [(d["aside"][owner], i) for i in range(len(d["aside"][owner]))]
    for stack in d["queue"]:
        for c in stack:
            if c["owner"] == owner and not c["face_up"]:
                slots.append((c, "card"))
    return slots


def shuffle_hidden(d, owner, rnd):
    """Permute the names among `owner`'s hidden cards (hand, aside, face-down queue cards)."""
    slots = hidden_slots(d, owner)
    names = [s[k] for s, k in slots]
    rnd.shuffle(names)
    for (s, k), name in zip(slots, names, strict=True):
        s[k] = name
    return d


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(EDITIONS_PLAYERS), st.integers(0, 2**32), st.integers(0, 90), st.data())
def test_views_do_not_depend_on_hidden_cards(ep, seed, steps, draw):
    edition, players = ep
    rnd = random.Random(seed)
    g = new_game(edition=edition, players=players, seed=seed)
    walk(g, rnd, steps)
    viewer = draw.draw(st.sampled_from(g.seats), label="viewer")
    base = load_game(g.to_json())
    d = json.loads(g.to_json())
    for other in g.seats:
        if other != viewer:
            shuffle_hidden(d, other, rnd)
    twin = load_game(json.dumps(d))
    assert twin.view(viewer) == base.view(viewer)
    # the viewer's own quiet actions give the same redacted events and views in both games
    if base.to_act == viewer:
        assert twin.legal_actions() == base.legal_actions()
        quiet = [a for a in base.legal_actions() if a.split()[0] in ("place", "stay")]
        if quiet:
            a = draw.draw(st.sampled_from(quiet), label="action")
            assert redact_events(twin.play(a), viewer) == redact_events(base.play(a), viewer)
            assert twin.view(viewer) == base.view(viewer)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(EDITIONS_PLAYERS), st.integers(0, 2**32))
def test_redacted_events_never_name_a_card_the_viewer_cannot_see(ep, seed):
    edition, players = ep
    g = new_game(edition=edition, players=players, seed=seed)
    rnd = random.Random(seed)
    while not g.is_over:
        before = data(g)
        ev = g.play(rnd.choice(g.legal_actions()))
        for raw in ev:
            if raw["type"] == "placed":
                assert raw.get("hidden")  # cards are always placed face down
            if raw["type"] == "moved":
                src = before["queue"][raw["from"] - 1][-1]
                assert bool(raw.get("hidden")) == (not src["face_up"])
            if raw["type"] in ("stayed", "token_added"):
                assert "card" not in raw
            for viewer in [*g.seats, None]:
                (r,) = redact_events([raw], viewer)
                assert "hidden" not in r
                if raw.get("hidden") and raw["player"] != viewer:
                    assert "card" not in r, (viewer, raw)


VIEW_KEYS = {"game", "format", "viewer", "edition", "seats", "round", "rounds", "first", "direction", "phase",
             "to_act", "cursor", "scores", "hand", "aside", "hand_sizes", "aside_sizes", "discard", "queue",
             "decision", "is_over", "ranking"}


def test_view_has_the_documented_fields_and_is_plain_json():
    g = new_game(edition="pegasus", players=3, seed=8)
    walk(g, random.Random(8), 30)
    for viewer in [*g.seats, None]:
        v = g.view(viewer)
        assert set(v) >= VIEW_KEYS
        assert json.loads(json.dumps(v)) == v


def test_decision_kinds():
    cases = [
        (dict(queue=["red:decree", "blue:heir"]), "reveal", None),
        (dict(queue=["blue:heir", "red:spy:up"], cursor=2), "steal", "spy"),
        (dict(queue=["red:archer:up", "blue:heir"]), "eliminate", "archer"),
        (dict(queue=["green:heir", "red:assassin:up", "black:heir"], cursor=2, edition="prototype",
              seats=("red", "green", "black")), "choose", "assassin"),
    ]
    for kw, kind, ability in cases:
        d = game(**kw).view("red")["decision"]
        assert (d["kind"], d["ability"], d["player"]) == (kind, ability, "red")
    g = game(["red:decree", "blue:heir"])
    play(g, "reveal")
    assert g.view("blue")["decision"]["kind"] == "move"


def test_events_are_plain_json_with_a_type():
    for edition, players in EDITIONS_PLAYERS:
        g = new_game(edition=edition, players=players, seed=3)
        rnd = random.Random(3)
        seen = set()
        while not g.is_over:
            ev = g.play(rnd.choice(g.legal_actions()))
            assert json.loads(json.dumps(ev)) == ev
            assert all(isinstance(e["type"], str) and e["type"] for e in ev)
            seen |= {e["type"] for e in ev}
        assert {"placed", "stayed", "revealed", "gained", "round_ended", "game_over"} <= seen
