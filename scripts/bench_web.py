#!/usr/bin/env python3
"""Browser benchmark (`make bench-web`): the game's boot against a bare Pyodide page, in one run.

For each of N rounds, alternating, in Debian's Chromium (headless) against dist/ served on 127.0.0.1
with the production headers (scripts/serve.py):
- game, cold: a visitor's first visit (D180): Chromium started on a fresh profile on disk (its first tab
  on another site first, D181) opens
  /?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&sw=1 and we time navigation → the
  first visible `[data-action]` element (a decision the player can click); the tab stays open until the
  snapshot is kept and the service worker controls the page, then until V8's code cache has been quiet
  for 3 s, and the browser is closed;
- game, warm: the second return visit (D182), each return visit in a new session of the browser on that
  profile (HTTP cache, V8's code cache of scripts and wasm, Cache Storage, the service worker: what a
  returning visitor's browser has from the third visit on); the first return visit is "return 1";
- bare, cold / warm: dist/bench/bare.html loads the same Pyodide files with loadPyodide() on the main
  thread and prints 1+1; we time navigation → that output; a profile of its own, the same way.
With --private, the localhost visits are made as before D180: a fresh off-the-record context (no on-disk
code cache) for cold, a second tab of the same context for warm, no service worker; --compare makes
both in every round. The network profiles' first visits are always in fresh off-the-record contexts.
Times are the page's own clock (performance.now() from navigation start: a MutationObserver notes that
the DOM changed, the next animation frame reads whether the end point is visible). The main thread's
longest freeze is the longest gap of a setTimeout heartbeat
(minus its period), from navigation to the end point plus 1 s. The page tells the bench when it is done
through a request to the bench's server, so the browser driver runs nothing in the page meanwhile
(Playwright's waits inject a script of their own, itself a ~40-80 ms task). Bytes are what the server
sent before the end point (first visit = cold), split into Pyodide's own files and ours, raw and gzip-9
(what a compressing host sends; the local server does not compress).

With --direct, the boot rounds run with no driver attached at all: Chromium is started by the bench
itself, once per round with a fresh profile (on disk, like a visitor's), the heartbeat script is served
inside the page, and the results come back through the same requests. Cold is the first visit of the
page in that settled browser (a waiting page on another site opens it: a fresh renderer, empty caches),
warm the page reloading itself 1 s after the first visit's end point (the same browser session; the
snapshot may not be kept yet). It shows what a driver hides: CDP's agents make V8 do work no visitor's
browser does, and a driven browser registers the service worker only if the page asks (?sw=1, pwa.js).

Usage: python3 scripts/bench_web.py [--rounds 5] [--dist dist] [--json out.json] [--localhost-only]
                                    [--private | --compare | --direct]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from bench_network import PRECOMPRESSED, Compressed, make_line_server  # noqa: E402
from serve import make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]
GAME_PATH = "?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0"
BARE_PATH = "bench/bare.html"
HEARTBEAT_MS = 10
TIMEOUT_MS = 120_000

INIT_SCRIPT = """
(() => {
  if (window.top !== window) return;
  const b = { maxGap: 0, end: null, stopAt: Infinity, gaps: [] };
  let last = performance.now();
  const beat = () => {
    const now = performance.now();
    if (now > b.stopAt) return;
    const gap = now - last - @HB@;
    b.maxGap = Math.max(b.maxGap, gap);
    if (gap > 30) b.gaps.push([Math.round(last), Math.round(gap)]);  // where the long ones were
    last = now;
    setTimeout(beat, @HB@);
  };
  setTimeout(beat, @HB@);
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  // Tells the bench through its own server (a request it recognises), so that nothing of the browser
  // driver runs in the page while it is measured: Playwright's waits inject a large script of their own.
  const signal = (what) =>
    fetch(`${location.pathname}?__bench=${what}`, { cache: 'no-store' }).catch(() => {});
  // Whether the end point is visible is read at most once per frame, in the frame's own animation
  // callback, where the style and layout it forces are those the frame computes next anyway: reading it
  // at every DOM mutation, as before, added forced layouts of its own to the page's busiest tasks.
  let pending = false;
  const mutated = () => {
    if (b.end === null && !pending) { pending = true; requestAnimationFrame(check); }
  };
  const check = () => {
    pending = false;
    if (b.end !== null) return;
    const el = document.querySelector('[data-action]') || document.querySelector('output#result');
    if (el && visible(el)) {
      b.end = performance.now();
      observer.disconnect();
      b.stopAt = b.end + 1000;
      signal('end');
      setTimeout(() => {
        const result = JSON.stringify({ end: b.end, maxGap: b.maxGap, gaps: b.gaps,
                                        origin: performance.timeOrigin });
        signal(`done&r=${encodeURIComponent(result)}`).then(() => {
          // ?sw=1: the background downloads after the first decision (the snapshot kept for the next
          // visits, the service worker's precache) are over once the worker controls the page and the
          // snapshot is in its cache.
          if (/[?&]sw=1/.test(location.search)) {
            const kept = async () => (await caches.has('oriflamme-runtime'))
              && (await (await caches.open('oriflamme-runtime')).keys()).length > 0;
            const poll = async () => {
              if (navigator.serviceWorker?.controller && await kept()) signal('precached');
              else setTimeout(poll, 100);
            };
            poll();
          }
          // --direct: the first visit reloads the page once, for the warm visit.
          if (window.__benchDirect && !sessionStorage.getItem('bench-warm')) {
            sessionStorage.setItem('bench-warm', '1');
            location.reload();
          }
        });
      }, 1000 + @HB@);
    }
  };
  const observer = new MutationObserver(mutated);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();
""".replace("@HB@", str(HEARTBEAT_MS))


class Recorder:
    """Which files the server sent, in order, with their sizes: raw, and gzip -9 (what a compressing
    host sends; for a line server, which compresses, the bytes it really sent)."""

    def __init__(self, root: Path, compresses: bool = False) -> None:
        self.root = root
        self.compresses = compresses
        self.lock = threading.Lock()
        self.sent: list[tuple[float, str, int]] = []
        self.on_wire: dict[int, int] = {}  # index in `sent` -> bytes really sent (line servers)
        self._gz: dict[str, int] = {}
        # The page's ?__bench=<what>[&r=<json>] requests since mark(): (what, when, payload), in order.
        self.signals: list[tuple[str, float, Any]] = []
        self.signalled = threading.Condition(self.lock)
        # A line server's responses: (path, bytes sent, received, first byte, last byte), monotonic.
        self.timings: list[tuple[str, int, float, float, float]] = []
        self.pipe_stats: list[tuple[str, float, float]] = []  # (path, late, blocked): bench_network.py

    def record_pipe(self, path: str, late: float, blocked: float) -> None:
        with self.lock:
            self.pipe_stats.append((path, late, blocked))

    def record_timing(self, path: str, sent: int, received: float, first: float, last: float) -> None:
        with self.lock:
            self.timings.append((path, sent, received, first, last))

    def record_sent(self, path: str, sent: int) -> None:
        """A line server's response (bench_network.py): `sent` bytes went out for `path`."""
        with self.lock:
            index = len(self.sent)
        self.record(path)
        with self.lock:
            if len(self.sent) > index:
                self.on_wire[len(self.sent) - 1] = sent

    def record(self, path: str) -> None:
        if "__bench=" in path:
            what, _, payload = path.rsplit("__bench=", 1)[1].partition("&r=")
            with self.lock:
                self.signals.append((what, time.monotonic(), json.loads(urllib.parse.unquote(payload))
                                     if payload else None))
                self.signalled.notify_all()
            return
        local = path.split("?", 1)[0].split("#", 1)[0].lstrip("/") or "index.html"
        if local.startswith("__"):
            return  # the bench's own files (--direct)
        file = self.root / local
        if file.is_dir():
            file = file / "index.html"
        size = file.stat().st_size if file.is_file() else 0
        with self.lock:
            self.sent.append((time.monotonic(), local, size))

    def gz(self, local: str) -> int:
        if local not in self._gz:
            file = self.root / local
            if file.is_dir():
                file = file / "index.html"
            # A file compressed at build time (D200) goes as is, as from a line server (bench_network.py).
            raw = file.read_bytes() if file.is_file() else b""
            packed = raw if file.suffix in PRECOMPRESSED else gzip.compress(raw, 9)
            self._gz[local] = len(packed) if raw else 0
        return self._gz[local]

    def mark(self) -> int:
        with self.lock:
            self.signals.clear()
            self.timings.clear()
            self.pipe_stats.clear()
            return len(self.sent)

    def wait_signal(self, what: str, timeout_s: float, nth: int = 1) -> tuple[float, Any]:
        """(monotonic time, payload) of the page's nth ?__bench=<what> since mark(); TimeoutError after
        timeout_s."""
        def found() -> list[tuple[float, Any]]:
            return [(when, payload) for w, when, payload in self.signals if w == what]

        with self.lock:
            if not self.signalled.wait_for(lambda: len(found()) >= nth, timeout_s):
                raise TimeoutError(f"the page never signalled {what!r} ({nth})")
            return found()[nth - 1]

    def since(self, start: int, until: float, after: float = 0.0) -> list[tuple[str, int, int]]:
        """(path, raw bytes, bytes over the wire) of the files sent from request `start`, between
        `after` and `until` (monotonic)."""
        with self.lock:
            return [(p, s, self.on_wire.get(i, s if self.compresses else -1))
                    for i, (t, p, s) in enumerate(self.sent) if i >= start and after <= t <= until]

    def wire(self, path: str, sent: int) -> int:
        """What a compressing host sends for `path`: the real count from a line server, else gzip -9."""
        return sent if sent >= 0 else self.gz(path)


def serve(dist: Path) -> tuple[Any, str, Recorder]:
    recorder = Recorder(dist)
    server = make_server(dist, on_sent=recorder.record)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", recorder


def serve_line(dist: Path, mbit_s: float, latency_ms: float, files: Compressed) -> tuple[Any, str, Recorder]:
    """dist/ behind a simulated line (scripts/bench_network.py: gzip, latency, one shared pipe)."""
    recorder = Recorder(dist, compresses=True)
    server = make_line_server(dist, mbit_s, latency_ms, on_bytes=recorder.record_sent, files=files,
                              on_timing=recorder.record_timing, on_pipe=recorder.record_pipe)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", recorder


def sent_bytes(recorder: Recorder, start: int, until: float) -> dict[str, Any]:
    """What the server sent from request number `start` up to `until` (the end point)."""
    files = recorder.since(start, until)
    pyodide = [(p, s, w) for p, s, w in files if category(p) in PYODIDES]
    return {"bytes": sum(s for _, s, _ in files), "gzip": sum(recorder.wire(p, w) for p, _, w in files),
            "requests": len(files), "pyodide_bytes": sum(s for _, s, _ in pyodide),
            "pyodide_gzip": sum(recorder.wire(p, w) for p, _, w in pyodide),
            "files": [(p, s, recorder.wire(p, w)) for p, s, w in files]}


# --waterfall, after a game's visit is measured: the boot's stages (web/boot/boot.js), page clock.
STAGES_JS = """async () => {
  try { return (await import('./web/boot/boot.js')).boot.stages; } catch { return []; }
}"""


# A driven visit's tab is a new window, and Chromium (~150 on) draws a window's toolbar with a renderer of
# its own (a "top-chrome" WebUI page): starting it takes 0.5-1 s of CPU on 2 cores, which landed inside the
# measured boot (scripts/sched_boot.py). A visitor's window is open before they follow a link: the visit
# starts once the new window has settled.
WINDOW_SETTLE_MS = 2000


def measure(context: Any, url: str, recorder: Recorder, stages: bool = False,
            settle_ms: float = WINDOW_SETTLE_MS, linger: Callable[[], None] | None = None) -> dict[str, Any]:
    """One visit: a new tab, settled, navigated to `url`; the page's own clock and heartbeat (INIT_SCRIPT).
    `linger` runs before the tab closes, after the measured window (a visitor's first visit stays open
    while what it keeps for the next visit is written)."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.wait_for_timeout(settle_ms)  # (the driver's own timer: nothing runs in the page)
    start = recorder.mark()
    page.goto(url, wait_until="commit")
    # No Playwright call until the page says it is done (see INIT_SCRIPT's signal).
    end_wall, _ = recorder.wait_signal("end", TIMEOUT_MS / 1000)
    result: dict[str, Any] = recorder.wait_signal("done", 30)[1]  # (the heartbeat's last second)
    result.update(sent_bytes(recorder, start, end_wall), errors=errors)
    if recorder.compresses:
        result["waterfall"] = waterfall(recorder, end_wall)
    if recorder.compresses:
        with recorder.lock:
            result["pipe"] = {"late_ms": round(sum(r[1] for r in recorder.pipe_stats) * 1000),
                              "blocked_ms": round(sum(r[2] for r in recorder.pipe_stats) * 1000)}
    if stages:  # read after the measured window: Playwright's script runs in the page from here on
        result["stages"] = page.evaluate(STAGES_JS)
    if linger is not None:
        linger()
    page.close()
    return result


# The visitor's visits (the default since D180): each page in a profile of its own on disk, as a visitor's
# browser keeps it. Cold is the first visit of an empty profile; the tab then stays open until what a
# visitor's first visit keeps is written (the game: the snapshot in Cache Storage and the service worker
# in control, which the page signals with ?sw=1 — a driven browser registers the worker only then; both
# pages: until V8's code cache in the profile has been quiet for LINGER_S, the bare page's wasm among its
# writes), and the browser is
# closed (cleanly: its caches flushed). Warm is the return visit in a new session of the browser on that
# profile: HTTP cache, V8's on-disk code cache (scripts and wasm), Cache Storage and the service worker as a
# returning visitor has them; nothing of the first session's memory (V8's isolate cache, a live renderer).
# Off-the-record contexts (--private, the bench before D180) have no on-disk code cache: neither page's
# return visit used a compiled wasm or script, and the game's had no service worker.
LINGER_S = 3.0  # V8's code cache in the profile unchanged this long (after the snapshot is kept)...
LINGER_MAX_S = 30.0  # ... or this long at most
BROWSER_SETTLE_MS = 1000  # a fresh browser's own start-up, before the visit's tab opens (then D146's wait)
# The warm visit is the second return visit (D182): the first return visit is where Chromium caches the
# scripts' code (a script's code is cached when it runs a second time) and where V8 writes the bare page's
# wasm again, whole (the first visit's write holds what was optimised by then, often 1.2 MB of 2.6-3.0),
# so only from the third visit on does a returning visitor's browser hold everything it keeps.
RETURNS = 2
SW_QUERY = "&sw=1"  # the game's first visit registers the service worker, as it does for a visitor


def visitor_path(path: str) -> str:
    """The URL path a visitor's visits use: the game's registers the service worker (pwa.js skips it in a
    driven browser unless asked), the bare page has none."""
    return path + SW_QUERY if path == GAME_PATH else path


@contextlib.contextmanager
def visitor_browser(playwright: Any, profile: Path, before: str | None = None) -> Iterator[Any]:
    """Chromium started on the visitor's on-disk profile (a new browser session), the probe installed;
    closed cleanly at the end, so that its disk caches are written as a visitor's browser writes them.
    `before`: a page of another site the browser's first tab opens first (D181: a visitor's browser has
    been used, its profile's caches opened, before they follow the link)."""
    context = playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM,
                                                            args=CHROMIUM_ARGS)
    try:
        context.add_init_script(INIT_SCRIPT)
        if before is not None:
            with contextlib.suppress(Exception):  # (a 404 does as well: the request is what counts)
                (context.pages or [context.new_page()])[0].goto(before, wait_until="load")
        time.sleep(BROWSER_SETTLE_MS / 1000)
        yield context
    finally:
        context.close()


def wait_quiet(folder: Path, quiet_s: float, max_s: float, clock: Callable[[], float] = time.monotonic,
               sleep: Callable[[float], None] = time.sleep) -> float:
    """Wait until nothing under `folder` has changed (names, sizes, times) for `quiet_s`, or `max_s` in all:
    V8 writes a module's or a script's code to the profile some time after compiling it, and more than once
    as its optimised code grows (D160). Returns the seconds waited."""
    def state() -> set[tuple[str, int, int]]:
        found = set()
        for f in folder.rglob("*") if folder.is_dir() else ():
            with contextlib.suppress(OSError):
                st = f.stat()
                found.add((str(f), st.st_size, st.st_mtime_ns))
        return found

    start = last_change = clock()
    seen = state()
    while clock() - last_change < quiet_s and clock() - start < max_s:
        sleep(0.25)
        now = state()
        if now != seen:
            seen, last_change = now, clock()
    return clock() - start


def profile_caches(profile: Path) -> dict[str, int]:
    """Bytes a profile holds in each cache a return visit can use (after its browser closed)."""
    where = {"code_js": "Code Cache/js", "code_wasm": "Code Cache/wasm", "http": "Cache",
             "cache_storage": "Service Worker/CacheStorage", "service_worker": "Service Worker/ScriptCache"}
    sizes = {}
    for key, sub in where.items():
        folder = profile / "Default" / sub
        sizes[key] = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) if folder.is_dir() else 0
    return sizes


