#!/usr/bin/env python3
"""What the kernel saw during the page's freezes: for each long heartbeat gap of a boot, was the page's
main thread running, runnable but waiting for a core (starved), or asleep (Chromium did not run the timer)?

The visits are bench_web.py's own (Playwright's Chromium with the bench's flags; a visitor's, D180–D182:
cold the first visit of a fresh on-disk profile, warm the third, each in a new browser session on it; with
--private, as before D180, a fresh off-the-record context, cold then warm in it; the bench's 10 ms
heartbeat; its page-side signals, no driver call during the visit).
Beside them a sampler process (at nice -5, ~25 % of a core: an observer, count it in) reads every ~1 ms
/proc/<pid>/task/<tid>/schedstat (ns on a CPU, ns waiting on a run queue) and the state of every
renderer's main thread (`CrRendererMain`); every ~20 ms the same counters of every thread of every
Chromium process, every other process's CPU and /proc/stat. The counters are cumulative, so a gap's split
is exact up to the sampling period: CPU + run-queue wait + the rest (asleep). The heartbeat posts its gaps
with performance.timeOrigin, which the sampler's time.time() matches to ~1 ms. `--blank` visits a page
with nothing but the heartbeat and a button that appears after 3 s: the machine's floor.

Prints, per visit and per gap over `--gap` ms: the main thread's CPU / run-queue wait / asleep, its
states as sampled (R running or runnable, S asleep, D), what it slept in (wchan), the threads that ran
meanwhile (CPU ms by process type and thread name; "page:" the page's own renderer, "other:" processes
that are not Chromium, with their priority) and the machine's busy cores, normal and niced.

Usage: python3 scripts/sched_boot.py [--dist dist] [--rounds 2] [--gap 40] [--blank] [--settle MS] [--raw DIR]
                                     [--private]
       python3 scripts/sched_boot.py --again DIR [--gap 40]    (read a kept --raw DIR again)
"""

from __future__ import annotations

import argparse
import bisect
import collections
import contextlib
import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import bench_web  # noqa: E402

FAST_S = 0.001  # the renderers' main threads
SLOW_EVERY = 20  # every thread of Chromium, /proc/stat, other processes: every 20th fast sample
RESCAN_EVERY = 100  # look for new processes and threads (each look costs ~1 ms of CPU)
# (The page's script is a file: the served headers' CSP forbids inline scripts.)
BLANK = '<!doctype html><meta charset="utf-8"><title>blank</title><script src="__blank.js"></script><body>'
BLANK_JS = """setTimeout(() => { const b = document.createElement('button'); b.dataset.action = 'x';
b.textContent = 'x'; document.body.append(b); }, 3000);"""
# What the page's main thread ran in its long frames (Chromium's long-animation-frame entries: every frame
# over 50 ms, with its scripts and where its style and layout began), read after the measured window: so a
# gap can be told apart as the page's own long frame or a wait between its tasks.
LOAF_SCRIPT = """(() => {
  if (window.top !== window) return;
  const L = window.__loaf = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        L.push([Math.round(e.startTime), Math.round(e.duration), Math.round(e.blockingDuration),
                Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0),
                e.scripts.map((s) => [s.invoker || s.invokerType, Math.round(s.duration),
                                      (s.sourceURL || '').split('/').pop().split('?')[0]])]);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
})();"""

MAIN = "CrRendererMain"
# A sample: (time.time(), tid, ns on CPU, ns waiting on a run queue, state, wchan).
Sample = tuple[float, int, int, int, str, str]


def read(fd: int) -> str:
    return os.pread(fd, 4096, 0).decode(errors="replace")


