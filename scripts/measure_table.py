"""How steady the table is: layout shift and the queue's movement between decisions, per screen size.

    .venv/bin/python scripts/measure_table.py [--decisions 12] [--seeds 1,2,3] [--shots DIR]

Plays games through the page served by web/dev/devserver.py (the CPython engine over HTTP, so no
Pyodide boot) in Debian's Chromium at 1280×800, 390×844 with touch, and the 400×700 embed. For each
game it prints the sum of every layout-shift entry (also those right after a click: the table must not
jump when a bot answers either), the same sum without them (the web's CLS rule), and the largest move
of the queue region's top edge (page coordinates) from one human decision to the next.

With --frames it also reports the frames drawn while something moves (a Web or CSS animation has
begun and not ended): the longest gap between two animation frames, how many gaps exceed 50 ms, and the
long-animation-frame entries (Chromium's LoAF, over 50 ms by definition) seen during the game; and,
apart, the frames over 50 ms drawn while animations were created but not begun (the frame that draws
an answer and starts its motion: it delays the motion, it does not cut into it).
"""

from __future__ import annotations

import argparse
import http.server
import itertools
import random
import socket
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "dev"))
sys.path.insert(0, str(ROOT / "py"))

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "embed": {"viewport": {"width": 400, "height": 700}},
}
ACTIONS = '#app[data-busy="0"] [data-action]'
SELECTORS = ", ".join(
    f'#app[data-busy="0"] [{a}]' for a in ("data-select-card", "data-select-move", "data-select-choose")
)
FINAL = '[data-testid="final-scores"]'

OBSERVE_JS = """() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts.push([e.value, e.hadRecentInput,
      (e.sources || []).map((s) => String((s.node && s.node.className) || '?').split(' ')[0])
        .join(',')]);
  }).observe({ type: 'layout-shift', buffered: true });
}"""
# rAF deltas only while something of ours moves: a finite Web or CSS animation (the offered choices'
# endless pulse does not count) that has begun. An animation created in a task is pending until the
# browser has drawn the frame that starts it: a long frame then delays its start but drops none of its
# frames, so the gaps from a tick where animations were only pending are kept apart (`starts`). Also the
# long-animation-frame entries (LoAF, Chromium) that overlap those moments, each split into script, style
# and layout, and paint time.
FRAMES_JS = """() => {
  const F = window.__frames = { gaps: [], starts: [], loaf: [], moving: [] };
  const ours = (a) => a.playState === 'running' && a.effect
    && a.effect.getComputedTiming().endTime !== Infinity;
  let last = 0;
  let pending = 0;
  const tick = (now) => {
    const running = document.getAnimations().filter(ours);
    const moving = running.some((a) => !a.pending);
    if (moving && last) F.gaps.push(now - last);
    else if (pending) F.starts.push(now - pending);
    if (moving && !last) F.moving.push([now, now]);
    if (moving) F.moving[F.moving.length - 1][1] = now;
    last = moving ? now : 0;
    pending = running.length && !moving ? now : 0;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const end = e.startTime + e.duration;
        const script = (e.scripts || []).reduce((t, x) => t + x.duration, 0);
        const style = e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0;
        const render = e.renderStart ? end - e.renderStart - style : 0;
        F.loaf.push([e.startTime, e.duration, e.blockingDuration, script, style, render,
          (e.scripts || []).slice(0, 2)
            .map((x) => `${x.invoker || '?'} ${String(x.sourceURL).split('/').pop()}`).join('; ')]);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (err) { F.noLoaf = String(err); }
}"""
# LoAF entries that overlap a moment when something of ours moved
LOAF_DURING_JS = """() => window.__frames.loaf.filter(([start, d]) =>
  window.__frames.moving.some(([a, b]) => start < b + 20 && start + d > a - 20))"""
QUEUE_TOP_JS = """() => {
  const q = document.querySelector('[data-testid="queue"]');
  return q ? q.getBoundingClientRect().top + window.scrollY : null;
}"""


def serve() -> str:
    import devserver  # web/dev/devserver.py

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), devserver.Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{port}/"


