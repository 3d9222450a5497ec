"""One suite every registered game passes (`tabletop.registry`); a new game gets it by registering.

Random whole games with the protocol's invariants after every decision; positions that round-trip
through JSON; views that do not depend on the hidden cards; illegal input refused with the game
unchanged; the bridge playing, saving, loading and replaying each game. Rules are each game's own
tests' business (tests/test_rules_*.py, tests/lieux/); this suite checks the contract between a game
and everything that uses it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop import IllegalAction, registry
from tabletop.bridge import api
from tabletop.protocol import Game
from tabletop.registry import GameSpec

MAX_DECISIONS = 5000  # far above any game's length: a game that does not end fails


def configurations() -> Iterator[tuple[str, str, int]]:
    """(game, variant, players) for every variant at both ends of its player range."""
    for gid in registry.ids():
        for v in registry.get(gid).variants:
            for n in sorted({v.min_players, v.max_players}):
                yield gid, v.id, n


CONFIGS = list(configurations())
IDS = [f"{g}-{v}-{n}" for g, v, n in CONFIGS]


def plain(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def check_step(spec: GameSpec, g: Game) -> None:
    """The protocol's invariants in any position."""
    assert g.game == spec.id
    over = g.is_over
    assert (g.to_act is None) == over
    legal = g.legal_actions()
    assert bool(legal) == (not over) and len(set(legal)) == len(legal)
    assert set(g.scores) == set(g.seats)
    for viewer in [None, *g.seats]:
        v = g.view(viewer)
        assert v == plain(v), "a view is plain JSON"
    if over:
        ranking = g.ranking()
        assert sorted(c for place in ranking for c in place) == sorted(g.seats)
        assert set(g.tie_break()["values"]) == set(g.seats)


