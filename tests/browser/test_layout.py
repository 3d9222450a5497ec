"""The setup screen at phone and desktop sizes, the rules help in every language, the end screen.

These tests never wait for the engine: the setup screen and the help work while Python boots.
The table itself is photographed and measured during the whole games of test_play_games.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
RULES = '[data-testid="rules"]'


def fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"page is {width}px wide in a {inner}px window"


def test_setup_screen_and_rules_in_three_languages(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('[data-testid="setup"]')
    RESULTS.mkdir(exist_ok=True)
    # Defaults: one click starts retail, 3 players, normal bots.
    assert page.locator('select[name="edition"]').input_value() == "retail"
    assert page.locator('select[name="players"]').input_value() == "3"
    levels = page.locator('select[data-setup^="level-"]').all()
    assert [s.input_value() for s in levels] == ["normal", "normal"]
    # Each edition offers its own player range; one bot level per bot seat.
    page.select_option('select[name="edition"]', "prototype")
    assert page.locator('select[name="players"] option').all_inner_texts() == ["2", "3", "4"]
    page.select_option('select[name="players"]', "4")
    assert page.locator('select[data-setup^="level-"]').count() == 3
    page.select_option('select[name="edition"]', "pegasus")
    assert page.locator('select[name="players"] option').all_inner_texts() == ["3", "4", "5"]
    fits(page)
    page.screenshot(path=str(RESULTS / "setup-360x640.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    fits(page)
    page.screenshot(path=str(RESULTS / "setup-1280x800.png"))

    cases = [
        ("fr", "retail", ["Décret royal", "Changeforme", "Complot", "Commencer la partie"]),
        ("de", "pegasus", ["Bogenschützin", "Formwandlerin", "Gebieter", "Spiel starten"]),
        ("de", "retail", ["Attentat", "Nachfahre", "Komplott"]),
        ("fr", "prototype", ["Mercenaires", "Reine", "Seigneur", "Embuscade"]),
        ("en", "prototype", ["Mercenaries", "Queen", "Assassin"]),
        ("en", "retail", ["Royal Decree", "Shapeshifter", "Conspiracy", "Start game"]),
    ]
    for lang, edition, names in cases:
        page.select_option('select[name="lang"]', lang)
        # Another language's texts are fetched when chosen (web/i18n/index.js): wait for the switch.
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang, timeout=10_000)
        page.select_option('select[name="edition"]', edition)
        assert page.evaluate("document.documentElement.lang") == lang
        page.click('[data-ui="rules"]')
        text = page.locator(RULES).inner_text() + page.locator('[data-testid="setup"]').inner_text()
        for name in names:
            assert name in text, (lang, edition, name)
        if (lang, edition) == ("de", "pegasus"):
            page.screenshot(path=str(RESULTS / "rules-de-1280x800.png"))
        page.keyboard.press("Escape")
        assert not page.locator(RULES).count()


END_JS = """async ([ranking, scores, viewer = 'red']) => {
  const { screen } = await import('./web/ui/oriflamme/index.js');
  const { patch } = await import('./web/ui/dom.js');
  const card = (owner, up) => ({ owner, card: up ? 'lord' : null, face_up: up, tokens: 0 });
  const queue = [[card('blue', true), card('blue', false)], [card('red', true)], [card('green', false)]];
  const seats = Object.keys(scores);
  const view = { game: 'oriflamme', edition: 'retail', queue, scores, ranking, seats, round: 6, rounds: 6,
    direction: 'ltr', hand: [], discard: {}, is_over: true };
  // What broke equal scores comes from the engine (update.tie_break); here, cards left in the queue.
  const tie_break = { rule: 'queue_cards', values: { blue: 2, red: 1, green: 1 } };
  const u = { view, ranking, scores, tie_break, over: true, viewer, legal: [], seats: [] };
  const ui = { sel: { handIdx: null, moveSrc: null, chooseA: null }, endHidden: false, lastText: '' };
  const div = document.createElement('div');
  document.body.appendChild(div);
  patch(div, screen(u, ui, { log: null, hint: null, withShare: (v) => v }));
  const el = div.querySelector('[data-testid="final-scores"]');
  const places = Array.from(el.querySelectorAll('tbody .place'), (td) => td.textContent);
  // On a phone the table stays inside the dialog and each colour's swatch beside its name.
  const table = el.querySelector('table');
  const fits = table.getBoundingClientRect().right <= el.getBoundingClientRect().right;
  const apart = Array.from(el.querySelectorAll('tbody td .swatch'), (swatch) => {
    const walk = document.createTreeWalker(swatch.closest('td'), NodeFilter.SHOW_TEXT);
    let name = walk.nextNode();
    while (name && !name.textContent.trim()) name = walk.nextNode();
    const range = document.createRange();
    range.selectNodeContents(name);
    return range.getClientRects()[0].top > swatch.getBoundingClientRect().bottom;  // the name begins below it
  });
  const text = el.innerText;
  div.remove();
  return [text, places, fits, apart.some(Boolean)];
}"""


def test_end_screen_explains_the_tie_break(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('[data-testid="setup"]')
    # D8: equal scores, blue has more cards in the queue and ranks first.
    tied = {"red": 9, "blue": 9, "green": 4}
    text, places, _, _ = page.evaluate(END_JS, [[["blue"], ["red"], ["green"]], tied])
    assert "Blue wins" in text
    assert "Tie at 9 points" in text and "more cards left in the queue" in text
    assert places == ["1", "2", "3"]
    # Still tied after the queue count: a shared first place, the next player is third.
    text, places, _, _ = page.evaluate(END_JS, [[["blue", "red"], ["green"]], tied])
    assert "place is shared" in text
    assert places == ["1", "1", "3"]
    # No tie, no explanation.
    text, *_ = page.evaluate(END_JS, [[["red"], ["blue"], ["green"]], {"red": 10, "blue": 9, "green": 4}])
    assert "You win" in text and "Tie" not in text


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_end_screen_fits_a_small_phone(strict_page: Any, site_url: str, lang: str) -> None:
    """Five players at 320 px, the longest colour name yours: the scores table stays inside the dialog (its
    last column, the tie-break's, was cut off) and no swatch is left on a line above its name."""
    page = strict_page
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"{site_url}?lang={lang}")
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang, timeout=10_000)
    scores = {"red": 15, "blue": 15, "green": 10, "yellow": 19, "black": 9}
    ranking = [["yellow"], ["blue"], ["red"], ["green"], ["black"]]
    _, places, fits, apart = page.evaluate(END_JS, [ranking, scores, "black"])
    assert places == ["1", "2", "3", "4", "5"]
    assert fits, lang
    assert not apart, lang