def play(page: Any, url: str, seed: int, decisions: int, shots: Path | None, name: str) -> dict[str, Any]:
    page.goto(url)
    page.evaluate(OBSERVE_JS)
    page.evaluate(FRAMES_JS)
    rng = random.Random(seed)
    tops: list[float] = []
    touch = page.context.browser is not None and bool(page.evaluate("navigator.maxTouchPoints > 0"))
    for step in range(decisions):
        page.wait_for_selector(f"{ACTIONS}, {FINAL}", timeout=60_000)
        if page.locator(FINAL).count():
            break
        page.wait_for_timeout(50)
        tops.append(page.evaluate(QUEUE_TOP_JS))
        if shots:
            page.screenshot(path=str(shots / f"{name}-{seed}-{step:02d}.png"))
        selectors = page.locator(SELECTORS)
        if selectors.count() > 1 and rng.random() < 0.5:
            el = selectors.nth(rng.randrange(selectors.count()))
            el.tap() if touch else el.click()
            page.wait_for_timeout(50)
            tops.append(page.evaluate(QUEUE_TOP_JS))
        actions = page.locator(ACTIONS)
        el = actions.nth(rng.randrange(actions.count()))
        el.tap() if touch else el.click()
    page.wait_for_timeout(300)
    shifts = page.evaluate("window.__shifts")
    frames = page.evaluate("window.__frames")
    gaps = frames["gaps"]
    loaf = page.evaluate(LOAF_DURING_JS)
    moves = [abs(b - a) for a, b in itertools.pairwise(tops) if a is not None and b is not None]
    return {
        "shift_all": sum(v for v, _, _ in shifts),
        "cls": sum(v for v, recent, _ in shifts if not recent),
        "sources": by_source(shifts),
        "queue_move_max": max(moves, default=0.0),
        "decisions": len(tops),
        "frames": len(gaps),
        "gap_max": max(gaps, default=0.0),
        "gaps_over_50": sum(1 for g in gaps if g > 50),
        "starts_over_50": sum(1 for g in frames["starts"] if g > 50),
        "start_max": max(frames["starts"], default=0.0),
        "loaf": loaf,
    }


def by_source(shifts: list[Any]) -> str:
    total: dict[str, float] = {}
    for value, _, sources in shifts:
        total[sources] = total.get(sources, 0.0) + value
    return ", ".join(f"{k or '?'} {v:.2f}" for k, v in sorted(total.items(), key=lambda kv: -kv[1])[:5])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--decisions", type=int, default=12)
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--speed", default="0.5")
    ap.add_argument("--shots", type=Path)
    ap.add_argument("--only", default="")
    ap.add_argument("--sources", action="store_true", help="print the elements that moved most")
    ap.add_argument("--frames", action="store_true", help="print the frames drawn while something moves")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    base = serve()
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for name, opts in SIZES.items():
            if args.only and name not in args.only.split(","):
                continue
            rows = []
            for seed in (int(s) for s in args.seeds.split(",")):
                ctx = browser.new_context(**opts)
                page = ctx.new_page()
                extra = "&embed=1" if name == "embed" else ""
                url = f"{base}?lang=en&players=3&bots=normal,normal&seed={seed}&speed={args.speed}{extra}"
                rows.append(play(page, url, seed, args.decisions, args.shots, name))
                ctx.close()
            for seed, r in zip(args.seeds.split(","), rows, strict=False):
                print(
                    f"{name:8} seed {seed}: shift {r['shift_all']:.3f}  cls {r['cls']:.3f}  "
                    f"queue top moved ≤ {r['queue_move_max']:.0f} px over {r['decisions']} decisions"
                )
                if args.sources:
                    print(f"         largest sources: {r['sources']}")
                if args.frames:
                    loaf = sorted(r["loaf"], key=lambda e: -e[1])
                    print(
                        f"         frames while moving {r['frames']}: longest gap {r['gap_max']:.0f} ms, "
                        f"{r['gaps_over_50']} over 50 ms; long animation frames meanwhile {len(loaf)}"
                    )
                    print(
                        f"         frames before a motion began over 50 ms: {r['starts_over_50']} "
                        f"(longest {r['start_max']:.0f} ms)"
                    )
                    for _, d, b, script, style, paint, what in loaf[:4]:
                        print(
                            f"           {d:.0f} ms (blocking {b:.0f}; script {script:.0f}, "
                            f"style+layout {style:.0f}, paint {paint:.0f}) {what}"
                        )
            print(
                f"{name:8} mean shift {sum(r['shift_all'] for r in rows) / len(rows):.3f}  "
                f"max queue move {max(r['queue_move_max'] for r in rows):.0f} px"
            )
        browser.close()


if __name__ == "__main__":
    main()
