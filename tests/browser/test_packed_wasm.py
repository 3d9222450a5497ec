"""The wasm shipped compressed (D200, D201), in Chromium. Over a line (the benchmark's simulated one, 10
Mbit/s), a first visit downloads pyodide.asm-<hash>.wasm.zst, not the plain wasm: the runtime worker
inflates it while it streams in and compiles it. On the loopback it downloads the plain file at once.
Either way it keeps the plain bytes (Cache Storage), and the next visit downloads and decodes no wasm.
The fallbacks: the compressed file missing, corrupt or cut short, its decoder missing, the kept copy
damaged — each boots normally and plays."""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import running, start_server
from test_fast_boot import before, boot_game, play_one_move

pytestmark = pytest.mark.browser

PACKED = re.compile(r"/runtime/pyodide-[^/]+/pyodide\.asm-[0-9a-f]+\.wasm\.zst$")
PLAIN = re.compile(r"/runtime/pyodide-[^/]+/pyodide\.asm\.wasm$")
KEPT_WASM = "oriflamme-wasm"  # web/boot/early.js KEPT_WASM

# The URLs the runtime worker kept (Cache Storage) and their sizes, once there is one (or after ~30 s).
KEPT_JS = """async (name) => {
  for (let i = 0; i < 300; i++) {
    const cache = await caches.open(name);
    const keys = await cache.keys();
    if (keys.length) {
      const sizes = [];
      for (const key of keys) sizes.push((await (await cache.match(key)).arrayBuffer()).byteLength);
      return keys.map((k, i) => [k.url, sizes[i]]);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}"""


def wasm_requests(urls: list[str]) -> tuple[list[str], list[str]]:
    return [u for u in urls if PACKED.search(u)], [u for u in urls if PLAIN.search(u)]


def plain_wasm_size(root: Path) -> int:
    (wasm,) = root.glob("runtime/pyodide-*/pyodide.asm.wasm")
    return wasm.stat().st_size


def far(stages: list[str]) -> bool:
    """Whether the page took itself for one over a line (web/boot/early.js packedFirst), by its boot stage."""
    assert ("wasm-packed-first" in stages) != ("wasm-plain-first" in stages), stages
    return "wasm-packed-first" in stages


def booted_from_the_runtime_worker(stages: list[str]) -> None:
    assert "page-wasm" in stages and "wasm-from-page" in stages, stages
    assert not any(s.endswith("-failed") for s in stages), stages
    assert before(stages, "wasm-from-page", "python") and before(stages, "python", "engine"), stages


def test_over_a_line_the_first_visit_inflates_the_packed_wasm_and_the_next_downloads_no_wasm(
        strict_page: Any, spoiled_site: Callable[..., str], dist_dir: Path) -> None:
    url = spoiled_site(spoil_nothing, line=True)
    page = strict_page
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    booted_from_the_runtime_worker(boot_game(page, url))
    packed, plain = wasm_requests(requested)
    assert len(packed) == 1 and plain == [], requested
    kept = page.evaluate(KEPT_JS, KEPT_WASM)
    assert [(PLAIN.search(u) is not None, size) for u, size in kept] == [(True, plain_wasm_size(dist_dir))]
    play_one_move(page)

    requested.clear()
    booted_from_the_runtime_worker(boot_game(page, url))  # the next visit: the kept copy
    assert wasm_requests(requested) == ([], []), requested
    play_one_move(page)


def test_on_the_loopback_the_plain_wasm_is_downloaded_at_once_and_kept(
        strict_page: Any, site_url: str, dist_dir: Path) -> None:
    """From this machine the bytes cost nothing and the decoder would only add to the boot (D201): the
    plain file is asked for, never the compressed one, and kept all the same (for a visit that comes
    through the service worker). (Should this busy machine
    take 10 ms or more to answer the page, the page rightly takes it for a line: then the compressed one.)"""
    page = strict_page
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    stages = boot_game(page, site_url)
    booted_from_the_runtime_worker(stages)
    packed, plain = wasm_requests(requested)
    afar = far(stages)
    assert (len(packed), len(plain)) == ((1, 0) if afar else (0, 1)), (packed, plain, stages)
    kept = page.evaluate(KEPT_JS, KEPT_WASM)
    assert [(PLAIN.search(u) is not None, size) for u, size in kept] == [(True, plain_wasm_size(dist_dir))]
    requested.clear()
    stages = boot_game(page, site_url)
    booted_from_the_runtime_worker(stages)
    # From this machine the next visit asks the HTTP cache again: no Cache Storage look-up holds up a
    # loopback page's wasm request (D221); from afar (or with the service worker) the kept copy serves it.
    # Each visit decides by its own page's answer time (a loaded machine can be "afar" in one and not the
    # other): the test reads the decision the page made (its boot stage), not the time again.
    afar = far(stages)
    # (Counted, not compared with the first visit's list: that one is empty when the first visit took itself
    # for one over a line — the flake of sessions 12–13.)
    packed, plain = wasm_requests(requested)
    assert (len(packed), len(plain)) == ((0, 0) if afar else (0, 1)), (packed, plain, stages)
    play_one_move(page)


def spoil_nothing(root: Path) -> None:
    pass


def _rewrite(path: Path, data: bytes | None) -> None:
    path.unlink()  # a hard link to the shared copy: write a new file instead (or none)
    if data is not None:
        path.write_bytes(data)


def spoil_missing(root: Path) -> None:
    (packed,) = root.glob("runtime/pyodide-*/pyodide.asm-*.wasm.zst")
    _rewrite(packed, None)


