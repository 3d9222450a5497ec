"""The fast boot path of the web build (docs/PERFORMANCE.md): Python precompiled and trimmed at build time.

scripts/build.py calls `fast_path(out, pyodide_dir, engine_zip)`, which
- compiles the stock stdlib, our `oriflamme` package, PyScript's own `pyscript` package and our on-demand
  finder (py/stdlib_on_demand.py) inside the npm `pyodide` we ship (scripts/precompile.mjs: unchecked
  hash-based `.pyc`, no docstrings, line numbers without column ranges), Pyodide's own start-up modules
  with the edits of scripts/pyodide_edits.py (D95: imports a game never uses moved out of its start-up);
- traces, in that Pyodide, which of those modules a real boot and real games import
  (scripts/boot_trace.py), and writes `python_stdlib-<hash>.zip` into dist's Pyodide folder with just
  the `.pyc` of those a first decision runs, entries STORED so that the host's gzip/brotli compresses
  the download (Pyodide mounts the zip at /lib/python3XY.zip, already on sys.path), and
  `python_later-<hash>.zip` with the others (D83: fetched after the first decision); any other stdlib
  module is imported on demand from the stock archive (py/stdlib_on_demand.py, with the index of that
  archive's modules);
- writes `snapshot-<hash>.bin` beside it (unless ORIFLAMME_SNAPSHOT=0): a gzip'd Pyodide memory snapshot
  taken right after booting on exactly that zip and the shipped wasm, with every module of both archives
  imported (web/boot/snapshot-format.js: its long runs of zeros left out, then gzip). A first visit does
  not use it: the page keeps it after the first decision, and later visits restore it;
- fills `@STDLIB_ZIP@`, `@STDLIB_LATER@`, `@SNAPSHOT@`, `@STDLIB_FULL@` and `@LOCK_CONTENTS@` (the lock
  file's header) in dist/web/boot/*.js.

Results are cached in .cache/precompile/, keyed by the Pyodide version and the SHA-256 of the inputs and of
both precompile scripts, so `make build` stays quick; the outputs are deterministic (the same inputs give
the same bytes, cached or not).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyodide_edits

ROOT = Path(__file__).resolve().parent.parent
# The memory snapshot: restored instead of booting Python in the worker. Off: set
# ORIFLAMME_SNAPSHOT=0 when building (the page then boots Python from the precompiled stdlib).
SNAPSHOT = os.environ.get("ORIFLAMME_SNAPSHOT", "1") != "0"
# Engine modules the browser never imports (terminal front end, benchmarks, the arena, the bots'
# measuring tools, the table of a search switch screened and left off): not in the snapshot.
NOT_IN_BROWSER = ("oriflamme.__main__", "tabletop.__main__", "tabletop.cli", "oriflamme.bench",
                  "oriflamme.bots.ambushes", "oriflamme.bots.bench", "oriflamme.bots.converged",
                  "oriflamme.bots.fit_cutoff", "oriflamme.bots.fit_hand", "oriflamme.bots.hand_worth",
                  "oriflamme.bots.hidden", "oriflamme.bots.oracle", "oriflamme.bots.placed",
                  "oriflamme.bots.points", "oriflamme.bots.reading", "oriflamme.bots.second_look",
                  "oriflamme.bots.shots", "tabletop.arena", "tabletop.arena_stats",
                  "tabletop.review_calibrate", "tabletop.review_fit")
CACHE = ROOT / ".cache" / "precompile"
TRACE = ROOT / "scripts" / "boot_trace.py"  # what a boot and the games import (run in Pyodide)
ON_DEMAND = ROOT / "py" / "stdlib_on_demand.py"  # imports any other stdlib module from the full archive
INDEX_ENTRY = "stdlib_on_demand.txt"  # that archive's module names, read by stdlib_on_demand.py
LATER_ENTRY = "stdlib_later.txt"  # the later archive's module names (stdlib_on_demand.py)
LAZY_ENTRY = "stdlib_lazy.txt"  # modules the boot imports but never uses: bound lazily (stdlib_on_demand.py)
# Python imports `sitecustomize` at start-up, before Pyodide's own start-up imports anything: the zip's binds
# the modules of LAZY_ENTRY lazily. The trace's binds every stdlib module Pyodide's internals do not need
# first and notes which ran (scripts/boot_trace.py).
SITECUSTOMIZE = "import stdlib_on_demand\nstdlib_on_demand.bind_lazily()\n"
TRACE_SITECUSTOMIZE = "import stdlib_on_demand\nstdlib_on_demand.bind_lazily({names}, trace=True)\n"
# Never bound lazily in the trace: Pyodide's own packages (its JS reaches into them), the codecs.
NOT_LAZY = ("_pyodide", "pyodide", "encodings")
MJS = ROOT / "scripts" / "precompile.mjs"
SNAPSHOT_FORMAT = ROOT / "web" / "boot" / "snapshot-format.js"  # the snapshot's file format (both ends)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _pyodide_version() -> str:
    return str(json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"])


def _key(pyodide_v: str, data: bytes, layout: str, prefix: str, flat: bool = False) -> str:
    tools = MJS.read_bytes() + Path(__file__).read_bytes() + SNAPSHOT_FORMAT.read_bytes()
    return _sha(f"{pyodide_v}\n{layout}\n{prefix}\n{flat}\n{_sha(data)}\n{_sha(tools)}".encode())[:24]


def compile_zips(jobs: list[dict[str, Any]]) -> list[bytes]:
    """Each job {"data": zip bytes, "layout", "prefix"} (or {"pyscript": {...}, "data": its key bytes})
    → the zip with its .pyc added (cached), see precompile.mjs."""
    pyodide_v = _pyodide_version()
    results: list[bytes | None] = []
    todo = []
    for job in jobs:
        key = _key(pyodide_v, job["data"], job["layout"], job["prefix"], job.get("flat_lines", False))
        cached = CACHE / f"{key}.zip"
        results.append(cached.read_bytes() if cached.exists() else None)
        if not cached.exists():
            todo.append((len(results) - 1, job, cached))
    if todo:
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="precompile-") as tmp:
            spec = []
            for i, job, _ in todo:
                one: dict[str, Any] = {"out": str(Path(tmp) / f"out{i}.zip"), "layout": job["layout"],
                       "prefix": job["prefix"], "flat_lines": job.get("flat_lines", False)}
                extra: dict[str, Any] = {k: job[k] for k in ("pyscript", "snapshot", "trace") if k in job}
                if extra:
                    one.update(extra)
                else:
                    src = Path(tmp) / f"in{i}.zip"
                    src.write_bytes(job["data"])
                    one["in"] = str(src)
                spec.append(one)
            (Path(tmp) / "job.json").write_text(json.dumps({"jobs": spec}))
            subprocess.run(["node", str(MJS), str(Path(tmp) / "job.json")], check=True, cwd=ROOT)
            for i, _, cached in todo:
                out = (Path(tmp) / f"out{i}.zip").read_bytes()
                part = cached.with_suffix(f".{os.getpid()}.part")
                part.write_bytes(out)
                os.replace(part, cached)  # atomic: parallel builds never read half a file
                results[i] = out
    return [r for r in results if r is not None]


def _write_zip(entries: dict[str, bytes], stored: bool = False) -> bytes:
    """A deterministic zip of `entries` (sorted, fixed dates and modes): deflate 9, or stored as is."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.create_system = 3
            if name.endswith("/"):
                info.external_attr = (0o40755 << 16) | 0x10
                z.writestr(info, b"")
                continue
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name], compresslevel=None if stored else 9)
    return buf.getvalue()