class Finder:
    """Chromium's processes and threads as they come: tid -> (pid, the process's --type, the thread's name);
    and every other process (pid -> its name), whose CPU is read as a whole. A renderer forked from the
    zygote says "zygote" until it rewrites its command line: such a process is looked at again."""

    def __init__(self) -> None:
        self.kinds: dict[int, str] = {}
        self.others: dict[int, str] = {}

    def kind(self, pid: int) -> str | None:
        if pid in self.others:
            return None
        if self.kinds.get(pid, "zygote") == "zygote":
            try:
                if os.readlink(f"/proc/{pid}/exe").rsplit("/", 1)[-1] != "chromium":
                    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                    nice = f" (nice {stat[16]})" if stat[16] != "0" else ""
                    idle = " (idle priority)" if stat[38] == "5" else nice
                    self.others[pid] = Path(f"/proc/{pid}/comm").read_text().strip() + idle
                    return None
                # (Chromium rewrites a child's command line as one string: split on spaces too.)
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().split()
            except OSError:
                return None
            kind = next((a.split("=", 1)[1] for a in cmd if a.startswith("--type=")), "browser")
            # The browser's own UI drawn by a renderer (its toolbar, since Chromium ~150).
            self.kinds[pid] = kind + ("(webui)" if "--top-chrome-webui" in cmd else "")
        return self.kinds[pid]

    def threads(self, known: dict[int, tuple[int, str, str]]) -> dict[int, tuple[int, str, str]]:
        """The threads not in `known` or whose process's kind has changed since."""
        found = {}
        for pid in map(int, filter(str.isdigit, os.listdir("/proc"))):
            kind = self.kind(pid)
            if kind is None:
                continue
            try:
                for tid in map(int, os.listdir(f"/proc/{pid}/task")):
                    if tid in known and known[tid][1] == kind:
                        continue
                    # A renderer's main thread keeps the process's name: call it what Chromium's traces do.
                    name = Path(f"/proc/{pid}/task/{tid}/comm").read_text().strip()
                    main = tid == pid and kind.startswith("renderer")
                    found[tid] = (pid, kind, MAIN if main else name)
            except OSError:
                continue
        return found


def sample(out: Path) -> None:
    """The sampler process: runs until SIGTERM, then pickles what it saw to `out`."""
    stop = False

    def finish(*_: Any) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, finish)
    with contextlib.suppress(PermissionError):
        os.nice(-5)  # an observer that is itself starved misses the gaps' ends
    threads: dict[int, tuple[int, str, str]] = {}
    fds: dict[int, tuple[int, int, int]] = {}  # tid -> schedstat, stat, wchan
    samples: list[Sample] = []
    # Every other process's CPU (utime + stime, ticks) and /proc/stat's cpu line (user nice system idle...).
    procs: list[tuple[float, dict[int, int]]] = []
    machine: list[tuple[float, list[int]]] = []
    stat_fd = os.open("/proc/stat", os.O_RDONLY)
    finder = Finder()
    n = 0
    while not stop:
        if n % RESCAN_EVERY == 0:
            for tid, info in finder.threads(threads).items():
                with contextlib.suppress(OSError):
                    task = f"/proc/{info[0]}/task/{tid}"
                    fds.setdefault(tid, (os.open(f"{task}/schedstat", os.O_RDONLY),
                                         os.open(f"{task}/stat", os.O_RDONLY),
                                         os.open(f"{task}/wchan", os.O_RDONLY)))
                    threads[tid] = info
        slow = n % SLOW_EVERY == 0
        now = time.time()
        for tid, (sched, stat, wchan) in list(fds.items()):
            main = threads[tid][2] == MAIN
            if not (main or slow):
                continue
            try:
                run, wait = map(int, read(sched).split()[:2])
                state = read(stat).rsplit(")", 1)[1].split()[0] if main else ""
                where = read(wchan) if main and state != "R" else ""
            except (OSError, ValueError, IndexError):
                for fd in fds.pop(tid):
                    os.close(fd)
                continue
            samples.append((now, tid, run, wait, state, where))
        if slow:
            machine.append((now, [int(x) for x in read(stat_fd).split("\n", 1)[0].split()[1:]]))
            ticks = {}
            for pid in list(finder.others):
                try:
                    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                    ticks[pid] = int(fields[11]) + int(fields[12])
                except (OSError, IndexError):
                    del finder.others[pid]
            procs.append((now, ticks))
        n += 1
        time.sleep(FAST_S)
    own = os.times()
    out.write_bytes(pickle.dumps({"threads": threads, "samples": samples, "machine": machine, "procs": procs,
                                  "names": finder.others, "own_cpu_s": own.user + own.system}))


# Read after the measured window with the boot's stages (bench_web.measure(stages=True) evaluates
# bench_web.STAGES_JS; this run gives it both, split again by `split_loaf`).
STAGES_AND_LOAF_JS = f"async () => ({{stages: await ({bench_web.STAGES_JS})(), loaf: window.__loaf || []}})"


def split_loaf(visit: dict[str, Any]) -> dict[str, Any]:
    both = visit.get("stages")
    if isinstance(both, dict):
        visit["stages"], visit["loaf"] = both["stages"], both["loaf"]
    return visit

T = TypeVar("T", bound=tuple[Any, ...])


def at(series: list[T], t: float) -> T | None:
    """The last sample (time first) at or before t."""
    i = bisect.bisect_right(series, t, key=lambda s: float(s[0]))
    return series[i - 1] if i else None


