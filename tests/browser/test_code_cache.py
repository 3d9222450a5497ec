"""A returning visitor's wasm code cache (D160), in an on-disk profile as a visitor's is (Playwright's usual
contexts are off the record: no code cache at all). Chromium writes a streamed module's compiled code to
the profile through the context that started the compile (the runtime worker, web/boot/runtime-worker.js)
once V8 has optimised enough of it; the next visit's compile is then a deserialisation of that code.

V8 waits until its tier-up has been quiet for 2 s before it writes, and Chromium 156's V8 postpones that
write by minutes when the tier-up goes on (docs/PERFORMANCE.md, "The game's wasm in the visitor's code
cache"): whether a given visit gets written is a matter of timing. These tests take the timing out with
V8's own switch (--wasm-caching-timeout-ms=0: write at once) and check what the page controls: that the
context that compiled the module is still there to write it, that the next visit uses it, and that a
cache entry that cannot be used still boots."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS

BOOT_TIMEOUT = 120_000
ACTIONS = '#app[data-busy="0"] [data-action]'
GAME = "?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&test=1"
WRITE_AT_ONCE = "--js-flags=--wasm-caching-timeout-ms=0"
CACHE_WAIT_MS = 60_000


@pytest.fixture
def profile(playwright: Any, tmp_path: Path) -> Iterator[tuple[Any, Path]]:
    """A persistent (on-disk) browser profile: the context and its directory."""
    folder = tmp_path / "profile"
    context = playwright.chromium.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, WRITE_AT_ONCE])
    try:
        yield context, folder
    finally:
        context.close()


def wasm_cache(folder: Path) -> list[Path]:
    """The files of the profile's wasm code cache (its index excepted)."""
    root = folder / "Default" / "Code Cache" / "wasm"
    return [f for f in root.rglob("*") if f.is_file() and f.name != "index" and f.parent.name != "index-dir"]


def cached_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in wasm_cache(folder))


def visit(context: Any, url: str) -> tuple[Any, list[str]]:
    """Opens the game in a new tab of `context` up to its first decision, traced: (the page, the names of
    the trace's wasm code-cache events)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    config = {"includedCategories": ["disabled-by-default-devtools.timeline"]}
    cdp.send("Tracing.start", {"transferMode": "ReturnAsStream", "traceConfig": config})
    page.goto(url + GAME)
    page.wait_for_selector(ACTIONS, timeout=BOOT_TIMEOUT)
    done: dict[str, Any] = {}
    cdp.on("Tracing.tracingComplete", lambda event: done.update(event))
    cdp.send("Tracing.end")
    for _ in range(300):
        if done:
            break
        page.wait_for_timeout(100)
    chunks = []
    while True:
        read = cdp.send("IO.read", {"handle": done["stream"], "size": 1 << 20})
        chunks.append(read["data"])
        if read.get("eof"):
            break
    events = json.loads("".join(chunks))
    events = events["traceEvents"] if isinstance(events, dict) else events
    return page, [e["name"] for e in events if str(e.get("name", "")).startswith("v8.wasm.")]


def wait_until_cached(page: Any, folder: Path) -> int:
    for _ in range(CACHE_WAIT_MS // 500):
        if cached_bytes(folder) > 100_000:
            break
        page.wait_for_timeout(500)
    return cached_bytes(folder)


def test_a_returning_visit_deserializes_the_wasm_the_first_visit_compiled(profile: tuple[Any, Path],
                                                                          site_url: str) -> None:
    context, folder = profile
    page, events = visit(context, site_url)
    assert "v8.wasm.moduleCacheHit" not in events, events
    # Written through the runtime worker, which must still be there when V8 has optimised enough code.
    assert wait_until_cached(page, folder) > 100_000, "the game's wasm was not kept in the code cache"
    page.close()
    page, events = visit(context, site_url)
    assert "v8.wasm.moduleCacheHit" in events, events
    page.close()


def test_a_code_cache_entry_that_cannot_be_used_still_boots(profile: tuple[Any, Path], site_url: str) -> None:
    context, folder = profile
    page, _ = visit(context, site_url)
    assert wait_until_cached(page, folder) > 100_000, "the game's wasm was not kept in the code cache"
    page.close()
    for entry in wasm_cache(folder):  # same sizes, other bytes
        entry.write_bytes(bytes(b ^ 0x5A for b in entry.read_bytes()))
    page, events = visit(context, site_url)
    assert page.locator(ACTIONS).count() > 0
    assert "v8.wasm.moduleCacheHit" not in events or "v8.wasm.moduleCacheInvalid" in events, events
    page.close()
