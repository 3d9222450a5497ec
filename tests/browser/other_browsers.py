"""Firefox and WebKit for the browser tests, behind the small part of Playwright's Page that the game
helpers use (goto, evaluate, wait_for_selector, wait_for_function, locator(...).count()/.nth(i).click()),
so `session_helpers.play_to_end` plays a whole game in any of them.

- Firefox: Debian's firefox-esr, driven by npm's puppeteer-core over WebDriver BiDi through
  tests/browser/firefox_bridge.mjs (Debian has no geckodriver).
- WebKit: Debian's WebKitWebDriver starting MiniBrowser (WebKitGTK) on a private Xvfb display, driven by
  Selenium.
- Console errors: WebDriver classic has no console, so pages are served by `serve_hooked`, which puts
  tests/browser/console_hook.js first in every HTML page (test servers only, never dist/). It records
  console.error/warn, uncaught errors and rejections, failed loads, CSP violations and worker errors.
  Firefox adds what BiDi reports (console errors, page errors).

Reusable by hand, e.g. to check a CSP change in both browsers (exit status 1 on any error):
    .venv/bin/python tests/browser/other_browsers.py firefox webkit [--dir dist] [--path '?lang=en&test=1']
From Python: `console_errors("webkit", directory=dist)` or `with open_page("firefox") as page: ...`.
`make browser` installs everything (apt: firefox-esr webkit2gtk-driver xvfb; npm: puppeteer-core;
pip: selenium).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "scripts"))

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"
BROWSERS = ("firefox", "webkit")

HOOK_URL = "/__test__/console-hook.js"
HOOK_TAG = f'<script src="{HOOK_URL}"></script>'.encode()
# The page has drawn its UI (not only the static page) and the boot indicator is gone.
BOOTED = ("() => !!document.querySelector('#app > :not(noscript)')"
          " && !document.querySelector('[data-testid=boot]')")
# A stuck page's state: its boot stages (web/boot/boot.js), the boot indicator's words, the hook's records.
DESCRIBE = """async () => {
  let stages;
  try { stages = (await import(new URL('web/boot/boot.js', document.baseURI).href)).boot.stages; }
  catch (e) { stages = String(e); }
  const boot = document.querySelector('[data-testid=boot]');
  return {url: location.href, readyState: document.readyState,
          serviceWorker: !!navigator.serviceWorker?.controller,
          busy: document.querySelector('#app')?.dataset.busy,
          boot: boot ? boot.textContent : null, stages, hook: window.__testHook || null};
}"""
# Not ours to fix: PyScript's notice that a worker without SharedArrayBuffer has no DOM access (WebKitGTK
# has none at all; we do not want that access).
KNOWN_NOISE = [re.compile(r"SharedArrayBuffer", re.I)]


# --- A server whose HTML pages load the console hook first --------------------------------------------

def _hooked_handler(base: type) -> type:
    class HookedHandler(base):  # type: ignore[misc]
        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            if path == HOOK_URL:
                self._send(200, (HERE / "console_hook.js").read_bytes(), "text/javascript")
                return
            target = Path(self.translate_path(path))
            if target.is_dir():
                target = target / "index.html"
            if target.suffix == ".html" and target.is_file():
                html = target.read_bytes()
                head = re.search(rb"<head[^>]*>", html, re.I)
                at = head.end() if head else 0
                self._send(200, html[:at] + HOOK_TAG + html[at:], "text/html; charset=utf-8")
                return
            super().do_GET()

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()  # adds netlify.toml's headers (CSP included) as for any file
            self.wfile.write(body)

    return HookedHandler


def hooked_server(directory: Path, host: str = "127.0.0.1", port: int = 0) -> Any:
    """scripts/serve.py's server for `directory` (netlify.toml's headers), every page hooked."""
    from serve import make_server

    server = make_server(directory, host=host, port=port)
    made_by = server.RequestHandlerClass
    # make_server binds the served folder to its handler class with a partial
    assert isinstance(made_by, functools.partial) and isinstance(made_by.func, type)
    dist_handler = made_by.func
    server.RequestHandlerClass = functools.partial(_hooked_handler(dist_handler), directory=str(directory))
    return server


@contextlib.contextmanager
def serve_hooked(directory: Path) -> Iterator[str]:
    """The base URL of `directory` served hooked on a free port of 127.0.0.1, for the block."""
    server = hooked_server(directory)
    threading.Thread(target=server.serve_forever, name="serve-hooked", daemon=True).start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()


# --- Pages ---------------------------------------------------------------------------------------------

def _as_call(js: str) -> str:
    """Playwright's evaluate convention: a function's source is called, anything else is an expression."""
    return f"(() => {{ const v = ({js}); return typeof v === 'function' ? v() : v; }})()"


def _visible(selector: str) -> str:
    return (f"[...document.querySelectorAll({json.dumps(selector)})]"
            ".some((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')")


class Locator:
    def __init__(self, page: DrivenPage, selector: str, index: int | None = None) -> None:
        self.page, self.selector, self.index = page, selector, index

    def count(self) -> int:
        return int(self.page.evaluate(f"document.querySelectorAll({json.dumps(self.selector)}).length"))

    def nth(self, index: int) -> Locator:
        return Locator(self.page, self.selector, index)

    def click(self) -> None:
        """Like Playwright's, tolerant of a redraw between finding the element and clicking it: the
        element is looked up again (a few times) when the driver says it is gone."""
        for attempt in range(3):
            try:
                return self.page.click_nth(self.selector, self.index or 0)
            except Exception as exc:
                if attempt == 2 or not re.search(r"detached|stale|no element", str(exc), re.I):
                    raise
                time.sleep(0.2)


class DrivenPage:
    """What Firefox and WebKit pages share: waits poll `evaluate`; console errors gather the hook's."""

    name = ""
    POLL_S = 0.03

    def __init__(self) -> None:
        self._errors: list[str] = []
        self.warnings: list[str] = []

    # Driver-specific
    def _goto(self, url: str) -> None:
        raise NotImplementedError

    def _evaluate(self, expression: str) -> Any:
        raise NotImplementedError

    def click_nth(self, selector: str, index: int) -> None:
        raise NotImplementedError

    def _native_errors(self) -> list[str]:
        return []

    def set_viewport_size(self, size: dict[str, int]) -> None:
        raise NotImplementedError

    def version(self) -> str:
        raise NotImplementedError

    def screenshot(self, path: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # Shared
    def evaluate(self, js: str) -> Any:
        return self._evaluate(_as_call(js))

    def goto(self, url: str) -> None:
        self._harvest()
        self._goto(url)

    def wait_for_function(self, js: str, timeout: float = 30_000) -> Any:
        deadline = time.monotonic() + timeout / 1000
        while True:
            value = self.evaluate(js)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: still false after {timeout} ms: {js[:200]}\n"
                                   f"the page then: {self.describe()}")
            time.sleep(self.POLL_S)

    def describe(self) -> str:
        """Where the page is stuck, for a timeout's message (a CI failure must say more than "timed out")."""
        try:
            return json.dumps(self._evaluate(_as_call(DESCRIBE)), ensure_ascii=False)
        except Exception as exc:  # the page may be what is broken
            return f"(could not be read: {exc})"

    def wait_for_selector(self, selector: str, timeout: float = 30_000) -> None:
        self.wait_for_function(_visible(selector), timeout)

    def locator(self, selector: str) -> Locator:
        return Locator(self, selector)

    def ready_at(self) -> float | None:
        """performance.now() when the first decision became clickable (the hook's clock), if it has."""
        value = self._evaluate("window.__testHook ? window.__testHook.readyAt : null")
        return None if value is None else float(value)

    def _harvest(self) -> None:
        """Keep the hook's records of the page about to be left."""
        with contextlib.suppress(Exception):
            hook = self._evaluate("window.__testHook ? {errors: window.__testHook.errors.splice(0),"
                                  " warnings: window.__testHook.warnings.splice(0)} : null")
            if hook:
                self._errors += hook["errors"]
                self.warnings += hook["warnings"]

    def console_errors(self) -> list[str]:
        """Errors seen so far (the hook's and the driver's), known noise left out; then forgotten."""
        self._harvest()
        seen, self._errors = [*self._errors, *self._native_errors()], []
        return [e for e in seen if not any(p.search(e) for p in KNOWN_NOISE)]


