#!/usr/bin/env python3
"""The page's main thread during a boot, in CPU time: what its freezes are made of.

On a machine whose cores the boot's workers keep busy, a page task's wall time is several times its CPU
time, and a heartbeat's gap is mostly the main thread waiting for a core. A Chromium trace records each
task's thread time (`tdur`), which load hardly changes. For each build and round: a cold visit, then a
warm one in the same context (as scripts/bench_web.py), each traced from navigation until `--seconds`
later, with a 9 ms setTimeout heartbeat installed by an init script. Prints, per visit:
- the heartbeat's gaps over `--gap` ms (from the trace's TimerFire events): the number of page tasks
  inside each, their CPU, and the costliest three with what they ran;
- the page's CPU over the visit by kind of task (`--budget`).

Usage: python3 scripts/trace_boot.py DIST [DIST...] [--rounds 2] [--gap 50] [--seconds 5] [--budget]
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve import make_server

CHROMIUM = "/usr/bin/chromium"
GAME = "?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0"
CATEGORIES = ["devtools.timeline", "toplevel", "v8.execute", "blink", "loading",
              "disabled-by-default-devtools.timeline"]
BEAT_MS = 9  # an odd period, to tell the heartbeat's timers from the page's own
HEARTBEAT = ("(() => { if (window.top !== window) return; "
             f"const beat = () => setTimeout(beat, {BEAT_MS}); beat(); }})();")
TASK = "ThreadControllerImpl::RunTask"
WRAPPERS = (TASK, "RunTask", "SimpleWatcher::OnHandleReady", "Receive mojo message")

Event = dict[str, Any]


def page_thread(events: list[Event], port: int) -> list[Event]:
    """The events of the renderer main thread that parsed the page served on `port`, in time order."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    key = next((e["pid"], e["tid"]) for e in events if e.get("name") == "ParseHTML"
               and f":{port}/" in json.dumps(e.get("args", {}))
               and names.get((e["pid"], e["tid"])) == "CrRendererMain")
    mine = (e for e in events if (e.get("pid"), e.get("tid")) == key and "ts" in e)
    return sorted(mine, key=lambda e: e["ts"])


def label(event: Event) -> str:
    data = event.get("args", {}).get("data")
    if not isinstance(data, dict):
        return str(event["name"])
    said = [str(data[k]).rsplit("/", 1)[-1][:30] for k in ("url", "functionName", "type") if data.get(k)]
    return f"{event['name']}({','.join(said)})" if said else str(event["name"])


def inside(events: list[Event], task: Event, min_cpu_us: int) -> list[str]:
    end = task["ts"] + task["dur"]
    within = (e for e in events if task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= end and e is not task)
    return list(dict.fromkeys(label(e) for e in within
                              if e.get("tdur", 0) >= min_cpu_us and e["name"] not in WRAPPERS))


def cpu(task: Event) -> float:
    return float(task.get("tdur", 0)) / 1000


def report(trace: Path, port: int, gap_ms: float, budget: bool) -> float:
    """Prints one visit's gaps (and budget); returns its longest gap."""
    raw = json.loads(trace.read_text())
    everything = page_thread(raw["traceEvents"] if isinstance(raw, dict) else raw, port)
    events = [e for e in everything if e.get("ph") == "X" and "dur" in e]
    nav = min(e["ts"] for e in events if e["name"] == "ParseHTML")
    ids = {e["args"]["data"]["timerId"] for e in everything
           if e["name"] == "TimerInstall" and e["args"]["data"].get("timeout") == BEAT_MS}
    fires = [e["ts"] for e in events if e["name"] == "TimerFire" and e["args"]["data"].get("timerId") in ids]
    tasks = [e for e in events if e["name"] == TASK and e["ts"] >= nav]
    longest = 0.0
    for a, b in itertools.pairwise(fires):
        gap = (b - a) / 1000 - BEAT_MS
        longest = max(longest, gap)
        if gap < gap_ms:
            continue
        held = [t for t in tasks if a < t["ts"] < b]
        top = sorted(held, key=cpu, reverse=True)[:3]
        said = " ".join(f"[{(t['ts'] - nav) / 1000:.0f}: wall {t['dur'] / 1000:.0f}, cpu {cpu(t):.0f}: "
                        f"{', '.join(inside(events, t, 2000))[:200]}]" for t in top)
        print(f"   gap at {(a - nav) / 1000:6.0f} ms: {gap:4.0f} ms, {len(held)} page tasks, "
              f"cpu {sum(map(cpu, held)):.0f} ms; {said}")
    if budget:
        kinds: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0.0])
        for t in tasks:
            args = t.get("args", {})
            kind = f"{args.get('src_file', '?').rsplit('/', 1)[-1]}:{args.get('src_func', '?')}"
            first = inside(events, t, 0)[:1]
            row = kinds[kind + (f" {first[0]}" if first else "")]
            row[0] += 1
            row[1] += cpu(t)
            row[2] = max(row[2], cpu(t))
        print(f"   the page's CPU: {sum(map(cpu, tasks)):.0f} ms in {len(tasks)} tasks; by kind:")
        for kind, (n, total, most) in sorted(kinds.items(), key=lambda kv: -kv[1][1])[:12]:
            print(f"     {total:6.1f} ms in {n:4.0f} tasks (longest {most:4.1f})  {kind[:120]}")
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dists", nargs="+", type=Path)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--gap", type=float, default=50)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--budget", action="store_true")
    opts = parser.parse_args()
    from playwright.sync_api import sync_playwright

    sites = []
    for dist in opts.dists:
        server = make_server(dist)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        sites.append((dist, int(server.server_address[1])))
    longest: dict[str, list[float]] = collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-quic"])
        for i in range(opts.rounds):
            for dist, port in sites if i % 2 == 0 else sites[::-1]:
                context = browser.new_context()
                context.add_init_script(HEARTBEAT)
                for visit in ("cold", "warm"):
                    trace = Path(tmp) / f"{visit}.json"
                    browser.start_tracing(path=str(trace), categories=CATEGORIES)
                    page = context.new_page()
                    page.goto(f"http://127.0.0.1:{port}/{GAME}", wait_until="commit")
                    time.sleep(opts.seconds)  # nothing driven in the page meanwhile
                    browser.stop_tracing()
                    page.close()
                    print(f"== {dist} round {i + 1} {visit}", flush=True)
                    longest[f"{dist} {visit}"].append(report(trace, port, opts.gap, opts.budget))
                context.close()
        browser.close()
    for name, gaps in longest.items():
        print(f"{name}: longest gap per visit {[round(g) for g in gaps]} ms")


if __name__ == "__main__":
    main()
