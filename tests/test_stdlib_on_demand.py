"""py/stdlib_on_demand.py in CPython: a module the boot's zip left out is imported from the full archive,
downloaded once; a name the archive lacks costs nothing (no download); a module bound lazily is
downloaded and run only at its first use, and the build's trace tells which bound modules ran. The
browser side is in tests/browser/test_fast_boot.py."""

from __future__ import annotations

import importlib
import io
import sys
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from stdlib_on_demand import LazyBinder, OnDemandStdlib


def archive() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("ondemand_probe_mod.py", "VALUE = 41 + 1\n")
        z.writestr("ondemand_probe_pkg/__init__.py", "")
        z.writestr("ondemand_probe_pkg/sub.py", "NAME = __name__\n")
    return buf.getvalue()


@contextmanager
def on_meta_path(f: OnDemandStdlib) -> Iterator[None]:
    """`f` last on sys.meta_path meanwhile; afterwards gone, and the probe modules forgotten."""
    sys.meta_path.append(f)
    try:
        yield
    finally:
        sys.meta_path.remove(f)
        for name in list(sys.modules):
            if name.startswith("ondemand_probe"):
                del sys.modules[name]


@pytest.fixture
def finder(tmp_path: Path) -> Iterator[tuple[OnDemandStdlib, list[str], list[str]]]:
    fetched: list[str] = []
    reported: list[str] = []

    def fetch(url: str) -> bytes:
        fetched.append(url)
        return archive()

    names = frozenset({"ondemand_probe_mod", "ondemand_probe_pkg", "ondemand_probe_pkg.sub"})
    f = OnDemandStdlib("https://example.test/full.zip", names, fetch=fetch, report=reported.append,
                       archive=str(tmp_path / "full.zip"))
    with on_meta_path(f):
        yield f, fetched, reported


def test_a_module_outside_the_boot_zip_is_imported_from_the_full_archive(
        finder: tuple[OnDemandStdlib, list[str], list[str]]) -> None:
    _, fetched, reported = finder
    assert importlib.import_module("ondemand_probe_mod").VALUE == 42
    assert importlib.import_module("ondemand_probe_pkg.sub").NAME == "ondemand_probe_pkg.sub"
    assert fetched == ["https://example.test/full.zip"]  # downloaded once for both
    assert reported == ["stdlib-on-demand"]


def test_a_name_the_archive_lacks_downloads_nothing(
        finder: tuple[OnDemandStdlib, list[str], list[str]]) -> None:
    _, fetched, _ = finder
    with pytest.raises(ImportError):
        importlib.import_module("ondemand_probe_missing")
    assert fetched == []


def test_a_module_bound_lazily_runs_from_the_full_archive_at_its_first_use(
        finder: tuple[OnDemandStdlib, list[str], list[str]]) -> None:
    _, fetched, _ = finder
    binder = LazyBinder(["ondemand_probe_mod", "ondemand_probe_pkg/"])
    sys.meta_path.insert(0, binder)
    try:
        mod = importlib.import_module("ondemand_probe_mod")
        pkg = importlib.import_module("ondemand_probe_pkg")
        assert fetched == []  # imported, yet nothing downloaded or run
        assert mod.VALUE == 42
        assert fetched == ["https://example.test/full.zip"]
        assert mod.__file__ is not None and mod.__file__.endswith("full.zip/ondemand_probe_mod.py")
        assert importlib.import_module("ondemand_probe_pkg.sub").NAME == "ondemand_probe_pkg.sub"
        assert pkg.sub.NAME == "ondemand_probe_pkg.sub" and fetched == ["https://example.test/full.zip"]
    finally:
        sys.meta_path.remove(binder)


def test_the_trace_binds_modules_of_the_path_lazily_and_notes_which_ran(tmp_path: Path) -> None:
    (tmp_path / "lazyprobe_used.py").write_text("VALUE = 1\n")
    (tmp_path / "lazyprobe_unused.py").write_text("raise RuntimeError('never run')\n")
    sys.path.insert(0, str(tmp_path))
    binder = LazyBinder(["lazyprobe_used", "lazyprobe_unused", "os"], trace=True)
    sys.meta_path.insert(0, binder)
    try:
        assert "os" not in binder.names  # already imported: not the binder's
        used = importlib.import_module("lazyprobe_used")
        importlib.import_module("lazyprobe_unused")  # imported, never used: does not raise
        assert binder.executed == set()
        assert used.VALUE == 1 and binder.executed == {"lazyprobe_used"}
    finally:
        sys.meta_path.remove(binder)
        sys.path.remove(str(tmp_path))
        for name in ("lazyprobe_used", "lazyprobe_unused"):
            sys.modules.pop(name, None)


