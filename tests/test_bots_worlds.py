"""The expert's perfect-information Monte Carlo switch (`worlds`): a few deals, each searched alone."""

from __future__ import annotations

from typing import Any

from oriflamme.bots.expert import ExpertBot
from test_bots_expert import known_ambush


def test_each_world_is_one_deal_searched_with_its_share_of_the_iterations() -> None:
    g = known_ambush()
    bot = ExpertBot(seed=2, iterations=800)
    bot.worlds = 4
    deals: list[int] = []
    make = bot.game

    def counted(view: dict[str, Any]) -> Any:
        game = make(view)
        deal = game.sample
        game.sample = lambda rng: deals.append(1) or deal(rng)
        return game

    bot.game = counted  # type: ignore[method-assign]
    assert bot.choose(g.view("red"), g.legal_actions()) in g.legal_actions()
    assert len(deals) == 4  # one deal per world, every iteration of a world on its copy
    assert bot.last_iterations == 200 and bot.iterations == 800 and bot.budget_ms is None


def test_the_worlds_do_not_feed_the_ambush_either() -> None:
    """Most worlds deal blue's thrice-stayed card as its Ambush (the stay model): the vote shoots green's."""
    g = known_ambush()
    assert g.legal_actions() == ["eliminate 1", "eliminate 3"]
    got = set()
    for seed in range(3):
        bot = ExpertBot(seed=seed, iterations=1600)
        bot.worlds = 8
        got.add(bot.choose(g.view("red"), g.legal_actions()))
    assert got == {"eliminate 3"}
