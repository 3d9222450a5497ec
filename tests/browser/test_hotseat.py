"""Hot-seat: two people and a bot on one device. Before each human decision of the other person a
"pass the device" screen shows nothing of the table; once passed, the screen shows exactly what the
engine lets that person see — never the other person's hand, face-down cards or their names in the log."""

from __future__ import annotations

import json
from typing import Any

import pytest
from session_helpers import play_to_end

from oriflamme import new_game

pytestmark = pytest.mark.browser

DOM_JS = """() => ({
  me: document.querySelector('.badge.me .pname')?.textContent || null,
  hand: Array.from(document.querySelectorAll('[data-testid=hand] [data-card]'),
                   (el) => el.dataset.card).sort(),
  named_down: Array.from(
    document.querySelectorAll('[data-testid=queue] .card.down[data-card]'),
                         (el) => [...el.classList].find((c) => c.startsWith('c-')).slice(2)),
  log: Array.from(document.querySelectorAll('[data-testid=log] li'), (li) => li.textContent),
})"""
NAMES = {"red": "Red", "blue": "Blue"}


def engine_game(page: Any) -> Any:
    save = json.loads(page.evaluate("() => window.__oriflamme.engine.save()"))
    s = save["settings"]
    game = new_game(edition=s["edition"], players=s.get("colours") or s["players"], seed=save["seed"])
    for action in save["actions"]:
        game.play(action)
    return game


def hand_over(state: dict[str, Any], hidden: str, ready: str, colours: tuple[str, ...] | None = None) -> Any:
    """The pass-the-device step of play_to_end: another human than the last one, nothing of `hidden`
    on the screen while the device changes hands, then `ready` once passed."""

    def on_pass(frame: Any) -> None:
        colour = frame.locator('[data-testid="pass-device"]').get_attribute("data-colour")
        assert colour != state["shown"] and (colours is None or colour in colours)
        assert frame.locator(hidden).count() == 0
        frame.click('[data-testid="pass-ready"]')
        frame.wait_for_selector(ready)
        state["shown"] = colour
        state["passes"] += 1

    return on_pass


def test_two_humans_never_see_each_other(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=41&bots=human,easy&lang=en&speed=0&test=1")
    state: dict[str, Any] = {"shown": None, "passes": 0, "checks": 0}
    # Nothing of the table while the device changes hands.
    on_pass = hand_over(state, "[data-testid=table], [data-testid=hand], .card, [data-testid=log]",
                        "[data-testid=hand]", colours=("red", "blue"))

    def check(frame: Any) -> None:
        me = state["shown"]
        assert me is not None, "a human decision without a hand-over first"
        other = "blue" if me == "red" else "red"
        dom = frame.evaluate(DOM_JS)
        game = engine_game(frame)
        assert game.to_act == me
        assert dom["me"] == NAMES[me]
        assert dom["hand"] == sorted(game.view(me)["hand"])
        assert set(dom["named_down"]) <= {me}
        # The other human's placements are told without the card.
        for line in dom["log"]:
            if line.startswith(f"{NAMES[other]} places"):
                assert "a face-down card" in line, line
        # Everyone is "you" in turn: colours only, no "(you)" (D78).
        assert not [line for line in dom["log"] if "(you)" in line]
        assert "(you)" not in frame.inner_text("[data-testid=decision]")
        state["checks"] += 1

    play_to_end(page, 41, on_pass=on_pass, check=check)
    assert state["passes"] >= 6 and state["checks"] >= 12
    assert page.locator('[data-testid="final-scores"] tbody tr').count() == 3
    end = page.inner_text('[data-testid="final-scores"]')
    assert "(you)" not in end and "You win" not in end and "You share" not in end, end
    # The review below speaks of the players' decisions, not of "your" decisions (two people played).
    title = page.locator('[data-testid="decisions-title"]')
    title.wait_for(state="visible", timeout=60_000)
    assert title.inner_text() == "The players' decisions"
    review = page.inner_text(".review")
    assert "your decisions" not in review.lower(), review


def test_lieux_hotseat_hides_the_other_humans_cards_and_gold(strict_page: Any, site_url: str) -> None:
    """Château, Village & Port with hidden gold, two humans and a bot: hand-overs, and every screen
    shows only the human to act's own values (the same leak check as test_play_lieux.py)."""
    from test_play_lieux import HIDDEN_LEAKS_JS as LIEUX_LEAKS_JS

    page = strict_page
    page.goto(f"{site_url}?game=lieux&players=3&set=A&hidden_gold=1&seed=61&bots=human,easy"
              "&lang=en&speed=0&test=1")
    state: dict[str, Any] = {"shown": None, "passes": 0, "checks": 0}
    on_pass = hand_over(state, '[data-game="lieux"], [data-testid=log], [data-value]',
                        '#app[data-busy="0"] [data-action]')

    def check(frame: Any) -> None:
        me = state["shown"]
        assert frame.evaluate(LIEUX_LEAKS_JS, me) == []
        assert "(you)" not in frame.inner_text("#app")  # D78
        state["checks"] += 1

    play_to_end(page, 61, on_pass=on_pass, check=check)
    assert state["passes"] >= 4 and state["checks"] >= 8


def test_resumed_hotseat_game_starts_with_a_hand_over(strict_page: Any, site_url: str) -> None:
    """A reload in the middle of a hot-seat game: continuing shows the hand-over screen first."""
    import random

    from session_helpers import ACTIONS, click_one

    page = strict_page
    page.goto(f"{site_url}?edition=prototype&players=3&seed=43&bots=human,human&lang=en&speed=0&test=1")
    rng = random.Random(43)
    for _ in range(5):
        page.wait_for_selector('[data-testid="pass-ready"], ' + ACTIONS, timeout=60_000)
        if page.locator('[data-testid="pass-ready"]').count():
            page.click('[data-testid="pass-ready"]')
            page.wait_for_selector(ACTIONS)
        click_one(page, rng)
    page.wait_for_selector('[data-testid="pass-device"], ' + ACTIONS, timeout=60_000)
    page.wait_for_timeout(300)  # the save follows the update
    page.goto(f"{site_url}?lang=en&speed=0&test=1")
    page.click('[data-testid="resume"]')
    screen = page.locator('[data-testid="pass-device"]')
    screen.wait_for(timeout=60_000)
    assert page.locator('[data-testid=hand], .card').count() == 0
    colour = screen.get_attribute("data-colour")
    page.click('[data-testid="pass-ready"]')
    page.wait_for_selector(ACTIONS)
    game = engine_game(page)
    assert game.to_act == colour
    assert page.evaluate(DOM_JS)["hand"] == sorted(game.view(colour)["hand"])
