"""The oracle (`oriflamme.bots.oracle`): the expert searching on the true hidden cards, a diagnostic that
only the arena's measuring entry reaches."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from oriflamme import new_game
from oriflamme.bots import make_bot
from oriflamme.bots.oracle import OracleBot
from oriflamme.bots.shots import target_kind
from oriflamme.state import State
from oriflamme.view import view
from tabletop import arena
from test_bots_expert import _once_stayed_ambush


@pytest.mark.parametrize(("edition", "players"), [("retail", 3), ("retail", 5), ("pegasus", 4)])
def test_the_oracles_deals_are_the_real_state(edition: str, players: int) -> None:
    """Every deal of the oracle is the table's real state, field by field (a copy: the search may play
    on it); with `queue_only` the queue is the real one and the rest a deal consistent with the view; with
    `hands_only` the hands and asides are the real ones and the queue's face-down cards a deal of the rest."""
    rng = random.Random(5)
    g = new_game(edition, players, seed=3)
    oracle, queue_only, hands_only = (OracleBot(1, iterations=10) for _ in range(3))
    queue_only.queue_only = True
    hands_only.hands_only = True
    for bot in (oracle, queue_only, hands_only):
        bot.watch(g)
    moved = 0
    while not g.is_over:
        real, v = g.state, g.view(g.to_act)
        s = oracle.sampler(v).sample(rng)
        assert s is not real and s.queue is not real.queue
        for field in State.__slots__:
            assert getattr(s, field) == getattr(real, field), field
        q = queue_only.sampler(v).sample(rng)
        assert q.queue == real.queue and view(q, g.to_act) == v
        hidden = [sorted(x.hands[c] + x.aside[c]) for x in (q, real) for c in g.seats]
        assert hidden[:players] == hidden[players:]  # each player's hand and aside: the real cards
        h = hands_only.sampler(v).sample(rng)
        for part in ("hands", "aside"):  # the viewer's own as its view lists them, in another order
            assert {c: sorted(x) for c, x in getattr(h, part).items()} == \
                {c: sorted(x) for c, x in getattr(real, part).items()}, part
        assert view(h, g.to_act) == v
        down = [[sorted(x[0] for st in y.queue for x in st if x[1] == c and not x[2]) for c in g.seats]
                for y in (h, real)]
        assert down[0] == down[1]  # each player's face-down cards: the real ones, perhaps elsewhere
        moved += sum(a != b for st, rst in zip(h.queue, real.queue, strict=True)
                     for a, b in zip(st, rst, strict=True))
        g.play(rng.choice(g.legal_actions()))
    assert moved  # the hands-only oracle deals the queue: not always where the cards really are


def test_the_oracle_plays_legal_moves_and_knows_the_cards() -> None:
    """It plays legal moves through a whole game, and where the expert's stay model feeds a once-stayed
    Ambush (`test_bots_expert`), the oracle, which knows it, shoots the Conspiracy."""
    g = new_game("retail", 3, seed=11)
    bots = {c: OracleBot(i, iterations=60) for i, c in enumerate(g.seats)}
    for b in bots.values():
        b.watch(g)
    while not g.is_over:
        legal = g.legal_actions()
        choice = bots[g.to_act].choose(g.view(g.to_act), legal)
        assert choice in legal
        g.play(choice)
    shot: Counter[str] = Counter()
    for seed in range(2):
        p = _once_stayed_ambush()
        bot = OracleBot(seed, iterations=1500)
        bot.watch(p)
        shot[target_kind(p, bot.choose(p.view("red"), p.legal_actions()))] += 1
    assert shot == Counter({"conspiracy": 2})


def test_the_oracle_is_out_of_the_product() -> None:
    """No level of the game is the oracle, it refuses a position that is not its table's, and it cannot
    search without a table (only the arena's measuring entry gives it one)."""
    with pytest.raises(ValueError):
        make_bot("oracle")
    g, other = new_game("retail", 3, seed=1), new_game("retail", 3, seed=2)
    bot = OracleBot(1, iterations=20)
    with pytest.raises(RuntimeError):
        bot.choose(g.view(g.to_act), g.legal_actions())
    bot.watch(other)
    with pytest.raises(RuntimeError):
        bot.choose(g.view(g.to_act), g.legal_actions())


def test_an_oracle_match_logs_games_that_pair_with_the_experts(tmp_path: Any, capsys: Any,
                                                                monkeypatch: Any) -> None:
    """`python -m oriflamme.bots.oracle ARENA-ARGS`: the arena with the `oracle` entry; its log pairs
    with the expert's on the same deals (`--paired`), and the entry exists only once the tool adds it."""
    from oriflamme.bots import oracle

    monkeypatch.setattr(arena, "MEASURING", {})
    args = ["--edition", "retail", "--games", "6", "--seed", "1", "--iterations", "20", "--workers", "1"]
    with pytest.raises(ValueError):
        arena.main([*args, "--bots", "oracle,hard,hard"])
    base, orc = tmp_path / "base.jsonl", tmp_path / "oracle.jsonl"
    assert arena.main([*args, "--bots", "expert,hard,hard", "--log", str(base)]) == 0
    assert oracle.main([*args, "--bots", "oracle,hard,hard", "--log", str(orc)]) == 0
    capsys.readouterr()
    assert arena.main(["--paired", str(base), str(orc)]) == 0
    assert capsys.readouterr().out.startswith("2 deals in common: expert ")
    assert [r.deal for r in arena.read_logs([str(orc)])] == [r.deal for r in arena.read_logs([str(base)])]
