"""scripts/bench_web.py's plumbing: the page's signals to the bench's server, and the pages of --direct
(no driver attached), without a browser."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

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
