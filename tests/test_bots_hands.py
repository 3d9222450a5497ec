"""Reading opponents' hands from what they placed (`belief.KEPT_CHANCE`, the expert's `hand_model`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from oriflamme import new_game
from oriflamme.belief import KEPT_CHANCE, BeliefSampler
from oriflamme.bots.placed import kept, kept_chances
from oriflamme.editions import get_edition
from oriflamme.sampling import Sampler
from oriflamme.view import view
from tabletop.arena_stats import GameResult
from test_bots_expert import card, random_arena_games, retail_position

RED = ["heir", "lord", "spy", "archer"]


def _blue_placed_three_without_its_heir() -> Any:
    """Round 3: blue's three placements are face up (Soldier, Lord, Archer); its Heir is unseen."""
    return retail_position(3, [[card("soldier", "blue", True)], [card("lord", "blue", True)],
                               [card("archer", "blue", True)], [card("soldier", "red", True)],
                               [card("lord", "green", True)]],
                           {"red": RED, "blue": ["heir", "decree", "spy", "ambush"],
                            "green": ["heir", "spy", "archer", "ambush"]},
                           {"red": 1, "blue": 1, "green": 1}, cursor=1)


def _share(sampler: Sampler, where: str, name: str, n: int = 800) -> float:
    rng = random.Random(5)
    got = 0
    for _ in range(n):
        s = sampler.sample(rng)
        got += name in (s.aside if where == "aside" else s.hands)["blue"]
    return got / n


def test_an_opponent_that_placed_three_cards_without_its_heir_most_likely_set_it_aside() -> None:
    """A uniform split puts blue's Heir aside 3 times in 7; read from what the hard bots place first, nearly
    always. Its Decree, the card they keep to the end, goes aside less often than uniformly."""
    v = _blue_placed_three_without_its_heir().view("red")
    uniform, hands = BeliefSampler(v), BeliefSampler(v, hands=True)
    assert _share(uniform, "aside", "heir") == pytest.approx(3 / 7, abs=0.07)
    assert _share(hands, "aside", "heir") > 0.85
    assert _share(hands, "aside", "decree") < 0.3 < _share(uniform, "aside", "decree")
    rng = random.Random(2)
    for _ in range(50):
        s = hands.sample(rng)
        assert view(s, "red") == v
        assert len(s.hands["blue"]) == 4 and len(s.aside["blue"]) == 3


def test_a_card_placed_face_down_in_the_first_round_is_read_as_the_heir() -> None:
    """Blue has placed once, face down: a card the hard bots place at once is likelier there (1 - kept), and
    what it has not placed likelier in its hand."""
    g = retail_position(1, [[card("heir", "blue")], [card("soldier", "red", True)],
                            [card("lord", "green", True)]],
                        {"red": ["heir", "lord", "spy", "archer", "ambush", "decree"],
                         "blue": ["soldier", "decree", "spy", "ambush", "lord", "archer"],
                         "green": ["heir", "soldier", "spy", "archer", "ambush", "decree"]},
                        {"red": 1, "blue": 1, "green": 1}, cursor=2)
    v = g.view("red")
    rng = random.Random(4)
    for sampler, low, high in ((BeliefSampler(v), 0.0, 0.2), (BeliefSampler(v, hands=True), 0.4, 1.0)):
        heir = sum(sampler.sample(rng).queue[0][0][0] == "heir" for _ in range(600)) / 600
        assert low <= heir <= high


def test_the_kept_measure_follows_each_starting_hand_card() -> None:
    """`bots.placed --kept` on two random games: each watched seat's seven starting cards are counted after
    every placement, and after the sixth one card is left in each hand."""
    counts = kept("retail", "hard", random_arena_games((3, 4)))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    for k, row in counts.items():
        assert sum(n for _, n in row.values()) == 4 * 7
        assert sum(s for s, _ in row.values()) == 4 * (7 - k)
    chances = kept_chances(counts)
    assert all(0 <= p <= 1 for row in chances.values() for p in row.values())


