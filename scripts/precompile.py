"""The fast boot path of the web build (issue 7, docs/PERFORMANCE.md): Python precompiled at build time.

scripts/build.py calls `fast_path(out, pyodide_dir, engine_zip)`, which
- writes `python_stdlib-<hash>.zip` into dist's Pyodide folder: the stock stdlib, our `oriflamme` package
  and PyScript's own `pyscript` package, each with an unchecked hash-based `.pyc` beside every `.py`
  (zipimport imports them without compiling anything; Pyodide mounts the zip at /lib/python3XY.zip,
  already on sys.path, so the engine needs no download or unpacking of its own);
- writes `snapshot-<hash>.bin` beside it (unless ORIFLAMME_SNAPSHOT=0): a gzip'd Pyodide memory snapshot
  taken right after booting on exactly that zip and the shipped wasm, with the engine already imported
  (web/boot/snapshot-format.js: its long runs of zeros left out, then gzip);
- fills `@STDLIB_ZIP@` and `@SNAPSHOT@` in dist/web/boot/*.js: interpreter.js (the `interpreter` module of
  pyscript.json) hands them to Pyodide's loadPyodide as `stdLibURL` and `_loadSnapshot`; boot.js starts
  downloading and inflating the snapshot as soon as the page loads.

The bytecode is produced by scripts/precompile.mjs inside the npm `pyodide` package we ship (same CPython,
same magic number). Results are cached in .cache/precompile/, keyed by the Pyodide version and the SHA-256
of the inputs and of both precompile scripts, so `make build` stays quick; the outputs are deterministic
(the same inputs give the same bytes, cached or not).
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
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The memory snapshot (issue 7): restored instead of booting Python in the worker. Off: set
# ORIFLAMME_SNAPSHOT=0 when building (the page then boots Python from the precompiled stdlib).
SNAPSHOT = os.environ.get("ORIFLAMME_SNAPSHOT", "1") != "0"
# Imported before the snapshot is taken, on top of what Pyodide imports while booting (~190 modules):
# what PyScript's `pyscript` package needs, then every engine module the worker may import
# (engine_modules()), so the worker's `from oriflamme import webapi` finds them all in sys.modules.
SNAPSHOT_IMPORTS = ["asyncio", "base64", "collections", "encodings.cp437", "functools", "html", "inspect",
                    "io", "json", "random", "zipfile"]
# Engine modules the browser never imports (terminal front end, benchmarks, the arena): not in the snapshot.
NOT_IN_BROWSER = ("oriflamme.__main__", "oriflamme.cli", "oriflamme.bench", "oriflamme.bots.bench",
                  "oriflamme.arena", "oriflamme.arena_stats")
CACHE = ROOT / ".cache" / "precompile"
MJS = ROOT / "scripts" / "precompile.mjs"
SNAPSHOT_FORMAT = ROOT / "web" / "boot" / "snapshot-format.js"  # the snapshot's file format (both ends)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _pyodide_version() -> str:
    return str(json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"])


def _key(pyodide_v: str, data: bytes, layout: str, prefix: str) -> str:
    tools = MJS.read_bytes() + Path(__file__).read_bytes() + SNAPSHOT_FORMAT.read_bytes()
    return _sha(f"{pyodide_v}\n{layout}\n{prefix}\n{_sha(data)}\n{_sha(tools)}".encode())[:24]


def compile_zips(jobs: list[dict[str, Any]]) -> list[bytes]:
    """Each job {"data": zip bytes, "layout", "prefix"} (or {"pyscript": {...}, "data": its key bytes})
    → the zip with its .pyc added (cached), see precompile.mjs."""
    pyodide_v = _pyodide_version()
    results: list[bytes | None] = []
    todo = []
    for job in jobs:
        cached = CACHE / f"{_key(pyodide_v, job['data'], job['layout'], job['prefix'])}.zip"
        results.append(cached.read_bytes() if cached.exists() else None)
        if not cached.exists():
            todo.append((len(results) - 1, job, cached))
    if todo:
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="precompile-") as tmp:
            spec = []
            for i, job, _ in todo:
                one = {"out": str(Path(tmp) / f"out{i}.zip"), "layout": job["layout"],
                       "prefix": job["prefix"]}
                extra = {k: job[k] for k in ("pyscript", "snapshot") if k in job}
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


def merge_zips(*zips: bytes) -> bytes:
    """One deterministic zip with the entries of all (sorted, fixed dates; later zips win)."""
    entries: dict[str, bytes] = {}
    for data in zips:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            for info in z.infolist():
                entries[info.filename] = b"" if info.is_dir() else z.read(info)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.create_system = 3
            if name.endswith("/"):
                info.external_attr = (0o40755 << 16) | 0x10
                z.writestr(info, b"")
                continue
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name], compresslevel=9)
    return buf.getvalue()


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


def fast_path(out: Path, pyodide_dir: Path, engine_zip: bytes) -> str:
    """Write the compiled stdlib (with the engine and PyScript's package in it) and the snapshot next to
    dist's Pyodide, fill in the boot modules' placeholders; return the stdlib zip's name."""
    stock = (pyodide_dir / "python_stdlib.zip").read_bytes()
    # Python's own path for the stdlib zip: /lib/python3XY.zip (see Pyodide's installStdlib).
    prefix = f"/lib/python{_python_tag(pyodide_dir)}.zip/"
    core = ROOT / "node_modules" / "@pyscript" / "core"
    artifact = core / "src" / "stdlib" / "pyscript.js"
    bundle = b"".join(p.read_bytes() for p in sorted((core / "dist").glob("*.js")))
    parts = compile_zips([
        {"data": stock, "layout": "zipimport", "prefix": prefix},
        {"data": engine_zip, "layout": "zipimport", "prefix": prefix},
        # PyScript writes its `pyscript` package (as .py) into the worker's cwd at every boot;
        # interpreter.js puts the zip before the cwd on sys.path, so this compiled copy is imported.
        {"data": artifact.read_bytes() + bundle, "layout": "zipimport", "prefix": prefix,
         "pyscript": {"artifact": str(artifact), "bundle": str(core / "dist")}},
    ])
    stdlib = merge_zips(*parts)
    name = f"python_stdlib-{_sha(stdlib)[:12]}.zip"
    (pyodide_dir / name).write_bytes(stdlib)
    snap_name = ""
    if SNAPSHOT:
        # Made on exactly this stdlib zip and this wasm (both in its key and so in its name).
        wasm = (pyodide_dir / "pyodide.asm.wasm").read_bytes()
        imports = SNAPSHOT_IMPORTS + engine_modules(engine_zip)
        with tempfile.TemporaryDirectory(prefix="precompile-") as tmp:
            (Path(tmp) / name).write_bytes(stdlib)
            (snap,) = compile_zips([{
                "data": stdlib + wasm + json.dumps(imports).encode(), "layout": "snapshot",
                "prefix": "", "snapshot": {"stdlib": str(Path(tmp) / name), "imports": imports}}])
        snap_name = f"snapshot-{_sha(snap)[:12]}.bin"  # gzip inside (no Content-Encoding games)
        (pyodide_dir / snap_name).write_bytes(snap)
    for js in (out / "web" / "boot").glob("*.js"):
        text = js.read_text()
        if "@STDLIB_ZIP@" in text or "@SNAPSHOT@" in text:
            js.write_text(text.replace("@STDLIB_ZIP@", name).replace("@SNAPSHOT@", snap_name))
    return name


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
    print(fast_path(target, target, b"PK\x05\x06" + b"\0" * 18))
