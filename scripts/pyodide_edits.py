"""Build-time edits of Pyodide's own start-up Python (D95), applied to the sources of the pinned npm package.

Pyodide's JS imports `pyodide._package_loader` while it boots (it reads SITE_PACKAGES and DSO_DIR and lists
the installed packages). That module's top-level imports run zipfile (with bz2, lzma and their
compression helpers), tempfile (with shutil and fnmatch) and registers a wheel format with shutil: ~65 KB
gzip of the boot's zip and their import time, for a game that never loads a package. The edits below
move those imports into the functions that unpack an archive. The boot's trace (scripts/boot_trace.py)
then no longer sees them run, so they leave the boot's zip; the first unpack imports them from the full
stdlib archive (D29).

Each edit is a piece of text that must occur exactly once in its file. When a Pyodide upgrade changes the
file, the build stops and names the edit that no longer applies: it never ships a file half edited or
silently unedited.
"""

from __future__ import annotations

from textwrap import indent
from typing import NamedTuple

LOADER = "pyodide/_package_loader.py"
# The stock loader registers a wheel format with shutil when imported.
_REGISTER = '''if IN_PYODIDE:
    shutil.register_archive_format("whl", make_whlfile, description="Wheel file")
    shutil.register_unpack_format(
        "whl",
        [".whl", ".wheel"],
        shutil._unpack_zipfile,  # type: ignore[attr-defined]
        description="Wheel file",
    )
'''
# The edited one imports shutil, and registers the format (once), at the first unpack.
_FIRST_UNPACK = 'if IN_PYODIDE and "whl" not in {fmt for fmt, _, _ in shutil.get_unpack_formats()}:'
_SHUTIL = ("def _shutil():\n"
           "    # Edited at build time (D95): imported, and the format registered, at the first unpack.\n"
           "    import shutil\n\n"
           + indent(_REGISTER.replace("if IN_PYODIDE:", _FIRST_UNPACK), "    ")
           + "    return shutil\n")


class EditError(RuntimeError):
    """An edit that does not apply to the pinned Pyodide's file (its text is missing or repeated)."""


class Edit(NamedTuple):
    path: str  # in Pyodide's stdlib zip
    old: str  # must occur exactly once
    new: str


EDITS = (
    # Annotations are lazy in Python 3.14: `ZipFile` in a signature needs no import.
    Edit(LOADER, "import shutil\n", ""),
    Edit(LOADER, "from tempfile import NamedTemporaryFile\n", ""),
    Edit(LOADER, "from zipfile import ZipFile\n", ""),
    Edit(LOADER, "    return shutil._make_zipfile(", "    return _shutil()._make_zipfile("),
    Edit(LOADER, _REGISTER, _SHUTIL),
    Edit(LOADER, "    for fmt, extensions, _ in shutil.get_unpack_formats():",
         "    for fmt, extensions, _ in _shutil().get_unpack_formats():"),
    Edit(LOADER, "    with NamedTemporaryFile(suffix=filename) as f:\n",
         "    from tempfile import NamedTemporaryFile\n    from zipfile import ZipFile\n\n"
         "    with NamedTemporaryFile(suffix=filename) as f:\n"),
    Edit(LOADER, "        shutil.unpack_archive(f.name, extract_path, format)",
         "        _shutil().unpack_archive(f.name, extract_path, format)"),
    Edit(LOADER, "    import tarfile\n", "    import tarfile\n    from zipfile import ZipFile\n"),
)


def edit_source(path: str, text: str, edits: tuple[Edit, ...] = EDITS) -> str:
    """`text` (the file at `path`) with every edit of that file applied, in order."""
    for number, edit in enumerate(edits, 1):
        if edit.path != path:
            continue
        count = text.count(edit.old)
        if count != 1:
            found = "is not in it" if count == 0 else f"occurs {count} times"
            raise EditError(
                f"Pyodide's {path} no longer matches edit {number} of scripts/pyodide_edits.py (D95): "
                f"the text {edit.old.splitlines()[0].strip()!r} {found}. Pyodide was probably upgraded: "
                "check what the file's start-up imports now and rewrite the edits for it.")
        text = text.replace(edit.old, edit.new)
    return text


def edited_paths(edits: tuple[Edit, ...] = EDITS) -> list[str]:
    return sorted({e.path for e in edits})


def apply(entries: dict[str, bytes], edits: tuple[Edit, ...] = EDITS) -> dict[str, bytes]:
    """The stdlib zip's `entries` with every edited file replaced by its edited text."""
    out = dict(entries)
    for path in edited_paths(edits):
        if path not in out:
            raise EditError(f"Pyodide's stdlib zip has no {path} any more: the edits of "
                            "scripts/pyodide_edits.py (D95) need rewriting for this Pyodide.")
        out[path] = edit_source(path, out[path].decode(), edits).encode()
    return out
