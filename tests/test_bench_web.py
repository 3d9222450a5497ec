"""scripts/bench_web.py's plumbing: the page's signals to the bench's server, and the pages of --direct
(no driver attached), without a browser."""

from __future__ import annotations

import contextlib
import json
import urllib.parse
from pathlib import Path

import pytest

from build_scripts import load_script


def test_signals_carry_the_result_and_the_benchs_own_files_are_not_counted(tmp_path: Path) -> None:
    bench = load_script("bench_web")
    (tmp_path / "index.html").write_text("<!doctype html>")
    recorder = bench.Recorder(tmp_path)
    start = recorder.mark()
    recorder.record("/?edition=retail")
    recorder.record("/__bench.js")
    recorder.record("/?edition=retail&__bench=end")
    result = {"end": 812.5, "maxGap": 31.2, "gaps": [[120, 31]]}
    recorder.record("/?__bench=done&r=" + urllib.parse.quote(json.dumps(result)))
    recorder.record("/?__bench=end")
    when, payload = recorder.wait_signal("done", 1)
    assert payload == result
    assert recorder.wait_signal("end", 1, nth=2)[1] is None
    assert [p for p, _, _ in recorder.since(start, when)] == ["index.html"]


def test_direct_pages_load_the_heartbeat_first(tmp_path: Path) -> None:
    bench = load_script("bench_web")
    dist = tmp_path / "dist"
    (dist / "bench").mkdir(parents=True)
    page = '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n<script src="x.js"></script>'
    (dist / "index.html").write_text(page)
    (dist / bench.BARE_PATH).write_text(page)
    bench.prepare_direct(dist)
    for html in ("index.html", bench.BARE_PATH):
        text = (dist / html).read_text()
        assert text.index('<script src="/__bench.js"></script>') < text.index('<meta charset="utf-8">'), html
    script = (dist / "__bench.js").read_text()
    assert script.startswith("window.__benchDirect = true;") and "location.reload()" in script
    assert "__wait.js" in (dist / "__wait.html").read_text()
    assert f"{bench.SETTLE_MS}" in (dist / "__wait.js").read_text()


class _LateClock:
    """A clock whose sleeps overshoot by `late` seconds (a busy machine) and whose writes take `write` s."""

    def __init__(self, late: float, write: float = 0.0) -> None:
        self.now, self.late, self.write_s = 100.0, late, write
        self.written: list[tuple[float, int]] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds + self.late

    def write(self, chunk: bytes) -> None:
        self.now += self.write_s
        self.written.append((self.now, len(chunk)))


def test_a_sending_thread_that_wakes_late_does_not_slow_the_line() -> None:
    network = load_script("bench_network")
    fake = _LateClock(late=0.002)
    pipe = network.Pipe(10, clock=fake.clock, sleep=fake.sleep)
    body = bytes(network.CHUNK * 100)
    first = pipe.send(fake, body)
    line_time = len(body) * 8 / 10e6
    assert first == 100.0
    assert abs(pipe.free_at - (100.0 + line_time)) < 1e-9  # the line's own time, not + 99 late wake-ups
    assert fake.written[-1][0] - pipe.free_at <= 0.002 + 1e-9  # and the bytes went out no later than that
    assert sum(n for _, n in fake.written) == len(body)


def test_a_receiver_that_does_not_read_still_holds_the_line_back() -> None:
    network = load_script("bench_network")
    fake = _LateClock(late=0.0, write=0.001)
    pipe = network.Pipe(10, clock=fake.clock, sleep=fake.sleep)
    body = bytes(network.CHUNK * 10)
    pipe.send(fake, body)
    assert abs(pipe.free_at - (100.0 + len(body) * 8 / 10e6 + 9 * 0.001)) < 1e-9


def test_a_driven_visit_navigates_its_new_window_only_once_the_window_has_settled(tmp_path: Path) -> None:
    """Each visit's tab is a new window, whose toolbar Chromium draws with a renderer of its own: its
    start-up is the browser's, not the page's, and must end before the measured navigation begins."""
    bench = load_script("bench_web")
    (tmp_path / "index.html").write_text("<!doctype html>")
    recorder = bench.Recorder(tmp_path)
    calls: list[tuple[str, object]] = []

    class Page:
        def on(self, *_: object) -> None:
            pass

        def wait_for_timeout(self, ms: float) -> None:
            calls.append(("wait", ms))

        def goto(self, url: str, wait_until: str) -> None:
            calls.append(("goto", url))
            recorder.record("/?__bench=end")
            result = {"end": 900.0, "maxGap": 12.0, "gaps": [], "origin": 1.0}
            recorder.record("/?__bench=done&r=" + urllib.parse.quote(json.dumps(result)))

        def close(self) -> None:
            calls.append(("close", None))

    class Context:
        def new_page(self) -> Page:
            calls.append(("new page", None))
            return Page()

    visit = bench.measure(Context(), "http://127.0.0.1:1/", recorder)
    assert visit["end"] == 900.0
    assert [c for c, _ in calls] == ["new page", "wait", "goto", "close"]
    assert calls[1][1] == bench.WINDOW_SETTLE_MS >= 1000


