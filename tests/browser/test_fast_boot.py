"""The boot in Chromium, read from the stages the page records (boot.stages in web/boot/boot.js): a first
visit boots Python from the boot's compiled zip with the wasm the runtime worker downloaded and compiled
(the page never loads it), never waiting for the memory snapshot, then keeps the snapshot once the first
decision is on screen; the next visit restores it. The fallbacks: no runtime worker, a kept snapshot that
cannot be read, one that does not match this runtime, and a stdlib module the boot's zip left out
(imported on demand from the full archive)."""

from __future__ import annotations

import io
import os
import re
import shutil
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import start_server
from session_helpers import built_file_with

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

# Resolves true once the page has kept the snapshot for the next visit (after the first decision).
KEPT_JS = """async () => {
  const { boot } = await import('./web/boot/boot.js');
  for (let i = 0; i < 600 && !boot.stages.some(([s]) => s === 'snapshot-kept'); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return (await (await caches.open('oriflamme-runtime')).keys()).map((r) => r.url);
}"""


# Resolves once the engine worker reported the later archive's background fetch (D83): the stages then.
LATER_JS = """async () => {
  const { boot } = await import('./web/boot/boot.js');
  for (let i = 0; i < 600 && !boot.stages.some(([s]) => s === 'later-fetched' || s === 'later-failed'); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return boot.stages.map(([s]) => s);
}"""


# When the first decision was put on the page (page clock), and the snapshot downloads started before it.
FIRST_DECISION_JS = """new MutationObserver((_, observer) => {
  if (!document.querySelector('[data-action]')) return;
  window.__firstDecisionAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });"""
EARLY_SNAPSHOT_JS = """() => performance.getEntriesByType('resource')
  .filter((e) => /\\/snapshot-[0-9a-f]+\\.bin$/.test(e.name) && !(e.startTime > window.__firstDecisionAt))
  .map((e) => e.name)"""


# Records, on the page only (an init script runs in no worker), every call that compiles wasm: the page's
# main thread must not compile pyodide.asm.wasm (its chunks and its end are long tasks there, and on a
# warm visit so is reading the compiled code back from the cache); the runtime worker does.
PAGE_WASM_SPY_JS = """(() => {
  const calls = window.__pageWasmCalls = [];
  for (const name of ['compile', 'compileStreaming', 'instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    if (typeof original === 'function') WebAssembly[name] = function (...args) {
      calls.push(name);
      return original.apply(this, args);
    };
  }
})()"""


# The page's own loads of the wasm (its resource timeline: a worker's fetches are not in it). None (D130):
# the runtime worker downloads it; a page's preload or fetch of its 9.6 MB is read on the page's main
# thread (~150 tasks, and a ~30 ms task when it ends).
PAGE_WASM_LOADS_JS = """() => performance.getEntriesByType('resource')
  .filter((e) => e.name.endsWith('/pyodide.asm.wasm')).map((e) => e.initiatorType)"""


def open_game(page: Any, url: str) -> None:
    """Open the game and wait for the human's first decision."""
    page.goto(url + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)


def boot_game(page: Any, url: str) -> list[str]:
    open_game(page, url)
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


def keep_snapshot(page: Any) -> str:
    """Wait until the page kept the snapshot (Cache Storage); its URL."""
    kept: list[str] = page.evaluate(KEPT_JS)
    assert len(kept) == 1 and re.search(r"/snapshot-[0-9a-f]+\.bin$", kept[0]), kept
    return kept[0]


