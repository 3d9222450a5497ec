#!/usr/bin/env python3
"""Serve dist/ like the production host: correct MIME types (application/wasm) and the headers of
netlify.toml (CSP, caching), so local play and the browser tests see what visitors get.

Usage: python3 scripts/serve.py [--dir dist] [--host 127.0.0.1] [--port 8000]
Port 0 picks a free port; the first line printed is "serving http://HOST:PORT/".
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".zst": "application/zstd",  # the wasm compressed at build time (D200): sent as is, never re-compressed
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}


def netlify_rules(path: Path) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    """The [[headers]] rules of netlify.toml as (compiled pattern, headers)."""
    if not path.exists():
        return []
    data = tomllib.loads(path.read_text())
    rules = []
    for rule in data.get("headers", []):
        pattern = "^" + re.escape(rule["for"]).replace(r"\*", ".*") + "$"
        rules.append((re.compile(pattern), {k: str(v) for k, v in rule.get("values", {}).items()}))
    return rules


class Handler(http.server.SimpleHTTPRequestHandler):
    rules: ClassVar[list[tuple[re.Pattern[str], dict[str, str]]]] = []
    extra_headers: ClassVar[dict[str, str]] = {}
    quiet = True
    on_sent: ClassVar[Callable[[str], None] | None] = None
    # Not a ClassVar: the base class declares it an instance attribute, and mypy forbids the change.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}  # noqa: RUF012

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        merged: dict[str, str] = {}
        for pattern, values in self.rules:
            if pattern.match(path):
                merged.update(values)
        merged.update(self.extra_headers)
        for key, value in merged.items():
            if key.lower() == "content-type":
                continue  # set from the extension map already
            self.send_header(key, value)
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        # The kernel copies the file (sendfile): serving the ~25 MB of a first visit then takes next to
        # no CPU from the machine, whose cores the browser measuring the page needs (scripts/bench_web.py).
        self.connection.sendfile(source)

    def send_head(self) -> Any:
        f = super().send_head()
        on_sent = type(self).on_sent  # through the class: a plain function, not a bound method
        if f is not None and on_sent is not None:  # a 200 with a body (not a 304 or an error)
            on_sent(self.path)
        return f

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        # A folder without index.html is not a page of the site: 404, as the production host answers.
        self.send_error(404, "Not Found")

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            return  # the browser closed a connection (navigation, context closed): not an error
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 0,
                headers: dict[str, str] | None = None, quiet: bool = True,
                netlify: bool = True, on_sent: Callable[[str], None] | None = None) -> QuietServer:
    """A threaded server for `directory`; `netlify=False` serves without netlify.toml's headers."""
    handler = type("DistHandler", (Handler,), {
        "rules": netlify_rules(ROOT / "netlify.toml") if netlify else [],
        "extra_headers": dict(headers or {}),
        "quiet": quiet,
        "on_sent": staticmethod(on_sent) if on_sent else None,
    })
    factory = functools.partial(handler, directory=str(directory))
    return QuietServer((host, port), factory)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default=str(ROOT / "dist"))
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    directory = Path(args.dir)
    if not (directory / "index.html").exists():
        sys.exit(f"{directory}/index.html missing: run `make build` first")
    server = make_server(directory, args.host, args.port, quiet=not args.verbose)
    print(f"serving http://{args.host}:{server.server_port}/", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