def measure_visitor(playwright: Any, url: str, recorder: Recorder, stages: bool = False,
                    settle_ms: float = WINDOW_SETTLE_MS,
                    used: bool = True) -> tuple[dict[str, Any], dict[str, Any]]:
    """A visitor's first visit and steady return visit (cold, warm: the last of RETURNS, D182), in a fresh
    on-disk profile, the browser restarted before each. The cold visit's result says what the profile
    kept (`kept`, bytes by cache)."""
    visits = measure_visits(playwright, url, recorder, RETURNS, stages, settle_ms, used)
    return visits[0], visits[-1]


def elsewhere(url: str) -> str:
    """A page on another site of the bench's server (localhost, not 127.0.0.1): where a visitor's browser
    was before following the link. The server answers 404; the bench's recorder ignores `__` paths."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0].replace('127.0.0.1', 'localhost')}/__elsewhere.html"


def measure_visits(playwright: Any, url: str, recorder: Recorder, returns: int, stages: bool = False,
                   settle_ms: float = WINDOW_SETTLE_MS, used: bool = True) -> list[dict[str, Any]]:
    """A visitor's first visit and `returns` return visits, each in a new session of the browser on one
    fresh on-disk profile, whose first tab has been on another site first (`used`, D181; False: the first
    request of the profile is the measured page's). Every visit but the last lingers (its writes done: see
    `linger`) and says what the profile then held (`kept`)."""
    def linger() -> None:
        start = time.monotonic()
        if SW_QUERY in url:  # the snapshot kept and the service worker in control (INIT_SCRIPT's ?sw=1)
            with contextlib.suppress(TimeoutError):
                recorder.wait_signal("precached", TIMEOUT_MS / 1000)
        wait_quiet(profile / "Default" / "Code Cache", LINGER_S, LINGER_MAX_S)
        lingered.append(time.monotonic() - start)

    visits: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bench-visitor-", ignore_cleanup_errors=True) as tmp:
        profile = Path(tmp)
        for n in range(returns + 1):
            lingered: list[float] = []
            last = n == returns
            with visitor_browser(playwright, profile, elsewhere(url) if used else None) as context:
                visits.append(measure(context, url, recorder, stages, settle_ms,
                                      linger=None if last else linger))
            if not last:
                visits[-1]["kept"] = profile_caches(profile)
                visits[-1]["lingered_s"] = round(lingered[0], 1) if lingered else None
    return visits


def waterfall(recorder: Recorder, end_wall: float) -> dict[str, Any]:
    """A line server's responses of one visit, up to the end point, in ms from the page's own request:
    [path, bytes sent, received, first byte, last byte]; and, for each response, how long the shared
    pipe had sat idle before that response's first byte (`idle_before`, the same order)."""
    with recorder.lock:
        rows = sorted(t for t in recorder.timings if t[2] <= end_wall)
    if not rows:
        return {"rows": [], "idle_before": []}
    rows.sort(key=lambda r: r[2])
    t0 = rows[0][2]
    spans = sorted((first, last) for _, sent, _, first, last in rows if sent)
    busy: list[tuple[float, float]] = []  # the union of the spans: the pipe was sending
    for a, b in spans:
        if busy and a <= busy[-1][1]:
            busy[-1] = (busy[-1][0], max(busy[-1][1], b))
        else:
            busy.append((a, b))

    def idle_until(t: float) -> float:
        return (t - t0) - sum(max(0.0, min(b, t) - a) for a, b in busy if a < t)

    def ms(t: float) -> int:
        return round((t - t0) * 1000)

    return {"rows": [[p.split("?", 1)[0].lstrip("/") or "index.html", sent, ms(r), ms(f), ms(last)]
                     for p, sent, r, f, last in rows],
            "idle_before": [round(idle_until(f) * 1000) for _, _, _, f, _ in rows]}


