"""A table drawn anew arrives a part per frame (D102, D140): nothing of it moves, and it all arrives.

The top bar and the players are laid out first; the queue and the decision panel in a later frame; the
hand and the log (below the queue, or beside it) in a later one still. Which parts a frame laid out is
read in a ResizeObserver callback, which the browser runs right after that frame's layout: counted in
frames, never timed. When the rest arrives, the queue's top edge stays where it was and no layout shift
is reported; the whole table is then there, its hand fading in as before.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from session_helpers import ACTIONS, click_one

pytestmark = pytest.mark.browser

SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
PARTS = {"players": ".players .badge", "queue": '[data-testid="queue"]',
         "decision": '[data-testid="decision"]', "hand": '[data-testid="hand"]', "log": '[data-testid="log"]'}

# Before the page's own scripts: for each part, which parts the frame that first laid it out had; the
# queue's top edge then and once all is there; the layout shifts of the page.
WATCH_JS = """(parts) => {
  const W = window.__first = { shifts: [], laid: {}, tops: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) W.shifts.push([e.startTime, e.value,
      (e.sources || []).map((x) => x.node ? String(x.node.className || x.node.nodeName) : '?').join(',')]);
  }).observe({ type: 'layout-shift', buffered: true });
  const top = () => document.querySelector(parts.queue).getBoundingClientRect().top + scrollY;
  const has = (sel) => document.querySelector(sel) !== null;
  const seen = () => {
    for (const [name, sel] of Object.entries(parts)) {
      const el = document.querySelector(sel);
      if (!el || W.laid[name]) continue;
      W.laid[name] = 'pending';
      new ResizeObserver((entries, ro) => {
        ro.disconnect();
        W.laid[name] = Object.fromEntries(Object.keys(parts).map((n) => [n, has(parts[n])]));
        if (name === 'queue') { W.tops.push(top()); W.at = performance.now(); }
      }).observe(el);
    }
    // once the rest is there: where the queue is then
    if (W.at && !W.ending && has('[data-testid="hand"] .card') && has(parts.log)) {
      W.ending = true;
      requestAnimationFrame(() => setTimeout(() => { W.tops.push(top()); W.done = performance.now(); }, 0));
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
}"""


@pytest.fixture(params=sorted(SIZES))
def sized_page(request: Any, browser: Any, page_guard: Any) -> Iterator[Any]:
    with page_guard.new_page(browser, **SIZES[request.param]) as page:
        yield page


def test_a_new_table_is_laid_out_a_part_per_frame_top_to_bottom(sized_page: Any, site_url: str) -> None:
    page = sized_page
    page.add_init_script(script=f"({WATCH_JS})({json.dumps(PARTS)})")
    page.goto(f"{site_url}?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=1&test=1")
    page.wait_for_function("() => window.__first && window.__first.done", timeout=90_000)
    w = page.evaluate("() => window.__first")
    # each part's first frame: the parts above it and those of its own frame, nothing below
    frames = [{"players"}, {"queue", "decision"}, {"hand", "log"}]
    for k, names in enumerate(frames):
        for name in names:
            drawn = {n for n, there in w["laid"][name].items() if there}
            assert drawn == set().union(*frames[:k + 1]), (name, w)
    # then all of it, and the queue has not moved
    first, last = w["tops"]
    assert abs(last - first) < 0.5, w
    assert [s for s in w["shifts"] if w["at"] <= s[0] <= w["done"]] == [], w
    assert page.locator('[data-testid="hand"] .card').count() > 0
    # the hand's cards still fade in as they arrive (the CSS `appear` animation)
    names = page.evaluate("""() => Array.from(document.querySelectorAll('[data-testid="hand"] .card'))
      .map((el) => getComputedStyle(el).animationName)""")
    assert set(names) == {"appear"}, names


def test_a_hand_over_still_puts_the_focus_on_the_first_choice(strict_page: Any, site_url: str) -> None:
    """Hot-seat: the table shown to the next human gets the focus on their first choice, even when that
    choice is in the part of the table drawn a frame later."""
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=41&bots=human,easy&lang=en&speed=0&test=1")
    rng = random.Random(41)
    for _ in range(8):
        page.wait_for_selector(f'[data-testid="pass-ready"], {ACTIONS}', timeout=90_000)
        if page.locator('[data-testid="pass-ready"]').count():
            break
        click_one(page, rng)
    page.focus('[data-testid="pass-ready"]')
    page.keyboard.press("Enter")
    page.wait_for_function("""() => document.getElementById('app').contains(document.activeElement)
      && document.activeElement.matches('[data-action], [data-select-card]')""", timeout=10_000)


# While the engine boots: the most cards (and warm-up boxes) the page ever held beside the boot bar.
BOOT_CARDS_JS = """(() => {
  const B = window.__boot = { cards: 0, seen: false };
  new MutationObserver(() => {
    if (!document.querySelector('[data-testid=boot]')) return;
    B.seen = true;
    B.cards = Math.max(B.cards, document.querySelectorAll('#app .card, #app .warm-table').length);
  }).observe(document, { childList: true, subtree: true });
})()"""


def test_the_boot_draws_no_table_the_engine_did_not_give(strict_page: Any, site_url: str) -> None:
    """The UI knows no rule (D124): no made-up table, view or choices are drawn while the engine boots,
    not even hidden; the first table is the engine's."""
    page = strict_page
    page.add_init_script(BOOT_CARDS_JS)
    page.goto(f"{site_url}?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&test=1")
    page.wait_for_selector(ACTIONS, timeout=90_000)
    boot = page.evaluate("() => window.__boot")
    assert boot == {"cards": 0, "seen": True}, boot