def random_game(spec: GameSpec, variant: str, players: int, seed: int,
                visit: Any = None) -> tuple[Game, list[str]]:
    rng = random.Random(seed)
    g = spec.new_game(variant, players, seed)
    actions: list[str] = []
    for _ in range(MAX_DECISIONS):
        if visit is not None:
            visit(g)
        if g.is_over:
            return g, actions
        action = rng.choice(g.legal_actions())
        events = g.play(action)
        assert events == plain(events), "events are plain JSON"
        actions.append(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_random_games_keep_the_protocol(game: str, variant: str, players: int) -> None:
    spec = registry.get(game)
    for seed in range(3):
        g, actions = random_game(spec, variant, players, seed, lambda g: check_step(spec, g))
        # A game replays from its seed and action list.
        again = spec.new_game(variant, players, seed)
        for a in actions:
            again.play(a)
        assert again.to_json() == g.to_json()


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_positions_round_trip_through_json(game: str, variant: str, players: int) -> None:
    spec = registry.get(game)

    def visit(g: Game) -> None:
        text = g.to_json()
        for loaded in (spec.load(text), registry.load_game(text)):
            assert loaded.game == spec.id and loaded.to_json() == text
            assert loaded.legal_actions() == g.legal_actions()
            assert all(loaded.view(c) == g.view(c) for c in [None, *g.seats])

    random_game(spec, variant, players, 11, visit)


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_views_do_not_depend_on_hidden_cards(game: str, variant: str, players: int) -> None:
    """Deal everything a player cannot see afresh: that player's view must not change."""
    spec = registry.get(game)
    rng = random.Random(5)

    def visit(g: Game) -> None:
        for viewer in g.seats:
            v = g.view(viewer)
            for _ in range(2):
                assert spec.determinize(v, rng).view(viewer) == v

    random_game(spec, variant, players, 21, visit)


@pytest.mark.parametrize("game", registry.ids())
def test_events_for_a_viewer_are_the_viewers_own(game: str) -> None:
    """Redaction hides, it never invents: same events, same order, same types; the spectator sees no
    more than any player; redacting twice changes nothing."""
    spec = registry.get(game)
    g = spec.new_game(None, spec.variants[0].min_players, 3)
    rng = random.Random(3)
    log = list(g.start_events)
    while not g.is_over:
        log += g.play(rng.choice(g.legal_actions()))
    for viewer in [None, *g.seats]:
        seen = g.events_for(log, viewer)
        assert [e["type"] for e in seen] == [e["type"] for e in log]
        assert g.events_for(seen, viewer) == seen
    assert g.events_for(log, None) != log or not any(e.get("hidden") for e in log)


BAD_INPUTS = ["", " ", "x", "pass", "play", "0", "-1", "reveal reveal", "\x00", "é" * 40, "1" * 200]


@pytest.mark.parametrize("game", registry.ids())
def test_illegal_input_is_refused_and_changes_nothing(game: str) -> None:
    spec = registry.get(game)
    rng = random.Random(9)
    g = spec.new_game(None, spec.variants[0].max_players, 9)
    for step in range(400):
        if g.is_over:
            break
        legal = g.legal_actions()
        tries = [*BAD_INPUTS, legal[0] + " extra", legal[-1][::-1]]
        for bad in tries if step % 7 == 0 else tries[:3]:
            if bad in legal:
                continue
            before = g.to_json()
            with pytest.raises(IllegalAction) as info:
                g.play(bad)
            assert str(info.value)
            assert g.to_json() == before and g.legal_actions() == legal
        g.play(rng.choice(legal))
    over = random_game(spec, spec.variants[0].id, spec.variants[0].min_players, 1)[0]
    with pytest.raises(IllegalAction):
        over.play("anything")


@pytest.mark.parametrize("game", registry.ids())
def test_a_clone_is_independent(game: str) -> None:
    spec = registry.get(game)
    g = spec.new_game(None, spec.variants[0].min_players, 4)
    rng = random.Random(4)
    while not g.is_over:
        before = g.to_json()
        c = g.clone()
        assert c.to_json() == before
        c.play(rng.choice(c.legal_actions()))
        assert g.to_json() == before
        g.play(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("game", registry.ids())
def test_bots_of_every_level_play_legal_moves_from_views(game: str) -> None:
    spec = registry.get(game)
    g = spec.new_game(None, spec.variants[0].min_players, 8)
    bots = {c: spec.make_bot(spec.levels[i % len(spec.levels)], seed=i, iterations=20)
            for i, c in enumerate(g.seats)}
    while (c := g.to_act) is not None:
        legal = g.legal_actions()
        action = bots[c].choose(plain(g.view(c)), list(legal))
        assert action in legal
        g.play(action)


def call(fn: Any, *args: Any) -> Any:
    out = fn(*args)
    assert isinstance(out, str)
    return json.loads(out)


@pytest.mark.parametrize(("game", "variant", "players"), CONFIGS, ids=IDS)
def test_the_bridge_plays_saves_loads_and_replays(game: str, variant: str, players: int) -> None:
    spec = registry.get(game)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    settings = {"game": game, spec.variant_setting: variant, "players": players, "seed": 17, "seats": seats}
    u = call(api.new_game, json.dumps(settings))
    assert "error" not in u, u
    assert u["events"] == plain(api._current().game.events_for(api._current().game.start_events, u["viewer"]))
    rng = random.Random(17)
    saved_midway = None
    while not u["over"]:
        u = call(api.bot_step) if u["to_act_kind"] == "bot" else call(api.act, rng.choice(u["legal"]))
        assert "error" not in u, u
        assert u["view"] == plain(api._current().game.view(u["viewer"]))
        if saved_midway is None and u["actions"] > 10:
            saved_midway = call(api.save)
            resumed = call(api.load, json.dumps(saved_midway))
            assert resumed["view"] == u["view"] and resumed["legal"] == u["legal"]
            assert call(api.replay, json.dumps(saved_midway))["error"]  # not over: no replay
    final = api._current().game
    saved = call(api.save)
    steps = call(api.replay, json.dumps(saved))["steps"]
    assert len(steps) == len(saved["actions"]) + 1
    assert steps[-1]["position"] == json.loads(final.to_json())
    assert call(api.load, json.dumps(saved))["view"] == u["view"]
    assert [e["action"] for e in call(api.log, None)["entries"]] == [None, *saved["actions"]]
