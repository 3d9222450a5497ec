"""Build-time edits of Pyodide's own start-up Python (D95, D96), applied to the pinned npm package's sources.

Pyodide's JS imports `pyodide._package_loader` while it boots (it reads SITE_PACKAGES and DSO_DIR and lists
the installed packages). That module's top-level imports run zipfile (with bz2, lzma and their
compression helpers), tempfile (with shutil and fnmatch) and registers a wheel format with shutil: ~65 KB
gzip of the boot's zip and their import time, for a game that never loads a package. The edits below
move those imports into the functions that unpack an archive. The boot's trace (scripts/boot_trace.py)
then no longer sees them run, so they leave the boot's zip; the first unpack imports them from the full
stdlib archive (D29). The same goes for `import asyncio`, which Pyodide's web loop needs (D96): its Unix
event loop, streams and subprocesses (with selector_events and ssl) are imported at the first use of one
of their names; and (D118) its top level no longer reads socket, logging or concurrent.futures, so those
are bound lazily at boot (py/stdlib_on_demand.py) and never run unless used.

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

ASYNCIO = "asyncio/__init__.py"
WEBLOOP = "pyodide/webloop.py"
# Put before asyncio's own module __getattr__ (PEP 562; also asked for `__all__` by `from asyncio import *`).
# importlib, not `from . import`: that would ask this very __getattr__ whether the package has the name.
_ASYNCIO_GETATTR = '''# Edited at build time (D96): imported at the first use of their names.
_LAZY = ("streams", "subprocess", "unix_events")


def __getattr__(name: str):
    if name == "__all__" or not name.startswith("__"):
        import importlib

        lazy = [importlib.import_module(f"{__name__}.{m}") for m in _LAZY]
        if name == "__all__":
            global __all__
            __all__ = _eager_all + sum((m.__all__ for m in lazy), ())
            return __all__
        if name in _LAZY:
            return globals()[name]  # (the import made the submodule its package's attribute)
        for m in lazy:
            if name in getattr(m, "__all__", ()):  # (one being imported has none yet)
                globals()[name] = value = getattr(m, name)
                return value
    import warnings
'''


BASE_EVENTS = "asyncio/base_events.py"
EVENTS = "asyncio/events.py"
# D118: asyncio's top level reads socket, logging and concurrent.futures only for these constants and its
# logger; once it no longer does, those modules (with subprocess, signal, selectors, select and the C
# _socket behind them) are imported lazily at boot and only run if something uses them (the trace, then
# py/stdlib_on_demand.py's lazy modules). The two socket facts are Pyodide's socket's (checked against
# the shipped Pyodide: tests/test_pyodide_edits.py), logging.DEBUG - 1 is 9 and concurrent.futures'
# constants are their own names.
_LAZY_LOGGER = """# Edited at build time (D118): logging is imported, and the logger made, at its first use.
class _Logger:
    def __getattr__(self, name):
        import logging

        return getattr(logging.getLogger(__package__), name)

    def __setattr__(self, name, value):
        import logging

        setattr(logging.getLogger(__package__), name, value)


logger = _Logger()
"""


class EditError(RuntimeError):
    """An edit that does not apply to the pinned Pyodide's file (its text is missing or repeated)."""


