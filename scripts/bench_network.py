"""A host at the end of a slow line, for `make bench-web` (scripts/bench_web.py).

Chromium's own network emulation does not throttle the requests its workers make (measured), and the
game's heavy downloads all come from workers, so the line is simulated in the server instead:
- every file that gains from it is sent gzip-compressed (`Content-Encoding: gzip`, level 9), as a
  static host does;
- each response waits `latency_s` before its first byte (a round trip);
- every response's bytes go through ONE shared pipe of `mbit_s` (a visitor's single line): a chunk
  reserves the next free slot of the pipe, waits until that slot has passed, then goes out. Parallel
  downloads therefore share the bandwidth; they do not each get all of it.
The headers are those of netlify.toml, as scripts/serve.py sends them.
"""

from __future__ import annotations

import gzip
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from serve import Handler, QuietServer, netlify_rules

CHUNK = 8192


class Pipe:
    """One link shared by all responses: `rate` bytes per second, chunk by chunk, first come first served.

    A response's chunks are all ready when it starts (the body is in memory), so each chunk is due on the
    line as soon as the previous one left it: a sending thread that wakes late from its sleep (a busy
    bench machine) must not leave the line idle meanwhile, as a real link keeps draining the socket's
    buffer. Before, every late wake-up was lost line time: on a loaded machine a lone download (the game's
    wasm, alone on the line for its last seconds) got 10-25 % less than the line's rate, while parallel
    ones (the bare page's) filled each other's gaps. Only a write that blocks (the receiver not reading)
    delays the next chunk. `clock` and `sleep` are time's, replaceable for tests."""

    def __init__(self, mbit_s: float, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.rate = mbit_s * 1e6 / 8
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.clock = clock
        self.sleep = sleep

    def send(self, out: Any, data: bytes) -> float:
        """Sends `data` through the pipe; returns when its first chunk went out (monotonic)."""
        return self.send_counted(out, data)[0]

    def send_counted(self, out: Any, data: bytes) -> tuple[float, float, float]:
        """send(), and two diagnostics (seconds): how late this thread woke after its chunks' slots
        (summed), and how long its writes blocked (the receiver not reading)."""
        first = late = blocked = 0.0
        ready = self.clock()  # when the next chunk is due on the line
        for i in range(0, len(data), CHUNK):
            chunk = data[i:i + CHUNK]
            with self.lock:
                start = max(ready, self.free_at)
                self.free_at = start + len(chunk) / self.rate
                done = self.free_at
            delay = done - self.clock()
            if delay > 0:
                self.sleep(delay)
            woke = self.clock()
            late += max(0.0, woke - done)
            out.write(chunk)
            wrote = self.clock()
            blocked += wrote - woke
            ready = done + (wrote - woke)
            first = first or start
        return first, late, blocked


PRECOMPRESSED = frozenset({".zst", ".gz", ".br", ".xz"})


class Compressed:
    """Files as a compressing host sends them: gzip -9 when that is smaller (cached per file), but never a
    file compressed already (PRECOMPRESSED: a host compresses by content type, and no host's list names
    application/zstd), which goes as is."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cache: dict[tuple[str, float], tuple[bytes, bool]] = {}

    def warm(self, root: Path) -> Compressed:
        """Compress every file under `root` now (the wasm takes seconds at level 9): not during a visit."""
        for file in sorted(root.rglob("*")):
            if file.is_file():
                self.body(file)
        return self

    def body(self, file: Path) -> tuple[bytes, bool]:
        key = (str(file), file.stat().st_mtime)
        with self.lock:
            hit = self.cache.get(key)
        if hit is None:
            raw = file.read_bytes()
            packed = raw if file.suffix in PRECOMPRESSED else gzip.compress(raw, 9, mtime=0)
            hit = (packed, True) if len(packed) < len(raw) else (raw, False)
            with self.lock:
                self.cache[key] = hit
        return hit


class LineHandler(Handler):
    """serve.py's handler (MIME types, netlify.toml's headers) over a simulated line."""

    pipe: ClassVar[Pipe]
    latency_s: ClassVar[float] = 0.0
    files: ClassVar[Compressed]
    on_bytes: ClassVar[Callable[[str, int], None] | None] = None
    # (path, bytes, request received, first byte into the pipe, last byte out), monotonic: the waterfall
    on_timing: ClassVar[Callable[[str, int, float, float, float], None] | None] = None
    # (path, late, blocked): Pipe.send_counted's diagnostics, per response
    on_pipe: ClassVar[Callable[[str, float, float], None] | None] = None
    protocol_version = "HTTP/1.1"  # keep-alive, as browsers and hosts use

    def do_GET(self) -> None:
        received = time.monotonic()
        # The callbacks are read through the class: a plain function there, not a bound method.
        on_bytes, on_timing, on_pipe = type(self).on_bytes, type(self).on_timing, type(self).on_pipe
        if "__bench=" in self.path:  # the bench's own signals: never delayed or throttled
            if on_bytes is not None:
                on_bytes(self.path, 0)
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        local = Path(self.translate_path(self.path))
        if local.is_dir():
            local = local / "index.html"
        if not local.is_file():
            super().do_GET()  # 404 and friends, as serve.py answers them
            return
        body, packed = self.files.body(local)
        if "gzip" not in self.headers.get("Accept-Encoding", "") and packed:
            body, packed = local.read_bytes(), False
        time.sleep(self.latency_s)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(local)))
        self.send_header("Content-Length", str(len(body)))
        if packed:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        if on_bytes is not None:
            on_bytes(self.path, len(body))
        first, late, blocked = self.pipe.send_counted(self.wfile, body)
        if on_timing is not None:
            on_timing(self.path, len(body), received, first, time.monotonic())
        if on_pipe is not None:
            on_pipe(self.path, late, blocked)

    def do_HEAD(self) -> None:
        time.sleep(self.latency_s)
        super().do_HEAD()


def make_line_server(directory: Path, mbit_s: float, latency_ms: float,
                     on_bytes: Callable[[str, int], None] | None = None,
                     files: Compressed | None = None,
                     on_timing: Callable[[str, int, float, float, float], None] | None = None,
                     on_pipe: Callable[[str, float, float], None] | None = None) -> QuietServer:
    """A threaded server for `directory` on 127.0.0.1 (free port) behind one simulated line; `files`: the
    compressed bodies, shared (and compressed ahead: Compressed.warm) by several servers."""
    root = Path(__file__).resolve().parent.parent
    handler: type[LineHandler] = type("LineDistHandler", (LineHandler,), {
        "rules": netlify_rules(root / "netlify.toml"),
        "extra_headers": {},
        "pipe": Pipe(mbit_s),
        "latency_s": latency_ms / 1000,
        "files": files or Compressed(),
        "on_bytes": staticmethod(on_bytes) if on_bytes else None,
        "on_timing": staticmethod(on_timing) if on_timing else None,
        "on_pipe": staticmethod(on_pipe) if on_pipe else None,
        "on_sent": None,
    })

    def factory(*args: Any) -> LineHandler:
        return handler(*args, directory=os.fspath(directory))

    return QuietServer(("127.0.0.1", 0), factory)


if __name__ == "__main__":  # a manual check: python3 scripts/bench_network.py dist 10 40
    import sys

    srv = make_line_server(Path(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]))
    print(f"serving http://127.0.0.1:{srv.server_address[1]}/ over {sys.argv[2]} Mbit/s, {sys.argv[3]} ms",
          flush=True)
    srv.serve_forever()
