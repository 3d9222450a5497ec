"""Bots: legal choices everywhere, reproducible with a seed, and only ever given a view."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from oriflamme import Game, new_game
from oriflamme.bots import LEVELS, make_bot
from oriflamme.sampling import determinize

SETUPS = [("retail", 3), ("retail", 5), ("pegasus", 3), ("pegasus", 4), ("prototype", 2),
          ("prototype", 3), ("prototype", 4)]


def bot(level: str, seed: int = 1) -> Any:
    # A fixed iteration cap and no time budget: a search bot is then deterministic (and fast here).
    if level in ("hard", "expert"):
        return make_bot(level, seed=seed, iterations=60)
    return make_bot(level, seed=seed)


def random_positions(edition: str, players: int, seed: int, count: int) -> list[Game]:
    """Positions met along random games: every decision kind shows up."""
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = seed
    while len(out) < count:
        g = new_game(edition, players, seed=game_seed)
        game_seed += 1
        while not g.is_over:
            if rng.random() < 0.12:
                out.append(g.clone())
            g.play(rng.choice(g.legal_actions()))
    return out[:count]


def assert_no_hidden(view: dict[str, Any]) -> None:
    """A view names no card its viewer may not see."""
    me = view["viewer"]
    assert "hands" not in view  # other players' hands are only counted (hand_sizes)
    for st in view["queue"]:
        for c in st:
            if not c["face_up"] and c["owner"] != me:
                assert c["card"] is None


@pytest.mark.parametrize(("edition", "players"), SETUPS)
def test_every_bot_returns_a_legal_action(edition: str, players: int) -> None:
    bots = {lv: bot(lv) for lv in LEVELS}
    for g in random_positions(edition, players, seed=players * 31 + len(edition), count=12):
        colour = g.to_act
        legal = g.legal_actions()
        for lv, b in bots.items():
            choice = b.choose(g.view(colour), legal)
            assert choice in legal, (lv, edition, players, choice)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choice(level: str) -> None:
    for edition, players in (("retail", 3), ("prototype", 2)):
        for g in random_positions(edition, players, seed=5, count=6):
            v, legal = g.view(g.to_act), g.legal_actions()
            assert bot(level, 9).choose(v, legal) == bot(level, 9).choose(v, legal)


@pytest.mark.parametrize("level", LEVELS)
def test_choice_depends_on_the_view_only(level: str) -> None:
    """Two games that differ only in cards hidden from the player to act give that player the same view,
    and a bot (same seed) makes the same choice in both: it cannot be reading the hidden cards."""
    rng = random.Random(3)
    for edition, players in (("retail", 3), ("pegasus", 4), ("prototype", 3)):
        for g in random_positions(edition, players, seed=11, count=5):
            me = g.to_act
            v = g.view(me)
            other = Game(determinize(v, rng))  # hidden cards dealt afresh
            assert other.view(me) == v
            assert other.legal_actions() == g.legal_actions()
            assert bot(level, 4).choose(g.view(me), g.legal_actions()) == \
                bot(level, 4).choose(other.view(me), other.legal_actions())


def test_bots_are_only_given_plain_views() -> None:
    """The arena hands a bot a JSON round-trip of the view: plain data with no hidden card in it."""
    seen: list[dict[str, Any]] = []

    class Spy:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def choose(self, view: dict[str, Any], legal: list[str]) -> str:
            assert json.loads(json.dumps(view)) == view  # plain JSON-able data, not a Game or State
            assert_no_hidden(view)
            seen.append(copy.deepcopy(view))
            choice: str = self.inner.choose(view, legal)
            return choice

    for level in LEVELS:
        g = new_game("retail", 3, seed=2)
        players = {c: Spy(bot(level, i)) for i, c in enumerate(g.seats)}
        while not g.is_over:
            c = g.to_act
            assert c is not None
            g.play(players[c].choose(g.view(c), g.legal_actions()))
    assert seen


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="level"):
        make_bot("grandmaster")
