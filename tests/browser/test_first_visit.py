"""A first visit's requests, read from the server's log and the page's Resource Timing: the boot's big
downloads start from the page's first module (web/boot/early.js), not at the end of the chains of
requests that find them (PyScript → its worker → Pyodide's JS), and no file is sent twice."""

from __future__ import annotations

import json
import re
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


def runtime_files(dist: Path) -> list[str]:
    """What the engine worker downloads to start Python, as the build sized them for the progress bar
    (RUNTIME_SIZES: pyodide.asm.wasm, the boot's zip, Pyodide's JS), as paths of the site."""
    versions = json.loads((dist / "web" / "boot" / "versions.json").read_text())
    folder = versions["stdlib_zip"].removeprefix("./").rsplit("/", 1)[0]
    for js in sorted((dist / "web" / "boot").glob("*.js")):
        found = re.search(r"RUNTIME_SIZES = .*?JSON\.parse\(.*?'(\{.*?\})'", js.read_text(), re.S)
        if found:
            return [f"/{folder}/{name}" for name in json.loads(found.group(1))]
    raise AssertionError("no RUNTIME_SIZES in web/boot")


def test_a_first_visit_starts_the_runtime_downloads_from_the_page_and_sends_each_file_once(
        strict_page: Any, page_guard: Any, logged_site: tuple[str, list[str]], dist_dir: Path) -> None:
    base, sent = logged_site
    page = strict_page
    page_guard.allow_origin(base)
    page.goto(base + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    files = runtime_files(dist_dir)
    assert len(files) == 4 and any(f.endswith("/pyodide.asm.wasm") for f in files), files
    # Requested by the page itself (its Resource Timing holds them), as early.js runs: not only later,
    # by the workers, once PyScript, the engine worker and Pyodide's JS have loaded one after the other.
    fetched = page.evaluate("() => performance.getEntriesByType('resource')"
                            ".map((e) => new URL(e.name).pathname)")
    assert not [f for f in files if f not in fetched], (files, fetched)
    # ...and the workers' own requests found them: every file of the boot was sent once.
    assert all(f in sent for f in files), (files, sent)
    twice = [path for path, n in Counter(sent).items() if n > 1]
    assert not twice, (twice, sent)