def group(kind: str, name: str) -> str:
    """A thread's family: V8's pool threads and workers are numbered; keep the family's name."""
    return f"{kind}:{name.rstrip('0123456789').rstrip('/# ')}"


def moment(a: float, b: float, visit: dict[str, Any]) -> str:
    """Where in the boot a gap from a to b (page clock, ms) fell: the stages around it, and the end point."""
    stages = visit.get("stages") or []
    before = [name for name, ms in stages if ms <= a]
    inside = [name for name, ms in stages if a < ms <= b]
    end = visit["end"]
    where = "after the first action" if a >= end else "before the first action"
    return (f"{where} ({a - end:+.0f} ms from it); last stage before: {before[-1] if before else '-'}"
            + (f"; stages inside: {', '.join(inside)}" if inside else ""))


def analyse(data: dict[str, Any], visit: dict[str, Any], label: str, min_gap: float) -> list[dict[str, Any]]:
    threads: dict[int, tuple[int, str, str]] = data["threads"]
    by_tid: dict[int, list[Sample]] = collections.defaultdict(list)
    for s in data["samples"]:
        by_tid[s[1]].append(s)
    origin = visit["origin"] / 1000
    start, end = origin, origin + (visit["end"] + 1000) / 1000
    # The page's renderer: the main thread that ran most during the visit.
    mains = [t for t in by_tid if threads[t][2] == MAIN and threads[t][1] == "renderer"]

    def ran(tid: int, a: float, b: float) -> float:
        sa, sb = at(by_tid[tid], a), at(by_tid[tid], b)
        return (sb[2] - sa[2]) / 1e6 if sa and sb else 0.0

    page = max(mains, key=lambda t: ran(t, start, end))
    series = by_tid[page]
    print(f"== {label}: end {visit['end']:.0f} ms, longest gap {visit['maxGap']:.0f} ms; the page's main "
          f"thread: {ran(page, start, end):.0f} ms CPU over the visit (renderer pid {threads[page][0]})")
    stages = visit.get("stages") or []
    if stages:
        print("  stages: " + ", ".join(f"{name} {ms}" for name, ms in stages))
    found = []
    for last, gap in visit["gaps"]:
        if gap < min_gap:
            continue
        a = origin + last / 1000
        b = a + (gap + bench_web.HEARTBEAT_MS) / 1000
        sa, sb = at(series, a), at(series, b)
        if not (sa and sb):
            continue
        wall = (sb[0] - sa[0]) * 1000
        cpu, wait = (sb[2] - sa[2]) / 1e6, (sb[3] - sa[3]) / 1e6
        inside = [s for s in series if a <= s[0] <= b]
        states = collections.Counter(s[4] for s in inside)
        slept = collections.Counter(s[5] for s in inside if s[5])
        others: dict[str, float] = collections.defaultdict(float)
        for tid, (_, kind, name) in threads.items():
            if tid != page and by_tid[tid]:
                others[group(kind if threads[tid][0] != threads[page][0] else "page", name)] += ran(tid, a, b)
        ma, mb = at(data["machine"], a), at(data["machine"], b)
        machine = ""
        tick = os.sysconf("SC_CLK_TCK")
        if ma and mb and mb[0] > ma[0]:
            d = [y - x for x, y in zip(ma[1], mb[1], strict=True)]
            span = (mb[0] - ma[0]) * tick
            normal = (sum(d) - d[1] - d[3] - d[4]) / span
            machine = f"; machine: {normal:.2f} cores busy at normal priority, {d[1] / span:.2f} niced"
        pa, pb = at(data["procs"], a), at(data["procs"], b)
        if pa and pb:
            for pid, ticks in pb[1].items():
                used = (ticks - pa[1].get(pid, ticks)) * 1000 / tick
                if used:
                    others[f"other:{data['names'].get(pid, pid)}"] += used
        busy = sorted(((v, k) for k, v in others.items() if v >= 2), reverse=True)
        row = {"at": round(last), "gap": gap, "wall": round(wall, 1), "cpu": round(cpu, 1),
               "wait": round(wait, 1), "asleep": round(wall - cpu - wait, 1), "states": dict(states),
               "wchan": dict(slept), "others": {k: round(v, 1) for v, k in busy}}
        found.append(row)
        print(f"  gap at {last:5.0f} ms: {gap:3.0f} ms (sampled {wall:3.0f}): main CPU {cpu:4.1f}, run-queue "
              f"wait {wait:4.1f}, asleep {wall - cpu - wait:4.1f} ms; states {dict(states)} "
              f"{dict(slept) if slept else ''}{machine}")
        print(f"     when: {moment(last, last + gap, visit)}")
        print("     others ran: " + ", ".join(f"{k} {v:.0f}" for v, k in busy[:8]))
        for start_ms, dur, blocking, style, scripts in visit.get("loaf") or []:
            if start_ms < last + gap + bench_web.HEARTBEAT_MS and start_ms + dur > last:
                print(f"     long frame at {start_ms} ms: {dur} ms (blocking {blocking}, style and layout "
                      f"{style}); scripts " + ", ".join(f"{who} {ms} ms ({src})" for who, ms, src in scripts))
    if found:
        total = {k: sum(r[k] for r in found) for k in ("wall", "cpu", "wait", "asleep")}
        print(f"  {len(found)} gaps over {min_gap:.0f} ms, {total['wall']:.0f} ms in all: the main thread "
              f"ran {total['cpu']:.0f}, waited for a core {total['wait']:.0f}, slept {total['asleep']:.0f}")
    return found