def test_first_visit_boots_python_then_the_next_restores_the_kept_snapshot(strict_page: Any,
                                                                           site_url: str) -> None:
    page = strict_page
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.add_init_script(FIRST_DECISION_JS)
    page.add_init_script(PAGE_WASM_SPY_JS)
    open_game(page, site_url)
    first_visit = list(requested)
    stages = page.evaluate(STAGES_JS)
    assert page.evaluate("window.__pageWasmCalls") == []  # the wasm came compiled from the runtime worker
    assert page.evaluate(PAGE_WASM_LOADS_JS) == []  # and the page never loaded its bytes
    # Before the first decision: no snapshot (the page keeps it once the decision is drawn, maybe before
    # this test reads the requests: their start times tell), no lock file, no stock stdlib, no
    # switched-off plugin.
    assert page.evaluate(EARLY_SNAPSHOT_JS) == []
    unused = ("/pyodide-lock.json", "/python_stdlib.zip")
    assert not [u for u in first_visit if u.endswith(unused)], first_visit
    assert [u for u in first_visit if re.search(r"/python_stdlib-[0-9a-f]+\.zip$", u)], first_visit
    plugin_chunks = [u for u in first_visit if re.search(
        r"/runtime/pyscript-[^/]+/(codemirror|deprecations-manager|donkey|py-editor|py-game|py-terminal|xterm)"
        r"[\w-]*\.js$", u)]
    assert plugin_chunks == [], plugin_chunks
    for stage in ("page-snapshot-absent", "snapshot-absent", "page-wasm", "wasm-from-page",
                  "pyscript-package-from-zip", "python", "engine"):
        assert stage in stages, (stage, stages)
    assert "snapshot-restored" not in stages and "stdlib-on-demand" not in stages, stages
    assert not any(s.endswith("-failed") for s in stages), stages
    assert before(stages, "snapshot-absent", "python") and before(stages, "python", "engine"), stages
    play_one_move(page)
    assert "stdlib-on-demand" not in page.evaluate(STAGES_JS)

    keep_snapshot(page)
    # The later archive (D83) was fetched in the background once the first decision was drawn; nothing
    # needed it sooner.
    stages = page.evaluate(LATER_JS)
    assert before(stages, "engine", "later-fetched") and "later-on-demand" not in stages, stages
    stages = boot_game(page, site_url)  # the next visit
    for stage in ("page-snapshot", "page-wasm", "snapshot-from-page", "wasm-from-page", "snapshot-restored",
                  "python", "engine"):
        assert stage in stages, (stage, stages)
    assert not any(s.endswith("-failed") for s in stages), stages
    assert stages.count("snapshot-restored") == 1 and stages.count("engine") == 1, stages
    assert before(stages, "snapshot-from-page", "snapshot-restored"), stages
    assert before(stages, "snapshot-restored", "python") and before(stages, "python", "engine"), stages
    assert page.evaluate("window.__pageWasmCalls") == [] and page.evaluate(PAGE_WASM_LOADS_JS) == []
    play_one_move(page)


# A browser that cannot transfer a stream (older WebKit): the page's postMessage throws on a ReadableStream
# in its transfer list, as it does there (an init script runs on the page only: the workers are untouched).
# Since D130 the page hands the wasm on in no form: this checks that such a browser boots all the same.
NO_STREAM_TRANSFER_JS = """(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, transfer) {
    const list = Array.isArray(transfer) ? transfer : transfer?.transfer;
    if (list?.some((item) => item instanceof ReadableStream)) {
      throw new DOMException('ReadableStream could not be transferred', 'DataCloneError');
    }
    return post.call(this, message, transfer);
  };
})()"""


def test_where_a_stream_cannot_be_transferred_the_runtime_worker_still_compiles_the_wasm_and_closes(
        strict_page: Any, site_url: str) -> None:
    """The runtime worker downloads and compiles the wasm and is done (D130; before it, the page passed a
    preload's body on, and in such a browser the worker once waited for a body that never came)."""
    page = strict_page
    runtime_workers: list[Any] = []
    closed: list[Any] = []

    def started(worker: Any) -> None:
        if not runtime_workers:  # early.js starts it before anything else can start a worker
            runtime_workers.append(worker)
            worker.on("close", lambda closing: closed.append(closing))

    page.on("worker", started)
    page.add_init_script(NO_STREAM_TRANSFER_JS)
    page.add_init_script(PAGE_WASM_SPY_JS)
    stages = boot_game(page, site_url)
    assert page.evaluate("window.__pageWasmCalls") == []
    assert "page-wasm" in stages and "wasm-from-page" in stages, stages
    assert len(runtime_workers) == 1
    for _ in range(100):  # it closes once it has sent the compiled wasm, well before Python runs
        if closed:
            break
        page.wait_for_timeout(100)
    assert closed == runtime_workers
    play_one_move(page)


