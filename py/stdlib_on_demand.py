"""Standard-library modules outside the boot's archive, imported on demand (web build only).

The web build ships only the stdlib modules a real boot and real games import (traced at build time:
scripts/boot_trace.py, scripts/precompile.py), in the zip Pyodide mounts at /lib/python3XY.zip. This
module rides in that zip with `stdlib_on_demand.txt`, the names of every module of the full stdlib
archive. web/boot/interpreter.js calls `install(url)` after Python starts: a finder, last on
sys.meta_path, so it only sees names nothing else found. For a name of the full archive it downloads
that archive once (a synchronous request: imports are synchronous, and the worker may block), mounts it
beside the boot's zip and imports the module from there; any other name is left to fail as usual
(`try: import _speedups` idioms cost nothing).

Pyodide's own start-up also imports modules it never uses (asyncio's SSL protocol, `locale`, `html` and
its 36 KB entity table through PyScript…). The build finds them (scripts/boot_trace.py: every stdlib
module bound lazily, then a real boot and real games; those never executed) and leaves them out of the
boot's zip, listed in `stdlib_lazy.txt`; the zip's `sitecustomize` calls `bind_lazily()` before
Pyodide's start-up imports anything, so that importing one of them gives a lazy module that is only
fetched from the full archive and executed if something uses it. The lazy module is our own
(`_LazyModule`), not importlib.util.LazyLoader's: an `import x` of a module already in sys.modules reads
`x.__spec__` (CPython's "is it still initialising?" check), and LazyLoader's module runs its code at that
read, so the second importer of a module ran it even if nobody used it (D118); ours answers `__spec__`
without running anything, and runs the module at the first other attribute.

The modules only later use runs (the other game, the strong bots, the review…: D83) ride in a second
archive, the later one, listed in `stdlib_later.txt`; `install(url, later)` puts its finder before the
full archive's. The page's worker writes it to LATER in the background after the first decision
(web/boot/interpreter.js); an import that needs it sooner downloads it at once.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import ModuleSpec, PathFinder
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (imported by the first `sitecustomize`: nothing the boot would not import anyway)
    from collections.abc import Callable, Sequence
    from importlib.abc import Loader
else:
    Loader = object

ARCHIVE = "/lib/python_stdlib_full.zip"
INDEX = "stdlib_on_demand.txt"
LAZY_INDEX = "stdlib_lazy.txt"  # modules bound lazily at boot, one a line; a package's name ends in "/"
LATER = "/lib/python_later.zip"  # the later archive (D83), mounted here
LATER_INDEX = "stdlib_later.txt"  # its modules' names


def _download(url: str) -> bytes:
    import js  # type: ignore[import-not-found]  # Pyodide only

    xhr = js.XMLHttpRequest.new()
    xhr.open("GET", url, False)  # a worker may wait: the import it serves is synchronous anyway
    xhr.responseType = "arraybuffer"
    try:
        xhr.send(None)
    except Exception as exc:  # a network error (offline, refused)
        raise ImportError(f"{url} could not be downloaded ({exc})") from None
    if xhr.status != 200:
        raise ImportError(f"{url} could not be downloaded (HTTP {xhr.status})")
    data: bytes = js.Uint8Array.new(xhr.response).to_bytes()
    return data


class OnDemandStdlib:
    """A meta-path finder for modules of an archive the boot's zip left out: the full stdlib archive, or
    the later archive (its modules a first decision does not run, D83). The archive is downloaded once,
    at the first import that needs it, unless something mounted it already (the page's background fetch
    writes the later archive at `archive`: web/boot/interpreter.js). When the download fails, a name in
    `fallback` is left to the next finder (the later archive's stdlib modules are in the full archive
    too); any other raises ImportError saying which file could not be downloaded."""

    def __init__(self, url: str, names: frozenset[str], fetch: Callable[[str], bytes] = _download,
                 report: Callable[[str], None] | None = None, archive: str = ARCHIVE,
                 stage: str = "stdlib-on-demand", fallback: frozenset[str] = frozenset()) -> None:
        self.url = url
        self.names = names
        self.archive = archive
        self.fetch = fetch
        self.report = report
        self.stage = stage
        self.fallback = fallback

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        # (The file, not a flag: a restored memory snapshot remembers finders but not the file system.)
        if not os.path.exists(self.archive):
            try:
                data = self.fetch(self.url)
            except ImportError as exc:
                if fullname in self.fallback:
                    return None
                raise ImportError(f"No module named {fullname!r}: {exc}", name=fullname) from None
            with open(self.archive, "wb") as f:
                f.write(data)
            if self.report is not None:
                self.report(self.stage)
        parent = fullname.rpartition(".")[0]
        where = self.archive + ("/" + parent.replace(".", "/") if parent else "")
        return PathFinder.find_spec(fullname, [where])


class _FromArchive(Loader):
    """Loads a lazily bound module, when it is first used, from the full archive (OnDemandStdlib)."""

    def create_module(self, spec: ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        name = module.__name__
        parent = name.rpartition(".")[0]
        path = getattr(sys.modules[parent], "__path__", None) if parent else None
        found = (f.find_spec(name, path) for f in list(sys.meta_path) if isinstance(f, OnDemandStdlib))
        spec = next((s for s in found if s is not None), None)
        if spec is None or spec.loader is None:
            raise ModuleNotFoundError(f"No module named {name!r} (bound lazily, in no archive)", name=name)
        # The module's own spec is updated, not replaced (the import system and importers hold it).
        own = module.__spec__
        assert own is not None
        own.loader, own.origin, own.has_location = spec.loader, spec.origin, spec.has_location
        own.submodule_search_locations = spec.submodule_search_locations
        module.__loader__ = spec.loader
        if spec.has_location and spec.origin:
            module.__file__ = spec.origin
        if spec.submodule_search_locations is not None:
            module.__path__ = list(spec.submodule_search_locations)
        spec.loader.exec_module(module)


class _Recorded(Loader):
    """(Build trace) the zip's own loader, noting that the module was executed."""

    def __init__(self, loader: Loader, name: str, executed: set[str]) -> None:
        self.loader = loader
        self.name = name
        self.executed = executed

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.executed.add(self.name)
        self.loader.exec_module(module)


