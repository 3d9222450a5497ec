"""Whole games in the browser, played only through the `data-action` elements the table offers
(clicked, or focused and pressed with Enter or Space), at phone and desktop sizes.

Each game also checks that no bot's hidden card ever reaches the page: every update the page
received is compared with what the engine, replayed here in CPython from the save, gives the human
(view and redacted events), and the table's DOM never names an opponent's face-down card.
Several games share one page (new games start from the setup screen, a reload resumes), so the
suite boots Pyodide only a few times.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from session_helpers import ACTIONS, HIDDEN_LEAKS_JS, SELECTORS

from oriflamme import new_game, redact_events

pytestmark = pytest.mark.browser

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
FINAL = '[data-testid="final-scores"]'
READY = f"{ACTIONS}, {FINAL}"


def shot(page: Any, name: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(RESULTS / f"{name}-{size['width']}x{size['height']}.png"))


def fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "horizontal scroll"


def play(page: Any, seed: int, steps: int = 600, on_step: Callable[[int], None] | None = None) -> int:
    """Play random offered actions (sometimes changing a two-step selection first, sometimes by
    keyboard) until the end screen or `steps` actions; returns the number of actions played."""
    rng = random.Random(seed)
    for done in range(steps):
        page.wait_for_selector(READY, timeout=60_000)
        if page.locator(FINAL).count():
            return done
        assert page.evaluate(HIDDEN_LEAKS_JS) == []
        if on_step:
            on_step(done)
        selectors = page.locator(SELECTORS)
        if selectors.count() > 1 and rng.random() < 0.5:
            selectors.nth(rng.randrange(selectors.count())).click()
        actions = page.locator(ACTIONS)
        n = actions.count()
        assert n > 0
        action = actions.nth(rng.randrange(n))
        assert action.evaluate("e => e.tagName") == "BUTTON"
        assert action.get_attribute("data-action")
        if rng.random() < 0.25:  # the keyboard path: focus, then Enter or Space
            action.focus()
            page.keyboard.press(rng.choice(["Enter", " "]))
        else:
            action.click()
    return steps


def check_received_against_engine(page: Any) -> int:
    """Replay the game in CPython; every update the page got must equal the human's view and events."""
    save = page.evaluate("window.__oriflamme.engine.save()")
    save = json.loads(save) if isinstance(save, str) else save
    received = page.evaluate("window.__oriflamme.received")
    settings = save["settings"]
    game = new_game(edition=settings["edition"], players=settings.get("colours") or settings["players"],
                    seed=save["seed"])
    me = received[0]["viewer"]
    full: dict[int, Any] = {0: json.loads(game.to_json())}
    expected: dict[int, tuple[Any, Any]] = {0: (game.view(me), [])}
    for i, action in enumerate(save["actions"], start=1):
        events = game.play(action)
        expected[i] = (game.view(me), redact_events(events, me))
        full[i] = json.loads(game.to_json())
    assert game.is_over
    for u in received:
        assert u["viewer"] == me
        view, events = expected[u["actions"]]
        assert u["view"] == json.loads(json.dumps(view))
        if u["action"] is not None:  # a new game or a resumed one reports no events
            assert u["events"] == json.loads(json.dumps(events))
        assert_nothing_hidden(u, full[u["actions"]], me)
    return len(received)


def assert_nothing_hidden(u: Any, position: Any, me: str) -> None:
    """Against the full position: the update holds my hand and aside only, and no name of a card
    that another player holds face down (queue, hand, aside)."""
    view = u["view"]
    assert sorted(view["hand"]) == sorted(position["hands"][me])
    assert sorted(view["aside"]) == sorted(position["aside"][me])
    assert "hands" not in view and "hands" not in u
    for stack, full_stack in zip(view["queue"], position["queue"], strict=True):
        for card, truth in zip(stack, full_stack, strict=True):
            assert card["owner"] == truth["owner"]
            if truth["owner"] != me and not truth["face_up"]:
                assert card["card"] is None
    for ev in u["events"]:
        if ev.get("player") != me and (ev["type"] == "placed" or ev.get("hidden")):
            assert ev.get("card") is None, ev


def finish_and_check(page: Any, players: int, name: str) -> None:
    final = page.locator(FINAL)
    assert final.is_visible()
    assert final.locator("tbody tr").count() == players
    assert check_received_against_engine(page) > 1
    fits(page)
    shot(page, f"end-{name}")


def new_game_from_setup(page: Any, edition: str, players: int, seed: int) -> None:
    """Back to the menu from the table or the end screen, and start a game there."""
    in_end = page.locator(f'{FINAL} [data-ui="menu"]')
    (in_end if in_end.count() else page.locator('.topbar [data-ui="menu"]')).click()
    page.wait_for_selector('[data-testid="setup"]')
    page.select_option('select[name="edition"]', edition)
    page.select_option('select[name="players"]', str(players))
    page.fill('input[name="seed"]', str(seed))
    page.select_option('select[name="speed"]', "0")
    page.evaluate("window.__oriflamme.received.length = 0")
    page.click('[data-testid="start"]')
    page.wait_for_selector(ACTIONS, timeout=60_000)
    assert page.locator(".badge").count() == players


def test_games_on_a_phone(strict_page: Any, site_url: str) -> None:
    """Retail with 3 players from the URL, then the prototype with 2 started from the setup screen."""
    page = strict_page
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?edition=retail&players=3&seed=101&bots=normal&lang=en&speed=0&test=1")

    def midgame(step: int) -> None:
        if step == 8:
            fits(page)
            shot(page, "table-retail-3p")
            page.click('[data-ui="rules"]')
            page.wait_for_selector('[data-testid="rules"]')
            fits(page)
            shot(page, "rules-retail")
            page.keyboard.press("Escape")

    play(page, 101, on_step=midgame)
    finish_and_check(page, 3, "retail-3p")

    new_game_from_setup(page, "prototype", 2, 104)
    play(page, 104, on_step=lambda step: shot(page, "table-prototype-2p") if step == 10 else None)
    finish_and_check(page, 2, "prototype-2p")


def test_games_on_a_desktop(strict_page: Any, site_url: str) -> None:
    """Retail with 5 players, interrupted by a reload and resumed; then pegasus with 4."""
    page = strict_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}?edition=retail&players=5&seed=102&bots=normal&lang=en&speed=0&test=1")
    play(page, 102, steps=9)
    page.wait_for_selector(ACTIONS, timeout=60_000)
    fits(page)
    shot(page, "table-retail-5p")
    played = page.evaluate("window.__oriflamme.received.at(-1).actions")
    legal = page.evaluate("window.__oriflamme.received.at(-1).legal")
    page.wait_for_function("localStorage.getItem('oriflamme.save') !== null")

    page.goto(f"{site_url}?lang=en&speed=0&test=1")  # a reload: the setup screen offers to resume
    page.click('[data-testid="resume"]')
    page.wait_for_selector(ACTIONS, timeout=60_000)
    resumed = page.evaluate("window.__oriflamme.received[0]")
    assert (resumed["actions"], resumed["legal"]) == (played, legal)
    play(page, 1102)
    finish_and_check(page, 5, "retail-5p")

    # Play again deals a new game at once; then the menu starts another edition.
    page.click('[data-testid="play-again"]')
    page.wait_for_selector(ACTIONS, timeout=60_000)
    assert not page.locator(FINAL).count()
    new_game_from_setup(page, "pegasus", 4, 103)
    play(page, 103, on_step=lambda step: shot(page, "table-pegasus-4p") if step == 12 else None)
    finish_and_check(page, 4, "pegasus-4p")
