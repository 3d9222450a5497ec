#!/usr/bin/env python3
"""Boot time of the game in each browser (`make bench-web`, after scripts/bench_web.py's Chromium study).

For each browser — Debian's Chromium (Playwright), Firefox ESR (puppeteer-core over WebDriver BiDi),
WebKitGTK's MiniBrowser (WebKitWebDriver, on Xvfb) — and each of N rounds, a fresh browser (empty
profile and caches) opens the game page served from dist/ on 127.0.0.1 with netlify.toml's headers:
- cold: the first visit, navigation → the first clickable `[data-action]` (a decision for the player);
- warm: the same page opened again in that browser (HTTP cache, compiled-code caches).
Times are the page's own clock: performance.now() when a MutationObserver of the test hook
(tests/browser/console_hook.js, served first in the page by tests/browser/other_browsers.py) first saw
the action. Each browser is driven (a driver's agents cost some time; bench_web.py --direct shows how
much for Chromium), so compare browsers with one another rather than with a visitor's browser.
Console errors seen by the hook are reported too.

Usage: python3 scripts/bench_browsers.py [--rounds 3] [--dist dist] [--browsers chromium,firefox,webkit]
       [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from other_browsers import DrivenPage, open_page, serve_hooked  # noqa: E402

GAME_PATH = "?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0"
READY = '#app[data-busy="0"] [data-action]'
TIMEOUT_MS = 120_000
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


def boot(page: DrivenPage | Any, url: str) -> float:
    """ms from navigation start to the first clickable action, by the page's clock."""
    page.goto(url)
    page.wait_for_selector(READY, timeout=TIMEOUT_MS)
    ready = page.evaluate("window.__testHook.readyAt")
    if ready is None:
        raise RuntimeError("the hook did not see the first action")
    return float(ready)


def hook_errors(page: Any) -> list[str]:
    return list(page.evaluate("window.__testHook.errors"))


def round_chromium(url: str) -> tuple[float, float, list[str], str]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            cold = boot(page, url)
            errors = hook_errors(page)
            warm = boot(page, url)
            return cold, warm, errors + hook_errors(page), browser.version
        finally:
            browser.close()


def round_driven(which: str, url: str) -> tuple[float, float, list[str], str]:
    with open_page(which) as page:
        cold = boot(page, url)
        warm = boot(page, url)
        return cold, warm, page.console_errors(), page.version()


def summary(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values)), "min": round(min(values)), "max": round(max(values))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    ap.add_argument("--browsers", default="chromium,firefox,webkit")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not (args.dist / "index.html").exists():
        sys.exit(f"{args.dist}/index.html missing: run `make build` first")
    results: dict[str, Any] = {}
    with serve_hooked(args.dist) as base:
        url = base + GAME_PATH
        for which in args.browsers.split(","):
            cold, warm, errors, version = [], [], [], "?"
            started = time.monotonic()
            for _ in range(args.rounds):
                c, w, e, version = round_chromium(url) if which == "chromium" else round_driven(which, url)
                cold.append(c)
                warm.append(w)
                errors += e
            results[which] = {"version": version, "cold_ms": summary(cold), "warm_ms": summary(warm),
                              "rounds": args.rounds, "console_errors": sorted(set(errors)),
                              "wall_s": round(time.monotonic() - started, 1)}
            print(f"{which:9} {version:22} cold {results[which]['cold_ms']['median']:5} ms "
                  f"(min {results[which]['cold_ms']['min']}, max {results[which]['cold_ms']['max']})  "
                  f"warm {results[which]['warm_ms']['median']:5} ms  "
                  f"errors {len(results[which]['console_errors'])}", flush=True)
            for e in results[which]["console_errors"]:
                print(f"    {e}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
