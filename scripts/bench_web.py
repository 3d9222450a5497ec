#!/usr/bin/env python3
"""Browser benchmark (`make bench-web`): the game's boot against a bare Pyodide page, in one run.

For each of N rounds, alternating, in Debian's Chromium (headless) against dist/ served on 127.0.0.1
with the production headers (scripts/serve.py):
- game, cold: a fresh browser context (empty caches) opens
  /?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0 and we time navigation → the first
  visible `[data-action]` element (a decision the player can click);
- game, warm: the same context opens it again (HTTP cache, V8 code cache, service worker if any);
- bare, cold / warm: dist/bench/bare.html loads the same Pyodide files with loadPyodide() on the main
  thread and prints 1+1; we time navigation → that output.
Times are the page's own clock (performance.now() from navigation start, recorded by a
MutationObserver). The main thread's longest freeze is the longest gap of a setTimeout heartbeat
(minus its period), from navigation to the end point plus 1 s. The page tells the bench when it is done
through a request to the bench's server, so the browser driver runs nothing in the page meanwhile
(Playwright's waits inject a script of their own, itself a ~40-80 ms task). Bytes are what the server sent before
the end point (first visit = cold), split into Pyodide's own files and ours, raw and gzip-9
(what a compressing host sends; the local server does not compress).

Usage: python3 scripts/bench_web.py [--rounds 5] [--dist dist] [--json out.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

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
  const b = window.__bench = { maxGap: 0, end: null, stopAt: Infinity, gaps: [] };
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
  const signal = (what) => fetch(`${location.pathname}?__bench=${what}`, { cache: 'no-store' }).catch(() => {});
  const check = () => {
    if (b.end !== null) return;
    const el = document.querySelector('[data-action]') || document.querySelector('output#result');
    if (el && visible(el)) {
      b.end = performance.now();
      b.stopAt = b.end + 1000;
      signal('end');
      setTimeout(() => signal('done'), 1000 + @HB@);
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();
""".replace("@HB@", str(HEARTBEAT_MS))


class Recorder:
    """Which files the server sent, in order, with their sizes (raw and gzip -9)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lock = threading.Lock()
        self.sent: list[tuple[float, str, int]] = []
        self._gz: dict[str, int] = {}
        self.signals: dict[str, float] = {}  # the page's ?__bench=<what> requests: when they came
        self.signalled = threading.Condition(self.lock)

    def record(self, path: str) -> None:
        if "__bench=" in path:
            with self.lock:
                self.signals[path.rsplit("__bench=", 1)[1]] = time.monotonic()
                self.signalled.notify_all()
            return
        local = path.split("?", 1)[0].split("#", 1)[0].lstrip("/") or "index.html"
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
            self._gz[local] = len(gzip.compress(file.read_bytes(), 9)) if file.is_file() else 0
        return self._gz[local]

    def mark(self) -> int:
        with self.lock:
            self.signals.clear()
            return len(self.sent)

    def wait_signal(self, what: str, timeout_s: float) -> float:
        """When the page sent ?__bench=<what> (monotonic time); TimeoutError after timeout_s."""
        with self.lock:
            if not self.signalled.wait_for(lambda: what in self.signals, timeout_s):
                raise TimeoutError(f"the page never signalled {what!r}")
            return self.signals[what]

    def since(self, start: int, until: float) -> list[tuple[str, int]]:
        with self.lock:
            return [(p, s) for t, p, s in self.sent[start:] if t <= until]


def serve(dist: Path) -> tuple[Any, str, Recorder]:
    recorder = Recorder(dist)
    server = make_server(dist, on_sent=recorder.record)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", recorder


def measure(context: Any, url: str, recorder: Recorder) -> dict[str, Any]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start = recorder.mark()
    page.goto(url, wait_until="commit")
    # No Playwright call until the page says it is done (see INIT_SCRIPT's signal).
    end_wall = recorder.wait_signal("end", TIMEOUT_MS / 1000)
    recorder.wait_signal("done", 30)  # the heartbeat kept watching for 1 s after the end point
    result = page.evaluate("({end: window.__bench.end, maxGap: window.__bench.maxGap, gaps: window.__bench.gaps})")
    files = recorder.since(start, end_wall)
    raw = sum(s for _, s in files)
    gz = sum(recorder.gz(p) for p, _ in files)
    pyodide = [(p, s) for p, s in files if p.startswith("runtime/pyodide-")]
    result.update(
        bytes=raw, gzip=gz, requests=len(files),
        pyodide_bytes=sum(s for _, s in pyodide), pyodide_gzip=sum(recorder.gz(p) for p, _ in pyodide),
        files=files, errors=errors,
    )
    page.close()
    return result


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


def measure_hard_moves(browser: Any, base: str, moves: int) -> list[dict[str, Any]]:
    """The hard bot thinking in the worker (what the Hint button asks): its time, and the page's freeze."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + GAME_PATH + "&test=1")
        page.wait_for_function("window.__oriflamme && document.querySelector('[data-action]')",
                               timeout=TIMEOUT_MS, polling=50)
        return [page.evaluate(HINT_JS) for _ in range(moves)]
    finally:
        context.close()


