"""The bots play legal moves from the view alone, and the heuristic bot beats random play."""

from __future__ import annotations

import pytest

from lieux import new_game
from lieux.bots import HeuristicBot, RandomBot, SearchBot, make_bot


def play(players: int, set_id: str, seed: int, heuristic: str | None) -> list[list[str]]:
    g = new_game(players=players, set=set_id, seed=seed, hidden_gold=seed % 2 == 0)
    bots = {c: (HeuristicBot(seed) if c == heuristic else RandomBot(seed * 10 + k))
            for k, c in enumerate(g.seats)}
    while not g.is_over:
        c = g.to_act
        assert c is not None
        legal = g.legal_actions()
        a = bots[c].choose(g.view(c), legal)
        assert a in legal
        g.play(a)
    return g.ranking()


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("set_id", ["A", "B", "C"])
def test_bots_finish_games(players: int, set_id: str) -> None:
    play(players, set_id, players, heuristic="blue")


def test_heuristic_beats_random() -> None:
    # one heuristic bot among two random bots: random play would win about a third of the games
    n = 45
    wins = sum(play(3, "ABC"[i % 3], 1000 + i, heuristic="red")[0] == ["red"] for i in range(n))
    assert wins / n > 0.55


def test_make_bot() -> None:
    assert make_bot("random").name == "random"
    assert make_bot("heuristic", 1).name == "heuristic"


def test_make_bot_levels() -> None:
    assert make_bot("hard", 1, iterations=10).name == "search"
    assert make_bot("easy").name == "heuristic"
    with pytest.raises(ValueError, match="level"):
        make_bot("grandmaster")


def test_determinized_positions_look_the_same_to_the_viewer() -> None:
    import random as _random

    from lieux.sampling import determinize
    from lieux.view import view

    r = _random.Random(3)
    for seed in range(6):
        g = new_game(players=3 + seed % 3, set="ABC"[seed % 3], seed=seed, hidden_gold=seed % 2 == 0)
        while not g.is_over:
            for c in g.seats:
                v = g.view(c)
                s = determinize(v, r)
                assert view(s, c) == v
                # every card of every family is somewhere in the sample
                for colour in s.seats:
                    where = s.hands[colour] + s.piles[colour] + s.discard[colour]
                    where += [v_ for row in s.places.values() for o, v_ in row if o == colour]
                    sel = s.selected[colour]
                    where += [sel] if sel is not None else []
                    assert sorted(where) == list(range(1, 16))
            g.play(r.choice(g.legal_actions()))


def test_search_bot_beats_random() -> None:
    wins = 0
    for i in range(5):
        g = new_game(players=3, set="ABC"[i % 3], seed=500 + i)
        bots = {c: RandomBot(i * 10 + k) for k, c in enumerate(g.seats)}
        search = SearchBot(i, iterations=40)
        while not g.is_over:
            c = g.to_act
            assert c is not None
            legal = g.legal_actions()
            a = (search if c == "red" else bots[c]).choose(g.view(c), legal)
            assert a in legal
            g.play(a)
        wins += g.ranking()[0] == ["red"]
    assert wins >= 4  # random play would win about a third
