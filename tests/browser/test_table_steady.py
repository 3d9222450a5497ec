"""A steady table whose every card can be read by touch, played as whole games.

At 390×844 with touch, at 1280×800 and in the 400×700 embed: the queue region's top edge stays put
from one decision to the next, and a tap (a card that offers no choice) or a long press (any card)
opens the card sheet with the card's name and ability; Escape or a tap closes it. The hand wraps
instead of hiding cards off its edge, and the set-aside cards are on screen.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from session_helpers import HIDDEN_LEAKS_JS

pytestmark = pytest.mark.browser

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
ACTIONS = '#app[data-busy="0"] [data-action]'
SELECTORS = '#app[data-busy="0"] [data-select-card]'
FINAL = '[data-testid="final-scores"]'
SHEET = '[data-testid="card-detail"]'
QUEUE_TOP = """() => {
  const q = document.querySelector('[data-testid="queue"]');
  return q.getBoundingClientRect().top + window.scrollY;
}"""
# Every hand card inside the hand's box (wrapped, not scrolled away).
HAND_FITS = """() => {
  const hand = document.querySelector('[data-testid="hand"]');
  if (!hand) return true;
  const box = hand.getBoundingClientRect();
  return hand.scrollWidth <= hand.clientWidth &&
    Array.from(hand.children).every((c) => c.getBoundingClientRect().right <= box.right + 1);
}"""


@pytest.fixture
def touch_page(browser: Any, page_guard: Any) -> Iterator[Any]:
    phone = {"width": 390, "height": 844}
    with page_guard.new_page(browser, viewport=phone, has_touch=True, is_mobile=True) as page:
        yield page


def long_press(page: Any, el: Any) -> None:
    box = el.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_selector(SHEET, timeout=5_000)  # opens while the finger is still down
    page.mouse.up()


def check_sheet(page: Any, close_by: str) -> None:
    sheet = page.locator(SHEET)
    assert sheet.is_visible()
    assert sheet.get_attribute("role") == "dialog"
    name = sheet.locator(".sheet-name").inner_text().strip()
    assert name
    # focus stays in the sheet
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('[data-testid=\"card-detail\"]') !== null")
    if close_by == "escape":
        page.keyboard.press("Escape")
    else:
        sheet.locator(".sheet-name").click()
    assert not page.locator(SHEET).count()


def play_and_watch(page: Any, seed: int, tap: bool, name: str) -> dict[str, int]:
    """Plays the whole game; checks the queue's top edge and the card sheet along the way."""
    rng = random.Random(seed)
    tops: list[float] = []
    seen = {"sheets": 0, "long": 0, "aside": 0}
    for step in range(400):
        page.wait_for_selector(f"{ACTIONS}, {FINAL}", timeout=60_000)
        if page.locator(FINAL).count():
            break
        assert page.evaluate(HIDDEN_LEAKS_JS) == []
        tops.append(page.evaluate(QUEUE_TOP))
        if step == 6:
            RESULTS.mkdir(exist_ok=True)
            page.screenshot(path=str(RESULTS / f"table-steady-{name}.png"))
        if page.locator(".aside .chip").count():
            assert page.locator(".aside .chip").first.is_visible()
            seen["aside"] += 1
        # A card that offers nothing opens the sheet on a tap.
        plain = page.locator(".queue .card:not([data-action]), .badge .mini, .aside .chip")
        if step % 3 == 0 and plain.count():
            el = plain.nth(rng.randrange(plain.count()))
            el.scroll_into_view_if_needed()
            el.tap() if tap else el.click()
            check_sheet(page, "escape" if step % 2 else "tap")
            seen["sheets"] += 1
        # A long press on a hand card reads it without selecting it.
        hand = page.locator(SELECTORS)
        if step % 4 == 1 and hand.count():
            el = hand.nth(rng.randrange(hand.count()))
            el.scroll_into_view_if_needed()
            pressed = el.get_attribute("aria-pressed")
            long_press(page, el)
            assert page.locator(f"{SHEET} .sheet-ability").inner_text().strip()
            page.keyboard.press("Escape")
            assert el.get_attribute("aria-pressed") == pressed
            seen["long"] += 1
        if hand.count():
            assert page.evaluate(HAND_FITS)
        if hand.count() > 1 and rng.random() < 0.5:
            el = hand.nth(rng.randrange(hand.count()))
            el.tap() if tap else el.click()
            tops.append(page.evaluate(QUEUE_TOP))
        actions = page.locator(ACTIONS)
        el = actions.nth(rng.randrange(actions.count()))
        el.tap() if tap else el.click()
    assert page.locator(FINAL).count(), "the game did not end"
    moves = [abs(b - a) for a, b in itertools.pairwise(tops)]
    assert max(moves) <= 4, f"the queue's top edge moved {max(moves):.0f} px between two decisions"
    assert seen["sheets"] and seen["long"] and seen["aside"], seen
    return seen


