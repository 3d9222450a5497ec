"""A first visit's requests, read from the server's log: the boot's largest download starts from the
page's first module (web/boot/early.js), not at the end of the chain of requests that found it (boot.js
→ the runtime worker → its import), and no file is sent twice."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 120_000
ACTIONS = '#app[data-busy="0"] [data-action]'
GAME = "?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&test=1"


@pytest.fixture
def logged_site(dist_dir: Path) -> Iterator[tuple[str, list[str]]]:
    """dist/ served as site_url serves it, with the paths of the responses that carried a body (a 304
    carries none), in order."""
    from serve import make_server

    sent: list[str] = []
    server = make_server(dist_dir, on_sent=lambda path: sent.append(path.split("?", 1)[0]))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", sent
    finally:
        server.shutdown()
        server.server_close()


def test_the_wasm_download_does_not_wait_for_boot_js_and_each_file_is_sent_once(
        strict_page: Any, page_guard: Any, logged_site: tuple[str, list[str]]) -> None:
    """pyodide.asm.wasm, the boot's largest download, is asked for by the runtime worker that the page's
    first script (early.js) starts: while boot.js (the loader, and before it the page's other modules)
    is held back, the wasm is requested all the same; then the boot completes, every file sent once."""
    base, sent = logged_site
    page = strict_page
    page_guard.allow_origin(base)
    held: list[Any] = []
    page.route("**/web/boot/boot.js", lambda route: held.append(route))
    page.goto(base + GAME, wait_until="commit")
    wasm = [p for p in sent if p.endswith("/pyodide.asm.wasm")]
    for _ in range(300):  # up to 30 s on a busy machine; on a build without early.js it never comes
        if wasm:
            break
        page.wait_for_timeout(100)
        wasm = [p for p in sent if p.endswith("/pyodide.asm.wasm")]
    assert held, "the page never asked for boot.js"
    assert not any(p.endswith("/web/boot/boot.js") for p in sent), sent
    assert wasm, ("the wasm waited for boot.js", sent)
    for route in held:
        route.continue_()
    page.unroute("**/web/boot/boot.js")
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    # Nothing was downloaded twice (a revalidated no-cache file is a 304 without a body: not logged).
    twice = [path for path, n in Counter(sent).items() if n > 1]
    assert not twice, (twice, sent)