def test_json_keeps_an_ab_runs_measurements(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_script("bench_web")
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.html").write_text("<!doctype html>")
    measured = {"game cold": [{"end": 1500.0}], "game B cold": [{"end": 1400.0}],
                "bare cold": [{"end": 4000.0}]}
    reported: list[object] = []
    ways: list[bool] = []
    monkeypatch.setattr(bench, "run_localhost_ab",
                        lambda base, recorder, rounds, others, visitor: ways.append(visitor) or measured)
    monkeypatch.setattr(bench, "report_localhost_ab", reported.append)
    out = tmp_path / "ab.json"
    bench.main(["--localhost-only", "--rounds", "1", "--dist", str(tmp_path / "a"),
                "--ab", str(tmp_path / "b"), "--json", str(out)])
    assert reported == [measured]
    assert json.loads(out.read_text()) == measured
    assert ways == [True]  # a visitor's visits (D180), unless --private


class _Browser:
    """Playwright's persistent contexts, faked: each launch on a profile directory, its pages' visits (the
    page signals end and done at once; with ?sw=1 also that the snapshot is kept), each close."""

    def __init__(self, recorder: object, log: list[tuple[str, object]]) -> None:
        self.recorder, self.log = recorder, log
        self.chromium = self

    def launch_persistent_context(self, profile: str, **_: object) -> object:
        self.log.append(("launch", profile))
        (Path(profile) / "Default" / "Code Cache" / "wasm").mkdir(parents=True, exist_ok=True)
        recorder, log = self.recorder, self.log

        class Page:
            def on(self, *_: object) -> None:
                pass

            def wait_for_timeout(self, ms: float) -> None:
                pass

            def goto(self, url: str, wait_until: str) -> None:
                if "__elsewhere" in url:  # (D181: the browser's first tab, on another site)
                    log.append(("elsewhere", url))
                    return
                log.append(("goto", url))
                result = {"end": 900.0 + len(log), "maxGap": 12.0, "gaps": [], "origin": 1.0}
                recorder.record("/?__bench=end")  # type: ignore[attr-defined]
                recorder.record("/?__bench=done&r=" + urllib.parse.quote(json.dumps(result)))  # type: ignore[attr-defined]
                if "sw=1" in url:
                    recorder.record("/?__bench=precached")  # type: ignore[attr-defined]
                    # what the first visit keeps: V8 writes a wasm module into the profile
                    (Path(profile) / "Default" / "Code Cache" / "wasm" / "index").write_bytes(b"x" * 100)

            def close(self) -> None:
                log.append(("close page", None))

        class Context:
            pages: tuple[Page, ...] = ()

            def add_init_script(self, script: str) -> None:
                log.append(("init script", "setTimeout(beat" in script))

            def new_page(self) -> Page:
                return Page()

            def close(self) -> None:
                log.append(("close browser", profile))

        return Context()


def test_a_visitors_return_visit_is_made_in_a_new_browser_session_on_the_first_visits_profile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """D180: cold is the first visit of an empty on-disk profile, kept open until the page says what it
    keeps is kept; the browser is then closed, and each return visit is a new browser on the same profile,
    warm the last of them (D182)."""
    bench = load_script("bench_web")
    monkeypatch.setattr(bench, "LINGER_S", 0)
    monkeypatch.setattr(bench, "BROWSER_SETTLE_MS", 0)
    monkeypatch.setattr(bench, "wait_quiet", lambda *_: 0.0)
    (tmp_path / "index.html").write_text("<!doctype html>")
    recorder = bench.Recorder(tmp_path)
    log: list[tuple[str, object]] = []
    url = "http://127.0.0.1:1/" + bench.visitor_path(bench.GAME_PATH)
    cold, warm = bench.measure_visitor(_Browser(recorder, log), url, recorder)
    session = ["launch", "init script", "elsewhere", "goto", "close page", "close browser"]
    assert [what for what, _ in log] == session * (1 + bench.RETURNS) and bench.RETURNS == 2
    assert {u for what, u in log if what == "elsewhere"} == {"http://localhost:1/__elsewhere.html"}
    profiles = {p for what, p in log if what in ("launch", "close browser")}
    assert len(profiles) == 1 and not Path(str(profiles.pop())).exists()  # one profile, dropped after
    assert all(flag for what, flag in log if what == "init script")  # the heartbeat in both sessions
    assert cold["end"] < warm["end"]  # (the fake's visits in order)
    assert cold["kept"]["code_wasm"] == 100 and cold["kept"]["code_js"] == 0 and "kept" not in warm


def test_a_visitors_game_registers_the_service_worker_and_the_bare_page_has_none() -> None:
    bench = load_script("bench_web")
    assert bench.visitor_path(bench.GAME_PATH).endswith("&sw=1")
    assert bench.visitor_path(bench.BARE_PATH) == bench.BARE_PATH


def test_the_first_visit_waits_for_the_kept_snapshot_before_its_browser_closes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the page's 'precached' signal the first visit's tab stays open (up to the timeout): a
    return visit measured without the kept snapshot would be a second first visit."""
    bench = load_script("bench_web")
    monkeypatch.setattr(bench, "LINGER_S", 0)
    monkeypatch.setattr(bench, "BROWSER_SETTLE_MS", 0)
    monkeypatch.setattr(bench, "wait_quiet", lambda *_: 0.0)
    monkeypatch.setattr(bench, "TIMEOUT_MS", 50)
    (tmp_path / "index.html").write_text("<!doctype html>")
    recorder = bench.Recorder(tmp_path)
    waited: list[str] = []
    wait_signal = recorder.wait_signal

    def spy(what: str, timeout_s: float, nth: int = 1) -> tuple[float, object]:
        waited.append(what)
        return wait_signal(what, timeout_s, nth)  # type: ignore[no-any-return]

    monkeypatch.setattr(recorder, "wait_signal", spy)
    log: list[tuple[str, object]] = []
    game = "http://127.0.0.1:1/" + bench.GAME_PATH + "&sw=1"
    bench.measure_visitor(_Browser(recorder, log), game, recorder)
    assert waited == ["end", "done", "precached"] * 2 + ["end", "done"]  # the last visit does not linger
    waited.clear()
    bench.measure_visitor(_Browser(recorder, log), "http://127.0.0.1:1/" + bench.BARE_PATH, recorder)
    assert waited == ["end", "done"] * 3


def test_the_visitors_visits_are_the_default_and_private_contexts_a_flag(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_script("bench_web")
    (tmp_path / "index.html").write_text("<!doctype html>")
    seen: list[tuple[str, ...]] = []  # the ways each run made its localhost visits

    def run_driven(*_: object, modes: tuple[str, ...], **__: object) -> tuple[dict[str, list[object]], None]:
        seen.append(modes)
        return {}, None

    monkeypatch.setattr(bench, "run_driven", run_driven)
    monkeypatch.setattr(bench, "report", lambda *a: None)
    for flags in ([], ["--private"], ["--compare"]):
        bench.main(["--localhost-only", "--dist", str(tmp_path), *flags])
    assert seen == [("visitor",), ("private",), ("visitor", "private")]
    with pytest.raises(SystemExit):
        bench.main(["--dist", str(tmp_path), "--private", "--compare"])


def test_compared_visits_are_named_by_how_they_were_made_and_made_in_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_script("bench_web")
    made: list[tuple[str, str]] = []

    def visitor(playwright: object, url: str, recorder: object, returns: int, stages: bool,
                used: bool) -> list[dict[str, str]]:
        assert stages == ("sw=1" in url)  # --stages: the game's visits only
        assert used and returns == 2
        made.append(("visitor", url))
        return [{"how": "visitor cold"}, {"how": "visitor return"}, {"how": "visitor warm"}]

    def private(context: object, url: str, recorder: object, stages: bool) -> dict[str, str]:
        assert stages == (bench.GAME_PATH in url)
        made.append(("private", url))
        return {"how": "private"}

    monkeypatch.setattr(bench, "measure_visits", visitor)
    monkeypatch.setattr(bench, "measure", private)
    monkeypatch.setattr(bench, "measured_context", lambda browser: contextlib.nullcontext(None))
    runs: dict[str, list[dict[str, str]]] = {}
    for i in range(2):
        bench.localhost_visits(None, None, "B/", None, runs, i, ("visitor", "private"), stages=True)
    assert runs["game cold"] == runs["bare cold"] == [{"how": "visitor cold"}] * 2
    assert runs["game return 1"] == [{"how": "visitor return"}] * 2
    assert runs["bare warm"] == [{"how": "visitor warm"}] * 2 and "game return 1, private" not in runs
    assert runs["game warm, private"] == runs["bare cold, private"] == [{"how": "private"}] * 2
    assert [how for how, _ in made] == ["visitor"] * 2 + ["private"] * 4 + ["private"] * 4 + ["visitor"] * 2
    assert ("visitor", "B/" + bench.GAME_PATH + "&sw=1") in made
    assert ("private", "B/" + bench.GAME_PATH) in made


def test_the_first_visit_lingers_until_v8s_code_cache_has_been_quiet(tmp_path: Path) -> None:
    """V8 writes a wasm's code more than once as its optimised code grows: closing the browser at the
    first write would hand the return visit less than a visitor's profile holds."""
    bench = load_script("bench_web")
    cache = tmp_path / "Code Cache" / "wasm"
    cache.mkdir(parents=True)
    now = [0.0]
    writes = {1.0: 100, 2.0: 1_200_000, 4.5: 2_700_000}  # when V8 writes, what the entry then holds

    def sleep(seconds: float) -> None:
        before = now[0]
        now[0] += seconds
        for at, size in writes.items():
            if before < at <= now[0]:
                (cache / "entry").write_bytes(bytes(size))

    waited = bench.wait_quiet(tmp_path / "Code Cache", 3.0, 30.0, clock=lambda: now[0], sleep=sleep)
    assert (cache / "entry").stat().st_size == 2_700_000
    assert 7.5 <= waited <= 8.0  # the last write, then 3 s unchanged
    now[0] = 0.0
    writes = {float(t): t for t in range(1, 100)}  # never quiet: it gives up at the longest wait
    assert bench.wait_quiet(tmp_path / "Code Cache", 3.0, 30.0, clock=lambda: now[0], sleep=sleep) <= 30.25


def test_the_report_shows_what_each_visitors_profile_kept_beside_its_return_visit(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench_web")

    def visit(end: float, wasm: int | None = None, stages: bool = False) -> dict[str, object]:
        v: dict[str, object] = {"end": end, "maxGap": 20.0, "gaps": [[150, 34]], "files": [], "bytes": 0,
                                "gzip": 0, "requests": 0, "errors": []}
        if wasm is not None:
            v["kept"] = {"code_js": 0, "code_wasm": wasm, "http": 1, "cache_storage": 0, "service_worker": 0}
        if stages:
            v["stages"] = [["page-wasm", 250], ["engine", 560]]
        return v

    runs = {"game cold": [visit(900, 72, True)], "game warm": [visit(600, stages=True)],
            "bare cold": [visit(2500, 2_700_000), visit(2400, 1_200_000)],
            "bare warm": [visit(1400), visit(2300)]}
    runs["game cold"].append(visit(950, 72))
    runs["game warm"].append(visit(650))
    bench.report(runs, 2, "test")
    out = capsys.readouterr().out
    assert "0 + 2,700,000 / 1400, 0 + 1,200,000 / 2300" in out
    assert "game warm, round 1: end 600 ms; gaps over 30 ms (at, ms): 150 (34)" in out
    assert "stages: page-wasm 250, engine 560" in out


def test_later_return_visits_are_each_a_new_session_on_the_same_profile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """D182: the third visit is the first whose scripts' code Chromium has cached (written by the second);
    each visit but the last lingers for its writes and says what the profile held after it; warm is the
    last, the ones between are "return <n>"."""
    bench = load_script("bench_web")
    monkeypatch.setattr(bench, "BROWSER_SETTLE_MS", 0)
    monkeypatch.setattr(bench, "wait_quiet", lambda *_: 0.0)
    (tmp_path / "index.html").write_text("<!doctype html>")
    recorder = bench.Recorder(tmp_path)
    log: list[tuple[str, object]] = []
    bare = "http://127.0.0.1:1/" + bench.BARE_PATH
    visits = bench.measure_visits(_Browser(recorder, log), bare, recorder, 2)
    assert [what for what, _ in log].count("launch") == 3 == len(visits)
    assert len({p for what, p in log if what == "launch"}) == 1
    assert ["kept" in v for v in visits] == [True, True, False]
    runs: dict[str, list[dict[str, object]]] = {}
    monkeypatch.setattr(bench, "measure_visits", lambda *_, **__: [{"n": k} for k in range(4)])
    bench.localhost_visits(None, None, "B/", recorder, runs, 0, ("visitor",), returns=3)
    assert runs["game return 1"] == runs["bare return 1"] == [{"n": 1}]
    assert runs["bare return 2"] == [{"n": 2}]
    assert runs["bare warm"] == [{"n": 3}] and runs["game cold"] == [{"n": 0}]


def test_the_used_profiles_ab_names_the_visits_made_in_an_unused_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """--compare-unused (D181's A/B): the same visitor's visits, the browser's first tab on another site
    first or not."""
    bench = load_script("bench_web")
    made: list[bool] = []

    def visitor(playwright: object, url: str, recorder: object, returns: int, stages: bool,
                used: bool) -> list[dict[str, bool]]:
        made.append(used)
        return [{"used": used}] * (returns + 1)

    monkeypatch.setattr(bench, "measure_visits", visitor)
    runs: dict[str, list[dict[str, bool]]] = {}
    bench.localhost_visits(None, None, "B/", None, runs, 1, ("visitor", "unused"))
    assert made == [False, False, True, True]  # round 1: the second way goes first
    assert runs["game warm, unused profile"] == [{"used": False}] and runs["bare cold"] == [{"used": True}]
    assert runs["game return 1, unused profile"] == [{"used": False}]


def test_an_ab_of_builds_visits_each_as_a_visitor(monkeypatch: pytest.MonkeyPatch) -> None:
    """--localhost-only --ab: each build's game and the bare page, a visitor's cold and warm visits."""
    import sys
    import types

    bench = load_script("bench_web")
    made: list[str] = []

    class Playwright:
        chromium = types.SimpleNamespace(launch=lambda **_: types.SimpleNamespace(close=lambda: None))

        def __enter__(self) -> Playwright:
            return self

        def __exit__(self, *_: object) -> None:
            pass

    monkeypatch.setitem(sys.modules, "playwright.sync_api", types.SimpleNamespace(sync_playwright=Playwright))

    def visits(p: object, url: str, recorder: object, returns: int, stages: bool) -> list[dict[str, object]]:
        made.append(url)
        return [{"end": 1.0, "url": url, "stages": stages}, {"end": 2.0}, {"end": 3.0}]

    monkeypatch.setattr(bench, "measure_visits", visits)
    sites = {"game": ("A/", None, bench.GAME_PATH), "game B": ("B/", None, bench.GAME_PATH),
             "bare": ("A/", None, bench.BARE_PATH)}
    runs = bench.visit_in_turn(sites, 2, [], ("cold", "warm"), visitor=True)
    assert runs["game B cold"][0] == {"end": 1.0, "url": "B/" + bench.GAME_PATH + "&sw=1", "stages": True}
    assert runs["bare cold"][0]["stages"] is False and runs["game warm"] == [{"end": 3.0}] * 2
    assert runs["game B return 1"] == [{"end": 2.0}] * 2
    game = bench.GAME_PATH + "&sw=1"
    assert made[:3] == ["A/" + game, "B/" + game, "A/" + bench.BARE_PATH]
    assert made[3] == "B/" + game  # round 2: the next site goes first


def test_the_compressed_wasm_counts_as_pyodides_and_goes_as_is(tmp_path: Path) -> None:
    """D200: pyodide.asm-<hash>.wasm.zst and its decoder are reported beside Pyodide's stock files (not as
    ours), and a file compressed at build time is counted as sent, never gzip'd again."""
    bench = load_script("bench_web")
    packed = "runtime/pyodide-314.0.7/pyodide.asm-0123456789ab.wasm.zst"
    for path in (packed, "runtime/fzstd-0.1.1/fzstd.js", "runtime/pyodide-314.0.7/pyodide.asm.wasm"):
        assert bench.category(path) in bench.PYODIDES, path
    assert bench.category("runtime/pyodide-314.0.7/python_stdlib-0123.zip") not in bench.PYODIDES
    (tmp_path / "a.wasm.zst").write_bytes(b"\0" * 4000)  # gzip would shrink it to a few dozen bytes
    (tmp_path / "b.js").write_bytes(b"\0" * 4000)
    recorder = bench.Recorder(tmp_path)
    assert recorder.gz("a.wasm.zst") == 4000 and recorder.gz("b.js") < 100
