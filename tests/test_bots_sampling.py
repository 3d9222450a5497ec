"""determinize(): a full State consistent with one player's view, for every edition and player count."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from oriflamme import new_game
from oriflamme.actions import to_text
from oriflamme.engine import legal_moves
from oriflamme.sampling import determinize, unseen
from oriflamme.view import view

SETUPS = [("retail", 3), ("retail", 4), ("retail", 5), ("pegasus", 3), ("pegasus", 5), ("prototype", 2),
          ("prototype", 3), ("prototype", 4)]


@pytest.mark.parametrize(("edition", "players"), SETUPS)
def test_view_of_the_sample_is_the_view(edition: str, players: int) -> None:
    rng = random.Random(players)
    for seed in range(4):
        g = new_game(edition, players, seed=seed)
        while True:
            for c in [*g.seats, None]:
                v = g.view(c)
                s = determinize(v, rng)
                assert view(s, c) == v
                if c == g.to_act and not g.is_over:
                    assert [to_text(m) for m in legal_moves(s)] == g.legal_actions()
                # Every card of every family is in exactly one place in the sample too.
                per = 2 if edition == "prototype" and players == 2 else 1
                for colour in s.seats:
                    have = Counter(s.hands[colour]) + Counter(s.aside[colour]) + Counter(s.discard[colour])
                    have += Counter(q[0] for st in s.queue for q in st if q[1] == colour)
                    assert have == Counter({k: per for k in s.ed.family})
            if g.is_over:
                break
            g.play(rng.choice(g.legal_actions()))


def test_hidden_cards_are_drawn_from_the_unseen_cards() -> None:
    rng = random.Random(1)
    g = new_game("retail", 3, seed=3)
    for _ in range(20):
        g.play(rng.choice(g.legal_actions()))
    v = g.view("red")
    for c in ("blue", "green"):
        pool = unseen(v, c)
        assert sum(pool.values()) == v["hand_sizes"][c] + v["aside_sizes"][c] + sum(
            1 for st in v["queue"] for q in st if q["owner"] == c and not q["face_up"])
    assert unseen(v, "red") == Counter()
    # Different draws do differ: the sample is not the real deal every time.
    hands = {tuple(sorted(determinize(v, rng).hands["blue"])) for _ in range(30)}
    assert len(hands) > 1


@pytest.mark.parametrize(("edition", "players"),
                         [("retail", 3), ("pegasus", 4), ("prototype", 2), ("prototype", 3)])
def test_sample_with_the_true_cards_is_the_true_state(edition: str, players: int) -> None:
    """Beyond the cards, a sample rebuilds every field of the real state (pending decision, depth, P1
    tokens, placement count…): dealing it the true hidden cards gives back the real state exactly."""
    from oriflamme.state import State

    rng = random.Random(7)
    for seed in range(3):
        g = new_game(edition, players, seed=seed)
        while not g.is_over:
            real = g.state
            s = determinize(g.view(g.to_act), rng)
            s.hands = {c: sorted(v) for c, v in real.hands.items()}
            s.aside = real.aside
            for st, rst in zip(s.queue, real.queue, strict=True):
                for qc, rqc in zip(st, rst, strict=True):
                    qc[0] = rqc[0]
            for field in State.__slots__:
                if field in ("seed", "rng") or (field == "depth" and real.pending in ("place", "reveal")):
                    continue  # the RNG is not part of a view; depth only matters while an ability acts
                resolving = real.phase == "resolution" and real.queue[real.cursor][-1][3]
                if field == "take_tokens" and not resolving:
                    continue  # P1's flag only matters when the resolving card has tokens to take
                want = getattr(real, field)
                if field == "hands":
                    want = {c: sorted(v) for c, v in want.items()}
                assert getattr(s, field) == want, field
            g.play(rng.choice(g.legal_actions()))
