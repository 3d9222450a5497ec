"""The terminal tells Château, Village & Port's events in sentences, as each player may see them."""

from __future__ import annotations

import random

from lieux.text import describe_event
from tabletop import registry
from tabletop.terminal import plain_event

RAW = ("colour ", "value ", "type ")  # what a field-by-field line (plain_event) is made of


def events_of_random_games(games: int, players: int, hidden_gold: bool) -> list[tuple[dict, str | None]]:
    spec = registry.get("lieux")
    seen = []
    for seed in range(games):
        g = spec.start(["A", "B", "C"][seed % 3], players, seed, hidden_gold)
        rng = random.Random(seed)
        while g.legal_actions():
            events = g.play(rng.choice(g.legal_actions()))
            for viewer in [None, *g.view(None)["seats"]]:
                seen += [(e, viewer) for e in g.events_for(events, viewer)]
    return seen


def test_every_event_of_random_games_is_a_sentence() -> None:
    seen = events_of_random_games(12, 4, False) + events_of_random_games(6, 5, True)
    kinds = {e["type"] for e, _ in seen}
    assert {"placed", "selected", "reward", "gold", "drew", "round_ended"} <= kinds
    for e, viewer in seen:
        line = describe_event(e)
        if line is None:
            assert e["type"] == "drew" and not e["count"]
            continue
        assert line != plain_event(e), (e, viewer)
        assert not any(raw in line for raw in RAW), (line, e)
        assert line.endswith((".", "—")), line


def test_what_one_player_sees_of_another_is_told_without_the_secret() -> None:
    assert describe_event({"type": "selected", "colour": "blue"}) == "blue chooses a card."
    assert describe_event({"type": "selected", "colour": "red", "value": 13}) == "red chooses Witch (13)."
    hidden = {"type": "gold", "colour": "red", "amount": None, "gold": None}
    assert describe_event(hidden) == "red receives gold."
    merchant = {"type": "gold", "colour": "red", "amount": -2, "gold": 5, "reason": "merchant"}
    assert describe_event(merchant) == "red: −2 gold from the Merchant (5 in all)."
    forced = {"type": "placed", "colour": "green", "value": 2, "place": "port", "forced": True}
    assert describe_event(forced) == "green lays Sailor (2) in the Port, as ordered."
    assert describe_event({"type": "reward", "place": "chateau", "rank": 1, "owner": "red", "value": 9,
                           "reward": "half", "doubled": False}) == (
        "In the Château, rank 1: red's Courtesan (9) earns half its value, rounded up.")


def test_an_event_it_has_no_words_for_is_still_told() -> None:
    assert describe_event({"type": "comet", "colour": "red"}) == "comet: colour red"


def test_the_terminal_asks_every_decision_of_random_games_in_words() -> None:
    from lieux.render import PROMPTS
    from tabletop.terminal import Style

    spec = registry.get("lieux")
    asked = set()
    for seed in range(20):
        g = spec.start(["A", "B", "C"][seed % 3], 4, seed)
        rng = random.Random(seed)
        while g.legal_actions():
            d = g.view(None)["decision"]
            asked.add(d["ability"] or d["kind"])
            drawing = spec.renderer.view(g, d["player"], Style(False))
            line = next(x for x in drawing.splitlines() if x.startswith("To act: "))
            kind = d["ability"] or d["kind"]
            said = line.split(" — ", 1)[1]
            assert said.startswith(PROMPTS[kind].split("{")[0]) and "{" not in said, line  # a sentence
            assert "Legal:" not in drawing  # the terminal numbers the actions itself
            hand = g.view(d["player"])["hand"]
            if hand:  # the hand's cards are named, not only numbered
                from lieux.cards import card_name
                assert card_name(hand[0]) in drawing
            g.play(rng.choice(g.legal_actions()))
    assert asked >= {"select", "put", "guard", "thief", "warrior", "bard"}
    assert asked <= set(PROMPTS)


def test_a_drawing_for_a_bug_report_still_lists_the_legal_actions() -> None:
    from lieux import render_text

    g = registry.get("lieux").start("A", 3, 1)
    assert "Legal: select " in render_text(g.view(g.view(None)["decision"]["player"]))
