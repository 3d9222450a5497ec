"""No engine answer is drawn in the middle of the table's motion (D123), and a fresh table does not move.

Drawing an answer (the page's redraw, the measures, the next animations) is the page's longest task
during a game; drawn while cards still slide or fly, it was a frame of 50–90 ms in their middle. Counted
in frames, never timed: a long animation is started on the table before the player's click, and the
answer, once the page has it, must still not be on screen two frames later; it is drawn once that
animation has ended. A score pops when it changes (motion.js), not when a table is drawn anew.
"""

from __future__ import annotations

from typing import Any

import pytest
from session_helpers import ACTIONS

pytestmark = pytest.mark.browser

# An animation of the page's kind (finite, on the table) that lasts until the test ends it; when the
# engine's answer reaches the page (the test-only `received` list), whether the clicked choice is still
# drawn then and two frames later.
HOLD_JS = """(action) => {
  const W = window.__hold = { anim: document.querySelector('[data-testid=queue]').animate(
    [{ opacity: 1 }, { opacity: 0.97 }], { duration: 600000 }) };
  const still = () => document.querySelector(`#app [data-action="${CSS.escape(action)}"]`) !== null;
  const received = window.__oriflamme.received;
  const push = received.push.bind(received);
  received.push = (...items) => {
    W.arrived = still();
    requestAnimationFrame(() => requestAnimationFrame(() => { W.twoFramesLater = still(); }));
    return push(...items);
  };
}"""


def test_an_answer_waits_for_the_motion_on_screen_to_end(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}?edition=retail&players=3&seed=7&bots=easy&lang=en&speed=1&test=1")
    page.wait_for_selector(f'{ACTIONS}[data-action^="place "]', timeout=90_000)
    page.wait_for_function("() => !document.getAnimations().some((a) => a.playState === 'running'"
                           " && a.effect.getComputedTiming().endTime !== Infinity)")
    action = page.locator(f'{ACTIONS}[data-action^="place "]').first.get_attribute("data-action")
    page.evaluate(HOLD_JS, action)
    page.click(f'#app [data-action="{action}"]')
    page.wait_for_function("() => 'twoFramesLater' in window.__hold", timeout=60_000)
    hold = page.evaluate("() => ({ arrived: window.__hold.arrived, later: window.__hold.twoFramesLater })")
    assert hold == {"arrived": True, "later": True}, hold  # the answer is in, the table not yet redrawn
    page.evaluate("() => window.__hold.anim.finish()")
    page.wait_for_selector(f'#app [data-action="{action}"]', state="detached", timeout=10_000)


def test_a_fresh_table_pops_no_score(strict_page: Any, site_url: str) -> None:
    """The scores pop as they change (a Web Animation of motion.js), not as a table is first drawn: that
    pop ran under the second part of a new table (D102), a long frame in the middle of an animation."""
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=7&bots=easy&lang=en&speed=1&test=1")
    page.wait_for_selector('[data-testid="hand"] .card', timeout=90_000)
    names = page.evaluate("""() => Array.from(document.querySelectorAll('[data-testid^="score-"]'),
      (el) => getComputedStyle(el).animationName)""")
    assert names and set(names) == {"none"}, names


def test_a_bots_flash_lasts_as_long_as_its_pace(strict_page: Any, site_url: str) -> None:
    """At "fast" a bot's move flashes for half as long: the next answer, which waits for the motion on
    screen to end, is not held by a flash timed for the normal pace."""
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=7&bots=easy&lang=en&speed=0.5&test=1")
    page.wait_for_selector('[data-testid="queue"]', timeout=90_000)
    durations = page.evaluate("""() => ['badge flash', 'card flash'].map((cls) => {
      const el = document.createElement('div');
      el.className = cls;
      document.body.appendChild(el);
      return getComputedStyle(el).animationDuration;
    })""")
    assert durations == ["0.4s", "0.4s"], durations
