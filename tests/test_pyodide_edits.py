"""The build's edits of Pyodide's own start-up (scripts/pyodide_edits.py, D95): they apply to the pinned
Pyodide or stop the build in words; the edited package loader imports nothing for archives when Pyodide
boots, so the boot's zip leaves zipfile, tempfile, shutil, bz2 and lzma out; and the loader still unpacks
a wheel in the shipped Pyodide booted on the built zip, taking those modules from the full archive.

Oracles: the pinned npm package's own sources, the shipped Pyodide run in node, a wheel made here.
"""

from __future__ import annotations

import ast
import io
import json
import re
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from build_scripts import load_script
from test_fast_boot_build import ARCHIVES_FROM_FILES

ROOT = Path(__file__).resolve().parent.parent
STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
VERSIONS = ROOT / "dist" / "web" / "boot" / "versions.json"
edits = load_script("pyodide_edits")
# What the stock loader's top level runs for archives, and what that pulls in.
ARCHIVE_MODULES = ("zipfile", "tempfile", "shutil", "bz2", "lzma", "compression")


def stock_loader() -> str:
    with zipfile.ZipFile(STOCK) as z:
        return z.read(edits.LOADER).decode()


def top_level_names(source: str) -> set[str]:
    """Modules imported, and names read, by a module's top level (outside any function)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return
        if isinstance(node, ast.Import):
            found.update(a.name.partition(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.partition(".")[0])
        elif isinstance(node, ast.Name):
            found.add(node.id)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def test_the_edited_loader_imports_nothing_for_archives_when_pyodide_boots() -> None:
    stock = stock_loader()
    assert {"zipfile", "tempfile", "shutil"} <= top_level_names(stock)  # what the edits are for
    edited = edits.edit_source(edits.LOADER, stock)
    assert not top_level_names(edited) & {"zipfile", "tempfile", "shutil", "ZipFile", "NamedTemporaryFile"}
    assert "def _shutil():" in edited and "register_unpack_format" in edited  # registered at the first use


# What `import asyncio` ran for its Unix event loop, streams and subprocesses (D96).
ASYNCIO_LAZY = ("asyncio.unix_events", "asyncio.selector_events", "asyncio.streams", "asyncio.subprocess",
                "asyncio.base_subprocess", "ssl")
# What asyncio's top level read for a few constants and its logger (D118), and PyScript's package (D119):
# not run at boot.
ASYNCIO_UNUSED = ("socket", "subprocess", "selectors", "signal", "logging", "concurrent.futures", "pyscript")


def test_the_edited_asyncio_package_imports_its_unix_loop_streams_and_subprocesses_at_first_use() -> None:
    with zipfile.ZipFile(STOCK) as z:
        stock = z.read(edits.ASYNCIO).decode()

    def relative_imports(source: str) -> set[str]:
        return {n.module or "" for n in ast.parse(source).body if isinstance(n, ast.ImportFrom) and n.level}

    assert {"streams", "subprocess"} <= relative_imports(stock)
    edited = edits.edit_source(edits.ASYNCIO, stock)
    assert not relative_imports(edited) & {"streams", "subprocess", "unix_events"}
    assert "unix_events" not in top_level_names(edited)  # (the stock's star import bound it)


def test_an_edit_that_no_longer_applies_stops_the_build_in_words() -> None:
    stock = stock_loader()
    upgraded = stock.replace("from zipfile import ZipFile\n", "from zipfile import ZIP_STORED, ZipFile\n")
    with pytest.raises(edits.EditError, match=r"pyodide/_package_loader\.py no longer matches edit 3 .*"
                                              r"'from zipfile import ZipFile' is not in it"):
        edits.edit_source(edits.LOADER, upgraded)
    with pytest.raises(edits.EditError, match="'import shutil' occurs 2 times"):
        edits.edit_source(edits.LOADER, stock + "import shutil\n")
    with pytest.raises(edits.EditError, match=r"no asyncio/__init__\.py any more"):
        edits.apply({"pyodide/__init__.py": b""})
    # The pinned Pyodide's files take every edit, and nothing else in the zip changes.
    with zipfile.ZipFile(STOCK) as z:
        entries = {n: z.read(n) for n in z.namelist()}
    changed = {n for n, data in edits.apply(entries).items() if data != entries[n]}
    assert changed == set(edits.edited_paths()) == {
        edits.LOADER, edits.ASYNCIO, edits.WEBLOOP, edits.BASE_EVENTS, edits.EVENTS, "asyncio/futures.py",
        "asyncio/log.py", "asyncio/tasks.py"}


built = pytest.mark.skipif(not VERSIONS.exists(), reason="dist/ not built (make build)")


def built_zip(key: str) -> Path:
    return ROOT / "dist" / str(json.loads(VERSIONS.read_text())[key])


@built
def test_the_boot_zip_leaves_the_archive_modules_to_the_full_archive() -> None:
    with zipfile.ZipFile(built_zip("stdlib_zip")) as z:
        names = z.namelist()
        index = set(z.read("stdlib_on_demand.txt").decode().split())
    assert "pyodide/_package_loader.pyc" in names
    shipped = {n.partition("/")[0].removesuffix(".pyc") for n in names}
    assert not shipped & set(ARCHIVE_MODULES), shipped & set(ARCHIVE_MODULES)
    assert {"zipfile", "tempfile", "shutil", "bz2", "lzma"} <= index  # importable on demand (D29)
    with zipfile.ZipFile(built_zip("later_zip")) as z:  # nothing the game runs later needs them either
        assert not {n.partition("/")[0].removesuffix(".pyc") for n in z.namelist()} & set(ARCHIVE_MODULES)
    compiled = {n.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for n in names}
    assert not compiled & set(ASYNCIO_LAZY), compiled & set(ASYNCIO_LAZY)
    assert {"asyncio", "asyncio.events", "asyncio.tasks", "pyodide.webloop"} <= compiled
    # The engine's terminal renderer: imported by the game's spec, drawn only in a terminal.
    assert "oriflamme/text.pyc" not in names
    with zipfile.ZipFile(built_zip("later_zip")) as z:
        assert "oriflamme/text.pyc" in z.namelist()


def wheel() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("demo/__init__.py", "VALUE = 42\n")
        z.writestr("demo/libdemo.so", b"\0asm")  # listed as a dynamic library, never loaded here
        z.writestr("demo-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n")
        z.writestr("demo-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\n")
        z.writestr("demo-1.0.dist-info/RECORD", "")
        z.writestr("demo-1.0.data/data/share/demo/readme.txt", "data file\n")
    return buf.getvalue()


# Run by node in the shipped Pyodide booted on the built zip (no snapshot): what the boot imported, then a
# wheel unpacked through the loader's Python entry (as loadPackage does) and through the JS API.
UNPACK_JS = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, stdlib, stockZip, laterZip, wheelPath, namesJson] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib,
                               stdout: () => {}, stderr: () => {} });
py.FS.writeFile("/tmp/stock.zip", readFileSync(stockZip));
py.FS.writeFile("/tmp/later.zip", readFileSync(laterZip));
const wheel = new Uint8Array(readFileSync(wheelPath));
py.globals.set("WHEEL", wheel);
py.globals.set("NAMES", namesJson);
let out;
try {
  out = py.runPython(`
import json, os, sys
import stdlib_on_demand
# (a module bound lazily, D50, is imported but has not run)
ran = [n for n in json.loads(NAMES) if n in sys.modules and type(sys.modules[n]).__name__ != "_LazyModule"]
@ARCHIVES_FROM_FILES@
from pyodide import _package_loader as loader
dynlibs = loader.unpack_buffer(buffer=WHEEL, filename="demo-1.0-py3-none-any.whl", extract_dir="/tmp/site",
                               calculate_dynlibs=True, metadata={"INSTALLER": "test"})
sys.path.insert(0, "/tmp/site")
import demo
import shutil, zipfile
json.dumps({"ran": ran, "dynlibs": list(dynlibs), "value": demo.VALUE,
            "installer": open("/tmp/site/demo-1.0.dist-info/INSTALLER").read(),
            "data": os.path.exists(os.path.join(sys.prefix, "share/demo/readme.txt")),
            "formats": [f[0] for f in shutil.get_archive_formats()], "format": loader.get_format(".wheel"),
            "zipfile": zipfile.__file__, "fetched": fetched})
`);
  py.unpackArchive(wheel, "whl", { extractDir: "/tmp/site2" });
  const r = JSON.parse(out);
  r.js_unpacked = py.FS.readFile("/tmp/site2/demo/__init__.py", { encoding: "utf8" });
  // asyncio's names imported at first use (D96), and the web loop still running coroutines.
  r.asyncio = JSON.parse(py.runPython(`
import asyncio, importlib, warnings
ns = {}
exec("from asyncio import *", ns)
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    policy = asyncio.DefaultEventLoopPolicy
parts = ["base_events", "coroutines", "events", "exceptions", "futures", "graph", "locks", "protocols",
         "runners", "queues", "streams", "subprocess", "tasks", "taskgroups", "timeouts", "threads",
         "transports", "unix_events"]
json.dumps({"star": sorted(n for n in ("open_connection", "StreamReader", "create_subprocess_exec",
                                       "SelectorEventLoop", "Task", "sleep") if n in ns),
            "all": sorted(asyncio.__all__) == sorted(sum((importlib.import_module("asyncio." + m).__all__
                                                          for m in parts), ())),
            "missing": [n for n in asyncio.__all__ if not hasattr(asyncio, n)],
            "same": asyncio.open_connection is asyncio.streams.open_connection
                    and asyncio.create_subprocess_exec is asyncio.subprocess.create_subprocess_exec,
            "policy": policy.__module__, "loop": type(asyncio.get_event_loop()).__name__,
            "unix_events": sys.modules["asyncio.unix_events"].__file__})
`));
  // D118: the values the edits wrote for socket's, subprocess', logging's and concurrent.futures' names.
  r.asyncio.values = JSON.parse(py.runPython(`
import asyncio, concurrent.futures, inspect, logging, socket, subprocess
shell = inspect.signature(asyncio.AbstractEventLoop.subprocess_shell).parameters
server = inspect.signature(asyncio.base_events.BaseEventLoop.create_server).parameters
json.dumps({"ipv6": asyncio.base_events._HAS_IPv6 == hasattr(socket, "AF_INET6"),
            "nodelay": hasattr(socket, "TCP_NODELAY"),
            "pipe": shell["stdin"].default == subprocess.PIPE,
            "server": [server["family"].default == socket.AF_UNSPEC,
                       server["flags"].default == socket.AI_PASSIVE,
                       inspect.signature(asyncio.base_events.BaseEventLoop._ensure_resolved)
                       .parameters["type"].default == socket.SOCK_STREAM],
            "waits": [asyncio.FIRST_COMPLETED, asyncio.FIRST_EXCEPTION, asyncio.ALL_COMPLETED]
                     == [concurrent.futures.FIRST_COMPLETED, concurrent.futures.FIRST_EXCEPTION,
                         concurrent.futures.ALL_COMPLETED],
            "stack_debug": asyncio.futures.STACK_DEBUG == logging.DEBUG - 1,
            "logger": [asyncio.log.logger.name, asyncio.log.logger.getEffectiveLevel() == logging.WARNING]})
`));
  r.asyncio.awaited = (await py.runPythonAsync("import asyncio\nawait asyncio.sleep(0.01)\n41 + 1"));
  out = JSON.stringify(r);
} catch (err) {
  out = JSON.stringify({ error: String(err?.message || err) });
}
console.log(out);
""".replace("@ARCHIVES_FROM_FILES@", ARCHIVES_FROM_FILES)