def _entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {info.filename: b"" if info.is_dir() else z.read(info) for info in z.infolist()}


def merge_zips(*zips: bytes) -> bytes:
    """One deterministic zip with the entries of all (sorted, fixed dates; later zips win)."""
    entries: dict[str, bytes] = {}
    for data in zips:
        entries.update(_entries(data))
    return _write_zip(entries)


def module_names(names: list[str]) -> list[str]:
    """Dotted module names of the .py entries of a zip's name list."""
    return sorted({n[:-3].replace("/", ".").removesuffix(".__init__") for n in names if n.endswith(".py")})


def _compiled(entries: dict[str, bytes], modules: list[str]) -> dict[str, bytes]:
    """The compiled (.pyc only) file of each module in `modules` (a name with no file of its own, like
    pyscript.js_modules, is made at run time)."""
    out: dict[str, bytes] = {}
    for mod in modules:
        base = mod.replace(".", "/")
        for candidate in (f"{base}/__init__.pyc", f"{base}.pyc"):
            if candidate in entries:
                out[candidate] = entries[candidate]
                break
    return out


def boot_zip(full: bytes, modules: list[str], stock_names: list[str], lazy: list[str],
             later: Sequence[str] = ()) -> bytes:
    """The zip the boot downloads: the compiled (.pyc only) file of each module in `modules`, our
    on-demand finder, its index of the stock archive's modules, the list of those bound lazily and the
    names of the later archive's modules; entries STORED, so that the host's gzip or brotli compresses
    the whole download (a deflated zip would gain nothing from it)."""
    out = _compiled(_entries(full), modules)
    out[INDEX_ENTRY] = "\n".join(module_names(stock_names)).encode() + b"\n"
    out[LAZY_ENTRY] = "".join(f"{name}\n" for name in lazy).encode()
    out[LATER_ENTRY] = "".join(f"{name}\n" for name in later).encode()
    return _write_zip(out, stored=True)