def spoil_corrupt(root: Path) -> None:
    (packed,) = root.glob("runtime/pyodide-*/pyodide.asm-*.wasm.zst")
    data = bytearray(packed.read_bytes())
    for at in range(len(data) // 3, len(data) // 3 + 4096):  # a zstd frame's blocks, scrambled mid-file
        data[at] ^= 0x5A
    _rewrite(packed, bytes(data))


def spoil_truncated(root: Path) -> None:
    (packed,) = root.glob("runtime/pyodide-*/pyodide.asm-*.wasm.zst")
    _rewrite(packed, packed.read_bytes()[: packed.stat().st_size // 2])


def spoil_decoder(root: Path) -> None:
    (decoder,) = root.glob("runtime/fzstd-*/fzstd.js")
    _rewrite(decoder, None)


@pytest.fixture
def spoiled_site(page_guard: Any, dist_dir: Path, tmp_path: Path) -> Iterator[Callable[..., str]]:
    """A function (spoil, line=False) -> the URL of a copy of the site that `spoil` changed, served on the
    loopback as site_url is, or behind the benchmark's simulated line (10 Mbit/s, 20 ms a request)."""
    from bench_network import make_line_server

    servers: list[Any] = []

    def make(spoil: Any, line: bool = False) -> str:
        root = tmp_path / f"site{len(servers)}"
        shutil.copytree(dist_dir, root, copy_function=os.link)
        spoil(root)
        if line:
            server = make_line_server(root, 10, 20)
            threading.Thread(target=server.serve_forever, daemon=True).start()
        else:
            server = start_server(root)
        servers.append(server)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        page_guard.allow_origin(url)
        return url

    yield make
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("spoil", [spoil_missing, spoil_corrupt, spoil_truncated, spoil_decoder],
                         ids=["missing", "corrupt", "truncated", "no-decoder"])
def test_a_packed_wasm_that_fails_falls_back_to_the_plain_one(
        page: Any, spoiled_site: Callable[..., str], spoil: Any, dist_dir: Path) -> None:
    """Over a line, where the compressed file is used. (A plain `page`: the browser logs a missing file's
    failed request as a console error.)"""
    url = spoiled_site(spoil, line=True)
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    booted_from_the_runtime_worker(boot_game(page, url))
    packed, plain = wasm_requests(requested)
    assert len(plain) == 1, requested
    assert len(packed) == 1, requested  # asked for (with its decoder) before the fallback
    kept = page.evaluate(KEPT_JS, KEPT_WASM)  # what was kept is the plain file, whole
    assert [(PLAIN.search(u) is not None, size) for u, size in kept] == [(True, plain_wasm_size(dist_dir))]
    play_one_move(page)


# A kept copy that is no wasm V8 can compile: a wasm header, then a stray byte.
DAMAGE_JS = """async ([name, url]) => (await caches.open(name)).put(url, new Response(
  new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 9]), { headers: { 'Content-Type': 'application/wasm' } }))"""


def test_a_damaged_kept_wasm_is_downloaded_and_kept_again(
        strict_page: Any, spoiled_site: Callable[..., str], dist_dir: Path) -> None:
    url = spoiled_site(spoil_nothing, line=True)
    page = strict_page
    boot_game(page, url)
    ((kept_url, _),) = page.evaluate(KEPT_JS, KEPT_WASM)
    page.evaluate(DAMAGE_JS, [KEPT_WASM, kept_url])
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    booted_from_the_runtime_worker(boot_game(page, url))
    packed, plain = wasm_requests(requested)
    assert len(packed) == 1 and plain == [], requested
    for _ in range(100):  # the new copy replaces the damaged one
        kept = page.evaluate(KEPT_JS, KEPT_WASM)
        if kept[0][1] > 9:
            break
        page.wait_for_timeout(100)
    assert kept == [[kept_url, plain_wasm_size(dist_dir)]]
    play_one_move(page)


@pytest.fixture
def slow_hooked_site(dist_dir: Path) -> Iterator[tuple[str, list[str]]]:
    """dist/ served hooked (other_browsers.py: console errors recorded) with 15 ms before each response, so
    that the page takes itself for a remote one (D201); with the paths served, in order."""
    import functools
    import time

    from other_browsers import hooked_server

    served: list[str] = []
    server = hooked_server(dist_dir)
    made_by = server.RequestHandlerClass
    assert isinstance(made_by, functools.partial)

    class Slow(made_by.func):  # type: ignore[misc,name-defined]
        def do_GET(self) -> None:
            served.append(self.path.split("?", 1)[0])
            time.sleep(0.015)
            super().do_GET()

    server.RequestHandlerClass = functools.partial(Slow, directory=str(dist_dir))
    with running(server) as url:
        yield url, served


@pytest.mark.parametrize("which", ["firefox", "webkit"])
def test_firefox_and_webkit_boot_from_the_packed_wasm(which: str,
                                                      slow_hooked_site: tuple[str, list[str]]) -> None:
    """The other engines inflate and compile the packed wasm as Chromium does (`compileStreaming` of a
    `Response` around a stream): the plain file is never asked for, the game boots and logs no error."""
    from other_browsers import open_page

    url, served = slow_hooked_site
    with open_page(which) as page:
        page.goto(url + "?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&test=1")
        page.wait_for_selector('#app[data-busy="0"] [data-action]', timeout=120_000)
        assert page.console_errors() == []
    packed, plain = wasm_requests(served)
    assert len(packed) == 1 and plain == [], served
