"""Development server: serves the repo root and answers /api/<fn> with tabletop.bridge.api (CPython).

    python3 web/dev/devserver.py 8765   then open http://127.0.0.1:8765/
The page's bridge, /web/engine.js, is answered with web/dev/engine-http.js (which calls /api/<fn>), so
the page itself has no development switch. web/dev/ is not part of the built site (scripts/build.py).
"""

from __future__ import annotations

import http.server
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "py"))

from tabletop.bridge import api as webapi  # noqa: E402


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **k):  # type: ignore[no-untyped-def]
        super().__init__(*a, directory=ROOT, **k)

    def translate_path(self, path: str) -> str:
        if path.split("?", 1)[0] == "/web/engine.js":
            return os.path.join(ROOT, "web", "dev", "engine-http.js")
        return super().translate_path(path)

    def do_POST(self) -> None:
        fn = self.path.rsplit("/", 1)[-1]
        n = int(self.headers.get("Content-Length") or 0)
        arg = self.rfile.read(n).decode() if n else None
        if fn not in webapi.EXPORTS:  # the page's calls only, not any name of the module
            self.send_error(404)
            return
        f = getattr(webapi, fn)
        out = f(arg) if arg is not None else f()
        body = out.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *a) -> None:  # type: ignore[no-untyped-def]
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
