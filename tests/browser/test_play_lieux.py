"""Château, Village & Port in the browser: whole games played only by clicking `data-action` elements.

Checks along the way: no console error (strict_page), an opponent's chosen card is never on the page
before its reveal (DOM at every step, and every update the page received equals what the engine,
replayed here in CPython from the save, gives the human), the round scoring panel, the rules help
stating the house values, the end screen. Screenshots at 360×640 and 1280×800 go to test-results/.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from lieux import new_game, redact_events

pytestmark = pytest.mark.browser

RESULTS = Path(os.environ.get("LIEUX_RESULTS") or Path(__file__).resolve().parents[2] / "test-results")
READY = '#app[data-busy="0"] [data-action], [data-testid="final-scores"]'
ACTIONS = '#app[data-busy="0"] [data-action]'
BOOT_TIMEOUT = 90_000

# An opponent's face-down card: no value anywhere (attribute, text, title); opponents' cards with a
# value may only be on the table (places) or in the scoring panel, never in a badge or a hand.
HIDDEN_LEAKS_JS = """(viewer) => {
  const bad = [];
  for (const el of document.querySelectorAll('.lcard.down:not(.mine), .lchosen.down')) {
    const c = el.cloneNode(true);
    c.querySelectorAll('.act-label').forEach((x) => x.remove());
    const text = c.textContent + ' ' + (el.title || '');
    if (el.dataset.value != null || /\\d/.test(text)) bad.push(el.outerHTML);
  }
  for (const el of document.querySelectorAll('[data-value]')) {
    const mine = el.classList.contains('c-' + viewer);
    if (!mine && !el.closest('.lplace, .lscoring')) bad.push(el.outerHTML);
  }
  for (const el of document.querySelectorAll('.lchosen.mine')) {
    if (!el.classList.contains('c-' + viewer)) bad.push(el.outerHTML);
  }
  return bad;
}"""


RAW_KEY = re.compile(r"\b(ev|dec|set|game)\.[A-Za-z][A-Za-z_.]*")


def shoot(page: Any, name: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"lieux-{name}.png"))


def play_to_end(page: Any, seed: int, viewer: str, size: str, max_steps: int = 400) -> dict[str, int]:
    """Click random offered actions until the end screen; screenshots of the first prompt of each kind."""
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    for _ in range(max_steps):
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
        if page.locator('[data-testid="final-scores"]').count():
            return seen
        assert page.evaluate(HIDDEN_LEAKS_JS, viewer) == []
        actions = page.locator(ACTIONS)
        strings = actions.evaluate_all("els => els.map((e) => e.dataset.action)")
        assert strings and all(strings)
        kinds = [strings[0].split()[0]]
        if page.locator('[data-testid="round-scoring"]').count():
            kinds.append("scoring")
        for kind in kinds:
            if kind not in seen:
                shoot(page, f"{size}-{kind}")
            seen[kind] = seen.get(kind, 0) + 1
        actions.nth(rng.randrange(len(strings))).click()
    raise AssertionError("the game did not end")


def check_received_against_engine(page: Any) -> int:
    """Replay the game in CPython: every update the page got is the human's own view and events."""
    save = page.evaluate("window.__oriflamme.engine.save()")
    save = json.loads(save) if isinstance(save, str) else save
    received = page.evaluate("window.__oriflamme.received")
    settings = save["settings"]
    assert settings["game"] == "lieux"
    game = new_game(players=settings.get("colours") or settings["players"], set=settings["set"],
                    hidden_gold=settings["hidden_gold"], seed=save["seed"])
    me = received[0]["viewer"]
    # update 0 carries the opening events (round and turn started) as the human may read them
    expected: dict[int, tuple[Any, Any]] = {0: (game.view(me), redact_events(game.start_events, me))}
    for i, action in enumerate(save["actions"], start=1):
        events = game.play(action)
        expected[i] = (game.view(me), redact_events(events, me))
    assert game.is_over
    for u in received:
        assert u["viewer"] == me
        view, events = expected[u["actions"]]
        assert u["view"] == json.loads(json.dumps(view))
        assert u["events"] == json.loads(json.dumps(events))
        for colour, sel in u["view"]["selected"].items():
            if colour != me and sel is not None:
                assert sel == {"value": None}
        for ev in u["events"]:
            if ev["type"] == "selected" and ev["colour"] != me:
                assert ev["value"] is None
            if ev["type"] == "swapped" and ev["target"] != me:
                assert ev["old"] is None and ev["new"] is None
    return len(received)


