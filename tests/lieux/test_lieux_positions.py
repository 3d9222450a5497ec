"""Malformed positions are refused with a ValueError naming the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lieux_helpers import position

from lieux import load_game, new_game

Pos = dict[str, Any]


def _set(path: str, value: Any) -> Callable[[Pos], None]:
    def f(p: Pos) -> None:
        *parents, last = path.split(".")
        d = p
        for k in parents:
            d = d[k]
        d[last] = value
    return f


def _dup_card(p: Pos) -> None:
    p["hands"]["red"].append(p["piles"]["red"][0])


def _lose_card(p: Pos) -> None:
    p["piles"]["blue"].pop()


def _unsorted_row(p: Pos) -> None:
    p["places"]["port"] = [{"owner": "blue", "value": 3}, {"owner": "green", "value": 9}]
    p["piles"]["blue"].remove(3)
    p["piles"]["green"].remove(9)


def _too_many_cards(p: Pos) -> None:
    p["hands"]["red"] = p["piles"]["red"][:7]
    p["piles"]["red"] = p["piles"]["red"][7:]


CASES: list[tuple[str, Callable[[Pos], None]]] = [
    ("format", _set("format", "oriflamme/1")),
    ("set", _set("set", "D")),
    ("hidden_gold", _set("hidden_gold", "yes")),
    ("seats", _set("seats", ["red", "red", "blue"])),
    ("seats", _set("seats", ["red", "purple", "blue"])),
    ("seats", _set("seats", ["red", "blue"])),
    ("round", _set("round", 4)),
    ("turn", _set("turn", 5)),
    ("first", _set("first", "yellow")),
    ("phase", _set("phase", "dance")),
    ("gold.blue", _set("gold.blue", -1)),
    ("gold.blue", _set("gold.blue", "3")),
    ("gold", _set("gold", {"red": 3})),
    ("hands.red", _set("hands.red", [16])),
    ("hands.red", _dup_card),
    ("cards", _lose_card),
    ("places.port", _unsorted_row),
    ("places.chateau[1]", _set("places.chateau", [{"owner": "black", "value": 3}])),
    ("places", _set("places", {"chateau": []})),
    ("hands.red", _too_many_cards),
    ("forced", _set("forced", {"green": "port"})),
    ("rng", _set("rng", "zz")),
    ("rng", _set("rng", "-1")),  # int(_, 16) would take a sign, underscores and spaces
    ("rng", _set("rng", "1_0")),
    ("rng", _set("rng", " 1f")),
    ("rng", _set("rng", "+1")),
    ("pending.ability", _set("pending", {"ability": "king", "owner": "red", "value": 15, "copied": False})),
    ("pending.value", _set("pending", {"ability": "thief", "owner": "red", "value": 11, "copied": False})),
    ("to_act", _set("to_act", "purple")),
]


@pytest.mark.parametrize(("field", "mutate"), CASES)
def test_malformed_position_names_the_field(field: str, mutate: Callable[[Pos], None]) -> None:
    p = position(selected={"red": 3})
    load_game(json.dumps(p))  # the unmutated position is fine
    mutate(p)
    with pytest.raises(ValueError) as err:
        load_game(json.dumps(p))
    assert field in str(err.value), str(err.value)


def test_not_json() -> None:
    with pytest.raises(ValueError, match="position"):
        load_game("{nope")


def test_pending_without_a_choice_is_refused() -> None:
    p = position(places={"chateau": [("red", 11)]}, selected={"blue": 3},
                 pending={"ability": "thief", "owner": "red", "value": 11, "copied": False})
    with pytest.raises(ValueError, match="pending"):
        load_game(json.dumps(p))


def test_pending_effect_round_trips() -> None:
    p = position(places={"chateau": [("blue", 12), ("red", 11)]}, selected={"blue": 3},
                 pending={"ability": "thief", "owner": "red", "value": 11, "copied": False})
    g = load_game(json.dumps(p))
    assert g.to_act == "red" and g.legal_actions() == ["target blue"]
    assert load_game(g.to_json()).to_json() == g.to_json()


# ------------------------------------------------------------------ fuzzing: ValueError or a playable game

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(
        ["red", "blue", "green", "yellow", "black", "chateau", "port", "thief", "A", "lieux/1", "x"]
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["red", "blue", "owner", "value", "chateau", "ability"]), inner, max_size=3),
    max_leaves=6,
)


def _paths(d: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 50), steps=st.integers(0, 60), pick=st.integers(0, 10**6), value=JSON_VALUES)
def test_mutated_positions_load_or_raise_value_error(seed: int, steps: int, pick: int, value: Any) -> None:
    g = new_game(players=3 + seed % 3, set="ABC"[seed % 3], seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(g.legal_actions()[seed % len(g.legal_actions())])
    pos = json.loads(g.to_json())
    paths = _paths(pos)
    path = paths[pick % len(paths)]
    d = pos
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    try:
        h = load_game(json.dumps(pos))
    except ValueError:
        return
    # a position that loads is playable to the end
    for _ in range(400):
        if h.is_over:
            break
        legal = h.legal_actions()
        assert legal
        h.play(legal[0])
    assert h.is_over


def _real(players: int, decisions: int) -> Pos:
    g = new_game(players=players, seed=players)
    for _ in range(decisions):
        g.play(g.legal_actions()[0])
    return dict(json.loads(g.to_json()))


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize(("change", "field"), [
    (lambda p: p.update(round=1 if p["round"] > 1 else 2), "piles."),
    (lambda p: p.update(turn=p["turn"] % 3 + 1), "hands."),
    (lambda p: p.update(phase="place" if p["phase"] == "select" else "select"), "hands."),
    (lambda p: p["hands"][p["seats"][0]].append(p["piles"][p["seats"][0]].pop()), "piles.|hands."),
])
def test_a_position_that_play_cannot_reach_is_refused(players: int, change: Callable[[Pos], None],
                                                      field: str) -> None:
    p = _real(players, 40)
    load_game(json.dumps(p))
    change(p)
    with pytest.raises(ValueError, match=rf"^(turn|{field})"):
        load_game(json.dumps(p))
    p["composed"] = True  # a composed position (puzzle, scenario) is taken as it is, D36
    try:
        g = load_game(json.dumps(p))
    except ValueError:
        return  # refused by a rule of its own (e.g. a pending effect in the select phase)
    assert json.loads(g.to_json())["composed"] is True


def test_drawing_deeply_nested_text_is_refused_in_words() -> None:
    from lieux import render_text

    with pytest.raises(ValueError, match="nested more than"):
        render_text("[" * 5000 + "]" * 5000)