# --direct: Chromium started by the bench, the heartbeat served in the page (as Playwright's defaults do,
# no throttling of background timers or renderers, so both modes time the same page).
DIRECT_ARGS = [*CHROMIUM_ARGS, "--headless", "--window-size=1280,720",
               "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
               "--disable-backgrounding-occluded-windows",
               "--disable-extensions", "--disable-default-apps", "--no-default-browser-check", "--mute-audio",
               "--hide-scrollbars", "--password-store=basic", "--use-mock-keychain", "--disable-breakpad"]
SETTLE_MS = 2500  # the fresh browser's own start-up work ends before the measured page opens


def prepare_direct(dist: Path) -> None:
    """In the bench's copy of dist/: the heartbeat as a file, loaded first by the two measured pages,
    and the waiting page that opens them."""
    (dist / "__bench.js").write_text("window.__benchDirect = true;\n" + INIT_SCRIPT)
    for html in (dist / "index.html", dist / BARE_PATH):
        text = html.read_text()
        head = text.index("<head>") + len("<head>")
        html.write_text(text[:head] + '\n<script src="/__bench.js"></script>' + text[head:])
    (dist / "__wait.html").write_text('<!doctype html><meta charset="utf-8"><title>waiting</title>'
                                      '<script src="/__wait.js"></script>')
    (dist / "__wait.js").write_text("setTimeout(() => { location.href = decodeURIComponent("
                                    f"location.search.slice(1)); }}, {SETTLE_MS});\n")


