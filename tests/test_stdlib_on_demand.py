"""py/stdlib_on_demand.py in CPython: a module the boot's zip left out is imported from the full archive,
downloaded once; a name the archive lacks costs nothing (no download). The browser side is in
tests/browser/test_fast_boot.py."""

from __future__ import annotations

import importlib
import io
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from stdlib_on_demand import OnDemandStdlib


def archive() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("ondemand_probe_mod.py", "VALUE = 41 + 1\n")
        z.writestr("ondemand_probe_pkg/__init__.py", "")
        z.writestr("ondemand_probe_pkg/sub.py", "NAME = __name__\n")
    return buf.getvalue()


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
    sys.meta_path.append(f)
    try:
        yield f, fetched, reported
    finally:
        sys.meta_path.remove(f)
        for name in list(sys.modules):
            if name.startswith("ondemand_probe"):
                del sys.modules[name]


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