def make_visits(playwright: Any, browser: Any, base: str, path: str, recorder: Any, settle_ms: float,
                private: bool) -> dict[str, dict[str, Any]]:
    """A cold and a warm visit of `path`, bench_web.py's way: a visitor's (D180), or --private's."""
    if private:
        with bench_web.measured_context(browser) as context:
            return {temp: split_loaf(bench_web.measure(context, base + path, recorder, stages=True,
                                                       settle_ms=settle_ms))
                    for temp in ("cold", "warm")}
    cold, warm = bench_web.measure_visitor(playwright, base + bench_web.visitor_path(path), recorder,
                                           stages=True, settle_ms=settle_ms)
    return {"cold": split_loaf(cold), "warm": split_loaf(warm)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--gap", type=float, default=40)
    ap.add_argument("--blank", action="store_true", help="also visit a page with only the heartbeat")
    ap.add_argument("--settle", type=float, default=bench_web.WINDOW_SETTLE_MS,
                    help="ms between opening the visit's tab (a new window) and navigating it")
    ap.add_argument("--raw", help="keep every visit's samples and gaps here (pickle, json)")
    ap.add_argument("--private", action="store_true",
                    help="off-the-record contexts, warm a second tab of cold's (bench_web.py --private)")
    ap.add_argument("--again", metavar="DIR", help="only read again what --raw DIR kept")
    ap.add_argument("--sampler", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.sampler:
        sample(Path(args.sampler))
        return
    if args.again:  # a kept run read again
        for found in sorted(Path(args.again).glob("*.json")):
            data = pickle.loads(found.with_suffix(".pickle").read_bytes())
            for temp, kept in json.loads(found.read_text())["visits"].items():
                analyse(data, kept, f"{found.stem} {temp}", args.gap)
        return
    from playwright.sync_api import sync_playwright

    # Every visit also keeps its long frames (LOAF_SCRIPT), read with its stages after the measured window.
    bench_web.INIT_SCRIPT += "\n" + LOAF_SCRIPT
    bench_web.STAGES_JS = STAGES_AND_LOAF_JS
    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        shutil.copytree(args.dist, dist)
        (dist / "__blank.html").write_text(BLANK)
        (dist / "__blank.js").write_text(BLANK_JS)
        server, base, recorder = bench_web.serve(dist)
        raw = Path(args.raw) if args.raw else Path(tmp)
        raw.mkdir(parents=True, exist_ok=True)
        pages = [("game", bench_web.GAME_PATH)] + ([("blank", "__blank.html")] if args.blank else [])
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=bench_web.CHROMIUM, args=bench_web.CHROMIUM_ARGS)
                for i in range(args.rounds):
                    for name, path in pages:
                        out = raw / f"{name}{i + 1}.pickle"
                        sampler = subprocess.Popen([sys.executable, __file__, "--sampler", str(out)])
                        time.sleep(0.3)  # its first scan
                        try:
                            visits = make_visits(p, browser, base, path, recorder, args.settle, args.private)
                        finally:
                            sampler.send_signal(signal.SIGTERM)
                            sampler.wait()
                        data = pickle.loads(out.read_bytes())
                        print(f"(the sampler's own CPU: {data['own_cpu_s']:.1f} s)")
                        gaps = {t: analyse(data, v, f"{name} round {i + 1} {t}", args.gap)
                                for t, v in visits.items()}
                        (raw / f"{name}{i + 1}.json").write_text(json.dumps({"visits": visits, "gaps": gaps},
                                                                             default=str))
                browser.close()
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