def test_phone_with_touch(touch_page: Any, site_url: str) -> None:
    page = touch_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=211&bots=easy&lang=en&speed=0&test=1")
    play_and_watch(page, 211, tap=True, name="phone")


def test_desktop(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}?edition=pegasus&players=4&seed=212&bots=easy&lang=de&speed=0&test=1")
    play_and_watch(page, 212, tap=False, name="desktop")


def test_embed(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.set_viewport_size({"width": 400, "height": 700})
    page.goto(f"{site_url}?embed=1&edition=retail&players=3&seed=213&bots=easy&lang=fr&speed=0&test=1")
    play_and_watch(page, 213, tap=False, name="embed")


# At 360×600 the embed shows the decision (its panel sticks to the frame's bottom) and the card it is
# about without the player scrolling (the page brings that card into sight), the panel not covering it.
IN_SIGHT_JS = """() => {
  const panel = document.querySelector('[data-testid="decision"]').getBoundingClientRect();
  const card = document.querySelector('.stack.at-cursor .card');
  const c = card && card.getBoundingClientRect();
  return { panel: panel.top >= 0 && panel.bottom <= innerHeight + 1,
           card: !c || (c.top >= 0 && c.bottom <= panel.top + 1) };
}"""


def test_small_embed_shows_the_decision(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.set_viewport_size({"width": 360, "height": 600})
    page.goto(f"{site_url}?embed=1&edition=pegasus&players=4&seed=214&bots=easy&lang=de&speed=0&test=1")
    rng = random.Random(214)
    checked = 0
    for _ in range(400):
        page.wait_for_selector(f"{ACTIONS}, {FINAL}", timeout=60_000)
        if page.locator(FINAL).count():
            break
        if not page.locator(".table.placing").count():  # while placing, the hand holds the bottom
            assert page.evaluate(IN_SIGHT_JS) == {"panel": True, "card": True}
            checked += 1
        actions = page.locator(ACTIONS)
        actions.nth(rng.randrange(actions.count())).click()
    assert checked > 3


# The players' region drawn without a choice, then with a Spy's choice of whom to steal from.
STEAL_JS = """async () => {
  await (await import('./web/i18n/index.js')).setLang('en');
  const { table, parseLegal } = await import('./web/ui/oriflamme/index.js');
  const { patch } = await import('./web/ui/dom.js');
  const root = document.createElement('div');
  document.body.appendChild(root);
  const seats = ['red', 'blue', 'green'];
  const each = (n) => ({ red: n, blue: n, green: n });
  const spy = [{ card: 'spy', owner: 'red', face_up: true, tokens: 0 }];
  const view = (decision) => ({ game: 'oriflamme', viewer: 'red', edition: 'retail', seats, round: 2,
    rounds: 6, first: 'blue', direction: 'ltr', to_act: 'red', cursor: 0, scores: each(2), hand: [],
    aside: [], hand_sizes: each(5), aside_sizes: each(3), discard: { red: [], blue: [], green: [] },
    is_over: false, queue: [spy], decision });
  const heights = (decision, legal) => {
    patch(root, [table(view(decision), parseLegal(legal), { handIdx: null, moveSrc: null, chooseA: null },
      { viewer: 'red', seats: [], legal, lastText: '', tokens: true, announce: '' })]);
    return Array.from(root.querySelectorAll('.players .badge'), (b) => b.getBoundingClientRect().height);
  };
  return [heights(null, []), heights({ kind: 'steal', player: 'red', ability: 'spy', position: 0 },
    ['steal blue', 'steal green'])];
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_badge_offered_as_a_choice_keeps_its_height(strict_page: Any, site_url: str, width: int) -> None:
    page = strict_page
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('[data-testid="setup"]')
    plain, offered = page.evaluate(STEAL_JS)
    assert plain == offered, (plain, offered)
