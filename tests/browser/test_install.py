"""Installability: Chromium finds nothing wrong with the web app manifest and the service worker, and the
manifest's icons (192 and 512 PNG, maskable) are served as declared."""

from __future__ import annotations

import json
import struct
from typing import Any
from urllib.request import urlopen

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, PageGuard, start_server
from session_helpers import BOOTED, pwa_site

pytestmark = pytest.mark.browser


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_and_icons(site_url: str) -> None:
    manifest = json.loads(urlopen(f"{site_url}manifest.webmanifest").read())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {}
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        data = urlopen(site_url + icon["src"].removeprefix("./")).read()
        w, h = png_size(data)
        assert icon["sizes"] == f"{w}x{h}"
        sizes.setdefault(icon["purpose"], set()).add(w)
    assert sizes["any"] == {192, 512} and sizes["maskable"] == {192, 512}


def test_chromium_reports_no_installability_errors(browser_type: Any, dist_dir: Any, tmp_path: Any) -> None:
    # A normal (persistent) profile: Playwright's default contexts are incognito, never installable.
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    server = start_server(pwa_site(dist_dir, tmp_path / "site"))
    site_url = f"http://127.0.0.1:{server.server_address[1]}/"
    guard = PageGuard({site_url.rstrip("/")})
    context.on("request", guard.on_request)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", guard.on_console)
        page.on("pageerror", guard.on_pageerror)
        page.goto(f"{site_url}?lang=en&speed=0&sw=1")
        page.wait_for_function(BOOTED, timeout=120_000)
        page.wait_for_function("() => navigator.serviceWorker && !!navigator.serviceWorker.controller",
                               timeout=120_000)
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest.get("errors")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    guard.check()


def test_install_button_follows_the_browser_offer(strict_page: Any, site_url: str) -> None:
    """The Install button appears only once the browser offers installation, and asks through it."""
    page = strict_page
    page.goto(f"{site_url}?lang=en&speed=0&test=1")
    page.wait_for_function(BOOTED, timeout=120_000)
    assert page.locator('[data-testid="install"]').count() == 0
    page.evaluate("""() => {
        const e = new Event('beforeinstallprompt', { cancelable: true });
        window.__asked = 0;
        e.prompt = async () => { window.__asked += 1; };
        e.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
        window.dispatchEvent(e);
    }""")
    page.click('[data-testid="install"]')
    page.wait_for_function("() => window.__asked === 1")
    page.wait_for_function("() => !document.querySelector('[data-testid=install]')")
