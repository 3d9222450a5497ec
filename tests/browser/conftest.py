"""Browser-test fixtures: Debian's Chromium, dist/ served on 127.0.0.1, a strict page.

- `browser_type_launch_args` (pytest-playwright): /usr/bin/chromium with flags that keep it off the
  network and quiet (Playwright cannot download its own browsers here).
- `site_url` (session): dist/ served by scripts/serve.py's handler — the headers of netlify.toml,
  CSP included — on a free port of 127.0.0.1, one server per xdist worker. `make test` builds dist/
  first; if dist/ is missing the fixture builds it (under a file lock, once for all workers).
- `strict_page`: pytest-playwright's `page`, failing the test on any console error (except the known
  noise below), any uncaught page error, and any request to another origin.
See docs/WEB.md.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# Console messages that are not ours to fix: Chromium's blocked background networking, and PyScript's
# notice that a worker without cross-origin isolation has no DOM access (we do not want one).
KNOWN_NOISE = [
    re.compile(r"SharedArrayBuffer", re.I),
    re.compile(r"net::ERR_BLOCKED_BY_(CLIENT|ADMINISTRATOR)", re.I),
    re.compile(r"background.?networking", re.I),
]

sys.path.insert(0, str(ROOT / "scripts"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test under tests/browser is a browser test."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def ensure_dist() -> Path:
    """dist/ as `make build` makes it; built here only when missing (locked across xdist workers)."""
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / ".dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (DIST / "index.html").exists() or not (DIST / "pyscript.json").exists():
                build = [sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(DIST), "--swap"]
                subprocess.run(build, check=True, cwd=ROOT)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return DIST


def snapshot_dist(target: Path) -> Path:
    """A hard-linked copy of dist/ (instant): a rebuild during the test run (the build swaps in a new
    tree, never rewrites files) cannot change what this session serves."""
    src = ensure_dist()
    shutil.copytree(src, target, copy_function=os.link)
    return target


def start_server(directory: Path, host: str = "127.0.0.1", headers: dict[str, str] | None = None,
                 netlify: bool = True) -> Any:
    from serve import make_server

    server = make_server(directory, host=host, port=0, headers=headers, netlify=netlify)
    thread = threading.Thread(target=server.serve_forever, name=f"serve-{directory.name}", daemon=True)
    thread.start()
    return server


@contextlib.contextmanager
def running(server: Any, host: str = "127.0.0.1") -> Iterator[str]:
    """`server` (made, not started) served from a thread for the block: its base URL, named with `host`;
    closed after."""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def serve_directory() -> Iterator[Any]:
    """A function (directory, host="127.0.0.1") -> base URL of a plain server for it (no netlify.toml
    headers: e.g. a third-party blog), closed after the test."""
    servers: list[Any] = []

    def serve(directory: Path, host: str = "127.0.0.1") -> str:
        server = start_server(directory, host=host, netlify=False)
        servers.append(server)
        return f"http://{host}:{server.server_address[1]}/"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return snapshot_dist(tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def site_url(dist_dir: Path) -> Iterator[str]:
    server = start_server(dist_dir)
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def is_same_origin(url: str, origins: set[str]) -> bool:
    """Our origin(s), plus blob: URLs minted by them and inline data: URLs."""
    if url.startswith("data:"):
        return True
    if url.startswith("blob:"):
        url = url[len("blob:"):]
    return _origin(url) in origins


class PageGuard:
    """Collects console errors, page errors and requests to other origins for one test."""

    def __init__(self, origins: set[str]) -> None:
        self.origins = origins
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def on_console(self, msg: Any) -> None:
        if msg.type != "error":
            return
        text = msg.text
        if any(p.search(text) for p in KNOWN_NOISE):
            return
        loc = msg.location or {}
        self.errors.append(f"console.error: {text} @ {loc.get('url', '')}:{loc.get('lineNumber', '')}")

    def on_pageerror(self, exc: Any) -> None:
        self.errors.append(f"page error: {exc}")

    def on_request(self, request: Any) -> None:
        if not is_same_origin(request.url, self.origins):
            self.foreign.append(request.url)

    def allow_origin(self, url: str) -> None:
        self.origins.add(_origin(url))

    def watch(self, page: Any) -> None:
        """Collects what `page` (and the other pages of its browser context) report."""
        page.on("console", self.on_console)
        page.on("pageerror", self.on_pageerror)
        page.context.on("request", self.on_request)

    @contextlib.contextmanager
    def new_page(self, browser: Any, **context_options: Any) -> Iterator[Any]:
        """A watched page in a browser context of its own (a size, touch...); checked when it closes."""
        ctx = browser.new_context(**context_options)
        page = ctx.new_page()
        self.watch(page)
        yield page
        ctx.close()
        self.check()

    def check(self) -> None:
        problems = [*self.errors, *(f"request to another origin: {u}" for u in self.foreign)]
        if problems:
            pytest.fail("\n".join(problems[:20]), pytrace=False)


@pytest.fixture
def page_guard(site_url: str) -> PageGuard:
    return PageGuard({_origin(site_url)})


@pytest.fixture
def strict_page(page: Any, page_guard: PageGuard) -> Iterator[Any]:
    """`page` that fails the test on console errors, page errors and requests to other origins."""
    page_guard.watch(page)
    yield page
    page_guard.check()
