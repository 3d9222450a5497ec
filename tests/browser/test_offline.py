"""Offline PWA: after one online visit the service worker serves the whole game with no network —
boot, a whole game, the rules help, another language — and nothing ever goes to another origin."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import start_server
from session_helpers import BOOTED, built_file_with, play_to_end, pwa_site

pytestmark = pytest.mark.browser

CONTROLLED = "() => navigator.serviceWorker && !!navigator.serviceWorker.controller"


@dataclass
class PwaSite:
    """A private copy of the site (its files may be changed) served on a port of its own."""
    url: str
    root: Path
    server: Any
    stopped: bool = False

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def pwa(page_guard: Any, dist_dir: Any, tmp_path: Any) -> Iterator[PwaSite]:
    root = pwa_site(dist_dir, tmp_path / "site")
    server = start_server(root)
    site = PwaSite(f"http://127.0.0.1:{server.server_address[1]}/", root, server)
    page_guard.allow_origin(site.url)
    try:
        yield site
    finally:
        site.stop()


def test_offline_after_one_visit(strict_page: Any, pwa: PwaSite) -> None:
    page = strict_page
    url = pwa.url
    try:
        page.goto(f"{url}?lang=en&speed=0&sw=1")
        page.wait_for_function(BOOTED, timeout=120_000)
        # Registered after the boot; controls the page once every file is precached.
        page.wait_for_function(CONTROLLED, timeout=120_000)
    finally:
        pwa.stop()  # from here on, nothing can come from the network
    page.context.set_offline(True)
    # A fresh start, offline: the page, the runtime, the engine — all from the service worker.
    page.goto(f"{url}?edition=pegasus&players=3&seed=11&bots=easy&lang=en&speed=0&test=1")
    assert play_to_end(page, 11) > 0
    assert page.locator('[data-testid="final-scores"] tbody tr').count() == 3
    # Other editions and the rules help and languages are in the precache too.
    page.goto(f"{url}?edition=prototype&players=2&seed=12&bots=random&lang=fr&speed=0&test=1")
    page.wait_for_selector('#app[data-busy="0"] [data-action]', timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.click('[data-ui="rules"]')
    page.wait_for_selector('[data-testid="rules"]')
    assert page.locator('[data-testid="rules"] .card-help').count() == 10
    # and the second game (the link is for another game than the one in progress: the page asks first)
    page.goto(f"{url}?game=lieux&players=3&set=C&seed=13&bots=easy&lang=de&speed=0&test=1")
    page.wait_for_selector('#app[data-busy="0"] [data-action], [data-testid="link-open"]', timeout=60_000)
    if page.locator('[data-testid="link-open"]').count():
        page.click('[data-testid="link-open"]')
    page.wait_for_selector('#app[data-busy="0"] [data-action]', timeout=60_000)
    assert page.locator('[data-game="lieux"]').count() == 1


def test_new_version_offers_reload(strict_page: Any, pwa: PwaSite) -> None:
    """A deploy (new files, new sw.js) is noticed; the page offers to reload into it, and does."""
    site, page = pwa.root, strict_page
    page.goto(f"{pwa.url}?lang=en&speed=0&sw=1")
    page.wait_for_function(BOOTED, timeout=120_000)
    page.wait_for_function(CONTROLLED, timeout=120_000)
    assert page.locator('[data-testid="update-ready"]').count() == 0
    # Deploy a new version: one file changes, the service worker's precache list is regenerated.
    texts = built_file_with(site, 'reload:"Reload"')  # the English texts, wherever the bundle put them
    texts.write_text(texts.read_text().replace('reload:"Reload"', 'reload:"Reload now"'))
    root = Path(__file__).resolve().parents[2]
    subprocess.run(["node", str(root / "scripts" / "build_sw.mjs"), str(site)], check=True, cwd=root,
                   capture_output=True)
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    banner = page.locator('[data-testid="update-ready"]')
    banner.wait_for(timeout=120_000)
    with page.expect_navigation(timeout=60_000):
        banner.locator('[data-ui="pwa-reload"]').click()
    page.wait_for_function(BOOTED, timeout=120_000)
    # The new version runs: its changed text is the one served.
    assert page.evaluate("() => import('./web/i18n/index.js').then((m) => m.t('reload'))") == "Reload now"


# Records when the page registers its service worker and when it first offers the human a decision.
ORDER_JS = """(() => {
  window.__order = {};
  const sw = navigator.serviceWorker;
  const register = sw.register.bind(sw);
  sw.register = (...args) => { window.__order.register ??= performance.now(); return register(...args); };
  new MutationObserver(() => {
    const shown = document.querySelector('#app[data-busy="0"] [data-action]');
    if (shown) window.__order.decision ??= performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true });
})()"""


def test_a_game_precaches_only_once_the_human_decides(strict_page: Any, pwa: PwaSite) -> None:
    """Opened on a game, the page registers the service worker (the ~25 MB precache) after the first
    decision of the human is drawn, not while the first table is drawn and the bots move."""
    page = strict_page
    page.add_init_script(ORDER_JS)
    page.goto(f"{pwa.url}?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&sw=1")
    page.wait_for_function(CONTROLLED, timeout=120_000)
    order = page.evaluate("window.__order")
    assert "decision" in order and "register" in order, order
    assert order["register"] > order["decision"], order