def test_top_level_page_is_cross_origin_isolated(strict_page: Any, site_url: str) -> None:
    """The headers of netlify.toml isolate a top-level visit: SharedArrayBuffer exists, so PyScript's
    probe for it does not throw (no V8 re-parse of its core on the main thread) and logs no warning."""
    warnings: list[str] = []
    strict_page.on("console", lambda m: warnings.append(m.text) if m.type in ("warning", "error") else None)
    boot_game(strict_page, site_url)
    assert strict_page.evaluate("() => [crossOriginIsolated, typeof SharedArrayBuffer]") == [True, "function"]
    assert not [w for w in warnings if "SharedArrayBuffer" in w], warnings
    play_one_move(strict_page)


# The runtime worker's script fails to load: built, early.js starts it from a blob: URL (D131), so the
# worker named "runtime" is sent to a script the test then blocks.
NO_RUNTIME_WORKER_JS = """(() => {
  const Native = globalThis.Worker;
  globalThis.Worker = class extends Native {
    constructor(url, options) {
      const blocked = new URL('./web/boot/blocked-runtime-worker.js', location.href);
      super(options?.name === 'runtime' ? blocked : url, options);
    }
  };
})()"""


def test_without_the_runtime_worker_the_engine_worker_reads_the_kept_snapshot(strict_page: Any,
                                                                               site_url: str) -> None:
    page = strict_page  # a worker script that fails to load logs no error: the page handles it
    boot_game(page, site_url)
    keep_snapshot(page)
    blocked: list[str] = []

    def abort(route: Any) -> None:
        blocked.append(route.request.url)
        route.abort()

    page.route("**/web/boot/blocked-runtime-worker.js", abort)
    page.add_init_script(NO_RUNTIME_WORKER_JS)
    stages = boot_game(page, site_url)
    assert blocked, "the page never asked for its runtime worker"
    # Nothing came from the page: the engine worker read the snapshot itself, and fetched the wasm (D113).
    for stage in ("page-snapshot", "snapshot-from-page", "page-wasm", "wasm-from-page"):
        assert stage not in stages, (stage, stages)
    assert "page-snapshot-failed" in stages and "page-wasm-failed" in stages, stages
    assert "snapshot-failed" not in stages, stages
    assert before(stages, "snapshot-restored", "python") and before(stages, "python", "engine"), stages
    assert "pyscript-package-from-zip" in stages, stages
    play_one_move(page)


# Replaces the kept snapshot: "garbage" (not even gzip), or "foreign" (a well-formed file in the snapshot
# format whose memory is not this runtime's).
SPOIL_JS = """async ([url, how]) => {
  const { sparseSnapshot } = await import('./web/boot/snapshot-format.js');
  let body = new Uint8Array([1, 2, 3, 4]);
  if (how === 'foreign') {
    const raw = new Uint8Array(1 << 20);
    for (let i = 0; i < raw.length; i += 7) raw[i] = (i * 31) & 0xff;
    const gz = new Blob([sparseSnapshot(raw)]).stream().pipeThrough(new CompressionStream('gzip'));
    body = new Uint8Array(await new Response(gz).arrayBuffer());
  }
  await (await caches.open('oriflamme-runtime')).put(url, new Response(body));
}"""


@pytest.mark.parametrize("how", ["garbage", "foreign"])
def test_a_kept_snapshot_that_fails_falls_back_to_booting_python(strict_page: Any, site_url: str,
                                                                  how: str) -> None:
    page = strict_page
    boot_game(page, site_url)
    url = keep_snapshot(page)
    page.evaluate(SPOIL_JS, [url, how])
    stages = boot_game(page, site_url)
    assert "snapshot-restored" not in stages, stages
    if how == "garbage":  # the page's runtime worker could not inflate it, and dropped it
        assert "page-snapshot-failed" in stages, stages
    else:  # inflated fine; Pyodide refused it
        assert "page-snapshot" in stages and "snapshot-failed" in stages, stages
    assert before(stages, "python", "engine"), stages
    play_one_move(page)


