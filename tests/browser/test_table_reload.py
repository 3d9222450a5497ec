"""Nothing lost on reload, and the device remembers its settings; what a screen reader is told.

- A game opened from URL parameters resumes at the same decision after a reload (it used to be dealt
  again at round 1 and overwrite the save); a link for another game asks before replacing it.
- The language chosen during a game, the setup form's choices, the theme and sound switches are
  remembered on this device; sound is off until switched on, and then cues play (WebAudio oscillators).
- The accessibility tree: queue cards say position, owner, face and (when visible) name and tokens;
  scores are words; the log has role=log; one live region speaks, not the decision's buttons.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ACTIONS = '#app[data-busy="0"] [data-action]'
HAND = '#app[data-busy="0"] [data-select-card]'
COUNT_SOUND_JS = """
window.__oscillators = 0;
const create = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.__oscillators++; return create.call(this); };
"""


def decide(page: Any, rng: random.Random, n: int) -> None:
    for _ in range(n):
        page.wait_for_selector(ACTIONS, timeout=60_000)
        hand = page.locator(HAND)
        if hand.count() > 1:
            hand.nth(rng.randrange(hand.count())).click()
        actions = page.locator(ACTIONS)
        actions.nth(rng.randrange(actions.count())).click()
    page.wait_for_selector(ACTIONS, timeout=60_000)


def last_update(page: Any) -> tuple[int, list[str]]:
    u = page.evaluate("window.__oriflamme.received.at(-1)")
    return u["actions"], u["legal"]


def test_url_game_resumes_and_settings_stay(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.add_init_script(COUNT_SOUND_JS)
    page.set_viewport_size({"width": 1280, "height": 800})
    link = f"{site_url}?edition=retail&players=3&seed=401&bots=easy&speed=0&test=1"
    page.goto(link)
    rng = random.Random(401)
    decide(page, rng, 4)
    # The language chosen at the table, the theme and sound switches.
    page.select_option(".topbar select[data-setup=lang]", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.locator('[data-testid="sound"]').get_attribute("aria-pressed") == "false"  # off by default
    assert page.evaluate("window.__oscillators") == 0
    page.click('[data-testid="sound"]')
    assert page.locator('[data-testid="sound"]').get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.__oscillators") > 0  # a cue says it is on
    theme = page.evaluate("document.documentElement.dataset.theme")
    page.click('[data-testid="theme"]')
    other = page.evaluate("document.documentElement.dataset.theme")
    assert other != theme
    decide(page, rng, 1)
    played = last_update(page)
    saved_at = "(n) => (JSON.parse(localStorage.getItem('oriflamme.save')) || {}).actions?.length === n"
    page.wait_for_function(saved_at, arg=played[0])  # saved once the page is idle

    page.reload()  # the same link: the same game, at the same decision, in German, same switches
    page.wait_for_selector(ACTIONS, timeout=60_000)
    assert page.evaluate("window.__oriflamme.received.length") == 1
    assert last_update(page) == played
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("document.documentElement.dataset.theme") == other
    assert page.locator('[data-testid="sound"]').get_attribute("aria-pressed") == "true"
    before = page.evaluate("window.__oscillators")
    decide(page, rng, 1)
    assert page.evaluate("window.__oscillators") > before  # cues follow the game

    # A link for another game asks first; keeping the game in progress resumes it.
    page.goto(link.replace("seed=401", "seed=402"))
    page.wait_for_selector('[data-testid="ask-link"]')
    page.keyboard.press("Tab")  # focus stays in the question
    assert page.evaluate("!!document.activeElement.closest('[data-testid=\"ask-link\"]')")
    page.click('[data-testid="link-keep"]')
    page.wait_for_selector(ACTIONS, timeout=60_000)
    assert page.evaluate("window.__oriflamme.received[0].actions") == last_update(page)[0] >= played[0]
    # Asked again, opening the link deals its game.
    page.goto(link.replace("seed=401", "seed=402"))
    page.click('[data-testid="link-open"]')
    page.wait_for_selector(ACTIONS, timeout=60_000)
    assert page.evaluate("window.__oriflamme.received[0].actions") == 0

    # The setup form opens with the choices made there last time.
    page.click('.topbar [data-ui="menu"]')
    page.wait_for_selector('[data-testid="setup"]')
    page.select_option('select[name="edition"]', "pegasus")
    page.select_option('select[name="players"]', "4")
    page.select_option('select[name="speed"]', "2")
    page.goto(f"{site_url}?test=1")
    page.wait_for_selector('[data-testid="setup"]')
    assert page.locator('select[name="edition"]').input_value() == "pegasus"
    assert page.locator('select[name="players"]').input_value() == "4"
    assert page.locator('select[name="speed"]').input_value() == "2"
    assert page.evaluate("document.documentElement.lang") == "de"


def test_what_a_screen_reader_gets(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}?edition=retail&players=3&seed=403&bots=easy&lang=en&speed=0&test=1")
    rng = random.Random(403)
    decide(page, rng, 3)
    queue = page.locator('[data-testid="queue"]').aria_snapshot()
    assert "Position 1, " in queue and ("Face down" in queue or "Face up" in queue), queue
    assert any(c in queue for c in ("Red", "Blue", "Green")), queue
    assert "▼" not in queue  # the cursor is said in words
    players = page.locator(".players").aria_snapshot()
    assert "point" in players and "✦" not in players, players
    assert page.get_by_role("log").count() == 1
    live_js = "(s) => Array.from(document.querySelectorAll(s), (e) => e.dataset.testid)"
    live = page.evaluate(live_js, "#app [aria-live]:not([aria-live=off])")
    assert live == ["announce"]
    said = page.locator('[data-testid="announce"]').inner_text()
    assert said and "Hint" not in said
    # Every bot move is announced as one sentence (its first event), never the buttons.
    decide(page, rng, 1)
    assert page.locator('[data-testid="announce"]').inner_text() != ""