class _LazyModule(ModuleType):
    """A module whose code has not run yet: it runs at the first attribute read other than `__spec__`
    (or at a deletion), with the loader that `_Lazy` kept in `__spec__.loader_state`. Python runs in one
    thread here (Pyodide), so there is no lock."""

    def __getattribute__(self, attr: str) -> Any:
        spec = object.__getattribute__(self, "__spec__")
        if attr == "__spec__":
            return spec
        object.__setattr__(self, "__class__", ModuleType)  # (reads from here on are plain ones)
        loader = spec.loader_state
        spec.loader_state = None
        loader.exec_module(self)
        return getattr(self, attr)

    def __delattr__(self, attr: str) -> None:
        self.__getattribute__(attr)
        delattr(self, attr)


class _Lazy(Loader):
    """Binds a module lazily (`_LazyModule`); `loader` runs it at its first use."""

    def __init__(self, loader: Loader) -> None:
        self.loader = loader

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        spec = module.__spec__
        assert spec is not None
        spec.loader_state = self.loader
        module.__class__ = _LazyModule


class LazyBinder:
    """First on sys.meta_path: for each of `names`, a lazy module whose code runs at its first use.

    At run time the modules are not in the boot's zip (the spec has no location, the full archive
    supplies them when used); with `trace=True` (the build) they are, and `executed` collects those
    that ran."""

    def __init__(self, names: Sequence[str], trace: bool = False) -> None:
        self.names = {n.rstrip("/") for n in names} - sys.modules.keys()  # (what ran before us stays)
        self.packages = {n.rstrip("/") for n in names if n.endswith("/")}
        self.trace = trace
        self.executed: set[str] = set()

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        if not self.trace:
            return ModuleSpec(fullname, _Lazy(_FromArchive()), is_package=fullname in self.packages)
        spec: ModuleSpec | None = None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find(fullname, path, target) if finder is not self and find is not None else None
            if spec is not None:
                break
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        spec.loader = _Lazy(_Recorded(spec.loader, fullname, self.executed))
        return spec


def bind_lazily(names: Sequence[str] | None = None, trace: bool = False) -> LazyBinder | None:
    """Put a LazyBinder first on sys.meta_path (from the zip's sitecustomize, before Pyodide's start-up
    imports anything): for `names`, or those listed in the zip beside this module. Never fails a boot:
    without the binding the modules come, used or not, from the full archive on demand."""
    try:
        if names is None:
            spec = __spec__
            assert spec is not None and spec.origin is not None and spec.loader is not None
            index = spec.origin.rpartition("/")[0] + "/" + LAZY_INDEX
            names = spec.loader.get_data(index).decode().split()  # type: ignore[attr-defined]
        binder = LazyBinder(names, trace=trace)
        sys.meta_path.insert(0, binder)
        return binder
    except Exception:  # no index (an unbuilt tree): nothing bound
        return None


def _report(stage: str) -> None:
    try:
        import js

        js.oriflammeBootReport(stage)
    except Exception:  # no page to tell (no prelude)
        pass


def _index(name: str) -> frozenset[str]:
    """The names listed in `name`, beside this module in the boot's zip (empty when absent)."""
    spec = __spec__
    assert spec is not None and spec.origin is not None and spec.loader is not None
    try:
        data: bytes = spec.loader.get_data(spec.origin.rpartition("/")[0] + "/" + name)  # type: ignore[attr-defined]
    except OSError:
        return frozenset()
    return frozenset(data.decode().split())


def install(url: str, later: str | None = None) -> OnDemandStdlib:
    """Append the finders for the later archive at `later` (when given and the build made one) and for
    the full archive at `url`; return the latter. Finders already there (a restored snapshot's, made
    with the build's paths) are replaced."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, OnDemandStdlib)]
    names = _index(INDEX)
    later_names = _index(LATER_INDEX)
    if later and later_names:
        sys.meta_path.append(OnDemandStdlib(later, later_names, report=_report, archive=LATER,
                                            stage="later-on-demand", fallback=names))
    finder = OnDemandStdlib(url, names, report=_report)
    sys.meta_path.append(finder)
    return finder