CATEGORIES = ["Pyodide, stock files", "stdlib + engine + pyscript zip, .py and .pyc",
              "PyScript", "engine_worker.py (py/)", "page (HTML, web/, config)", "memory snapshot (sparse, gzip)"]
STOCK = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
_RECORDER: list[Recorder] = []


def category(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    if path.startswith("runtime/pyodide-"):
        if name.startswith("snapshot-"):
            return CATEGORIES[5]
        return CATEGORIES[0] if name in STOCK else CATEGORIES[1]
    if path.startswith("runtime/pyscript-"):
        return CATEGORIES[2]
    if path.startswith("py/"):
        return CATEGORIES[3]
    return CATEGORIES[4]


def recorder_gz(path: str) -> int:
    return _RECORDER[0].gz(path)


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--json", help="write every measurement here")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    src = Path(args.dist)
    if not (src / "index.html").exists():
        sys.exit("dist/ missing: run `make build` (make bench-web does)")
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        shutil.copytree(src, dist)  # a rebuild during the run cannot change what we measure
        server, base, recorder = serve(dist)
        _RECORDER.append(recorder)
        runs: dict[str, list[dict[str, Any]]] = {k: [] for k in
                                                 ("game cold", "game warm", "bare cold", "bare warm")}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for i in range(args.rounds):
                    order = [("game", GAME_PATH), ("bare", BARE_PATH)]
                    if i % 2:
                        order.reverse()  # alternate which goes first
                    for name, path in order:
                        context = browser.new_context()
                        context.add_init_script(INIT_SCRIPT)
                        try:
                            runs[f"{name} cold"].append(measure(context, base + path, recorder))
                            runs[f"{name} warm"].append(measure(context, base + path, recorder))
                        finally:
                            context.close()
                    last = {k: round(v[-1]["end"]) for k, v in runs.items()}
                    print(f"round {i + 1}/{args.rounds}: {last}", file=sys.stderr, flush=True)
                hard = measure_hard_moves(browser, base, args.rounds)
            finally:
                browser.close()
                server.shutdown()

        report(runs, args.rounds)  # inside: gzip sizes are read from the served copy
        report_hard(hard)
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=1))


def report_hard(hard: list[dict[str, Any]]) -> None:
    times = [h["ms"] for h in hard]
    gaps = [h["maxGap"] for h in hard]
    bad = [h["error"] for h in hard if h["error"] or not h["action"]]
    print(f"\nhard bot move in the browser (Hint, 600 ms budget, worker), {len(hard)} moves: median "
          f"{median(times):.0f} ms, worst {max(times):.0f} ms (target <= 1000 ms: "
          f"{'met' if max(times) <= 1000 else 'MISSED'}); page's longest freeze meanwhile: median "
          f"{median(gaps):.0f} ms, worst {max(gaps):.0f} ms{'; errors: ' + str(bad) if bad else ''}")