def later_zip(full: bytes, modules: list[str]) -> bytes:
    """The later archive: the compiled files of the modules only phase 2 of the trace runs (D83), STORED
    like the boot's zip."""
    return _write_zip(_compiled(_entries(full), modules), stored=True)


def engine_modules(engine_zip: bytes) -> list[str]:
    """The dotted names of the engine's modules in the zip, minus those the browser never imports."""
    names = []
    with zipfile.ZipFile(io.BytesIO(engine_zip)) as z:
        for entry in z.namelist():
            if not entry.endswith(".py"):
                continue
            mod = entry[:-3].replace("/", ".").removesuffix(".__init__")
            if not any(mod == skip or mod.startswith(skip + ".") for skip in NOT_IN_BROWSER):
                names.append(mod)
    return sorted(names)


def split_phases(traced: dict[str, list[str]], engine: list[str],
                 files: set[str]) -> tuple[list[str], list[str], list[str]]:
    """(boot, later, lazy) from the trace (scripts/boot_trace.py, D83): the modules a first decision runs
    (phase 1) and our on-demand finder go in the boot's zip; the others the trace ran, and every engine
    module the browser may use that phase 1 did not run, in the later archive; bound lazily at boot: the
    modules imported but never run, and those phase 1 imports but only phase 2 runs (they come from the
    later archive at their first use). Only names with a file in the compiled zip (`files`)."""
    def has_file(m: str) -> bool:
        return any(f"{m.replace('.', '/')}{tail}" in files for tail in ("/__init__.py", ".py"))

    boot = sorted({*traced["first"], ON_DEMAND.stem, "sitecustomize"})
    # Every engine module, even one the trace never ran, is in one archive or the other (the full one
    # lacks them).
    later = sorted({*traced["modules"], *engine} - set(boot))
    lazy = sorted({*traced["lazy"], *traced["deferred"]})
    return [m for m in boot if has_file(m)], [m for m in later if has_file(m)], lazy