def measure_direct(base: str, path: str, recorder: Recorder) -> tuple[dict[str, Any], dict[str, Any]]:
    """One fresh browser: (cold, warm). The waiting page is on another site (localhost), so the measured
    page gets a renderer of its own, as a visitor's first visit does."""
    url = base + path
    wait = base.replace("127.0.0.1", "localhost") + "__wait.html?" + urllib.parse.quote(url, safe="")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        start = recorder.mark()
        proc = subprocess.Popen([CHROMIUM, *DIRECT_ARGS, f"--user-data-dir={profile}", wait],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            end_wall, _ = recorder.wait_signal("end", TIMEOUT_MS / 1000 + SETTLE_MS / 1000)
            _, cold = recorder.wait_signal("done", 30)
            warm_start = len(recorder.sent)
            warm_end, _ = recorder.wait_signal("end", TIMEOUT_MS / 1000, nth=2)
            _, warm = recorder.wait_signal("done", 30, nth=2)
        finally:  # the browser and all its processes
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    cold.update(sent_bytes(recorder, start, end_wall), errors=[])
    warm.update(sent_bytes(recorder, warm_start, warm_end), errors=[])
    return cold, warm


HINT_JS = """async () => {
  const engine = window.__oriflamme.engine;
  let maxGap = 0, last = performance.now(), run = true;
  const beat = () => { const now = performance.now(); maxGap = Math.max(maxGap, now - last - @HB@);
                       last = now; if (run) setTimeout(beat, @HB@); };
  setTimeout(beat, @HB@);
  const t0 = performance.now();
  const h = await engine.hint();
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50));
  run = false;
  return {ms, maxGap, action: h.action || null, error: h.error || null};
}""".replace("@HB@", str(HEARTBEAT_MS))


def measure_hint_moves(browser: Any, base: str, moves: int) -> list[dict[str, Any]]:
    """The strongest bot thinking in the worker (what the Hint asks): its time, and the page's freeze."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + GAME_PATH + "&test=1")
        page.wait_for_function("window.__oriflamme && document.querySelector('[data-action]')",
                               timeout=TIMEOUT_MS, polling=50)
        return [page.evaluate(HINT_JS) for _ in range(moves)]
    finally:
        context.close()


CATEGORIES = ["Pyodide, stock files", "boot's stdlib + engine + pyscript zip (.pyc)",
              "PyScript", "engine_worker.py (py/)", "page (HTML, web/, config)",
              "memory snapshot (sparse, gzip)", "later archive (.pyc a first decision does not run)",
              "Pyodide's wasm in zstd, and its decoder (D200)"]
STOCK = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
# Pyodide's own bytes, whatever they were sent as: its stock files and its wasm compressed at build time.
PYODIDES = (CATEGORIES[0], CATEGORIES[7])


def category(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    if path.startswith("runtime/fzstd-") or (name.startswith("pyodide.asm-") and name.endswith(".wasm.zst")):
        return CATEGORIES[7]
    if path.startswith("runtime/pyodide-"):
        if name.startswith("snapshot-"):
            return CATEGORIES[5]
        if name.startswith("python_later-"):
            return CATEGORIES[6]
        return CATEGORIES[0] if name in STOCK else CATEGORIES[1]
    if path.startswith("runtime/pyscript-"):
        return CATEGORIES[2]
    if path.startswith("py/"):
        return CATEGORIES[3]
    return CATEGORIES[4]


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--json", help="write every measurement here")
    ap.add_argument("--direct", action="store_true", help="no driver attached (see above); no Hint part")
    ap.add_argument("--stages", action="store_true",
                    help="also print, for each localhost visit of the game, where its heartbeat's gaps over "
                         "30 ms fell among the boot's stages (web/boot/boot.js, page clock)")
    ap.add_argument("--returns", type=int, default=RETURNS,
                    help="a visitor's return visits: the last is 'warm', the ones before 'return 1'... "
                         f"(default {RETURNS}, D182: the third visit is the first with every cache a "
                         "returning visitor's browser keeps; 1 = the bench of D180)")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--private", action="store_true",
                     help="localhost visits in off-the-record contexts, the return visit a second tab of the "
                          "same context (the bench before D180: no on-disk code cache, no service worker)")
    how.add_argument("--compare-unused", action="store_true",
                     help="localhost visits as a visitor's in every round, with the browser used elsewhere "
                          f"first (D181) and without ('<page> <cold|warm>{UNUSED}'), in turn")
    how.add_argument("--compare", action="store_true",
                     help="localhost visits both ways in every round, in turn (visitor's profiles, and "
                          f"--private's, named '<page> <cold|warm>{PRIVATE}')")
    ap.add_argument("--localhost-only", action="store_true", help="skip the network profiles")
    ap.add_argument("--waterfall", choices=sorted(PROFILES),
                    help="only first visits over this line (game and bare, alternating): their ratio and "
                         "the request waterfall of each (when each request came, started, ended; how long "
                         "the pipe sat idle before each)")
    ap.add_argument("--ab", metavar="DIST_B", action="append",
                    help="with --waterfall or --localhost-only: this other build's game too, in every round "
                         "(A/B in one run; repeat for a C, D...)")
    args = ap.parse_args(argv)

    src = Path(args.dist)
    if not (src / "index.html").exists():
        sys.exit("dist/ missing: run `make build` (make bench-web does)")
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        shutil.copytree(src, dist)  # a rebuild during the run cannot change what we measure
        if args.direct:
            prepare_direct(dist)
        server, base, recorder = serve(dist)
        runs: Runs
        hint = None
        others = tuple(Path(tmp) / f"dist_{i}" for i in range(len(args.ab or [])))
        try:
            for src_b, other in zip(args.ab or [], others, strict=True):
                shutil.copytree(src_b, other)
            if args.waterfall:
                runs = run_line_only(dist, args.waterfall, args.rounds, others)
            elif others and args.localhost_only:
                runs = run_localhost_ab(base, recorder, args.rounds, others, visitor=not args.private)
            elif args.direct:
                runs, hint = run_direct(base, recorder, args.rounds)
            else:
                modes = (("private",) if args.private else ("visitor", "private") if args.compare
                         else ("visitor", "unused") if args.compare_unused else ("visitor",))
                runs, hint = run_driven(base, recorder, args.rounds, dist, network=not args.localhost_only,
                                        modes=modes, stages=args.stages, returns=args.returns)
        finally:
            server.shutdown()
        # Each kind of run has its own report; --json keeps what was measured, whichever it was.
        if args.waterfall:
            report_waterfalls(runs, args.waterfall)
        elif others and args.localhost_only:
            report_localhost_ab(runs)
        else:
            report(runs, args.rounds, "no driver attached" if args.direct else
                   "driven by Playwright, off-the-record contexts" if args.private else
                   "driven by Playwright, visitors' on-disk profiles")
        if hint is not None:
            report_hint(hint)
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=1))


Runs = dict[str, list[dict[str, Any]]]


def rounds_order(i: int) -> list[tuple[str, str]]:
    order = [("game", GAME_PATH), ("bare", BARE_PATH)]
    return order[::-1] if i % 2 else order  # alternate which goes first


def in_turn(names: list[str], i: int) -> list[str]:
    """Round i's order: each name goes first in turn, so that no build always meets the same state."""
    k = i % len(names)
    return names[k:] + names[:k]


@contextlib.contextmanager
def measured_context(browser: Any) -> Iterator[Any]:
    """A fresh browser context (empty caches: a first visit) with the page's probe installed."""
    context = browser.new_context()
    context.add_init_script(INIT_SCRIPT)
    try:
        yield context
    finally:
        context.close()


def progress(runs: Runs, i: int, rounds: int) -> None:
    last = {k: round(v[-1]["end"]) for k, v in runs.items()}
    print(f"round {i + 1}/{rounds}: {last}", file=sys.stderr, flush=True)


# The network profiles (scripts/bench_network.py): a first visit over a visitor's line, game and bare page
# alternating in the same run as the localhost visits.
PROFILES = {"10M": ("10 Mbit/s, 40 ms", 10.0, 40.0), "50M": ("50 Mbit/s, 20 ms", 50.0, 20.0)}


def measure_precache(browser: Any, base: str, recorder: Recorder) -> dict[str, Any]:
    """A first visit that lets the service worker install (?sw=1): the bytes sent after the first
    decision, until the snapshot is kept and the precache is complete."""
    with measured_context(browser) as context:
        page = context.new_page()
        start = recorder.mark()
        page.goto(base + GAME_PATH + "&sw=1", wait_until="commit")
        end_wall, _ = recorder.wait_signal("end", TIMEOUT_MS / 1000)
        done_wall, _ = recorder.wait_signal("precached", TIMEOUT_MS / 1000)
        files = [(p, s, recorder.wire(p, w)) for p, s, w in recorder.since(start, done_wall, after=end_wall)]
        page.close()
    return {"seconds": done_wall - end_wall, "files": files}


# How the localhost visits are made: "visitor" (the default, D180: on-disk profiles, the browser restarted
# before the return visit) or "private" (--private: off-the-record contexts of one browser, the return visit
# a second tab of the same context, as before D180). --compare makes both in every round, in turn.
PRIVATE = ", private"
UNUSED = ", unused profile"  # --compare-unused: the visitor's browser goes nowhere before (D181's A/B)


def localhost_visits(playwright: Any, browser: Any, base: str, recorder: Recorder, runs: Runs,
                     i: int, modes: tuple[str, ...], stages: bool = False, returns: int = 2) -> None:
    """Round i's localhost visits, cold then warm, of the game and the bare page (alternating which goes
    first), made each way of `modes` (in turn); runs made another way than a visitor's are named
    "<page> <temp>, private" (or ", unused profile") when more than one way is made. A visitor's warm
    visit is the last of `returns` return visits (D182); the ones before it are "<page> return <n>".
    `stages`: the game's boot stages read after each of its visits (--stages)."""
    for how in in_turn(list(modes), i):
        for name, path in rounds_order(i):
            staged = stages and name == "game"
            earlier: list[dict[str, Any]] = []
            if how in ("visitor", "unused"):
                url = base + visitor_path(path)
                cold, *earlier, warm = measure_visits(playwright, url, recorder, returns, stages=staged,
                                                      used=how == "visitor")
            else:
                with measured_context(browser) as context:
                    cold = measure(context, base + path, recorder, stages=staged)
                    warm = measure(context, base + path, recorder, stages=staged)
            suffix = {"private": PRIVATE, "unused": UNUSED}.get(how, "") if len(modes) > 1 else ""
            runs.setdefault(f"{name} cold{suffix}", []).append(cold)
            for n, visit in enumerate(earlier, 1):
                runs.setdefault(f"{name} return {n}{suffix}", []).append(visit)
            runs.setdefault(f"{name} warm{suffix}", []).append(warm)


def run_driven(base: str, recorder: Recorder, rounds: int, dist: Path | None = None, network: bool = True,
               modes: tuple[str, ...] = ("visitor",), stages: bool = False,
               returns: int = 1) -> tuple[Runs, list[dict[str, Any]]]:
    from playwright.sync_api import sync_playwright

    lines = {}
    if network and dist is not None:
        files = Compressed().warm(dist)
        lines = {key: serve_line(dist, mbit, ms, files) for key, (_, mbit, ms) in PROFILES.items()}
    runs: Runs = {f"{name} {key} cold": [] for key in lines for name in ("game", "bare")}
    runs.update({k: [] for k in ("game cold", "game warm", "bare cold", "bare warm")})
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for i in range(rounds):
                for key, (_, line_base, line_recorder) in lines.items():
                    for name, path in rounds_order(i):
                        with measured_context(browser) as context:
                            visit = measure(context, line_base + path, line_recorder)
                            runs[f"{name} {key} cold"].append(visit)
                localhost_visits(p, browser, base, recorder, runs, i, modes, stages, returns)
                progress(runs, i, rounds)
            if "10M" in lines:
                _, line_base, line_recorder = lines["10M"]
                PRECACHE.append(measure_precache(browser, line_base, line_recorder))
            return runs, measure_hint_moves(browser, base, rounds)
        finally:
            browser.close()
            for server, _, _ in lines.values():
                server.shutdown()


PRECACHE: list[dict[str, Any]] = []


def run_line_only(dist: Path, key: str, rounds: int, others: tuple[Path, ...] = ()) -> Runs:
    """First visits of the game and the bare page over one line profile, alternating (--waterfall); with
    `others`, those builds' games too in every round ("game B", "game C"...), all in turn."""
    _, mbit, latency = PROFILES[key]
    files = Compressed().warm(dist)
    server, line_base, line_recorder = serve_line(dist, mbit, latency, files)
    servers = [server]
    sites = {"game": (line_base, line_recorder, GAME_PATH), "bare": (line_base, line_recorder, BARE_PATH)}
    for letter, other in zip("BCDEFGH", others, strict=False):
        server_b, base_b, recorder_b = serve_line(other, mbit, latency, files.warm(other))
        servers.append(server_b)
        sites[f"game {letter}"] = (base_b, recorder_b, GAME_PATH)
    return visit_in_turn(sites, rounds, servers, ("cold",))


def visit_in_turn(sites: dict[str, tuple[str, Recorder, str]], rounds: int, servers: list[Any],
                  temps: tuple[str, ...], visitor: bool = False) -> Runs:
    """Every round visits each site (its base URL, recorder and path) in turn, in a fresh context: a
    first visit, then a warm one if `temps` asks. Runs are named "<site>" for first visits only, else
    "<site> cold" and "<site> warm". `visitor`: cold and warm are a visitor's (measure_visits, D180-D182),
    the return visits before warm's "<site> return <n>". Shuts `servers` down at the end."""
    from playwright.sync_api import sync_playwright

    def run_name(site: str, temp: str) -> str:
        return site if temps == ("cold",) else f"{site} {temp}"

    runs: Runs = {run_name(name, temp): [] for name in sites for temp in temps}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for i in range(rounds):
                    for name in in_turn(list(sites), i):
                        base, recorder, path = sites[name]
                        if visitor:
                            cold, *earlier, warm = measure_visits(p, base + visitor_path(path), recorder,
                                                                  RETURNS, stages=name != "bare")
                            runs[run_name(name, "cold")].append(cold)
                            for n, visit in enumerate(earlier, 1):
                                runs.setdefault(f"{name} return {n}", []).append(visit)
                            runs[run_name(name, "warm")].append(warm)
                            continue
                        with measured_context(browser) as context:
                            for temp in temps:
                                runs[run_name(name, temp)].append(
                                    measure(context, base + path, recorder, stages=name != "bare"))
                    progress(runs, i, rounds)
            finally:
                browser.close()
    finally:
        for each in servers:
            each.shutdown()
    return runs


# The big downloads whose start the waterfall reports (the pipe's idle time before them is pure latency).
BIG = ("pyodide.asm", "python_stdlib")  # pyodide.asm: the wasm, plain or compressed (D200), not the .mjs


def run_localhost_ab(base: str, recorder: Recorder, rounds: int, others: tuple[Path, ...],
                     visitor: bool = True) -> Runs:
    """Localhost cold and warm visits of the game, of `others`' games ("game B"...) and of the bare page,
    in turn in every round (--localhost-only --ab): builds compared under the same load. A visitor's
    visits (D180-D182), or with --private off-the-record contexts as before."""
    servers, sites = [], {"game": (base, recorder, GAME_PATH), "bare": (base, recorder, BARE_PATH)}
    for letter, other in zip("BCDEFGH", others, strict=False):
        server_b, base_b, recorder_b = serve(other)
        servers.append(server_b)
        sites[f"game {letter}"] = (base_b, recorder_b, GAME_PATH)
    return visit_in_turn(sites, rounds, servers, ("cold", "warm"), visitor)


def report_localhost_ab(runs: Runs) -> None:
    load = os.getloadavg()
    print(f"\nlocalhost A/B, medians of {len(runs['bare cold'])} (in turn); "
          f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    for temp in ("cold", "warm"):
        b = median([r["end"] for r in runs[f"bare {temp}"]])
        for name in (n for n in runs if n.endswith(temp) and not n.startswith("bare")):
            g = median([r["end"] for r in runs[name]])
            gap = median([r["maxGap"] for r in runs[name]])
            print(f"ratio {name}/bare: {g / b:.2f}  ({g:.0f} ms vs {b:.0f} ms; freeze {gap:.0f} ms; every "
                  "round: " + ", ".join(f"{r['end']:.0f}" for r in runs[name]) + ")")
    for name in (n for n in runs if n.endswith("cold") and not n.startswith("bare")):
        for i, visit in enumerate(runs[name]):
            if visit.get("stages"):
                print(f"{name} round {i + 1} ({visit['end']:.0f} ms): "
                      + ", ".join(f"{stage} {ms}" for stage, ms in visit["stages"]))


def report_waterfalls(runs: Runs, key: str) -> None:
    load = os.getloadavg()
    games = [name for name in runs if name != "bare"]
    b = median([r["end"] for r in runs["bare"]])
    print(f"\nfirst visits over {PROFILES[key][0]}, medians of {len(runs['game'])} (alternating); "
          f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    for name in games:
        g = median([r["end"] for r in runs[name]])
        print(f"ratio {name}/bare: {g / b:.2f}  ({g:.0f} ms vs {b:.0f} ms; every round: "
              + ", ".join(f"{r['end']:.0f}" for r in runs[name]) + ")")
    for name in runs:
        said = []
        for big in BIG:
            firsts = [[(row[3], idle) for row, idle in zip(wf["rows"], wf["idle_before"], strict=True)
                       if big in row[0] and not row[0].endswith(".mjs")]
                      for wf in (v["waterfall"] for v in runs[name])]
            firsts = [f for f in firsts if f]
            if firsts:
                said.append(f"{big}: {median([f[0][1] for f in firsts]):.0f} ms (its first byte at "
                            f"{median([f[0][0] for f in firsts]):.0f} ms)")
        print(f"{name}: the pipe sat idle before " + "; ".join(said))
    for name in games:  # every round's stages: where a difference between builds sits
        for i, visit in enumerate(runs[name]):
            if visit.get("stages"):
                print(f"{name} round {i + 1} ({visit['end']:.0f} ms): "
                      + ", ".join(f"{stage} {ms}" for stage, ms in visit["stages"]))
    for name in runs:
        visit = runs[name][0]
        print(f"\n{name}, round 1 (end point {visit['end']:.0f} ms page clock): ms from the page's request")
        rows = visit["waterfall"]["rows"]
        if rows:  # the pipe's own time for these bytes, against the time they took
            busy = sum(r[1] for r in rows) * 8 / (PROFILES[key][1] * 1000)
            last = max(r[4] for r in rows)
            pipe = visit["pipe"]
            print(f"the line sent {sum(r[1] for r in rows):,} bytes by {last} ms: {busy:.0f} ms of sending, "
                  f"{last - busy:.0f} ms idle; the server's threads woke late by {pipe['late_ms']} ms "
                  f"in all, and their writes blocked {pipe['blocked_ms']} ms")
        print(f"| {'file':<58} | {'bytes':>9} | {'asked':>6} | {'first':>6} | {'last':>6} | {'idle':>5} |")
        print(f"|{'-' * 60}|{'-' * 11}|{'-' * 8}|{'-' * 8}|{'-' * 8}|{'-' * 7}|")
        for row, idle in zip(visit["waterfall"]["rows"], visit["waterfall"]["idle_before"], strict=True):
            path, sent, asked, first, last = row
            print(f"| {path[-58:]:<58} | {sent:>9,} | {asked:>6} | {first:>6} | {last:>6} | {idle:>5} |")
        if visit.get("stages"):
            print("boot stages (page clock, ms, as the page received them): "
                  + ", ".join(f"{stage} {ms}" for stage, ms in visit["stages"]))


def run_direct(base: str, recorder: Recorder, rounds: int) -> tuple[Runs, None]:
    runs: Runs = {k: [] for k in ("game cold", "game warm", "bare cold", "bare warm")}
    for i in range(rounds):
        for name, path in rounds_order(i):
            cold, warm = measure_direct(base, path, recorder)
            runs[f"{name} cold"].append(cold)
            runs[f"{name} warm"].append(warm)
        progress(runs, i, rounds)
    return runs, None


def report_hint(hint: list[dict[str, Any]]) -> None:
    times = [h["ms"] for h in hint]
    gaps = [h["maxGap"] for h in hint]
    bad = [h["error"] for h in hint if h["error"] or not h["action"]]
    print(f"\nthe strongest bot's move in the browser (Hint, 600 ms budget, worker), {len(hint)} moves: "
          f"median "
          f"{median(times):.0f} ms, worst {max(times):.0f} ms (target <= 1000 ms: "
          f"{'met' if max(times) <= 1000 else 'MISSED'}); page's longest freeze meanwhile: median "
          f"{median(gaps):.0f} ms, worst {max(gaps):.0f} ms{'; errors: ' + str(bad) if bad else ''}")


def report(runs: Runs, rounds: int, how: str) -> None:
    def ms(key: str, field: str = "end") -> float:
        return median([r[field] for r in runs[key]])

    load = os.getloadavg()
    print(f"\nmake bench-web — Chromium headless ({how}), medians of {rounds} (alternating, one run); "
          f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}\n")
    # The freeze: the median over the visits of each visit's longest gap (the target), and the worst visit.
    print(f"| {'page':<16} | {'first action / output (ms)':>27} | {'longest main-thread freeze (ms)':>31} |"
          f" {'worst visit (ms)':>16} |")
    print(f"|{'-' * 18}|{'-' * 29}|{'-' * 33}|{'-' * 18}|")
    for key in runs:
        worst = max(r["maxGap"] for r in runs[key])
        print(f"| {key:<16} | {ms(key):>27.0f} | {ms(key, 'maxGap'):>31.0f} | {worst:>16.0f} |")
    print()
    verdict: dict[str, bool] = {}
    for key, (label, _, _) in PROFILES.items():
        if f"game {key} cold" not in runs:
            continue
        g, b = ms(f"game {key} cold"), ms(f"bare {key} cold")
        print(f"ratio game/bare, first visit over {label}: {g / b:.2f}  ({g:.0f} ms vs {b:.0f} ms)")
        verdict[f"{key} <= 0.6 x bare"] = g <= 0.6 * b
    for temp in ("cold", "warm"):
        g, b = ms(f"game {temp}"), ms(f"bare {temp}")
        print(f"ratio game/bare, localhost {temp}: {g / b:.2f}  ({g:.0f} ms vs {b:.0f} ms)")
        verdict[f"localhost {temp} <= 0.5 x bare"] = g <= 0.5 * b
    for temp in (k.removeprefix("game ") for k in runs if k.startswith("game return ")):  # D182
        g, b = ms(f"game {temp}"), ms(f"bare {temp}")
        print(f"ratio game/bare, localhost {temp} (an earlier return visit than warm's): {g / b:.2f}  "
              f"({g:.0f} ms vs {b:.0f} ms)")
    for temp in (f"{t}{way}" for way in (PRIVATE, UNUSED) for t in ("cold", "warm")):  # --compare...
        if f"game {temp}" in runs:
            g, b = ms(f"game {temp}"), ms(f"bare {temp}")
            print(f"ratio game/bare, localhost {temp}: {g / b:.2f}  ({g:.0f} ms vs {b:.0f} ms)")
    for name in ("game", "bare"):  # what the visitor's profile held before the warm visit (medians, bytes)
        before = max((k for k in runs if k.startswith(f"{name} return ") and k[-1].isdigit()),
                     default=f"{name} cold")
        kept = [r["kept"] for r in runs[before] if "kept" in r]
        if kept:
            print(f"{name}: the visitor's profile before the warm visit (after {before}), medians of "
                  f"{len(kept)} (bytes): "
                  + ", ".join(f"{k} {median([x[k] for x in kept]):,.0f}" for k in kept[0]))
            # V8 writes a module's code with as much as it has optimised then: a return visit's time follows
            # that draw (1.2-3.0 MB for the bare page), so each round's is shown beside it.
            print("  each round, code kept (scripts + wasm) / the warm visit (ms): " + ", ".join(
                f"{r['kept']['code_js']:,} + {r['kept']['code_wasm']:,} / {w['end']:.0f}"
                for r, w in zip(runs[before], runs[f"{name} warm"], strict=True) if "kept" in r))
    verdict["game freeze <= 50 ms"] = max(ms("game cold", "maxGap"), ms("game warm", "maxGap")) <= 50
    first = "game 10M cold" if "game 10M cold" in runs else "game cold"
    cold, bare = runs[first][0], runs[first.replace("game", "bare")][0]
    if first != "game cold":
        verdict["10M first visit <= 4.5 MB"] = cold["gzip"] <= 4_500_000
    print("targets: " + "; ".join(f"{k} {'met' if v else 'MISSED'}" for k, v in verdict.items()))
    sent = "sent (gzip)" if first != "game cold" else "gzip -9"
    print(f"\nfirst visit ({first}, round 1), bytes sent before the end point:")
    print(f"| {'what':<44} | {'raw':>12} | {sent:>12} | {'requests':>8} |")
    print(f"|{'-' * 46}|{'-' * 14}|{'-' * 14}|{'-' * 10}|")
    groups: dict[str, list[tuple[str, int, int]]] = {}
    for f in cold["files"]:
        groups.setdefault(category(f[0]), []).append(f)
    for name in CATEGORIES:
        files = groups.get(name, [])
        if files:
            print(f"| {'game: ' + name:<44} | {sum(f[1] for f in files):>12,} |"
                  f" {sum(f[2] for f in files):>12,} | {len(files):>8} |")
    print(f"| {'game: total':<44} | {cold['bytes']:>12,} | {cold['gzip']:>12,} | {cold['requests']:>8} |")
    ours = [f for f in cold["files"] if category(f[0]) not in PYODIDES]
    label = "game: all but Pyodide's own files"
    print(f"| {label:<44} | {sum(f[1] for f in ours):>12,} |"
          f" {sum(f[2] for f in ours):>12,} | {len(ours):>8} |")
    print(f"| {'bare Pyodide page: total':<44} | {bare['bytes']:>12,} | {bare['gzip']:>12,} |"
          f" {bare['requests']:>8} |")
    print("\nlargest files of the game's first visit (bytes sent):")
    for path, _, wire in sorted({tuple(f) for f in cold["files"]}, key=lambda f: -f[2])[:10]:
        print(f"  {wire:>11,}  {path}")
    for pre in PRECACHE:
        snap = sum(f[2] for f in pre["files"] if category(f[0]) == CATEGORIES[5])
        later = sum(f[2] for f in pre["files"] if category(f[0]) == CATEGORIES[6])
        rest = sum(f[2] for f in pre["files"] if category(f[0]) not in CATEGORIES[5:])
        total = snap + later + rest
        print(f"\nafter the first decision, in the background (10 Mbit/s line, ?sw=1): {total:,} bytes sent "
              f"in {pre['seconds']:.1f} s — the later archive {later:,}, the snapshot kept for the next "
              f"visits {snap:,}, the service worker's precache {rest:,} ({len(pre['files'])} files; "
              f"target: report, aim <= 12 MB)")
    for key in runs:  # --stages
        for i, visit in enumerate(runs[key]):
            if "stages" in visit:
                print(f"\n{key}, round {i + 1}: end {visit['end']:.0f} ms; gaps over 30 ms (at, ms): "
                      + (", ".join(f"{at} ({gap})" for at, gap in visit["gaps"]) or "none")
                      + "\n  stages: " + ", ".join(f"{stage} {ms}" for stage, ms in visit["stages"]))
    errs = [e for k in runs for r in runs[k] for e in r["errors"]]
    if errs:
        print(f"\npage errors during the runs: {errs[:5]}")


if __name__ == "__main__":
    main()