class FirefoxPage(DrivenPage):
    name = "firefox"

    def __init__(self, executable: str = FIREFOX) -> None:
        super().__init__()
        self.proc = subprocess.Popen(
            ["node", str(HERE / "firefox_bridge.mjs"), "--executable", executable],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT, start_new_session=True)
        self._read()  # "ready": Firefox started

    def _read(self) -> Any:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"firefox bridge exited ({self.proc.wait()})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(f"firefox: {answer['error']}")
        return answer["value"]

    def _call(self, cmd: str, **args: Any) -> Any:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"cmd": cmd, **args}) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def _goto(self, url: str) -> None:
        self._call("goto", url=url)

    def _evaluate(self, expression: str) -> Any:
        return self._call("evaluate", expression=expression)

    def click_nth(self, selector: str, index: int) -> None:
        self._call("click", selector=selector, index=index)

    def _native_errors(self) -> list[str]:
        return list(self._call("errors"))

    def set_viewport_size(self, size: dict[str, int]) -> None:
        self._call("viewport", width=size["width"], height=size["height"])

    def version(self) -> str:
        return str(self._call("version"))

    def screenshot(self, path: str) -> None:
        self._call("screenshot", path=str(Path(path).resolve()))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._call("close")
        with contextlib.suppress(Exception):
            self.proc.stdin.close()  # type: ignore[union-attr]
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A private X display (Xvfb picks a free number and tells it through a pipe: no race between
    parallel tests, unlike guessing one)."""
    read, write = os.pipe()
    command = [XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
    xvfb = subprocess.Popen(command, pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    if not number:
        xvfb.kill()
        raise RuntimeError("Xvfb did not start")
    return xvfb, f":{number}"


class WebKitPage(DrivenPage):
    name = "webkit"

    def __init__(self, driver: str = WEBKIT_DRIVER, binary: str = MINIBROWSER) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        super().__init__()
        self._chrome: list[int] | None = None
        self.xvfb, display = _start_xvfb()
        options = Options()
        options.binary_location = binary
        options.add_argument("--automation")  # MiniBrowser accepts a WebDriver session only so
        service = Service(executable_path=driver, env={**os.environ, "DISPLAY": display})
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
            self.driver.set_window_rect(width=1280, height=800)
        except BaseException:
            self._stop_xvfb()
            raise

    def _goto(self, url: str) -> None:
        self.driver.get(url)

    def _evaluate(self, expression: str) -> Any:
        return self.driver.execute_script(f"return {expression};")  # a returned promise is awaited

    def click_nth(self, selector: str, index: int) -> None:
        from selenium.webdriver.common.by import By

        found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        if index >= len(found):
            raise RuntimeError(f"no element {index} of {selector} ({len(found)} found)")
        found[index].click()

    def set_viewport_size(self, size: dict[str, int]) -> None:
        """The window sized so that the page gets `size`: MiniBrowser's toolbar takes some height (measured
        once), and its window is never narrower than about 450 px (no phone widths here)."""
        if self._chrome is None:
            self._chrome = self._evaluate("[window.outerWidth - window.innerWidth,"
                                          " window.outerHeight - window.innerHeight]")
        width, height = size["width"] + self._chrome[0], size["height"] + self._chrome[1]
        self.driver.set_window_rect(width=width, height=height)
        # The page sees the new size a moment later (or never, for a width under the window's minimum).
        with contextlib.suppress(TimeoutError):
            self.wait_for_function(f"innerWidth === {width - self._chrome[0]}"
                                   f" && innerHeight === {height - self._chrome[1]}", 3_000)

    def version(self) -> str:
        return str(self.driver.capabilities.get("browserVersion", "?"))

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(path)

    def _stop_xvfb(self) -> None:
        self.xvfb.terminate()
        try:
            self.xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.xvfb.kill()
            self.xvfb.wait()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()  # also stops WebKitWebDriver
        self._stop_xvfb()


@contextlib.contextmanager
def open_page(browser: str) -> Iterator[DrivenPage]:
    """A fresh Firefox or WebKit page for the block (the browser is closed after it)."""
    page: DrivenPage = FirefoxPage() if browser == "firefox" else WebKitPage()
    try:
        yield page
    finally:
        page.close()


def console_errors(browser: str, url: str | None = None, directory: Path | None = None,
                   path: str = "?lang=en&test=1", settle_s: float = 2.0,
                   timeout: float = 120_000) -> list[str]:
    """Open `url` (a hooked server's page) or `directory` served hooked at `path` in `browser`, wait until
    the game's UI has booted and `settle_s` more, and return the console errors."""
    with contextlib.ExitStack() as stack:
        if url is None:
            url = stack.enter_context(serve_hooked(directory or ROOT / "dist")) + path
        page = stack.enter_context(open_page(browser))
        page.goto(url)
        page.wait_for_function(BOOTED, timeout=timeout)
        time.sleep(settle_s)
        return page.console_errors()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("browsers", nargs="*", help=f"any of {', '.join(BROWSERS)} (default: all)")
    ap.add_argument("--dir", type=Path, default=ROOT / "dist")
    ap.add_argument("--path", default="?lang=en&test=1")
    args = ap.parse_args()
    if unknown := set(args.browsers) - set(BROWSERS):
        ap.error(f"unknown browser(s): {', '.join(sorted(unknown))}")
    failed = False
    for browser in args.browsers or BROWSERS:
        errors = console_errors(browser, directory=args.dir, path=args.path)
        print(f"{browser}: {len(errors)} console error(s)")
        for e in errors:
            print(f"  {e}")
        failed |= bool(errors)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
