"""The fast boot path (issue 7) in Chromium, read from the stages the page records (boot.stages in
web/boot/boot.js): a normal boot restores the memory snapshot with the pieces the page prepared, and
the game still boots, and plays, when the page's runtime worker or the snapshot cannot be loaded."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 120_000
ACTIONS = '#app[data-busy="0"] [data-action]'
GAME = "?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&test=1"

# Resolves when the engine worker's last stage reached the page (the stages travel on a BroadcastChannel,
# the game's updates on PyScript's own channel: either may come first).
STAGES_JS = """async () => {
  const { boot } = await import('./web/boot/boot.js');
  for (let i = 0; i < 300 && !boot.stages.some(([s]) => s === 'engine'); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return boot.stages.map(([s]) => s);
}"""


def boot_game(page: Any, site_url: str) -> list[str]:
    page.goto(site_url + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    stages: list[str] = page.evaluate(STAGES_JS)
    return stages


def before(stages: list[str], first: str, second: str) -> bool:
    return first in stages and second in stages and stages.index(first) < stages.index(second)


def play_one_move(page: Any) -> None:
    """Click an offered action and wait until the engine has applied it (the update count grows)."""
    count = page.evaluate("() => window.__oriflamme.received.at(-1).actions")
    page.locator(ACTIONS).first.click()
    page.wait_for_function(f"() => window.__oriflamme.received.at(-1).actions > {count}", timeout=60_000)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=60_000)


def test_normal_boot_restores_the_snapshot_prepared_by_the_page(strict_page: Any, site_url: str) -> None:
    requested: list[str] = []
    strict_page.context.on("request", lambda request: requested.append(request.url))
    stages = boot_game(strict_page, site_url)
    for stage in ("page-snapshot", "page-wasm", "pyscript-package-from-zip", "wasm-from-page",
                  "snapshot-from-page", "snapshot-restored", "python", "engine"):
        assert stage in stages, (stage, stages)
    assert "snapshot-failed" not in stages and not any(s.endswith("-failed") for s in stages), stages
    assert stages.count("snapshot-restored") == 1 and stages.count("engine") == 1, stages
    assert before(stages, "snapshot-from-page", "snapshot-restored"), stages
    assert before(stages, "page-snapshot", "snapshot-restored"), stages
    assert before(stages, "snapshot-restored", "python"), stages
    assert before(stages, "pyscript-package-from-zip", "python"), stages
    assert before(stages, "python", "engine"), stages
    # The plugins switched off in index.html are not fetched (error.js is, by PyScript's design).
    plugin_chunks = [u for u in requested if re.search(
        r"/runtime/pyscript-[^/]+/(codemirror|deprecations-manager|donkey|py-editor|py-game|py-terminal|xterm)"
        r"[\w-]*\.js$", u)]
    assert plugin_chunks == [], plugin_chunks


def test_top_level_page_is_cross_origin_isolated(strict_page: Any, site_url: str) -> None:
    """The headers of netlify.toml isolate a top-level visit: SharedArrayBuffer exists, so PyScript's
    probe for it does not throw (no V8 re-parse of its core on the main thread) and logs no warning."""
    warnings: list[str] = []
    strict_page.on("console", lambda m: warnings.append(m.text) if m.type in ("warning", "error") else None)
    boot_game(strict_page, site_url)
    assert strict_page.evaluate("() => [crossOriginIsolated, typeof SharedArrayBuffer]") == [True, "function"]
    assert not [w for w in warnings if "SharedArrayBuffer" in w], warnings
    play_one_move(strict_page)


def test_boot_without_the_runtime_worker(strict_page: Any, site_url: str) -> None:
    page = strict_page  # a worker script that fails to load logs no error: the page handles it
    blocked: list[str] = []

    def abort(route: Any) -> None:
        blocked.append(route.request.url)
        route.abort()

    page.route("**/web/boot/runtime-worker.js", abort)
    stages = boot_game(page, site_url)
    assert blocked, "the page never asked for its runtime worker"
    # Nothing came from the page: the engine worker fetched the wasm and the snapshot itself.
    for stage in ("page-snapshot", "page-wasm", "wasm-from-page", "snapshot-from-page"):
        assert stage not in stages, (stage, stages)
    assert "page-snapshot-failed" in stages and "page-wasm-failed" in stages, stages
    assert "snapshot-failed" not in stages, stages
    assert before(stages, "snapshot-restored", "python") and before(stages, "python", "engine"), stages
    assert "pyscript-package-from-zip" in stages, stages
    play_one_move(page)


def test_boot_without_the_snapshot_falls_back_to_python_from_the_zip(strict_page: Any, site_url: str) -> None:
    page = strict_page  # a failed snapshot download is handled: no error may reach the console
    blocked: list[str] = []

    def abort(route: Any) -> None:
        blocked.append(route.request.url)
        route.abort()

    page.route(re.compile(r"/snapshot-[0-9a-f]+\.bin$"), abort)
    stages = boot_game(page, site_url)
    assert blocked, "no snapshot was requested"
    assert "page-snapshot-failed" in stages, stages  # the page's runtime worker could not prepare it
    assert "snapshot-restored" not in stages and "snapshot-failed" in stages, stages
    assert "page-wasm" in stages and "wasm-from-page" in stages, stages  # the wasm still came from the page
    assert before(stages, "snapshot-failed", "python") and before(stages, "python", "engine"), stages
    play_one_move(page)
