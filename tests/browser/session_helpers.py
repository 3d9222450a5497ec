"""Shared helpers of the issue-4 browser tests (offline, embed, install, save, replay, hot-seat)."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

READY = '#app[data-busy="0"] [data-action], [data-testid="final-scores"], [data-testid="pass-device"]'
ACTIONS = '#app[data-busy="0"] [data-action]'
SELECTORS = ", ".join(
    f'#app[data-busy="0"] [{attr}]' for attr in ("data-select-card", "data-select-move", "data-select-choose")
)
# Booted: the UI has rendered (not just the static page) and the boot indicator is gone.
BOOTED = ("() => !!document.querySelector('#app > :not(noscript)')"
          " && !document.querySelector('[data-testid=boot]')")

# Face-down cards of other players: no data-card, and no text but the action label and the tokens.
HIDDEN_LEAKS_JS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('.card.down:not(.mine)')) {
    const c = el.cloneNode(true);
    c.querySelectorAll('.act-label, .tokens').forEach((x) => x.remove());
    if (el.dataset.card || c.textContent.trim() || c.querySelector('.card-name')) bad.push(el.outerHTML);
  }
  return bad;
}"""


def click_one(frame: Any, rng: random.Random) -> None:
    """Click one offered action (sometimes changing a two-step selection first)."""
    selectors = frame.locator(SELECTORS)
    if selectors.count() > 1 and rng.random() < 0.5:
        selectors.nth(rng.randrange(selectors.count())).click()
    actions = frame.locator(ACTIONS)
    n = actions.count()
    assert n > 0
    actions.nth(rng.randrange(n)).click()


def play_to_end(frame: Any, seed: int, max_steps: int = 800, on_pass: Any = None, check: Any = None) -> int:
    """Click random offered actions until the final scores show; `frame` is a Page or a FrameLocator-like
    Frame. `on_pass(frame)` answers a hot-seat hand-over; `check(frame)` runs before every click."""
    rng = random.Random(seed)
    for clicks in range(max_steps):
        frame.wait_for_selector(READY, timeout=60_000)
        if frame.locator('[data-testid="final-scores"]').count():
            return clicks
        if frame.locator('[data-testid="pass-device"]').count():
            assert on_pass is not None, "a hand-over screen in a one-human game"
            on_pass(frame)
            continue
        assert frame.evaluate(HIDDEN_LEAKS_JS) == []
        if check is not None:
            check(frame)
        click_one(frame, rng)
    raise AssertionError("the game did not end")


def pwa_site(dist_dir: Path, target: Path) -> Path:
    """A private full copy of the built site for the service-worker tests (they change files, and a
    snapshot taken while someone rebuilds dist/ may lack the PWA files, written last): the PWA step
    is redone on the copy if needed."""
    shutil.copytree(dist_dir, target)
    if not (target / "sw.js").exists() or not (target / "manifest.webmanifest").exists():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_pwa.py"), "--out", str(target)],
                       check=True, cwd=ROOT, capture_output=True)
    return target


def built_file_with(site: Path, text: str) -> Path:
    """The one module of a built site's web/ holding `text`: the page's modules are minified and bundled
    (D100, D101), so which file holds a given piece of code is the bundler's choice."""
    found = [p for p in (site / "web").rglob("*.js") if text in p.read_text()]
    assert len(found) == 1, (text, found)
    return found[0]