def edited_asm(pyodide_dir: Path) -> str:
    """Write pyodide.asm-<hash>.mjs next to the stock pyodide.asm.mjs: Pyodide's JS with the build's edits of
    its dynamic linker (D203, scripts/pyodide_edits.py; raises EditError when they no longer apply). The
    game's worker loads it (interpreter.js); the stock file stays for the bare benchmark page. Its name."""
    text = pyodide_edits.edit_asm_mjs((pyodide_dir / pyodide_edits.ASM_MJS).read_text()).encode()
    name = f"pyodide.asm-{_sha(text)[:12]}.mjs"
    (pyodide_dir / name).write_bytes(text)
    return name


def fast_path(out: Path, pyodide_dir: Path, engine_zip: bytes) -> tuple[str, str, str]:
    """Write the boot's compiled stdlib zip (with the engine and PyScript's package in it), the later
    archive, Pyodide's edited JS and the snapshot next to dist's Pyodide, fill in the boot modules'
    placeholders; return the names of both archives and of the edited JS."""
    asm_name = edited_asm(pyodide_dir)
    stock = (pyodide_dir / "python_stdlib.zip").read_bytes()
    # Python's own path for the stdlib zip: /lib/python3XY.zip (see Pyodide's installStdlib).
    prefix = f"/lib/python{_python_tag(pyodide_dir)}.zip/"
    core = ROOT / "node_modules" / "@pyscript" / "core"
    artifact = core / "src" / "stdlib" / "pyscript.js"
    bundle = b"".join(p.read_bytes() for p in sorted((core / "dist").glob("*.js")))
    # Pyodide's own start-up modules with the build's edits (D95: scripts/pyodide_edits.py; raises
    # EditError when they no longer apply).
    edited = _write_zip(pyodide_edits.apply(_entries(stock)))
    parts = compile_zips([
        {"data": edited, "layout": "zipimport", "prefix": prefix, "flat_lines": True},
        {"data": engine_zip, "layout": "zipimport", "prefix": prefix},
        # PyScript writes its `pyscript` package (as .py) into the worker's cwd at every boot;
        # interpreter.js puts the zip before the cwd on sys.path, so this compiled copy is imported.
        {"data": artifact.read_bytes() + bundle, "layout": "zipimport", "prefix": prefix,
         "pyscript": {"artifact": str(artifact), "bundle": str(core / "dist")}},
        {"data": _write_zip({ON_DEMAND.name: ON_DEMAND.read_bytes(),
                             "sitecustomize.py": SITECUSTOMIZE.encode()}),
         "layout": "zipimport", "prefix": prefix},
    ])
    full = merge_zips(*parts)
    with zipfile.ZipFile(io.BytesIO(full)) as z:
        parts_names = set(z.namelist())
    # precompile.mjs leaves a file it cannot compile as source: an edit must never end up that way.
    if uncompiled := [p for p in pyodide_edits.edited_paths() if p + "c" not in parts_names]:
        raise pyodide_edits.EditError(f"the edited {', '.join(uncompiled)} did not compile (D95)")
    # What a real boot and real games import, traced in this Pyodide on the full compiled zip, every
    # stdlib and engine module bound lazily by the trace's own sitecustomize (its source replaces the
    # compiled one).
    with zipfile.ZipFile(io.BytesIO(stock)) as z:
        stdlib_names = [m for m in module_names(z.namelist()) if m.partition(".")[0] not in NOT_LAZY]
    engine = engine_modules(engine_zip)
    entries = _entries(full)
    del entries["sitecustomize.pyc"]
    entries["sitecustomize.py"] = TRACE_SITECUSTOMIZE.format(names=json.dumps(stdlib_names + engine)).encode()
    trace_zip = _write_zip(entries)
    worker = ROOT / "py" / "engine_worker.py"
    with tempfile.TemporaryDirectory(prefix="precompile-") as tmp:
        (Path(tmp) / "full.zip").write_bytes(trace_zip)
        (traced_json,) = compile_zips([{
            "data": trace_zip + worker.read_bytes() + TRACE.read_bytes(), "layout": "trace", "prefix": "",
            "trace": {"stdlib": str(Path(tmp) / "full.zip"), "worker": str(worker), "script": str(TRACE)}}])
    traced = json.loads(traced_json)
    boot, later, lazy = split_phases(traced, engine, parts_names)
    with zipfile.ZipFile(io.BytesIO(stock)) as z:
        stdlib = boot_zip(full, boot, z.namelist(), lazy, later)
    name = f"python_stdlib-{_sha(stdlib)[:12]}.zip"
    (pyodide_dir / name).write_bytes(stdlib)
    deferred = later_zip(full, later)
    later_name = f"python_later-{_sha(deferred)[:12]}.zip"
    (pyodide_dir / later_name).write_bytes(deferred)
    snap_name = ""
    if SNAPSHOT:
        # Made on exactly this stdlib zip, this later archive and this wasm (all in its key and so in its
        # name), with every module of both imported and run but PyScript's (its JS modules exist only in
        # the page's worker): a warm visit needs neither archive's download.
        wasm = (pyodide_dir / "pyodide.asm.wasm").read_bytes()
        # Made with the JS the game's worker runs (D203: function pointers are table slots, and the edited
        # linker hands out other ones than the stock file).
        asm = (pyodide_dir / asm_name).read_bytes()
        imports = [m for m in sorted({*boot, *later})
                   if m.partition(".")[0] not in ("pyscript", ON_DEMAND.stem, "sitecustomize")]
        with tempfile.TemporaryDirectory(prefix="precompile-") as tmp:
            (Path(tmp) / name).write_bytes(stdlib)
            (Path(tmp) / later_name).write_bytes(deferred)
            (snap,) = compile_zips([{
                "data": stdlib + deferred + wasm + asm + json.dumps(imports).encode(), "layout": "snapshot",
                "prefix": "", "snapshot": {"stdlib": str(Path(tmp) / name),
                                           "later": str(Path(tmp) / later_name),
                                           "asm": str(pyodide_dir / asm_name), "imports": imports}}])
        snap_name = f"snapshot-{_sha(snap)[:12]}.bin"  # gzip inside (no Content-Encoding games)
        (pyodide_dir / snap_name).write_bytes(snap)
    # Pyodide's lock file lists 350 packages the game never loads: the loader hands Pyodide just its
    # header (the ABI check) instead of letting it download the whole file.
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    lock_contents = json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":"), sort_keys=True)
    fills = {"@STDLIB_ZIP@": name, "@SNAPSHOT@": snap_name, "@STDLIB_FULL@": "python_stdlib.zip",
             "@STDLIB_LATER@": later_name, "@LOCK_CONTENTS@": lock_contents, "@PYODIDE_ASM@": asm_name}
    for js in (out / "web" / "boot").glob("*.js"):
        text = js.read_text()
        if any(k in text for k in fills):
            for k, v in fills.items():
                text = text.replace(k, v)
            js.write_text(text)
    return name, later_name, asm_name


def _python_tag(pyodide_dir: Path) -> str:
    """'314' for Python 3.14, read from the lock file shipped with Pyodide."""
    info = json.loads((pyodide_dir / "pyodide-lock.json").read_text())["info"]
    major, minor = str(info["python"]).split(".")[:2]
    return f"{major}{minor}"


if __name__ == "__main__":  # a manual check: python3 scripts/precompile.py <out dir>
    import sys

    target = Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", target / "python_stdlib.zip")
    shutil.copy2(ROOT / "node_modules" / "pyodide" / "pyodide-lock.json", target / "pyodide-lock.json")
    shutil.copy2(ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs", target / "pyodide.asm.mjs")
    print(fast_path(target, target, b"PK\x05\x06" + b"\0" * 18))
