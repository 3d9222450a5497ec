"""Embedding on a blog of another site: a page on http://localhost:<A> embeds the game from
http://127.0.0.1:<B>/?embed=1… in a 400×700 iframe. There the browser denies storage to the iframe
(localStorage throws; the loader falls back to an in-memory IndexedDB), and a whole game is played
inside the iframe with no error shown, no request to another origin, and the compact layout."""

from __future__ import annotations

import functools
import http.server
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import running
from session_helpers import BOOTED, play_to_end

pytestmark = pytest.mark.browser

RESULTS = Path(__file__).resolve().parents[2] / "test-results"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def blog(tmp_path: Path, site_url: str) -> Iterator[str]:
    """A plain page on another site (localhost, not 127.0.0.1) with the README's iframe snippet."""
    game = f"{site_url}?embed=1&edition=retail&players=3&seed=51&bots=easy&lang=en&speed=0&test=1"
    (tmp_path / "post.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        '<title>A blog post</title></head><body><h1>My game night</h1>'
        f'<iframe src="{game}" width="400" height="700" '
        'style="border:0;max-width:100%" title="Oriflamme" loading="lazy"></iframe></body></html>')
    handler = functools.partial(_Quiet, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    with running(server, host="localhost") as base:  # another origin than the game's 127.0.0.1
        yield base + "post.html"


def test_whole_game_in_cross_site_iframe(strict_page: Any, page_guard: Any, blog: str) -> None:
    page = strict_page
    page_guard.allow_origin(blog)
    page.set_viewport_size({"width": 480, "height": 800})
    page.goto(blog)
    frame = page.wait_for_selector("iframe").content_frame()
    frame.wait_for_function(BOOTED, timeout=120_000)
    # Storage is denied here: the in-memory fallback runs, saving is simply unavailable.
    denied = frame.evaluate("() => { try { localStorage.getItem('x'); return false } catch { return true } }")
    assert denied
    assert frame.evaluate("() => window.__oriflamme.engine.storageAvailable") is False
    assert frame.evaluate("() => document.documentElement.classList.contains('embed')")
    full = frame.locator('[data-testid="open-full"]')
    assert full.get_attribute("target") == "_blank" and "embed=1" not in full.get_attribute("href")
    # Compact: nothing wider than the iframe.
    assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    frame.wait_for_selector('#app[data-busy="0"] [data-action]', timeout=60_000)
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "embed-cross-site.png"))
    assert play_to_end(frame, 51) > 0
    assert frame.locator('[data-testid="final-scores"] tbody tr').count() == 3
    assert frame.locator(".toast.error, [data-testid=notice]").count() == 0
    assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(RESULTS / "embed-cross-site-end.png"))
    # The smallest supported iframe, 360×600: the table still fits its width.
    page.evaluate("() => { const f = document.querySelector('iframe'); f.width = '360'; f.height = '600'; }")
    frame.click('[data-ui="view-table"]')
    frame.wait_for_selector('[data-testid="table"]')
    assert frame.evaluate("window.innerWidth") == 360
    assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(RESULTS / "embed-cross-site-360.png"))


def test_hostile_url_parameters_are_only_text(strict_page: Any, site_url: str) -> None:
    """Every URL parameter is checked against the known values (or ignored); nothing becomes markup."""
    page = strict_page
    evil = "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
    page.goto(f"{site_url}?embed=1&edition={evil}&players={evil}&seed={evil}&bots={evil}&colour={evil}"
              f"&lang={evil}&speed={evil}&game={evil}#{evil}")
    page.wait_for_function(BOOTED, timeout=120_000)
    assert page.locator('[data-testid="setup"]').count() == 1
    # the link's values named, as text (D222)
    assert "<img" in page.inner_text('[data-testid="link-problems"]')
    assert page.locator("img").count() == 0
    # (The build's one inline script is the catalogue: JSON data, never run.)
    assert page.locator('[onerror], script:not([src]):not(#catalogue[type="application/json"])').count() == 0
    assert page.locator("script:not([src])").count() == 1