def test_a_lazy_module_imported_again_still_does_not_run(tmp_path: Path) -> None:
    """D118: a second `import x` reads x.__spec__ (is it still initialising?); importlib.util.LazyLoader's
    module ran its code at that read. Ours runs only at the first use of another attribute, once."""
    (tmp_path / "lazyprobe_twice.py").write_text(
        "import sys\nsys.lazyprobe_runs = getattr(sys, 'lazyprobe_runs', 0) + 1\nVALUE = 7\n")
    (tmp_path / "lazyprobe_pkg").mkdir()
    (tmp_path / "lazyprobe_pkg" / "__init__.py").write_text("import lazyprobe_twice\n" * 2)
    sys.path.insert(0, str(tmp_path))
    binder = LazyBinder(["lazyprobe_twice", "lazyprobe_pkg/"], trace=True)
    sys.meta_path.insert(0, binder)
    try:
        import lazyprobe_twice  # noqa: F401
        exec("import lazyprobe_twice", {})  # another importer, as asyncio's modules import socket
        pkg = importlib.import_module("lazyprobe_pkg")
        assert binder.executed == set() and not hasattr(sys, "lazyprobe_runs")
        assert pkg.lazyprobe_twice.VALUE == 7 and binder.executed == {"lazyprobe_pkg", "lazyprobe_twice"}
        assert sys.lazyprobe_runs == 1  # type: ignore[attr-defined]
        mod = sys.modules["lazyprobe_twice"]
        assert type(mod) is type(sys) and mod.__spec__ is not None and mod.__spec__.name == "lazyprobe_twice"
    finally:
        sys.meta_path.remove(binder)
        sys.path.remove(str(tmp_path))
        for name in ("lazyprobe_twice", "lazyprobe_pkg"):
            sys.modules.pop(name, None)
        if hasattr(sys, "lazyprobe_runs"):
            del sys.lazyprobe_runs


def test_an_archive_already_mounted_is_not_downloaded_again(tmp_path: Path) -> None:
    """The page's background fetch wrote the later archive (web/boot/interpreter.js): an import that needs
    it reads the file; before that, the import downloads it itself (the synchronous path)."""
    fetched: list[str] = []

    def fetch(url: str) -> bytes:
        fetched.append(url)
        return archive()

    mounted = tmp_path / "later.zip"
    names = frozenset({"ondemand_probe_mod", "ondemand_probe_pkg", "ondemand_probe_pkg.sub"})
    f = OnDemandStdlib("later.zip", names, fetch=fetch, archive=str(mounted))
    with on_meta_path(f):
        mounted.write_bytes(archive())  # fetched in the background before the import
        assert importlib.import_module("ondemand_probe_mod").VALUE == 42
        assert fetched == []
        del sys.modules["ondemand_probe_mod"]
        mounted.unlink()  # (a restored snapshot: the finder is there, the file is not)
        assert importlib.import_module("ondemand_probe_mod").VALUE == 42
        assert fetched == ["later.zip"] and mounted.exists()


def test_a_later_archive_that_cannot_be_downloaded_leaves_stdlib_names_to_the_full_one(
        finder: tuple[OnDemandStdlib, list[str], list[str]], tmp_path: Path) -> None:
    """D84: a stdlib module of the later archive then comes from the full archive; an engine module (in
    no other archive) fails with an ImportError that names the file and the cause."""
    _, fetched, _ = finder

    def fail(url: str) -> bytes:
        raise ImportError(f"{url} could not be downloaded (HTTP 404)")

    later = OnDemandStdlib("python_later-0.zip", frozenset({"ondemand_probe_mod", "ondemand_probe_engine"}),
                           fetch=fail, archive=str(tmp_path / "later.zip"),
                           fallback=frozenset({"ondemand_probe_mod"}))
    sys.meta_path.insert(len(sys.meta_path) - 1, later)  # before the full archive's finder
    try:
        assert importlib.import_module("ondemand_probe_mod").VALUE == 42
        assert fetched == ["https://example.test/full.zip"]
        with pytest.raises(ImportError, match=r"ondemand_probe_engine.*python_later-0\.zip could not be "
                                              r"downloaded \(HTTP 404\)"):
            importlib.import_module("ondemand_probe_engine")
    finally:
        sys.meta_path.remove(later)