class Edit(NamedTuple):
    path: str  # in Pyodide's stdlib zip
    old: str  # must occur exactly `times` times (every one is replaced)
    new: str
    times: int = 1  # not `count`: a NamedTuple field may not shadow tuple.count


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
    # D96: `import asyncio` (pyodide.webloop) no longer runs its streams, subprocess and Unix event loop
    # modules (with selector_events, ssl, the subprocess transports); their names are imported at first use.
    Edit(ASYNCIO, "from .streams import *\n", ""),
    Edit(ASYNCIO, "from .subprocess import *\n", ""),
    Edit(ASYNCIO, "           streams.__all__ +\n           subprocess.__all__ +\n", ""),
    Edit(ASYNCIO, "__all__ = (base_events.__all__ +\n", "_eager_all = (base_events.__all__ +\n"),
    Edit(ASYNCIO, "    from .unix_events import *  # pragma: no cover\n    __all__ += unix_events.__all__\n",
         "    pass  # (edited at build time, D96: unix_events is imported at the first use of its names)\n"),
    Edit(ASYNCIO, "def __getattr__(name: str):\n    import warnings\n", _ASYNCIO_GETATTR),
    # (The Unix policy's module is what brings selectors, SSL and the subprocess transports; WebLoopPolicy
    # overrides every method that would use its loop factory.)
    Edit(WEBLOOP, "class WebLoopPolicy(asyncio.DefaultEventLoopPolicy):",
         "class WebLoopPolicy(asyncio.events._BaseDefaultEventLoopPolicy):  # (edited at build time, D96)"),
    # D118: nothing at asyncio's top level uses socket, subprocess, logging or concurrent.futures any more
    # (the event loops' default arguments are Pyodide's socket.AF_UNSPEC, socket.AI_PASSIVE,
    # socket.SOCK_STREAM and subprocess.PIPE, written as their values).
    Edit(EVENTS, "family=socket.AF_UNSPEC,", "family=0,"),
    Edit(EVENTS, "flags=socket.AI_PASSIVE,", "flags=1,"),
    Edit(EVENTS, "=subprocess.PIPE,", "=-1,", 6),
    Edit(BASE_EVENTS, "family=socket.AF_UNSPEC,", "family=0,"),
    Edit(BASE_EVENTS, "flags=socket.AI_PASSIVE,", "flags=1,"),
    Edit(BASE_EVENTS, "=subprocess.PIPE,", "=-1,", 6),
    Edit(BASE_EVENTS, "family=0, type=socket.SOCK_STREAM,\n", "family=0, type=1,\n"),
    Edit(BASE_EVENTS, "_HAS_IPv6 = hasattr(socket, 'AF_INET6')\n",
         "_HAS_IPv6 = True  # (edited at build time, D118: Pyodide's socket has AF_INET6)\n"),
    Edit(BASE_EVENTS, "if hasattr(socket, 'TCP_NODELAY'):\n",
         "if True:  # (edited at build time, D118: Pyodide's socket has TCP_NODELAY)\n"),
    Edit("asyncio/futures.py", "STACK_DEBUG = logging.DEBUG - 1",
         "STACK_DEBUG = 9  # (edited at build time, D118)"),
    Edit("asyncio/log.py", "import logging\n\n\n# Name the logger after the package.\n"
         "logger = logging.getLogger(__package__)\n", _LAZY_LOGGER),
    Edit("asyncio/tasks.py", "FIRST_COMPLETED = concurrent.futures.FIRST_COMPLETED\n"
         "FIRST_EXCEPTION = concurrent.futures.FIRST_EXCEPTION\n"
         "ALL_COMPLETED = concurrent.futures.ALL_COMPLETED\n",
         "# (edited at build time, D118: concurrent.futures' values)\n"
         "FIRST_COMPLETED = 'FIRST_COMPLETED'\nFIRST_EXCEPTION = 'FIRST_EXCEPTION'\n"
         "ALL_COMPLETED = 'ALL_COMPLETED'\n"),
)


def edit_source(path: str, text: str, edits: tuple[Edit, ...] = EDITS) -> str:
    """`text` (the file at `path`) with every edit of that file applied, in order."""
    for number, edit in enumerate(edits, 1):
        if edit.path != path:
            continue
        count = text.count(edit.old)
        if count != edit.times:
            found = "is not in it" if count == 0 else f"occurs {count} times, not {edit.times}"
            raise EditError(
                f"Pyodide's {path} no longer matches edit {number} of scripts/pyodide_edits.py "
                "(D95, D96, D203): "
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
                            "scripts/pyodide_edits.py (D95, D96) need rewriting for this Pyodide.")
        out[path] = edit_source(path, out[path].decode(), edits).encode()
    return out


ASM_MJS = "pyodide.asm.mjs"
# D203: Emscripten's dynamic linker, once the main module is instantiated (`receiveInstance`), gives every
# function the main module exports (7,415 in the pinned Pyodide) a table slot and a GOT entry (`updateGOT`:
# a `Table.grow(1)` and a `WebAssembly.Global` each), for side modules to link against. The game loads no
# side module, and the main module's own GOT imports name only JS functions (checked at run time below:
# if one named an export, the entries are made at once, as before). So the entries are made when the
# first side module is loaded (`loadWebAssemblyModule`: `dlopen`, a package's `.so`, the preload plugin),
# before it links: what it sees is what it saw before. Function pointers handed out meanwhile (the JS
# functions `reportUndefinedSymbols` puts in the table) get other slot numbers than with the stock file, so
# the memory snapshot is made with this same edited file (scripts/precompile.mjs), and the bare benchmark
# page keeps the stock one.
_DEFER_GOT = ("var mainExportsGOT=null;var flushMainGOT=()=>{if(mainExportsGOT){var e=mainExportsGOT;"
              "mainExportsGOT=null;updateGOT(e)}};var deferMainGOT=exports=>{mainExportsGOT=exports;"
              "for(var sym in GOT){if(Object.hasOwn(exports,sym)&&!isInternalSym(sym)){flushMainGOT();"
              "return}}};")
ASM_EDITS = (
    Edit(ASM_MJS, "var updateGOT=(exports,replace)=>{", _DEFER_GOT + "var updateGOT=(exports,replace)=>{"),
    Edit(ASM_MJS, "assignWasmExports(wasmExports);updateGOT(origExports);LDSO.init();",
         "assignWasmExports(wasmExports);deferMainGOT(origExports);LDSO.init();"),
    Edit(ASM_MJS, "var loadWebAssemblyModule=(binary,flags,libName,localScope,handle)=>{",
         "var loadWebAssemblyModule=(binary,flags,libName,localScope,handle)=>{flushMainGOT();"),
)


def edit_asm_mjs(text: str) -> str:
    """Pyodide's pyodide.asm.mjs (`text`) with the build's edits of its dynamic linker (D203)."""
    return edit_source(ASM_MJS, text, ASM_EDITS)
