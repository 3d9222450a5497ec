"""Share and replay: a finished game's Share link (the save in the URL fragment) replays to the same
final scores, step by step with every card revealed; a link to a game in progress, or a damaged one,
shows a one-line error and nothing of the game."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from session_helpers import ACTIONS, play_to_end

pytestmark = pytest.mark.browser


# For each text of the replay's controls: whether it lies inside their panel.
INSIDE_PANEL = """() => {
  const panel = document.querySelector('.rp-controls').getBoundingClientRect();
  return [...document.querySelectorAll('.rp-controls > p')].map((p) => {
    const r = p.getBoundingClientRect();
    return r.width > 0 && r.left >= panel.left && r.right <= panel.right + 1 && r.bottom <= panel.bottom + 1;
  });
}"""


def j_link(site_url: str, save: Any) -> str:
    body = base64.urlsafe_b64encode(json.dumps(save).encode()).decode().rstrip("=")
    return f"{site_url}#g=j{body}"


def test_share_link_replays_to_same_scores(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=31&bots=random&lang=en&speed=0&test=1")
    play_to_end(page, 31)
    final = page.evaluate("() => window.__oriflamme.received.at(-1)")
    assert final["over"]
    page.click('[data-testid="share"]')
    link = page.locator('[data-testid="share-link"]').input_value()
    assert link.startswith(f"{site_url}#g=z") and "?" not in link
    assert len(link) < 4000

    page.goto(link)
    page.wait_for_selector('[data-testid="replay"]', timeout=60_000)
    for colour, score in final["scores"].items():
        assert page.locator(f'[data-testid="rp-score-{colour}"]').inner_text() == str(score)
    assert page.locator('[data-testid="rp-final"] tbody tr').count() == 3
    # The log of the whole game, with every card named.
    assert page.locator('[data-testid="rp-log"] li').count() > 20

    # Back to the deal: everyone at the starting score, every hand shown.
    page.click('[data-ui="rp-start"]')
    assert page.locator('[data-testid="rp-step"]').inner_text().startswith("Step 0/")
    start = {page.locator(f'[data-testid="rp-score-{c}"]').inner_text() for c in final["scores"]}
    assert len(start) == 1
    for colour in final["scores"]:
        assert page.locator(f'[data-testid="rp-player-{colour}"] .chip.hand').count() > 0
    # Step forward: face-down cards are drawn with their names (all revealed).
    for _ in range(4):
        page.click('[data-testid="rp-next"]')
    downs = page.locator('[data-testid="rp-queue"] .card.down')
    assert downs.count() > 0
    for i in range(downs.count()):
        assert downs.nth(i).get_attribute("data-card")
    page.click('[data-testid="rp-prev"]')
    step = page.locator('[data-testid="rp-step"]')
    assert step.inner_text().startswith("Step 3/")
    # The move in words (every step of these first ones places a card), not its action string.
    assert "Place your" in step.inner_text() and "place " not in step.inner_text()
    # The step's texts lie inside the controls' panel, on a phone too (they wrapped into a column beside it).
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 800})
        inside = page.evaluate(INSIDE_PANEL)
        assert inside and all(inside), (width, inside)
    # Jump to a round, then play.
    page.select_option('[data-testid="rp-round-select"]', index=2)
    assert page.locator('[data-testid="rp-round"]').inner_text().startswith("Round 3")
    page.click('[data-testid="rp-play"]')
    page.wait_for_function(
        "() => document.querySelector('[data-testid=rp-play]').textContent.includes('Pause')")
    page.click('[data-testid="rp-play"]')
    page.click('[data-testid="rp-end"]')
    assert page.locator('[data-testid="rp-final"]').count() == 1


def test_links_that_must_not_replay(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=32&bots=easy&lang=en&speed=0&test=1")
    page.wait_for_selector(ACTIONS, timeout=60_000)
    save = json.loads(page.evaluate("() => window.__oriflamme.engine.save()"))
    assert save["actions"] is not None
    # A game in progress: refused by the engine, nothing hidden shown.
    page.goto(j_link(site_url, save))
    err = page.locator('[data-testid="rp-error"]')
    err.wait_for(timeout=60_000)
    assert "finished" in err.inner_text()
    assert page.locator('[data-testid="rp-queue"], .chip').count() == 0
    # A damaged link, and markup in a link: plain text only.
    page.goto(f"{site_url}#g=z%3Cimg%20src=x%3E")
    page.locator('[data-testid="rp-error"]').wait_for(timeout=60_000)
    hostile = {"format": "oriflamme-web-save/1", "settings": {"edition": "<img src=x onerror=alert(1)>",
               "players": 3}, "seed": 1, "actions": []}
    page.goto(j_link(site_url, hostile))
    err = page.locator('[data-testid="rp-error"]')
    err.wait_for(timeout=60_000)
    assert page.locator("img").count() == 0


def test_lieux_share_link_replays_to_same_gold(strict_page: Any, site_url: str) -> None:
    """Château, Village & Port (hidden gold): the same Share link and viewer, every hand revealed."""
    page = strict_page
    page.goto(f"{site_url}?game=lieux&players=3&set=B&hidden_gold=1&seed=33&bots=easy"
              "&lang=en&speed=0&test=1")
    play_to_end(page, 33)
    final = page.evaluate("() => window.__oriflamme.received.at(-1)")
    page.click('[data-testid="share"]')
    link = page.locator('[data-testid="share-link"]').input_value()
    page.goto(link)
    page.wait_for_selector('[data-testid="replay"]', timeout=60_000)
    for colour, gold in final["scores"].items():
        assert page.locator(f'[data-testid="rp-score-{colour}"]').inner_text() == str(gold)
    assert page.locator('[data-testid="rp-final"] tbody tr').count() == 3
    page.click('[data-ui="rp-start"]')
    for colour in final["scores"]:
        assert page.locator(f'[data-testid="rp-player-{colour}"] .chip.hand').count() > 0
    assert page.locator('[data-testid="rp-log"] li').count() == 0
    page.click('[data-testid="rp-end"]')
    assert page.locator('[data-testid="rp-log"] li').count() > 10


def test_a_deeply_nested_link_is_refused_in_words_and_a_game_still_starts(strict_page: Any,
                                                                         site_url: str) -> None:
    """A 44-character link that inflates to 5,000 nested arrays: an error in words, not a dead engine."""
    page = strict_page
    page.goto(f"{site_url}?lang=en&speed=0&test=1#g=z7cExDQAAAAKgoM7-NUzhByQAAAAAwFsBAAAAgLsB")
    err = page.locator('[data-testid="rp-error"]')
    err.wait_for(timeout=60_000)
    assert "nested more than" in err.inner_text()
    page.click('[data-testid="rp-wait"] a.btn.primary, main a.btn.primary[href="./"]')
    page.click('[data-testid="start"]')
    page.wait_for_selector(ACTIONS, timeout=60_000)