@built
def test_the_edited_loader_and_asyncio_still_work_in_the_shipped_pyodide(tmp_path: Path) -> None:
    (tmp_path / "demo.whl").write_bytes(wheel())
    args = [str(ROOT / "node_modules" / "pyodide"), str(built_zip("stdlib_zip")), str(STOCK),
            str(built_zip("later_zip")), str(tmp_path / "demo.whl"),
            json.dumps(ARCHIVE_MODULES + ASYNCIO_LAZY + ASYNCIO_UNUSED)]
    proc = subprocess.run(["node", "--input-type=module", "-e", UNPACK_JS, *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=180)
    assert proc.returncode == 0, re.findall(r"\w*Error\b.{0,300}", proc.stderr)[-5:]
    r: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "error" not in r, r["error"]
    assert r["ran"] == []  # Pyodide's start-up ran none of them
    assert r["value"] == 42 and r["installer"] == "test" and r["data"]
    assert r["dynlibs"] == ["/tmp/site/demo/libdemo.so"]
    assert "whl" in r["formats"] and r["format"] == "whl"  # registered with shutil at the first unpack
    assert r["zipfile"].startswith("/lib/python_stdlib_full.zip/"), r["zipfile"]  # on demand (D29)
    assert r["fetched"] == ["stock.zip"]
    assert r["js_unpacked"] == "VALUE = 42\n"  # pyodide.unpackArchive(…, "whl") too
    # asyncio (D96): its Unix loop, streams and subprocesses did not run at boot (`ran` above), and all of
    # its names still come, from the full archive, at their first use; the web loop runs coroutines.
    a = r["asyncio"]
    assert a["star"] == ["SelectorEventLoop", "StreamReader", "Task", "create_subprocess_exec",
                         "open_connection", "sleep"]
    assert a["all"] and a["missing"] == [] and a["same"], a
    assert a["policy"] == "asyncio.unix_events" and a["loop"] == "WebLoop", a
    assert a["unix_events"].startswith("/lib/python_stdlib_full.zip/asyncio/"), a["unix_events"]
    assert a["awaited"] == 42
    # D118: what asyncio's top level no longer reads has the values the edits wrote in its place.
    assert a["values"] == {"ipv6": True, "nodelay": True, "pipe": True, "server": [True, True, True],
                           "waits": True,
                           "stack_debug": True, "logger": ["asyncio", True]}, a["values"]
