"""The engine against an independent model of RULES.md (tests/oracle.py), step by step in random games."""

from __future__ import annotations

import json
import random

import pytest

from helpers import EDITIONS_PLAYERS
from oracle import Oracle
from oriflamme import new_game


def engine_snapshot(g):
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


def cross_check(edition, players, seed, bias=None):
    g = new_game(edition=edition, players=players, seed=seed)
    o = Oracle(json.loads(g.to_json()))
    rnd = random.Random(seed)
    history = []
    while True:
        mine, theirs = engine_snapshot(g), o.snapshot()
        assert mine == theirs, (history[-6:], mine, theirs)
        if g.is_over:
            return
        legal = g.legal_actions()
        a = "reveal" if bias and rnd.random() < bias and "reveal" in legal else rnd.choice(legal)
        history.append(a)
        g.play(a)
        o.play(a)


@pytest.mark.parametrize(("edition", "players"), EDITIONS_PLAYERS)
def test_engine_agrees_with_the_oracle(edition, players):
    for seed in range(40):
        cross_check(edition, players, seed, bias=0.7 if seed % 2 else None)