@pytest.fixture
def probe_site(page_guard: Any, dist_dir: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A copy of the site whose engine worker also exports probe(name): import a module, say from where."""
    root = tmp_path / "site"
    shutil.copytree(dist_dir, root, copy_function=os.link)
    worker = root / "py" / "engine_worker.py"
    text = worker.read_text()
    worker.unlink()  # a hard link to the shared copy: write a new file instead
    worker.write_text(text + '''

def probe(name):
    import importlib
    import json

    module = importlib.import_module(name)  # (a lazily bound module runs at its first attribute)
    return json.dumps({"name": module.__name__, "file": module.__spec__.origin})


def loaded(name):
    import sys

    return name in sys.modules


def ran(name):
    import sys

    return name in sys.modules and type(sys.modules[name]).__name__ != "_LazyModule"


def timeline():
    import json

    import js

    entries = js.performance.getEntries()
    return json.dumps([[e.entryType, e.name.rpartition("/")[2], e.startTime] for e in entries])


__export__ = [*__export__, "probe", "loaded", "ran", "timeline"]
''')
    server = start_server(root)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    page_guard.allow_origin(url)
    try:
        yield url, root
    finally:
        server.shutdown()
        server.server_close()


PROBE_JS = """async (name) => {
  const w = await document.querySelector('script[name=engine]').xworker.ready;
  return JSON.parse(await w.sync.probe(name));
}"""


def test_a_module_outside_the_boot_zip_is_imported_on_demand(strict_page: Any,
                                                              probe_site: tuple[str, Path]) -> None:
    url, root = probe_site
    (boot_zip,) = (root / "runtime").glob("pyodide-*/python_stdlib-*.zip")
    with zipfile.ZipFile(io.BytesIO(boot_zip.read_bytes())) as z:
        shipped = set(z.namelist())
    # Neither is in the boot's zip: a top-level module, and a submodule of a package that is (json).
    assert "json/__init__.pyc" in shipped
    for entry in ("colorsys.pyc", "colorsys.py", "json/tool.pyc", "json/tool.py", "html/__init__.pyc"):
        assert entry not in shipped, entry
    # `html` is imported at every boot (PyScript) but never used: bound lazily, its code not shipped.
    with zipfile.ZipFile(io.BytesIO(boot_zip.read_bytes())) as z:
        assert "html/" in z.read("stdlib_lazy.txt").decode().split()
    stages = boot_game(strict_page, url)
    assert "stdlib-on-demand" not in stages, stages
    for name in ("colorsys", "json.tool", "html"):
        got = strict_page.evaluate(PROBE_JS, name)
        assert got["name"] == name and got["file"].startswith("/lib/python_stdlib_full.zip/"), got
    assert strict_page.evaluate(STAGES_JS).count("stdlib-on-demand") == 1  # one download for all
    play_one_move(strict_page)


# Asks the engine worker's probe (`sync.loaded`: in sys.modules; `sync.ran`: its code ran) about a module.
WORKER_ASKS_JS = """async ([question, name]) => {
  const w = await document.querySelector('script[name=engine]').xworker.ready;
  return await w.sync[question](name);
}"""


def loaded(page: Any, name: str) -> bool:
    return bool(page.evaluate(WORKER_ASKS_JS, ["loaded", name]))


def ran(page: Any, name: str) -> bool:
    return bool(page.evaluate(WORKER_ASKS_JS, ["ran", name]))


def test_pyscript_is_not_imported_at_boot_but_still_imports_from_the_later_archive(
        strict_page: Any, probe_site: tuple[str, Path]) -> None:
    """D105: the worker does not import PyScript's `pyscript` package at boot (its import asks the page's
    main thread for its window and document, synchronously); code that needs it imports the compiled copy
    the later archive carries (D119), not the full stdlib archive."""
    url, _ = probe_site
    stages = boot_game(strict_page, url)
    assert "pyscript-package-from-zip" in stages, stages  # PyScript's block was recognised and dropped
    assert not loaded(strict_page, "pyscript")
    assert not loaded(strict_page, "pyscript.context")
    got = strict_page.evaluate(PROBE_JS, "pyscript")
    assert got["file"].startswith("/lib/python_later.zip/pyscript/"), got
    assert loaded(strict_page, "pyscript.context")  # (it reached the page's window)
    assert "stdlib-on-demand" not in strict_page.evaluate(STAGES_JS)
    play_one_move(strict_page)


def test_what_asyncio_imports_but_the_game_never_uses_does_not_run_at_boot_and_still_imports(
        strict_page: Any, probe_site: tuple[str, Path]) -> None:
    """D118: asyncio imports socket, subprocess (with signal and selectors), logging and concurrent.futures;
    the boot binds them lazily (py/stdlib_on_demand.py) and nothing runs them, so their code is neither
    downloaded nor run, and the boot's zip needs nothing from the full archive; used, they still import."""
    url, _ = probe_site
    stages = boot_game(strict_page, url)
    assert "stdlib-on-demand" not in stages, stages
    unused = ("socket", "subprocess", "signal", "selectors", "logging", "concurrent.futures")
    assert [n for n in unused if ran(strict_page, n)] == []
    assert ran(strict_page, "asyncio")
    got = strict_page.evaluate(PROBE_JS, "logging")
    assert got["name"] == "logging" and "/logging/__init__.py" in got["file"], got
    assert ran(strict_page, "logging")
    play_one_move(strict_page)