def report(runs: dict[str, list[dict[str, Any]]], rounds: int) -> None:
    def ms(key: str, field: str = "end") -> float:
        return median([r[field] for r in runs[key]])

    print(f"\nmake bench-web — Chromium headless, 127.0.0.1, medians of {rounds} (alternating, one run)\n")
    # The freeze: the median over the visits of each visit's longest gap (the target), and the worst visit.
    print(f"| {'page':<10} | {'first action / output (ms)':>27} | {'longest main-thread freeze (ms)':>31} |"
          f" {'worst visit (ms)':>16} |")
    print(f"|{'-' * 12}|{'-' * 29}|{'-' * 33}|{'-' * 18}|")
    for key in runs:
        worst = max(r["maxGap"] for r in runs[key])
        print(f"| {key:<10} | {ms(key):>27.0f} | {ms(key, 'maxGap'):>31.0f} | {worst:>16.0f} |")
    print()
    for temp in ("cold", "warm"):
        g, b = ms(f"game {temp}"), ms(f"bare {temp}")
        print(f"ratio game/bare, {temp}: {g / b:.2f}  ({g:.0f} ms vs {b:.0f} ms)")
    # Issue 7's targets (docs/PERFORMANCE.md).
    verdict = {"cold <= 0.5 x bare": ms("game cold") <= 0.5 * ms("bare cold"),
               "warm <= 0.5 x bare": ms("game warm") <= 0.5 * ms("bare warm"),
               "game freeze <= 50 ms": max(ms("game cold", "maxGap"), ms("game warm", "maxGap")) <= 50}
    print("targets: " + "; ".join(f"{k} {'met' if v else 'MISSED'}" for k, v in verdict.items()))
    cold = runs["game cold"][0]
    bare = runs["bare cold"][0]
    print("\nfirst visit (cold), bytes sent before the end point (round 1):")
    print(f"| {'what':<44} | {'raw':>12} | {'gzip -9':>12} | {'requests':>8} |")
    print(f"|{'-' * 46}|{'-' * 14}|{'-' * 14}|{'-' * 10}|")
    groups: dict[str, list[tuple[str, int]]] = {}
    for path, size in cold["files"]:
        groups.setdefault(category(path), []).append((path, size))
    for name in CATEGORIES:
        files = groups.get(name, [])
        if files:
            print(f"| {'game: ' + name:<44} | {sum(s for _, s in files):>12,} |"
                  f" {sum(recorder_gz(p) for p, _ in files):>12,} | {len(files):>8} |")
    print(f"| {'game: total':<44} | {cold['bytes']:>12,} | {cold['gzip']:>12,} | {cold['requests']:>8} |")
    ours = [(p, s) for p, s in cold["files"] if category(p) != CATEGORIES[0]]
    print(f"| {'game: all but the stock Pyodide files':<44} | {sum(s for _, s in ours):>12,} |"
          f" {sum(recorder_gz(p) for p, _ in ours):>12,} | {len(ours):>8} |")
    print(f"| {'bare Pyodide page: total':<44} | {bare['bytes']:>12,} | {bare['gzip']:>12,} |"
          f" {bare['requests']:>8} |")
    print("\nlargest files of the game's first visit (raw bytes):")
    for path, size in sorted({(p, s) for p, s in cold["files"]}, key=lambda f: -f[1])[:10]:
        print(f"  {size:>11,}  {path}")
    errs = [e for k in runs for r in runs[k] for e in r["errors"]]
    if errs:
        print(f"\npage errors during the runs: {errs[:5]}")


if __name__ == "__main__":
    main()
