"""Smoke: the site boots from its own origin under the production CSP, the Python worker answers
through web/engine.js, and the game offers a first clickable action."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

BOOT_TIMEOUT = 90_000  # ms; a cold boot takes seconds, a loaded CI machine more


BRIDGE_SCRIPT = """async () => {
  const m = await import('../web/engine.js');
  const stages = [];
  const engine = await m.connectEngine((p) => stages.push([p.stage, p.fraction]));
  const pong = await engine.ping();
  let u = await engine.newGame({edition: 'retail', players: 3, seed: null,
    seats: [{kind: 'human'}, {kind: 'bot', level: 'easy'}, {kind: 'bot', level: 'random'}]});
  const first = u;
  const bad = await engine.act('eliminate 99');
  let steps = 0;
  while (!u.over && steps < 400) {
    u = u.to_act_kind === 'bot' ? await engine.botStep() : await engine.act(u.legal[0]);
    if (u.error) return {error: u.error, steps};
    steps++;
  }
  const save = await engine.save();
  const replay = await engine.replay(save);
  const loaded = await engine.load(save);
  const corrupt = await engine.load('{"format": "nope"}');
  return {pong, stages, first, bad, over: u.over, scores: u.scores, ranking: u.ranking, steps,
          save: JSON.parse(save), replaySteps: replay.steps.length, replayScores: replay.steps.at(-1).scores,
          loadedScores: loaded.scores, corrupt, storage: engine.storageAvailable};
}"""


def test_bridge_plays_a_whole_game(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}bench/bridge.html")
    page.set_default_timeout(BOOT_TIMEOUT)
    r = page.evaluate(BRIDGE_SCRIPT)
    assert "error" not in r, r
    assert r["pong"]["ok"] is True
    stages = [s for s, _ in r["stages"]]
    assert stages[-1] == "ready"
    for stage in ("runtime", "python", "engine"):
        assert stage in stages, stages
    fractions = [f for _, f in r["stages"]]
    assert fractions == sorted(fractions) and fractions[-1] == 1
    first = r["first"]
    assert isinstance(first["settings"]["seed"], int)  # drawn by crypto.getRandomValues in engine.js
    assert first["viewer"] == "red" and first["view"]["viewer"] == "red"
    assert set(r["bad"]) == {"error"}
    assert r["over"] and r["ranking"]
    assert len(r["save"]["actions"]) == r["steps"]
    assert r["replaySteps"] == r["steps"] + 1
    assert r["replayScores"] == r["scores"] == r["loadedScores"]
    assert set(r["corrupt"]) == {"error"}
    assert r["storage"] is True


def test_game_page_offers_a_first_action(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0")
    page.locator("[data-action]").first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    actions = page.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    assert actions and all(isinstance(a, str) and a for a in actions)


def test_instant_bot_moves_are_all_logged(strict_page: Any, site_url: str) -> None:
    """At speed 0 the table is drawn at most once per frame while bots move (main.js renderNextFrame),
    but each bot move still reaches the log, and the human's decision is drawn from the last update."""
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&test=1")
    page.locator("[data-action]").first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    got = page.evaluate("""() => ({
      received: window.__oriflamme.received.map(
        (u) => ({actor: u.actor, kind: u.to_act_kind, legal: u.legal})),
      log: Array.from(document.querySelectorAll('[data-testid=log] li'), (li) => li.textContent),
      shown: Array.from(document.querySelectorAll('[data-action]'), (el) => el.dataset.action),
    })""")
    bots = [u["actor"] for u in got["received"] if u["actor"]]
    assert len(bots) >= 2, got["received"]  # seed 42: two bots place before the human's first decision
    for colour in bots:
        assert any(colour.capitalize() in line for line in got["log"]), (colour, got["log"])
    assert got["received"][-1]["kind"] == "human"
    assert got["shown"] and set(got["shown"]) <= set(got["received"][-1]["legal"])  # (a card's destinations)


def test_csp_header_is_served_and_strict(site_url: str) -> None:
    import urllib.request

    with urllib.request.urlopen(site_url) as resp:
        csp = resp.headers["Content-Security-Policy"]
        assert "no-cache" in resp.headers["Cache-Control"]
    assert csp and "default-src 'self'" in csp
    netlify = tomllib.loads((ROOT / "netlify.toml").read_text())
    declared = next(h["values"]["Content-Security-Policy"] for h in netlify["headers"] if h["for"] == "/*")
    assert csp == declared
    index = (ROOT / "index.html").read_text()
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', index)
    if meta:  # a <meta> copy of the policy must say exactly the same
        assert meta.group(1) == declared
    for token in csp.replace(";", " ").split():
        assert "://" not in token and not token.startswith("*"), token  # no other host, ever
    with urllib.request.urlopen(f"{site_url}runtime/pyodide-314.0.7/pyodide.asm.wasm") as resp:
        assert resp.headers["Content-Type"] == "application/wasm"
        assert "immutable" in resp.headers["Cache-Control"]


DENY_IDB = """(() => {
  const fail = () => { throw new DOMException('access denied', 'SecurityError'); };
  try { Object.defineProperty(IDBFactory.prototype, 'open', {value: fail, configurable: true}); } catch {}
})();"""


def test_boots_with_indexeddb_denied(strict_page: Any, site_url: str) -> None:
    """As in a cross-site iframe: IndexedDB throws on the page; boot.js installs the in-memory one
    on the page and in the worker, and the game still boots."""
    page = strict_page
    page.add_init_script(DENY_IDB)
    page.goto(f"{site_url}?edition=retail&players=3&seed=3&bots=easy&lang=en&speed=0")
    page.locator("[data-action]").first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    state = page.evaluate("async () => { const m = await import('./web/boot/boot.js');"
                          " return {storage: m.boot.storage, fake: m.boot.fakeIndexedDB}; }")
    assert state == {"storage": False, "fake": True}


def test_cross_site_iframe_boots(browser: Any, site_url: str, serve_directory: Any, tmp_path: Path) -> None:
    """A blog on http://localhost:A embeds the game from http://127.0.0.1:B in an iframe."""
    (tmp_path / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><link rel=icon href='data:,'><title>Blog</title>"
        f"<iframe id=game width=400 height=700 src='{site_url}?embed=1&edition=retail&players=3&seed=4"
        "&bots=easy&lang=en&speed=0'></iframe>"
    )
    blog_url = serve_directory(tmp_path, host="localhost")
    context = browser.new_context()
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(blog_url)
        frame = page.frame_locator("#game")
        frame.locator("[data-action]").first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
        inner = next(f for f in page.frames if f.url.startswith(site_url))
        state = inner.evaluate("async () => { const m = await import('./web/boot/boot.js');"
                               " return {storage: m.boot.storage, fake: m.boot.fakeIndexedDB}; }")
        # Chromium denies storage to this cross-site frame: boot.js's in-memory IndexedDB made it boot.
        assert state == {"storage": False, "fake": True}
        # A plain blog is not cross-origin isolated, so neither is the game in its frame: it boots without.
        assert inner.evaluate("() => crossOriginIsolated") is False
    finally:
        context.close()
    errors = [e for e in errors if "SharedArrayBuffer" not in e]
    assert not errors, json.dumps(errors, indent=1)
