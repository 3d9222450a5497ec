"""The bots play legal moves from the view alone, and the heuristic bot beats random play."""

from __future__ import annotations

import pytest

from oriflamme.lieux import new_game
from oriflamme.lieux.bots import HeuristicBot, RandomBot, make_bot


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
