"""Whole games in Firefox (firefox-esr over WebDriver BiDi) and WebKit (WebKitGTK's MiniBrowser over
WebDriver), as in Chromium: in each browser one Oriflamme game and one Château, Village & Port game on
the same page, each booted from its URL and played by clicking offered `data-action` buttons until the
end screen; then every update the page received is checked against the engine replayed in CPython
(nothing hidden leaked), the page fits its width, and no console error, uncaught error, failed load or
CSP violation happened (tests/browser/other_browsers.py says how each browser reports them).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from other_browsers import DrivenPage, open_page, serve_hooked
from session_helpers import play_to_end
from test_play_games import FINAL, check_received_against_engine, fits
from test_play_lieux import check_received_against_engine as check_lieux_received

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 120_000


@pytest.fixture(scope="module")
def hooked_url(dist_dir: Path) -> Iterator[str]:
    with serve_hooked(dist_dir) as url:
        yield url


def oriflamme_game(page: DrivenPage, url: str, players: int, seed: int) -> None:
    page.goto(f"{url}?edition=retail&players={players}&seed={seed}&bots=normal&lang=en&speed=0&test=1")
    page.wait_for_selector('#app[data-busy="0"] [data-action]', timeout=BOOT_TIMEOUT)
    assert page.ready_at() is not None  # the hook saw the boot (so it was there to see errors too)
    assert play_to_end(page, seed) > 0
    assert page.locator(f"{FINAL} tbody tr").count() == players
    assert check_received_against_engine(page) > 1
    fits(page)


def lieux_game(page: DrivenPage, url: str, players: int, seed: int, lang: str) -> None:
    page.goto(f"{url}?game=lieux&players={players}&set=A&hidden_gold=1&seed={seed}&bots=normal"
              f"&lang={lang}&speed=0&test=1")
    page.wait_for_selector('#app[data-busy="0"] [data-action]', timeout=BOOT_TIMEOUT)
    assert page.locator('[data-game="lieux"]').count() == 1
    assert play_to_end(page, seed) > 0
    assert page.locator(f"{FINAL} tbody tr").count() == players
    assert check_lieux_received(page) > 1
    fits(page)


PHONE = {"width": 360, "height": 640}
NARROW = {"width": 480, "height": 800}  # MiniBrowser's window is never narrower than about 450 px
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize(("which", "oriflamme", "lieux"), [
    ("firefox", (4, 211, DESKTOP), (3, 213, PHONE, "fr")),
    ("webkit", (3, 212, NARROW), (4, 214, DESKTOP, "de")),
])
def test_whole_games(which: str, oriflamme: tuple[int, int, dict[str, int]],
                     lieux: tuple[int, int, dict[str, int], str], hooked_url: str) -> None:
    with open_page(which) as page:
        players, seed, size = oriflamme
        page.set_viewport_size(size)
        assert page.evaluate("[innerWidth, innerHeight]") == [size["width"], size["height"]]
        oriflamme_game(page, hooked_url, players, seed)
        players, seed, size, lang = lieux
        page.set_viewport_size(size)
        lieux_game(page, hooked_url, players, seed, lang)
        assert page.console_errors() == []
        # That check can fail: a console error and a CSP violation on this page are caught.
        page.evaluate("""() => {
          console.error('deliberate');
          const img = document.createElement('img');
          img.src = 'http://example.invalid/blocked.png';  // img-src 'self': blocked before any request
          document.body.append(img);
        }""")
        page.wait_for_function("window.__testHook.errors.some((e) => e.startsWith('CSP violation'))", 10_000)
        caught = page.console_errors()
        assert any("deliberate" in e for e in caught), caught
        assert any("CSP violation: img-src blocked http://example.invalid" in e for e in caught), caught
