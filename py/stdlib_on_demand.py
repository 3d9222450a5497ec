"""Standard-library modules outside the boot's archive, imported on demand (web build only).

The web build ships only the stdlib modules a real boot and real games import (traced at build time:
scripts/boot_trace.py, scripts/precompile.py), in the zip Pyodide mounts at /lib/python3XY.zip. This
module rides in that zip with `stdlib_on_demand.txt`, the names of every module of the full stdlib
archive. web/boot/interpreter.js calls `install(url)` after Python starts: a finder, last on
sys.meta_path, so it only sees names nothing else found. For a name of the full archive it downloads
that archive once (a synchronous request: imports are synchronous, and the worker may block), mounts it
beside the boot's zip and imports the module from there; any other name is left to fail as usual
(`try: import _speedups` idioms cost nothing).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType

ARCHIVE = "/lib/python_stdlib_full.zip"
INDEX = "stdlib_on_demand.txt"


def _download(url: str) -> bytes:
    import js  # type: ignore[import-not-found]  # Pyodide only

    xhr = js.XMLHttpRequest.new()
    xhr.open("GET", url, False)  # a worker may wait: the import it serves is synchronous anyway
    xhr.responseType = "arraybuffer"
    xhr.send(None)
    if xhr.status != 200:
        raise ImportError(f"the full standard library could not be downloaded ({url}: HTTP {xhr.status})")
    data: bytes = js.Uint8Array.new(xhr.response).to_bytes()
    return data


class OnDemandStdlib:
    """A meta-path finder for the stdlib modules the boot's archive left out."""

    def __init__(self, url: str, names: frozenset[str], fetch: Callable[[str], bytes] = _download,
                 report: Callable[[str], None] | None = None, archive: str = ARCHIVE) -> None:
        self.url = url
        self.names = names
        self.archive = archive
        self.fetch = fetch
        self.report = report
        self.mounted = False

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        if not self.mounted:
            with open(self.archive, "wb") as f:
                f.write(self.fetch(self.url))
            self.mounted = True
            if self.report is not None:
                self.report("stdlib-on-demand")
        parent = fullname.rpartition(".")[0]
        where = self.archive + ("/" + parent.replace(".", "/") if parent else "")
        return PathFinder.find_spec(fullname, [where])


def _report(stage: str) -> None:
    try:
        import js

        js.oriflammeBootReport(stage)
    except Exception:  # no page to tell (no prelude)
        pass


def install(url: str) -> OnDemandStdlib:
    """Append the finder for the full archive at `url` (once); return it."""
    for finder in sys.meta_path:
        if isinstance(finder, OnDemandStdlib):
            return finder
    spec = __spec__
    assert spec is not None and spec.origin is not None and spec.loader is not None
    index = spec.origin.rpartition("/")[0] + "/" + INDEX  # beside this module, in the same zip
    data: bytes = spec.loader.get_data(index)  # type: ignore[attr-defined]  # zipimporter's
    names = frozenset(data.decode().split())
    finder = OnDemandStdlib(url, names, report=_report)
    sys.meta_path.append(finder)
    return finder