def test_pyscripts_progress_events_stay_in_the_worker(strict_page: Any, site_url: str) -> None:
    """D120: PyScript's worker forwarded each of its progress events to the page's window through
    synchronous round trips to the page's main thread; nothing on our page listens, so the worker's
    prelude stops them there. The page sees none, and the boot still reaches its first decision."""
    strict_page.add_init_script("window.__progress = []; "
                                "addEventListener('py:progress', (e) => window.__progress.push(e.detail));")
    stages = boot_game(strict_page, site_url)
    assert "engine" in stages, stages
    assert strict_page.evaluate("() => window.__progress") == []


TIMELINE_JS = """async () => {
  const w = await document.querySelector('script[name=engine]').xworker.ready;
  return JSON.parse(await w.sync.timeline());
}"""


def test_pyodides_js_is_requested_before_pyscript_calls_loadpyodide(strict_page: Any,
                                                                    probe_site: tuple[str, Path]) -> None:
    """D106: the engine worker imports Pyodide's JS as soon as it starts, not once PyScript's worker code
    calls our loadPyodide, which hands that module to Pyodide (one request each). D203: it is the build's
    edited copy (pyodide.asm-<hash>.mjs); the stock pyodide.asm.mjs is not requested. D208: the prelude
    asks for it beside interpreter.js, before that module's own imports (pyodide.mjs)."""
    url, _ = probe_site
    boot_game(strict_page, url)
    timeline = strict_page.evaluate(TIMELINE_JS)  # the engine worker's: [type, file name, start (ms)]
    requested = [(name, start) for kind, name, start in timeline if kind == "resource"]
    called = [start for kind, name, start in timeline if (kind, name) == ("mark", "oriflamme:loadPyodide")]
    asm = [start for name, start in requested if re.fullmatch(r"pyodide\.asm-[0-9a-f]{12}\.mjs", name)]
    assert len(called) == 1 and len(asm) == 1, timeline
    assert "pyodide.asm.mjs" not in [name for name, _ in requested], requested
    assert [name for name, _ in requested].count("interpreter.js") == 1, requested
    assert asm[0] < called[0], (asm, called)
    mjs = [start for name, start in requested if name == "pyodide.mjs"]
    assert len(mjs) == 1 and asm[0] < mjs[0], requested
    play_one_move(strict_page)


def test_python_starts_before_pyscript_calls_loadpyodide_and_boots_once(strict_page: Any,
                                                                        probe_site: tuple[str, Path]) -> None:
    """D206: the interpreter module starts Python as soon as the engine worker evaluates it, not when
    PyScript's worker code calls loadPyodide (after opening its IndexedDB store); that call takes the same
    Python: the boot's zip is requested once, and the game plays."""
    url, _ = probe_site
    boot_game(strict_page, url)
    timeline = strict_page.evaluate(TIMELINE_JS)
    marks = [(name, start) for kind, name, start in timeline if kind == "mark"]
    started = [start for name, start in marks if name == "oriflamme:python-start"]
    called = [start for name, start in marks if name == "oriflamme:loadPyodide"]
    assert len(started) == 1 and len(called) == 1, marks
    assert started[0] < called[0], marks
    zips = [name for kind, name, _ in timeline if kind == "resource" and name.startswith("python_stdlib-")]
    assert len(zips) == 1, timeline
    play_one_move(strict_page)


def rewrite(path: Path, text: str) -> None:
    """Change a file of the probe site (a hard link to the shared copy: a new file instead)."""
    path.unlink()
    path.write_text(text)


