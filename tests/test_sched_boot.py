"""scripts/sched_boot.py's reading of the kernel's counters: a heartbeat gap split into the page's main
thread running, waiting for a core and asleep, and who ran meanwhile (synthetic samples, no browser)."""

from __future__ import annotations

import contextlib

import pytest

from build_scripts import load_script

MS = 1_000_000  # ns


def test_a_gap_is_split_into_running_waiting_for_a_core_and_asleep() -> None:
    sched = load_script("sched_boot")
    origin = 1_000_000.0  # s, the page's performance.timeOrigin / 1000
    main, worker, toolbar = 11, 12, 21
    threads = {main: (11, "renderer", sched.MAIN), worker: (11, "renderer", "DedicatedWorker thread"),
               toolbar: (20, "renderer(webui)", sched.MAIN)}
    samples = []
    # A gap from 100 ms to 200 ms (90 ms + the 10 ms period): the main thread runs 20 ms, waits 50 ms on a
    # run queue and sleeps 30 ms; the worker runs 80 ms, the toolbar's renderer 40 ms.
    for t_ms, run, wait, state in ((90, 5, 1, "S"), (100, 5, 1, "R"), (150, 15, 41, "R"), (200, 25, 51, "S"),
                                   (1900, 400, 60, "S")):
        where = "futex" if state == "S" else ""
        samples.append((origin + t_ms / 1000, main, run * MS, wait * MS, state, where))
    for t_ms, run in ((90, 0), (100, 10), (200, 90), (1900, 900)):
        samples.append((origin + t_ms / 1000, worker, run * MS, 0, "", ""))
        samples.append((origin + t_ms / 1000, toolbar, run * MS // 2, 0, "", ""))
    data = {"threads": threads, "samples": samples, "machine": [], "procs": [], "names": {}}
    visit = {"origin": origin * 1000, "end": 800.0, "maxGap": 90.0, "gaps": [[100, 90], [300, 31]]}
    [row] = sched.analyse(data, visit, "synthetic", 40)
    assert (row["cpu"], row["wait"], row["asleep"]) == (20, 50, 30)
    assert row["states"] == {"R": 2, "S": 1} and row["wchan"] == {"futex": 1}
    assert row["others"] == {"page:DedicatedWorker thread": 80, "renderer(webui):CrRendererMain": 40}


def test_its_visits_are_a_visitors_unless_asked_for_private_contexts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampler watches the bench's own visits (D180): a visitor's first and return visits by default."""
    sched = load_script("sched_boot")
    bench = sched.bench_web
    made: list[tuple[str, str]] = []

    def visitor(p: object, url: str, recorder: object, settle_ms: float,
                stages: bool = False) -> tuple[dict[str, str], ...]:
        made.append(("visitor", url))
        return {"t": "c"}, {"t": "w"}

    def private(context: object, url: str, recorder: object, settle_ms: float,
                stages: bool = False) -> dict[str, str]:
        made.append(("private", url))
        return {"t": "p"}

    monkeypatch.setattr(bench, "measure_visitor", visitor)
    monkeypatch.setattr(bench, "measure", private)
    monkeypatch.setattr(bench, "measured_context", lambda browser: contextlib.nullcontext(None))
    visits = sched.make_visits(None, None, "B/", bench.GAME_PATH, None, 2000, False)
    assert visits == {"cold": {"t": "c"}, "warm": {"t": "w"}}
    assert made == [("visitor", "B/" + bench.GAME_PATH + "&sw=1")]
    made.clear()
    visits = sched.make_visits(None, None, "B/", "__blank.html", None, 2000, True)
    assert visits == {"cold": {"t": "p"}, "warm": {"t": "p"}}
    assert made == [("private", "B/__blank.html")] * 2
