"""The Content-Security-Policy refuses what the game never does: inline styles and style attributes,
images from data: URLs, frames, media, plugins, a <base> and form submissions. (The game itself playing
with no violation is checked by every strict_page test: Chromium logs each one as a console error.)"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from other_browsers import MINIBROWSER, _start_xvfb
from session_helpers import BOOTED

pytestmark = pytest.mark.browser

# Each probe does one thing the policy must refuse; the page reports the violations it saw.
PROBES_JS = """async () => {
  const seen = new Set();
  document.addEventListener('securitypolicyviolation', (e) => seen.add(e.effectiveDirective));
  const add = (parent, tag, attrs) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    parent.append(el);
    return el;
  };
  add(document.body, 'img', { src: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' });
  add(document.head, 'style', {}).textContent = 'body { outline: 1px solid red; }';
  add(document.body, 'div', { style: 'color: red' });
  add(document.body, 'iframe', { src: './index.html' });
  add(document.body, 'audio', { src: './web/pwa/icon.svg' });
  add(document.body, 'object', { data: './web/pwa/icon.svg' });
  add(document.head, 'base', { href: './web/' });
  await new Promise((r) => setTimeout(r, 1000));
  return [...seen].sort();
}"""


def test_policy_refuses_what_the_game_never_does(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}?lang=en&speed=0")
    page.wait_for_function(BOOTED, timeout=120_000)
    refused = set(page.evaluate(PROBES_JS))
    expected = {"img-src", "style-src-elem", "style-src-attr", "frame-src", "media-src", "object-src",
                "base-uri"}
    assert expected <= refused, expected - refused


def test_policy_is_one_every_browser_reads_quietly() -> None:
    """No directive WebKit does not know (it logs each as a console error: manifest-src), no
    'unsafe-inline', no data: or blob: where nothing needs them, and nothing may be submitted."""
    netlify = tomllib.loads((ROOT / "netlify.toml").read_text())
    csp = next(h["values"]["Content-Security-Policy"] for h in netlify["headers"] if h["for"] == "/*")
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert "manifest-src" not in directives
    assert "'unsafe-inline'" not in csp and "data:" not in csp
    assert "blob:" not in directives["img-src"] + directives["connect-src"]
    assert directives["form-action"] == ["'none'"] and directives["base-uri"] == ["'none'"]


@pytest.mark.skipif(not Path(MINIBROWSER).exists(), reason="WebKitGTK's MiniBrowser missing (make browser)")
def test_webkit_reads_the_policy_without_error(dist_dir: Path, tmp_path: Path) -> None:
    """WebKit reports a directive it does not know (manifest-src) as a console error of its own, which no
    script of the page can hook: MiniBrowser, run without a driver, writes its console to stdout. It reads
    the policy when the page's response arrives, before the page asks for its modules."""
    from serve import make_server

    asked = threading.Event()
    server = make_server(dist_dir, on_sent=lambda path: asked.set() if path.startswith("/web/ui/main.js")
                         else None)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    xvfb, display = _start_xvfb()
    env = {**os.environ, "DISPLAY": display, "XDG_DATA_HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path)}
    url = f"http://127.0.0.1:{server.server_address[1]}/?lang=en"
    browser = subprocess.Popen([MINIBROWSER, "--enable-write-console-messages-to-stdout=true", url],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        loaded = asked.wait(120)
    finally:
        os.killpg(browser.pid, signal.SIGTERM)
        out, _ = browser.communicate(timeout=60)
        xvfb.terminate()
        xvfb.wait(timeout=30)
        server.shutdown()
        server.server_close()
    assert loaded, f"MiniBrowser did not load the page:\n{out}"
    assert [line for line in out.splitlines() if "CONSOLE" in line and "ERROR" in line] == []
