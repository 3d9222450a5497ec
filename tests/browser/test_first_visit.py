"""A first visit's requests, read from the server's log: the boot's largest download starts with the
page's first script (early.js starts the runtime worker, which fetches it), not at the end of the chain of
requests that found it (boot.js → PyScript → the engine worker), and no file is sent twice."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from conftest import running
from test_fast_boot import KEPT_JS  # the kept snapshot's URLs, once kept

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

BOOT_TIMEOUT = 120_000
ACTIONS = '#app[data-busy="0"] [data-action]'
GAME = "?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0&test=1"
# The wasm's download: the file compressed at build time (D200), or the plain file.
WASM = re.compile(r"/pyodide\.asm(?:-[0-9a-f]+\.wasm\.zst|\.wasm)$")


@pytest.fixture
def logged_site(dist_dir: Path) -> Iterator[tuple[str, list[str]]]:
    """dist/ served as site_url serves it, with the paths of the responses that carried a body (a 304
    carries none), in order."""
    from serve import make_server

    sent: list[str] = []
    with running(make_server(dist_dir, on_sent=lambda path: sent.append(path.split("?", 1)[0]))) as url:
        yield url, sent


def wait_for_wasm(page: Any, sent: list[str], held: list[Any], seconds: float = 30) -> list[str]:
    """The wasm requests the server has answered, once there is one and the held script was asked for
    (or after `seconds`: 30 s is for a busy machine)."""
    wasm: list[str] = []
    for _ in range(int(seconds * 10)):
        wasm = [p for p in sent if WASM.search(p)]
        if wasm and held:
            break
        page.wait_for_timeout(100)
    return wasm


def test_the_wasm_download_waits_for_early_js_only_and_each_file_is_sent_once(
        strict_page: Any, page_guard: Any, logged_site: tuple[str, list[str]]) -> None:
    """pyodide.asm.wasm, the boot's largest download, is asked for by the runtime worker the page's first
    script (early.js) starts from the code it holds (D130, D131; D108 preloaded it from index.html, whose
    loader read its 9.6 MB on the page's main thread): while the loader (boot.js) is held back the wasm is
    requested all the same, and no worker script is; while early.js is, it is not; then the boot completes
    from that one download, every file sent once."""
    base, sent = logged_site
    page = strict_page
    page_guard.allow_origin(base)
    held: dict[str, list[Any]] = {"boot.js": [], "early.js": []}

    def holder(routes: list[Any]) -> Any:
        return lambda route: routes.append(route)

    for name, routes in held.items():
        page.route(f"**/web/boot/{name}", holder(routes))
    page.goto(base + GAME, wait_until="commit")
    # boot.js held (and early.js too): no wasm requested, the page's scripts asked for.
    wait_for_wasm(page, sent, held["boot.js"], seconds=3)
    assert held["early.js"] and held["boot.js"], sent
    assert not [p for p in sent if WASM.search(p)], sent
    # early.js goes on, boot.js is still held: the wasm comes all the same.
    for route in held["early.js"]:
        route.continue_()
    page.unroute("**/web/boot/early.js")
    wasm = wait_for_wasm(page, sent, held["boot.js"])
    assert not any(p.endswith("/web/boot/boot.js") for p in sent), sent
    assert wasm, ("the wasm waited for boot.js", sent)
    # Nor for the runtime worker's own script: early.js holds its code (D131).
    assert "/web/boot/runtime-worker.js" not in sent, sent
    for route in held["boot.js"]:
        route.continue_()
    page.unroute("**/web/boot/boot.js")
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    # Nothing was downloaded twice (a revalidated no-cache file is a 304 without a body: not logged).
    twice = [path for path, n in Counter(sent).items() if n > 1]
    assert not twice, (twice, sent)


def static_imports(dist: Path, path: str) -> set[str]:
    """The site paths a built module imports statically (its `from "./…"` and `import "./…"`)."""
    text = (dist / path.lstrip("/")).read_text()
    base = f"http://site{path}"
    found = re.findall(r'(?:\bfrom|\bimport)\s*"(\.\.?/[^"]+)"', text)
    return {urlsplit(urljoin(base, rel)).path for rel in found}


def test_the_first_visits_page_modules_come_one_import_below_the_pages_scripts(
        strict_page: Any, page_guard: Any, logged_site: tuple[str, list[str]], dist_dir: Path) -> None:
    """Over a line each level of imports is a round trip, and each module a request queued for one of
    HTTP/1.1's six connections beside the boot's downloads (D101): every page module a first decision
    loads is a script or preload of index.html, or imported by one of them."""
    from build import WORKER_MODULES  # (their modules come from the workers' own chains)

    base, sent = logged_site
    page = strict_page
    page_guard.allow_origin(base)
    page.goto(base + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    index = (dist_dir / "index.html").read_text()
    scripts = re.findall(r'<(?:script|link)\b[^>]*\b(?:src|href)="(\./web/[^"]+\.js)"', index)
    top = {"/" + h.removeprefix("./") for h in scripts}
    assert "/web/ui/main.js" in top and "/web/boot/boot.js" in top, top
    below = set().union(*(static_imports(dist_dir, t) for t in top))
    modules = {p for p in sent
               if p.startswith("/web/") and p.endswith(".js") and p.rsplit("/", 1)[1] not in WORKER_MODULES}
    assert len(modules) > 3, sent
    deeper = sorted(modules - top - below)
    assert not deeper, deeper


# Modules the first decision of a game link does without, imported when first needed: the statistics'
# dialog, the review (a game's end), the replay viewer, the second game's adapter.
LATER = ("/web/ui/stats.js", "/web/ui/review.js", "/web/ui/replay.js", "/web/ui/lieux/")


def test_the_first_decision_loads_no_module_it_does_not_need_and_statistics_load_when_asked(
        strict_page: Any, page_guard: Any, logged_site: tuple[str, list[str]]) -> None:
    base, sent = logged_site
    page = strict_page
    page_guard.allow_origin(base)
    page.goto(base + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    modules = [p for p in sent if p.startswith("/web/") and p.endswith(".js")]
    assert "/web/ui/main.js" in modules, sent
    assert not [p for p in modules if p.startswith(LATER)], modules
    # On the first screen, the statistics' dialog still opens: its module comes when asked for.
    page.goto(base + "?lang=en")
    page.locator('[data-testid="stats-open"]').click()
    page.locator('[data-testid="stats"]').wait_for(state="visible", timeout=30_000)
    assert "/web/ui/stats.js" in sent, sent


def test_every_symbol_of_the_first_table_is_in_the_font_warmup(strict_page: Any, site_url: str,
                                                                 dist_dir: Path) -> None:
    """A character the first table draws for the first time makes that frame look a font up for it,
    synchronously (a fallback font for a symbol: a few ms each on a slow machine); bootbar.js draws its
    specimen under the boot bar so that this happens while the engine boots."""
    import unicodedata

    # (read from the source: the built module is minified, its constant renamed)
    found = re.search(r'const SPECIMEN = "([^"]*)"', (ROOT / "web" / "ui" / "bootbar.js").read_text())
    assert found, "no SPECIMEN in bootbar.js"
    page = strict_page
    page.goto(site_url + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    drawn = set(page.evaluate("() => document.body.innerText"))
    symbols = {c for c in drawn if ord(c) > 127 and unicodedata.category(c) != "Cf"}
    assert symbols, "the first table draws no symbol at all?"
    assert not symbols - set(found.group(1)), sorted(symbols - set(found.group(1)))


# The fonts (family, size, weight, style) of the text the page draws in #app, and of the warm-up's lines.
FONTS_JS = """() => {
  const font = (el) => {
    const s = getComputedStyle(el);
    return [s.fontFamily, s.fontSize, s.fontWeight, s.fontStyle].join(' / ');
  };
  const table = new Set();
  const walk = (el) => {
    for (const n of el.childNodes) {
      const shown = n.nodeType === 3 && n.textContent.trim() && n.parentElement.getClientRects().length;
      if (shown) table.add(font(n.parentElement));
      else if (n.nodeType === 1) walk(n);
    }
  };
  walk(document.getElementById('app'));
  const lines = [...document.querySelectorAll('.font-warmup span')];
  const app = document.getElementById('app');
  return { table: [...table], warm: lines.map(font),
           laidOut: lines.every((l) => l.getClientRects().length > 0),
           outside: lines.every((l) => !app.contains(l)),
           hidden: lines.every((l) => getComputedStyle(l).visibility === 'hidden'
                                      && l.closest('[aria-hidden=true]') !== null) };
}"""


def test_the_font_warmup_stays_laid_out_under_the_first_table(strict_page: Any, site_url: str) -> None:
    """D172: every font the first table draws is looked up while the engine boots, and stays looked up
    when the table comes: the warm-up's lines are laid out (hidden) outside the drawn page for the page's
    life. (Under the boot bar they left with it, and Blink dropped the fonts no text used any more: the
    table's first frame looked them up again, synchronously, from a busy browser.)"""
    page = strict_page
    page.goto(site_url + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    page.wait_for_timeout(300)  # (the table's last part, D140)
    fonts = page.evaluate(FONTS_JS)
    assert fonts["warm"] and fonts["laidOut"] and fonts["outside"] and fonts["hidden"], fonts
    assert not set(fonts["table"]) - set(fonts["warm"]), sorted(set(fonts["table"]) - set(fonts["warm"]))


# Where the page first touched localStorage: the stack of its first read of window.localStorage.
FIRST_STORAGE_JS = """(() => {
  // (Window is a [Global] interface: its attributes are the window's own properties)
  const get = Object.getOwnPropertyDescriptor(window, 'localStorage').get;
  Object.defineProperty(window, 'localStorage', { configurable: true, get() {
    window.__firstStorage ??= new Error().stack;
    return get.call(window);
  } });
})();"""


def test_early_js_touches_local_storage_first(strict_page: Any, site_url: str) -> None:
    """D173: the page's first use of localStorage (two synchronous requests to the browser) is early.js's,
    in the boot's first task, not main.js's evaluation when the workers keep the browser busy."""
    page = strict_page
    page.add_init_script(FIRST_STORAGE_JS)
    page.goto(site_url + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    stack = page.evaluate("() => window.__firstStorage")
    assert stack and "/web/boot/early" in stack, stack


# Counts the TransformStreams the page's scripts create (a stream the page's JS runs for every chunk).
COUNT_TRANSFORMS_JS = """(() => {
  const Native = globalThis.TransformStream;
  let made = 0;
  globalThis.TransformStream = class extends Native { constructor(...args) { super(...args); made++; } };
  globalThis.__transformsMade = () => made;
})();"""


def test_the_snapshot_is_kept_without_passing_through_the_page_s_script(strict_page: Any,
                                                                          site_url: str) -> None:
    """After the first decision the page keeps the 4 MB snapshot for the next visit: the browser streams it
    into Cache Storage, with no script of ours run per chunk on the page's main thread."""
    page = strict_page
    page.add_init_script(COUNT_TRANSFORMS_JS)
    page.goto(site_url + GAME)
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    made = page.evaluate("() => window.__transformsMade()")
    kept = page.evaluate(KEPT_JS)
    assert len(kept) == 1 and kept[0].endswith(".bin"), kept
    assert page.evaluate("() => window.__transformsMade()") == made