@pytest.mark.parametrize(
    ("players", "place_set", "hidden", "seed", "size", "lang"),
    [
        (3, "A", False, 201, (360, 640), "en"),
        (5, "B", True, 202, (1280, 800), "fr"),
        (4, "C", False, 203, (1280, 800), "de"),
    ],
)
def test_whole_lieux_game_by_clicks(
    strict_page: Any, site_url: str, players: int, place_set: str, hidden: bool, seed: int,
    size: tuple[int, int], lang: str,
) -> None:
    page = strict_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    tag = f"{size[0]}x{size[1]}-{players}p{place_set}-{lang}"
    page.goto(f"{site_url}?game=lieux&players={players}&set={place_set}&hidden_gold={int(hidden)}"
              f"&seed={seed}&bots=random,normal,easy&lang={lang}&speed=0&test=1")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    assert page.locator('[data-game="lieux"]').count() == 1
    for place in ("chateau", "village", "port"):  # the three places with their reward tables
        rewards = page.locator(f'[data-testid="place-{place}"] .lrewards li')
        assert rewards.count() == (4 if players == 5 else 3)
    # Rules help says the reward tables are ours.
    page.click('[data-ui="rules"]')
    rules = page.locator('[data-testid="rules"]')
    house = {"en": "House values", "fr": "Valeurs maison", "de": "Hauswerte"}[lang]
    assert rules.locator("li.house").inner_text().startswith(house)
    shoot(page, f"{tag}-rules")
    page.click('[data-testid="rules"] [data-ui="rules-close"] >> nth=0')
    viewer = page.evaluate("window.__oriflamme.received[0].viewer")
    seen = play_to_end(page, seed, viewer, tag)
    assert seen.get("select", 0) >= 9 and seen.get("put", 0) >= 9
    assert seen.get("scoring", 0) >= 1, "the round scoring was never shown"
    final = page.locator('[data-testid="final-scores"]')
    assert final.is_visible()
    assert final.locator("tbody tr").count() == players
    assert check_received_against_engine(page) > seen["select"] + seen["put"]
    assert page.locator('[data-testid="log"] li').count() > 50
    assert not RAW_KEY.search(page.inner_text("#app")), "an untranslated text key is shown"
    shoot(page, f"{tag}-end")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.click('[data-ui="view-table"]')
    shoot(page, f"{tag}-table-over")
    # Play again deals a fresh game of the same kind.
    page.click('[data-ui="show-end"]')
    page.click('[data-testid="play-again"]')
    page.wait_for_selector(ACTIONS, timeout=BOOT_TIMEOUT)
    assert page.locator('[data-game="lieux"]').count() == 1


def test_game_chooser_on_the_setup_screen(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?lang=fr&speed=0")
    page.select_option('[data-setup="game"]', "lieux")
    page.select_option('[data-setup="set"]', "C")
    page.check('[data-setup="hidden_gold"]')
    shoot(page, "360x640-setup-fr")
    assert page.locator('[data-setup="edition"]').count() == 0
    page.click('[data-testid="start"]')
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
    table = page.locator('[data-game="lieux"]')
    assert table.count() == 1
    assert "C" in page.locator(".lset").inner_text()
    golds = page.locator('[data-testid^="gold-"]').all_inner_texts()
    assert golds.count("?") == len(golds) - 1  # hidden gold: only your own is shown


TEXTS_JS = """async () => {
  const L = {};
  for (const l of ['en', 'fr', 'de']) L[l] = (await import(`./web/i18n/lieux-${l}.js`)).default;
  const ph = (s) => (String(s).match(/\\{\\w+\\}/g) || []).sort().join();
  const problems = [];
  for (const l of ['fr', 'de']) {
    for (const part of ['t', 'chars', 'effects', 'places', 'rewards', 'rewardsLong']) {
      const a = Object.keys(L.en[part]).sort().join();
      const b = Object.keys(L[l][part]).sort().join();
      if (a !== b) problems.push(`${l}.${part}: keys differ`);
    }
    for (const k of Object.keys(L.en.t)) {
      if (ph(L.en.t[k]) !== ph(L[l].t[k])) problems.push(`${l}.t.${k}: placeholders differ`);
    }
    if (L[l].rules.length !== L.en.rules.length) problems.push(`${l}.rules: not as many paragraphs`);
  }
  return problems;
}"""


def test_lieux_texts_complete_in_every_language(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?lang=en")
    assert page.evaluate(TEXTS_JS) == []