def test_the_kept_table_falls_with_each_placement() -> None:
    """No card is more often still held after more placements."""
    for k in range(1, 6):
        assert all(KEPT_CHANCE[k + 1][x] <= KEPT_CHANCE[k][x] for x in KEPT_CHANCE[k])


def test_the_expert_reads_hands_with_its_switch_in_retail_only() -> None:
    """`hand_model` gives the expert's deals the reading (off by default); the prototype's bots were not
    measured, so there it deals as before."""
    from oriflamme.bots.expert import ExpertBot

    g = _blue_placed_three_without_its_heir()
    v = g.view("red")
    bot = ExpertBot(seed=1, iterations=100)
    assert bot.sampler(v).kept("blue", ["heir"]) is None
    bot.hand_model = True
    assert bot.sampler(v).kept("blue", ["heir", "decree"]) == {"heir": 0.05, "decree": 0.99}
    assert bot.choose(v, g.legal_actions()) in g.legal_actions()
    duel = new_game("prototype", 2, seed=3)
    proto = duel.view(duel.state.seats[0])
    assert bot.sampler(proto).kept(duel.state.seats[1], ["heir"]) is None


def test_the_reading_models_put_a_heir_not_placed_first_aside() -> None:
    """`bots.reading.in_hand`: an opponent holding one card after placing its Soldier in the first round.
    Uniformly each of its four unseen cards is the held one a time in four; every model that reads choices
    makes the Heir (which the hard bots place first) the least likely, and each model's chances add up to
    the hand's one card."""
    from oriflamme.bots.reading import MODELS, in_hand

    probs = in_hand(["ambush", "decree", "heir", "spy"], 3, [(1, "soldier")], {"soldier"})
    assert all(sum(probs[m].values()) == pytest.approx(1.0) for m in MODELS)
    assert probs["uniform"]["heir"] == pytest.approx(0.25)
    for m in ("kept", "choices", "history"):
        assert probs[m]["heir"] == min(probs[m].values()) < 0.1
    # one placement: its round is known either way
    assert probs["choices"] == pytest.approx(probs["history"])


def test_a_face_down_first_card_is_read_as_the_heir_by_every_choice_model() -> None:
    """The same opponent's first card is still face down: the Heir most likely lies there, so the held card
    is most likely one of the others; the uniform model cannot tell."""
    from oriflamme.bots.reading import in_hand

    probs = in_hand(["ambush", "decree", "heir", "spy", "soldier"], 3, [(1, "heir")], set())
    assert probs["uniform"]["heir"] == pytest.approx(0.2)
    for m in ("kept", "choices", "history"):
        assert probs[m]["heir"] < 0.1


def test_the_reading_measure_scores_every_unseen_card_of_the_watched_opponents() -> None:
    """`bots.reading.reading` on a random game: the uniform model's log-loss is that of h / unseen for every
    unseen card of the hard seats, recomputed here from the replay."""
    import math

    from oriflamme.bots.reading import reading

    g = new_game("retail", 3, seed=8)
    rng = random.Random(8)
    actions, want, cards = [], 0.0, 0
    while not g.is_over:
        legal = g.legal_actions()
        if g.to_act == "red" and len(legal) > 1:
            for c in ("blue", "green"):
                s = g.state
                shown = set(s.discard[c]) | {q[0] for st in s.queue for q in st if q[1] == c and q[2]}
                unseen = [x for x in get_edition("retail").family if x not in shown]
                p = len(s.hands[c]) / len(unseen)
                want -= sum(math.log(p if x in s.hands[c] else 1 - p) if 0 < p < 1 else 0.0 for x in unseen)
                cards += len(unseen)
        a = rng.choice(legal)
        actions.append(a)
        g.play(a)
    seats = {"expert": "red", "hard": "blue", "hard#2": "green"}
    loss, scored = reading("retail", "expert", "hard", 1, [GameResult(8, {}, [], seats, actions)])
    assert scored == cards > 0
    assert loss["uniform"] == pytest.approx(want, abs=1e-3)
