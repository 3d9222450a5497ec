"""Positions as JSON (NOTATION.md): what load_game accepts, what it refuses (ValueError naming the field),
and that to_json / load_game round-trip."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import EDITIONS_PLAYERS, data, game, play, position, walk
from oriflamme import IllegalAction, load_game, new_game
from tabletop import registry


def load(d):
    return load_game(json.dumps(d))


def base(**kw):
    return position(["red:heir", "blue:spy:2", ["green:lord:up", "green:archer"]], **kw)


def test_the_base_position_loads():
    g = load(base())
    assert g.to_act == "red"


# ------------------------------------------------------------------ malformed positions


def broken(change):
    d = base()
    change(d)
    return d


BAD = {
    "card present twice": (lambda d: d["hands"]["red"].append("spy"), r"red.*spy|spy.*red"),
    "card missing": (lambda d: d["aside"]["blue"].remove("heir"), r"blue.*heir|heir.*blue"),
    "unknown card in hand": (lambda d: d["hands"]["red"].append("dragon"), r"hands\.red"),
    "card of another edition": (lambda d: d["discard"]["green"].append("queen"), r"discard\.green"),
    "unknown card in queue": (lambda d: d["queue"][0][0].update(card="dragon"), r"queue\[1\]\[1\]\.card"),
    "stack mixing families": (lambda d: d["queue"][2].append(
        {"card": "heir", "owner": "red", "face_up": False, "tokens": 0}), r"queue\[3\]"),
    "score below 0": (lambda d: d["scores"].update(blue=-1), r"scores\.blue"),
    "score not a number": (lambda d: d["scores"].update(blue="3"), r"scores\.blue"),
    "score of a missing seat": (lambda d: d["scores"].pop("green"), r"scores"),
    "bad edition": (lambda d: d.update(edition="deluxe"), r"edition"),
    "cursor zero": (lambda d: d.update(cursor=0), r"cursor"),
    "cursor past the queue": (lambda d: d.update(cursor=4), r"cursor"),
    "cursor not a number": (lambda d: d.update(cursor="1"), r"cursor"),
    "bad phase": (lambda d: d.update(phase="setup"), r"phase"),
    "bad direction": (lambda d: d.update(direction="up"), r"direction"),
    "round zero": (lambda d: d.update(round=0), r"round"),
    "round past the last": (lambda d: d.update(round=7), r"round"),
    "first not a seat": (lambda d: d.update(first="yellow"), r"first"),
    "seat twice": (lambda d: d.update(seats=["red", "red", "green"]), r"seats"),
    "seat not a colour": (lambda d: d.update(seats=["red", "blue", "pink"]), r"seats"),
    "owner not a seat": (lambda d: d["queue"][0][0].update(owner="yellow"), r"owner"),
    "negative tokens": (lambda d: d["queue"][1][0].update(tokens=-1), r"tokens"),
    "face_up not a boolean": (lambda d: d["queue"][0][0].update(face_up=1), r"face_up"),
    "empty stack": (lambda d: d["queue"].append([]), r"queue\[4\]"),
    "hands not a list": (lambda d: d["hands"].update(red="heir"), r"hands\.red"),
    "format": (lambda d: d.update(format="oriflamme/0"), r"format"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_malformed_position_names_the_field(name):
    change, field = BAD[name]
    with pytest.raises(ValueError, match=field):
        load(broken(change))


def test_too_few_players_for_the_edition():
    d = position([], seats=("red", "blue"), phase="placement")
    with pytest.raises(ValueError, match="seats"):
        load(d)


def test_face_up_one_shot_card_at_rest_is_impossible():
    d = position(["red:heir", "blue:ambush:up"])
    with pytest.raises(ValueError, match=r"queue\[2\]\[1\]"):
        load(d)


def test_prototype_cards_carry_no_tokens():
    d = position(["red:heir:1"], edition="prototype", seats=("red", "green", "black"))
    with pytest.raises(ValueError, match="tokens"):
        load(d)


def test_resolution_with_an_empty_queue():
    d = position([], phase="resolution", cursor=1)
    with pytest.raises(ValueError, match=r"queue|cursor"):
        load(d)


def test_not_json():
    with pytest.raises(ValueError):
        load_game("{not json")
    with pytest.raises(ValueError):
        load_game("[]")


def test_a_player_who_must_place_has_no_card():
    d = position(["red:heir"], phase="placement", first="red", to_act="blue",
                 hands={"blue": [], "green": ["spy"]})
    with pytest.raises(ValueError, match="hands"):
        load(d)


def test_two_player_prototype_lists_both_families_under_one_colour():
    d = position(["red:heir", ["red:heir:up", "red:spy"]], edition="prototype", seats=("red", "green"),
                 hands={"red": ["heir"]})
    with pytest.raises(ValueError, match="red"):
        load(d)  # three heirs for red
    d = position(["red:heir", "red:heir:up"], edition="prototype", seats=("red", "green"))
    assert load(d).to_act == "red"


def test_new_game_refuses_bad_arguments():
    with pytest.raises(ValueError, match="players"):
        new_game(edition="retail", players=2)
    with pytest.raises(ValueError, match="players"):
        new_game(edition="prototype", players=5)
    with pytest.raises(ValueError, match="edition"):
        new_game(edition="deluxe", players=3)
    with pytest.raises(ValueError, match="players"):
        new_game(edition="retail", players=["red", "red", "blue"])


# ------------------------------------------------------------------ what load_game accepts


def test_to_act_is_only_a_hint_in_resolution():
    d = base()
    d["to_act"] = "green"
    assert load(d).to_act == "red"


def test_resolution_position_resolves_at_once_from_the_cursor():
    g = game(["blue:heir:up", "red:lord:up", "red:spy"], cursor=2)
    # the heir at 1 is before the cursor: not resolved; the lord scores 1 + 1 on load
    assert g.scores == {"red": 3, "blue": 1, "green": 1}
    assert g.to_act == "red" and data(g)["cursor"] == 3


def test_round_trip_mid_decision_keeps_the_pending_ability():
    g = game(["blue:soldier:up", "red:shapeshifter:up", "green:decree"], cursor=2)
    play(g, "copy 1")
    j = g.to_json()
    h = load_game(j)
    assert h.to_json() == j and h.legal_actions() == g.legal_actions()
    assert h.view("red")["decision"]["ability"] == "soldier"
    play(h, "eliminate 1")
    play(g, "eliminate 1")
    assert h.to_json() == g.to_json()


def test_round_trip_pegasus_tokens_pending_after_reveal():
    g = game(["red:archer:2", "blue:heir"], edition="pegasus")
    play(g, "reveal")
    h = load_game(g.to_json())
    play(h, "eliminate 2")
    assert h.scores["red"] == 1 + 1 + 2  # P1: still takes the tokens after reloading
    play(g, "eliminate 2")
    assert h.to_json() == g.to_json()


def test_round_trip_over_and_placement():
    for d in (position(["red:heir:up"], phase="over", round=6, cursor=None),
              position(["red:heir"], phase="placement", first="blue", to_act="green",
                       hands={"red": ["spy"], "blue": ["spy"], "green": ["spy"]}, round=3)):
        g = load(d)
        j = g.to_json()
        assert load_game(j).to_json() == j
    assert load(d).to_act == "green"


def test_illegal_is_not_a_position_error():
    g = game(["red:heir"])
    with pytest.raises(IllegalAction):
        g.play("stay please")


def test_a_finished_game_is_at_its_last_round():
    # NOTATION.md: once the game is over, `round` stays at the last round
    with pytest.raises(ValueError, match="round"):
        load(position(["red:heir:up"], phase="over", round=3, cursor=None))
    with pytest.raises(ValueError, match="round"):
        load(position(["red:heir:up"], phase="over", round=6, cursor=None, edition="prototype",
                      seats=("red", "green", "black")))


def test_pending_ability_must_be_the_card_s_own_or_a_shapeshifter_s_copy():
    d = position(["red:heir:up", "blue:heir"])
    d["pending"] = {"ability": "archer"}
    with pytest.raises(ValueError, match="pending"):
        load(d)
    d = position(["red:shapeshifter:up", "blue:archer:up"])
    d["pending"] = {"ability": "archer"}
    assert sorted(load(d).legal_actions()) == ["eliminate 1", "eliminate 2"]


@pytest.mark.parametrize("bad", [[], {}, ["heir"], 3, None])
def test_card_names_of_the_wrong_json_type_are_a_value_error(bad):
    # not a TypeError from hashing a list or dict
    for change, field in (
        (lambda d: d["hands"]["red"].append(bad), r"hands\.red"),
        (lambda d: d["queue"][0][0].update(card=bad), r"queue\[1\]\[1\]\.card"),
        (lambda d: d.update(pending={"ability": bad}), r"pending"),
    ):
        with pytest.raises(ValueError, match=field):
            load(broken(change))


JUNK = [None, True, 0, 1, -1, 7, 10**20, 1.5, "", "red", "heir", "over", [], {}, [[]], [{"card": "heir"}],
        {"ability": "soldier"}, {"ability": "decree", "depth": 5}]


def _leaves(o, path=()):
    yield path
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _leaves(v, (*path, i))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(EDITIONS_PLAYERS), st.integers(0, 2**32), st.integers(0, 80), st.data())
def test_any_corrupted_position_loads_or_raises_value_error(ep, seed, steps, draw):
    edition, players = ep
    g = new_game(edition=edition, players=players, seed=seed)
    walk(g, random.Random(seed), steps)
    d = json.loads(g.to_json())
    for _ in range(draw.draw(st.integers(1, 3))):
        path = draw.draw(st.sampled_from(list(_leaves(d))[1:]))
        parent = d
        for k in path[:-1]:
            parent = parent[k]
        # a copy: a later corruption may walk into this junk and must not change JUNK for the next example
        parent[path[-1]] = copy.deepcopy(draw.draw(st.sampled_from(JUNK)))
    try:
        h = load_game(json.dumps(d))
    except ValueError:
        return
    for v in [*h.seats, None]:
        h.view(v)
    if not h.is_over:
        h.play(h.legal_actions()[0])


# ------------------------------------------------------------------ positions that must add up


def _played_to(edition, players, seed, phase, rnd):
    """A position of a real game: the first decision of `phase` in round `rnd`."""
    g = new_game(edition=edition, players=players, seed=seed)
    r = random.Random(seed)
    while not (g.state.phase == phase and g.state.round == rnd):
        g.play(r.choice(g.legal_actions()))
    if phase == "placement":
        g.play(g.legal_actions()[0])  # one seat has placed this round, the others not yet
    return json.loads(g.to_json())


def _relabel_round(d):
    d["round"] = 1


def _to_placement(d):
    d["phase"], d["cursor"] = "placement", None


def _next_first(d):
    d["first"] = d["seats"][(d["seats"].index(d["first"]) + 1) % len(d["seats"])]


def _reverse_seats(d):
    d["seats"].reverse()


def _card_aside_to_hand(d):
    c = d["seats"][0]
    d["hands"][c].append(d["aside"][c].pop())


@pytest.mark.parametrize(("edition", "players"), [("retail", 3), ("pegasus", 5), ("prototype", 2)])
@pytest.mark.parametrize(("phase", "change", "field"), [
    ("resolution", _relabel_round, r"^hands\."),
    ("resolution", _to_placement, r"^hands\."),
    ("placement", _next_first, r"^hands\."),
    ("placement", _reverse_seats, r"^hands\."),
    ("resolution", _card_aside_to_hand, r"^aside\."),
])
def test_a_position_whose_hands_queue_and_round_do_not_add_up_is_refused(edition, players, phase, change,
                                                                         field):
    if change is _reverse_seats and players == 2:
        return  # two seats reversed are the same table
    d = _played_to(edition, players, 5, phase, 5 if phase == "resolution" else 3)
    load_game(json.dumps(d))  # the real position loads
    change(d)
    with pytest.raises(ValueError, match=field):
        load_game(json.dumps(d))
    d["composed"] = True  # unless it says it was composed (a puzzle, a test scenario), D36
    try:
        g = load_game(json.dumps(d))
    except ValueError:
        return  # refused for another reason (e.g. no card to place)
    assert json.loads(g.to_json())["composed"] is True


@pytest.mark.parametrize("bad", [None, b"{}", 3, ["position"]])
def test_load_game_of_something_that_is_not_json_text_is_a_value_error(bad):
    with pytest.raises(ValueError, match="position"):
        load_game(bad)


@pytest.mark.parametrize("text", [
    "[" * 5000 + "]" * 5000,
    '{"format": "oriflamme/1", "edition": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"format": "lieux/1", "set": ' + "{\"a\":" * 3000 + "1" + "}" * 3000 + "}",
    '{"seed": ' + "9" * 5000 + "}",
])
def test_deeply_nested_or_huge_json_is_refused_in_words(text):
    with pytest.raises(ValueError, match=r"^position: (nested more than|a number has too many digits)"):
        load_game(text)


def test_brackets_inside_strings_do_not_count_as_nesting():
    d = base()
    d["note"] = "[" * 100 + "\\\"{" * 50
    assert load(d).to_act == "red"


def test_the_game_is_chosen_by_the_format_field():
    from lieux import new_game as lieux_game

    lieux = lieux_game(players=4, seed=2)
    d = json.loads(lieux.to_json())
    d["_note"] = "x" * 200  # sorted first: the format comes far into the text
    text = json.dumps(d, sort_keys=True)
    assert '"lieux/' not in text[:200]
    assert registry.load_game(text).to_json() == lieux.to_json()
    assert registry.load_game(d).to_json() == lieux.to_json()
    ori = new_game(edition="pegasus", players=4, seed=2)
    sorted_text = json.dumps(json.loads(ori.to_json()), sort_keys=True)
    assert registry.load_game(sorted_text).to_json() == ori.to_json()
    assert registry.load_game(json.loads(ori.to_json())).to_json() == ori.to_json()  # the parsed object too


@pytest.mark.parametrize("field", ["seed", "rng"])
@pytest.mark.parametrize("bad", [-1, "7", 1.5, True, [1]])
def test_a_bad_seed_or_rng_is_refused_not_replaced(field, bad):
    d = json.loads(new_game(seed=4).to_json())
    d[field] = bad
    with pytest.raises(ValueError, match=f"^{field}:"):
        load(d)
    del d[field]
    load(d)  # both are optional
