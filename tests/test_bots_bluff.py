"""Bluff iterations (`HardBot.bluff`): in a multiple-observer search, a share of the iterations deal the
searcher's own hidden cards as its opponents see them, and teach only the opponents' trees."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from oriflamme.bots.expert import ExpertBot
from oriflamme.bots.hard import OriflammeSearch
from oriflamme.state import NAME
from oriflamme.view import view as view_of
from tabletop.search import Node
from test_bots_expert import card, retail_position

# Red (the searcher) decides on its face-down Heir; its Ambush (one stay) and its Lord (fresh) lie face
# down on either side of blue's face-up Soldier, which must then eliminate one of them.
QUEUE = [[card("heir", "red")], [card("ambush", "red", tokens=1)], [card("soldier", "blue", True)],
         [card("lord", "red")], [card("spy", "green", True)]]
HANDS = {"red": ["spy", "archer", "decree"], "blue": ["lord", "spy", "heir"],
         "green": ["heir", "lord", "archer"]}


def _game() -> Any:
    return retail_position(4, QUEUE, HANDS, {"red": 6, "blue": 6, "green": 6}, cursor=1)


def _reds(v: dict[str, Any]) -> list[Any]:
    return [c for st in v["queue"] for c in st if c["owner"] == "red"] + [v["hand_sizes"]["red"]]


def test_a_public_deal_shuffles_only_the_searchers_hidden_cards() -> None:
    g = _game()
    v = g.view("red")
    bot = ExpertBot(1)
    bot.bluff = 0.5
    game = bot.game(v)
    assert isinstance(game, OriflammeSearch) and game.observers[0] == "red"
    mine = sorted(["heir", "ambush", "lord", *HANDS["red"], *g.state.aside["red"]])
    rng = random.Random(2)
    at_ambush: Counter[str] = Counter()
    for _ in range(300):
        s = game.sample_public(rng)
        held = [q[NAME] for st in s.queue for q in st if q[1] == "red"] + s.hands["red"] + s.aside["red"]
        assert sorted(held) == mine  # the same cards, dealt among the same places
        assert len(s.hands["red"]) == 3 and len(s.aside["red"]) == len(g.state.aside["red"])
        for colour in ("blue", "green"):  # what the opponents see of red's cards is the table's
            assert _reds(view_of(s, colour)) == _reds(view_of(g.state, colour))
        at_ambush[s.queue[1][0][NAME]] += 1
    assert at_ambush["ambush"] < 100 and len(at_ambush) >= 6  # the slot holds any of red's unseen cards
    assert game.sample(rng).queue[1][0][NAME] == "ambush"  # the searcher's own deals keep its true card


def _share_of_shots_at_the_ambush(bluff: float) -> float:
    bot = ExpertBot(3, iterations=3000)
    bot.separate_trees = True
    bot.bluff = bluff
    bot.search(_game().view("red"))
    assert bot.last_trees is not None
    shots: Counter[Any] = Counter()
    stack: list[Node] = [bot.last_trees["blue"]]
    while stack:
        node = stack.pop()
        for key, child in node.children.items():
            if key[0] == "eliminate":
                shots[key[1]] += child.visits
        stack += [*node.children.values(), *(node.after or {}).values()]
    return shots[1] / (shots[1] + shots[3])  # queue index 1: red's Ambush; 3: red's Lord


def test_with_bluff_iterations_the_opponents_cannot_tell_the_searchers_ambush_from_its_lord() -> None:
    """Every deal of a plain search holds the searcher's true cards, so blue's tree learns that the card
    beside its Soldier on the left is an Ambush and shoots the Lord; blue cannot know that."""
    plain, bluffing = _share_of_shots_at_the_ambush(0.0), _share_of_shots_at_the_ambush(0.5)
    assert plain < 0.33 and bluffing > plain + 0.08


def test_bluff_iterations_teach_the_searchers_tree_nothing() -> None:
    g = _game()
    bot = ExpertBot(4, iterations=2000)
    bot.bluff = 0.5
    root = bot.search(g.view("red"))
    assert bot.last_iterations == 2000
    visits = sum(child.visits for child in root.children.values())
    assert 700 < visits < 1300  # about half the iterations: the others played red by the policy
    assert {m for m in root.children} <= {("reveal",), ("stay",)}