def test_a_later_module_imports_after_the_background_fetch_without_another_download(
        strict_page: Any, probe_site: tuple[str, Path]) -> None:
    url, _ = probe_site
    boot_game(strict_page, url)
    stages = strict_page.evaluate(LATER_JS)
    assert "later-fetched" in stages, stages
    # (tabletop.review: imported at boot, bound lazily, run from the later archive at its first use)
    for name in ("lieux.rules", "tabletop.search", "oriflamme.bots.hard", "tabletop.review"):
        got = strict_page.evaluate(PROBE_JS, name)
        assert got["file"].startswith("/lib/python_later.zip/"), got
    assert "later-on-demand" not in strict_page.evaluate(STAGES_JS)  # read from the fetched file
    play_one_move(strict_page)


def test_a_later_module_needed_before_the_background_fetch_is_downloaded_at_once(
        strict_page: Any, probe_site: tuple[str, Path]) -> None:
    url, root = probe_site
    asked = 'postMessage({type:"later-archive"})'  # pwa.js's, as minified and bundled by the build
    pwa = built_file_with(root, asked)
    rewrite(pwa, pwa.read_text().replace(asked, 'postMessage({type:"nothing"})'))
    boot_game(strict_page, url)
    for name in ("tabletop.search", "lieux.rules"):
        got = strict_page.evaluate(PROBE_JS, name)
        assert got["file"].startswith("/lib/python_later.zip/"), got
    stages = strict_page.evaluate(STAGES_JS)
    assert stages.count("later-on-demand") == 1 and "later-fetched" not in stages, stages
    play_one_move(strict_page)


@pytest.mark.parametrize("line", [False, True], ids=["loopback", "line"])
def test_the_guided_game_at_once_from_a_first_visit_downloads_the_later_archive_for_it(
        strict_page: Any, probe_site: tuple[str, Path], page_guard: Any, line: bool) -> None:
    """D224: the tutorial's module rides in the later archive, not the boot's zip. A first visitor who taps
    "Learn to play" as soon as the form is drawn, before the page has asked for the later archive (here it
    never asks), still gets the guided game: its import downloads the archive at once. On the loopback and
    behind the benchmark's simulated line (10 Mbit/s, 20 ms a request)."""
    from bench_network import make_line_server

    url, root = probe_site
    asked = 'postMessage({type:"later-archive"})'  # pwa.js's, as minified and bundled by the build
    pwa = built_file_with(root, asked)
    rewrite(pwa, pwa.read_text().replace(asked, 'postMessage({type:"nothing"})'))
    server = None
    if line:
        server = make_line_server(root, 10, 20)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        page_guard.allow_origin(url)
    try:
        strict_page.goto(url + "?lang=en&speed=0&test=1")  # no game in the link: the form
        learn = strict_page.locator('[data-testid="learn"]')
        learn.wait_for(state="visible", timeout=BOOT_TIMEOUT)
        learn.click()
        strict_page.locator('[data-testid="tutorial"] .tutorial-note').first.wait_for(state="visible",
                                                                                     timeout=BOOT_TIMEOUT)
        strict_page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
        assert strict_page.evaluate(PROBE_JS, "oriflamme.tutorial")["file"] == \
            "/lib/python_later.zip/oriflamme/tutorial.pyc"
        stages = strict_page.evaluate(STAGES_JS)
        assert stages.count("later-on-demand") == 1 and "later-fetched" not in stages, stages
        play_one_move(strict_page)
    finally:
        if server is not None:
            server.shutdown()
            server.server_close()


def test_without_the_later_archive_its_modules_fall_back_or_fail_in_words(
        page: Any, probe_site: tuple[str, Path]) -> None:
    """D84: the boot and the first decisions need nothing from it; its stdlib modules come from the full
    archive, and an engine module's import fails with an error naming the file and the cause."""
    url, root = probe_site
    (later,) = (root / "runtime").glob("pyodide-*/python_later-*.zip")
    later.unlink()
    boot_game(page, url)
    assert "later-failed" in page.evaluate(LATER_JS)
    got = page.evaluate(PROBE_JS, "_colorize")
    assert got["file"].startswith("/lib/python_stdlib_full.zip/"), got
    with pytest.raises(Exception, match=rf"tabletop\.search.*{re.escape(later.name)} could not be downloaded "
                                        r"\(HTTP 404\)"):
        page.evaluate(PROBE_JS, "tabletop.search")
    play_one_move(page)
