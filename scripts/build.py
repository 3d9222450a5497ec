#!/usr/bin/env python3
"""Build dist/, the complete static site (see docs/WEB.md).

- index.html and web/ as they are in the repo;
- web/boot/fake-indexeddb.js bundled from npm's fake-indexeddb with esbuild;
- every package under py/ (tabletop, oriflamme, lieux), compiled, inside the precompiled stdlib zip next
  to Pyodide (and imported
  in its memory snapshot: scripts/precompile.py), plus py/engine_worker.py and a generated pyscript.json
  pointing PyScript at our own `interpreter` module (web/boot/interpreter.js);
- Pyodide and PyScript files copied from node_modules under versioned paths (runtime/...);
- bench/ pages for `make bench-web`.

Every URL is relative, and nothing at run time leaves the site's origin.
Usage: python3 scripts/build.py [--out dist]
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from precompile import fast_path, merge_zips

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
# web/boot/versions.json: versions and paths, and the lists of PyScript files a boot loads.
Manifest = dict[str, str | list[str]]


def npm_version(pkg: str) -> str:
    data = json.loads((NODE_MODULES / pkg / "package.json").read_text())
    return str(data["version"])


def copytree(src: Path, dst: Path, skip_suffixes: tuple[str, ...] = (),
             skip_dirs: tuple[str, ...] = ()) -> None:
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if "__pycache__" in rel.parts or path.suffix in (".pyc",) or path.name.startswith("."):
            continue
        if rel.parts[0] in skip_dirs:
            continue
        if skip_suffixes and path.name.endswith(skip_suffixes):
            continue
        target = dst / rel
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def engine_packages() -> list[Path]:
    """Every Python package under py/ (the shared `tabletop` and one per game): all ship to the browser."""
    return sorted(p.parent for p in (ROOT / "py").glob("*/__init__.py"))


def engine_zip() -> bytes:
    """One deterministic zip of every engine package, each under its own name."""
    return merge_zips(*(package_zip(pkg, pkg.name) for pkg in engine_packages()))


def package_zip(pkg_dir: Path, arc_root: str) -> bytes:
    """A deterministic zip of a Python package (sorted entries, fixed dates, no caches)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(pkg_dir.rglob("*")):
            rel = path.relative_to(pkg_dir)
            if path.is_dir() or "__pycache__" in rel.parts or path.suffix == ".pyc":
                continue
            if path.name.startswith(".") or "tests" in rel.parts:
                continue
            info = zipfile.ZipInfo(f"{arc_root}/{rel.as_posix()}", date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes(), compresslevel=9)
    return buf.getvalue()


# The wasm is shipped a second time, compressed with zstd (D200): 2.9 MB instead of the 3.5 MB a host's gzip
# sends, inflated in the runtime worker while it streams in (web/boot/runtime-worker.js) by fzstd, a
# pure-JS decoder (npm, MIT, pinned; ~4 KB gzip). Level 19 with a 4 MB window: fzstd moves its whole window
# after each 128 KB block, and halving the level's default 8 MB made it inflate the wasm in 70-78 ms
# instead of 91-115 (node 20) for 4 KB more (`--ultra -22` gains < 1 KB). The bytes depend only on the wasm
# and zstandard's version, pinned in pyproject.toml.
ZSTD_LEVEL = 19
ZSTD_WINDOW_LOG = 22


def pack_wasm(pyodide_dir: Path) -> str:
    """Write pyodide.asm-<hash>.wasm.zst next to the wasm (the hash of its own bytes); its file name."""
    import zstandard

    params = zstandard.ZstdCompressionParameters.from_level(ZSTD_LEVEL, window_log=ZSTD_WINDOW_LOG,
                                                            write_checksum=True)
    packed = zstandard.ZstdCompressor(compression_params=params).compress(
        (pyodide_dir / "pyodide.asm.wasm").read_bytes())
    name = f"pyodide.asm-{hashlib.sha256(packed).hexdigest()[:12]}.wasm.zst"
    (pyodide_dir / name).write_bytes(packed)
    return name


def copy_zstd_decoder(out: Path) -> str:
    """fzstd's ES module, minified, with its licence, under a versioned path; its path from web/boot/."""
    version = npm_version("fzstd")
    folder = out / "runtime" / f"fzstd-{version}"
    folder.mkdir(parents=True)
    shutil.copy2(NODE_MODULES / "fzstd" / "LICENSE", folder / "LICENSE")
    subprocess.run(
        [str(NODE_MODULES / ".bin" / "esbuild"), str(NODE_MODULES / "fzstd" / "esm" / "index.mjs"),
         "--format=esm", *MINIFY_FLAGS, f"--outfile={folder / 'fzstd.js'}"],
        check=True, cwd=ROOT)
    return f"../../runtime/fzstd-{version}/fzstd.js"


def esbuild_fake_indexeddb(out_file: Path) -> None:
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    entry = ROOT / "web" / "boot" / "fake-indexeddb.entry.js"
    out_file.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            str(esbuild),
            str(entry),
            "--bundle",
            "--format=esm",
            "--minify",
            "--target=es2020",
            "--legal-comments=none",
            f"--outfile={out_file}",
            "--log-level=warning",
        ],
        check=True,
        cwd=ROOT,
    )


# The page's JS and CSS are shipped minified (D100): web/ keeps the JSDoc types and the comments that say
# why (type-checked and linted as written), which a visitor need not download: the page's own files were
# 112 KB gzip of a first visit, 69 KB minified. Whitespace, comments and local names go; the syntax stays
# the one we write (es2023, tsconfig.base.json); no code reads a function's or class's name, so none is
# kept; UTF-8 stays UTF-8 (the texts' accented letters, not \u escapes).
# tsconfig-raw: the repo's tsconfig.json is the type check's, not the build's (esbuild would read its
# `strict` and prepend "use strict" to every file).
MINIFY_FLAGS = ["--minify", "--target=es2023", "--charset=utf8", "--legal-comments=none",
                "--log-level=warning", "--tsconfig-raw={}"]


def minify_web(web: Path, done: tuple[str, ...] = ()) -> None:
    """Minify, in place, every JS file and stylesheet of dist/web but those `done` already (paths under
    web/: the bundle's outputs; the fake IndexedDB, bundled minified) in one esbuild process. The service
    worker's source is among them: dist/sw.js is made from this copy (scripts/build_sw.mjs), with its
    precache list injected afterwards."""
    skip = {*done, "boot/fake-indexeddb.js"}
    files = [p for p in sorted(web.rglob("*"))
             if p.suffix in (".js", ".css") and p.relative_to(web).as_posix() not in skip]
    subprocess.run(
        [str(NODE_MODULES / ".bin" / "esbuild"), *map(str, files), *MINIFY_FLAGS,
         f"--outdir={web}", f"--outbase={web}", "--allow-overwrite"],
        check=True,
        cwd=ROOT,
    )


# The page's module graph, bundled (D101): index.html's scripts and every module imported by path (the
# on-demand ones of D89, the engine bridge, and what the browser tests import to draw a screen or read the
# texts) keep their files; the rest of web/ui, web/i18n and web/art is inside them or in web/chunks/.
PAGE_ENTRIES = [
    "boot/boot.js", "ui/main.js", "engine.js",
    "ui/stats.js", "ui/review.js", "ui/replay.js", "ui/lieux/index.js",
    *(f"i18n/{prefix}{lang}.js" for prefix in ("", "lieux-") for lang in ("en", "fr", "de")),
    "i18n/index.js", "ui/dom.js", "ui/oriflamme/index.js",
]
# Page modules that stay files of their own: early.js (the page's first request, whose runtime worker
# boot.js shares) and the snapshot's format (the workers import it too).
SEPARATE = ["boot/early.js", "boot/snapshot-format.js"]


def bundle_web(web: Path) -> list[str]:
    """Bundle the page's modules in place (scripts/bundle_web.mjs); returns the files it wrote."""
    config = json.dumps({"entries": PAGE_ENTRIES, "separate": SEPARATE})
    out = subprocess.run(["node", str(ROOT / "scripts" / "bundle_web.mjs"), str(web), config],
                         check=True, cwd=ROOT, capture_output=True, text=True).stdout
    for folder in sorted((p for p in web.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return list(json.loads(out)["outputs"])


# Chrome's explicit compile hint: V8 compiles every function of the file while it streams it, off the
# main thread, instead of each one on its first call, on the main thread, inside the boot's tasks.
COMPILE_HINT = "//# allFunctionsCalledOnLoad"
# Modules that run in workers (or are the service worker, or the bundled fake IndexedDB, loaded only
# where storage is denied): their compiling never holds the page's boot up.
WORKER_MODULES = {"runtime-worker.js", "worker-prelude.js", "interpreter.js", "snapshot-format.js", "sw.js",
                  "fake-indexeddb.js"}


def page_modules(web: Path) -> list[Path]:
    """Our modules that run on the page's main thread (the UI, its texts, the engine bridge, the loader)."""
    return sorted(js for js in web.rglob("*.js") if js.name not in WORKER_MODULES)


def inline_runtime_worker(boot: Path) -> None:
    """Puts the minified runtime worker's code into early.js, which starts it from a blob: URL (D131):
    over a line the wasm's request, the worker's first act, then waits for no request of the worker's
    own script. The file stays for the unbuilt tree's development server."""
    early = boot / "early.js"
    code = json.dumps((boot / "runtime-worker.js").read_text().strip())
    text, n = re.subn(r"""(["'`])@RUNTIME_WORKER@\1""", lambda _: code, early.read_text())
    if n != 1:
        sys.exit(f"early.js: expected one @RUNTIME_WORKER@ placeholder, found {n}")
    early.write_text(text)


def pyscript_core_chunks(out: Path, pyscript_v: str) -> list[str]:
    """PyScript's core.js and the hashed chunk(s) it imports statically, as file names."""
    core = out / "runtime" / f"pyscript-{pyscript_v}" / "core.js"
    return ["core.js", *re.findall(r'from\s*"\./([\w.-]+\.js)"', core.read_text())]


def pyscript_boot_imports(out: Path, pyscript_v: str) -> list[str]:
    """Chunks PyScript's core imports dynamically at every boot, as file names: its error plugin (loaded
    even when switched off, to call its notOnDOM)."""
    chunks = pyscript_core_chunks(out, pyscript_v)
    text = "".join((out / "runtime" / f"pyscript-{pyscript_v}" / c).read_text() for c in chunks)
    return sorted(set(re.findall(r'\berror:\(\)=>import\("\./(error-[\w-]+\.js)"\)', text)))


def preload_links(out: Path, pyscript_v: str) -> str:
    """<link> tags for the chain the engine worker waits on: PyScript's core module and the chunk it
    imports (hashed names, read from the bundle), then the config and the worker's Python, which
    PyScript fetches one after the other only once core has run. Fetched at once instead. The modules
    imported on the fly during the boot (PyScript's error plugin, our engine bridge) are preloaded too:
    already in the module map, their import() sends no request while core's or main.js's top level runs
    (with devtools open, each such request makes V8 re-parse the whole module to locate its initiator)."""
    modules = [f"./runtime/pyscript-{pyscript_v}/{m}" for m in pyscript_core_chunks(out, pyscript_v)]
    modules += [f"./runtime/pyscript-{pyscript_v}/{m}" for m in pyscript_boot_imports(out, pyscript_v)]
    modules.append("./web/engine.js")
    links = [f'<link rel="modulepreload" href="{m}">' for m in modules]
    fetched = ("./pyscript.json", "./py/engine_worker.py")
    links += [f'<link rel="preload" href="{u}" as="fetch" crossorigin>' for u in fetched]
    return "\n  ".join(links)


def placeholder_index() -> str:
    """Used only while the UI's index.html does not exist yet: the engine tags of docs/WEB.md."""
    return """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Oriflamme</title>
<link rel="icon" href="./web/pwa/icon.svg" type="image/svg+xml">
<script type="module" src="./web/boot/boot.js"></script>
<script type="py" worker name="engine" src="./py/engine_worker.py" config="./pyscript.json"></script>
</head>
<body><p id="boot-status">Loading…</p></body>
</html>
"""


def catalogue_tag() -> str:
    """The engine's catalogue (tabletop.bridge.api.catalogue) as a JSON data block for index.html: the
    setup screen offers games, editions, player ranges and colours from it while the engine boots."""
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.bridge import api

    text = json.dumps(json.loads(api.catalogue()), separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" id="catalogue">{text}</script>'


def build(out: Path) -> Manifest:
    if not (NODE_MODULES / "pyodide" / "package.json").exists():
        sys.exit("node_modules missing: run `npm ci` (make build does it)")
    pyodide_v = npm_version("pyodide")
    pyscript_v = npm_version("@pyscript/core")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    # The page and its JS/CSS.
    index = ROOT / "index.html"
    page = index.read_text() if index.exists() else placeholder_index()
    (out / "index.html").write_text(re.sub(r"<!-- @CATALOGUE@[^>]*-->", lambda _: catalogue_tag(), page))
    # web/dev/ is the development server's bridge (web/dev/devserver.py): never shipped nor precached;
    # nor are web/types/ (declarations for the type check, `make lint-js`) and esbuild's entry points.
    copytree(ROOT / "web", out / "web", skip_suffixes=(".entry.js", ".d.ts"), skip_dirs=("dev", "types"))
    esbuild_fake_indexeddb(out / "web" / "boot" / "fake-indexeddb.js")

    # The runtime, under versioned paths (immutable caching).
    pyodide_dir = out / "runtime" / f"pyodide-{pyodide_v}"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide_dir / name)
    wasm_packed = pack_wasm(pyodide_dir)
    zstd_decoder = copy_zstd_decoder(out)
    pyscript_dir = out / "runtime" / f"pyscript-{pyscript_v}"
    copytree(NODE_MODULES / "@pyscript" / "core" / "dist", pyscript_dir, skip_suffixes=(".map",))
    # No source maps are shipped: drop the references so devtools do not ask for them.
    core_chunks = set(pyscript_core_chunks(out, pyscript_v))
    for js in pyscript_dir.glob("*.js"):
        text = js.read_text()
        lines = [ln for ln in text.split("\n") if not ln.startswith("//# sourceMappingURL=")]
        if js.name in core_chunks:
            # PyScript's core is evaluated during the boot like our modules (measured: ~20 % shorter task).
            lines.insert(0, COMPILE_HINT)
        js.write_text("\n".join(lines))

    # The engine rides in the stdlib zip, compiled, and is imported in the memory snapshot
    # (docs/PERFORMANCE.md, scripts/precompile.py): no zip of its own to download and unpack at boot.
    stdlib_zip, later_zip, asm_mjs = fast_path(out, pyodide_dir, engine_zip())
    (out / "py").mkdir()
    shutil.copy2(ROOT / "py" / "engine_worker.py", out / "py" / "engine_worker.py")

    config = {"interpreter": "./web/boot/interpreter.js"}  # wraps loadPyodide: stdLibURL, snapshot
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")

    # Fill in the loader's placeholders: versions and the sizes of what the worker downloads.
    sizes = {name: (pyodide_dir / name).stat().st_size for name in PYODIDE_FILES}
    del sizes["python_stdlib.zip"]  # the worker downloads the boot's compiled zip instead (and this
    del sizes["pyodide-lock.json"]  # only for a module the zip left out); the lock's header is inline
    sizes[stdlib_zip] = (pyodide_dir / stdlib_zip).stat().st_size
    del sizes["pyodide.asm.mjs"]  # the worker loads Pyodide's JS as the build edited it (D203)
    sizes[asm_mjs] = (pyodide_dir / asm_mjs).stat().st_size
    for js in [*(out / "web" / "boot").glob("*.js"), out / "web" / "engine.js"]:
        if not js.exists():
            continue
        text = js.read_text()
        text = text.replace("@PYSCRIPT_VERSION@", pyscript_v).replace("@PYODIDE_VERSION@", pyodide_v)
        text = text.replace("@RUNTIME_SIZES@", json.dumps(sizes, separators=(",", ":")))
        text = text.replace("@WASM_PACKED@", wasm_packed).replace("@ZSTD_DECODER@", zstd_decoder)
        js.write_text(text)
    minify_web(out / "web", done=tuple(bundle_web(out / "web")))
    inline_runtime_worker(out / "web" / "boot")
    for js in page_modules(out / "web"):
        js.write_text(COMPILE_HINT + "\n" + js.read_text())

    index_html = out / "index.html"
    index_html.write_text(index_html.read_text().replace(
        "<!-- @PRELOADS@", preload_links(out, pyscript_v) + "\n  <!--", 1))

    # Versions the loader needs (boot.js reads them from here: one small, no-cache JSON).
    manifest: Manifest = {
        "pyodide": pyodide_v,
        "pyscript": pyscript_v,
        "pyscript_core": f"./runtime/pyscript-{pyscript_v}/core.js",
        # PyScript's files a boot loads (its core, the chunk core imports, the plugin every boot imports):
        # the only ones the service worker precaches (scripts/build_sw.mjs); the editor, terminal, game,
        # MicroPython and TOML/zip plugins are never loaded by this page, online or offline.
        "pyscript_boot": sorted({*pyscript_core_chunks(out, pyscript_v),
                                 *pyscript_boot_imports(out, pyscript_v)}),
        "stdlib_zip": f"./runtime/pyodide-{pyodide_v}/{stdlib_zip}",
        "later_zip": f"./runtime/pyodide-{pyodide_v}/{later_zip}",  # fetched after the first decision
        "wasm_packed": f"./runtime/pyodide-{pyodide_v}/{wasm_packed}",  # the wasm, zstd (D200)
    }
    (out / "web" / "boot" / "versions.json").write_text(json.dumps(manifest, indent=2) + "\n")

    # Benchmark pages: a bare Pyodide page with the same Pyodide files.
    bench = ROOT / "scripts" / "bench"
    if bench.is_dir():
        (out / "bench").mkdir()
        for path in sorted(bench.iterdir()):
            text = path.read_text().replace("@PYODIDE_VERSION@", pyodide_v)
            (out / "bench" / path.name).write_text(text)

    # Last: the PWA (icons, web app manifest, service worker precaching every file above).
    sys.path.insert(0, str(ROOT / "scripts"))
    from build_pwa import build_pwa

    build_pwa(out)
    return manifest


def build_and_swap(dest: Path) -> Manifest:
    """Build aside (build/dist-new-<pid>) and swap the result in as `dest` under a lock, so a server or
    a test run reading dest never sees a half-written tree, and concurrent builds never nest."""
    import fcntl

    work = ROOT / "build"
    work.mkdir(exist_ok=True)
    new = work / f"dist-new-{os.getpid()}"
    old = work / f"dist-old-{os.getpid()}"
    for leftover in (new, old):
        if leftover.exists():
            shutil.rmtree(leftover)
    manifest = build(new)
    (new / ".built").touch()
    with open(work / ".swap.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if dest.exists():
            dest.rename(old)
        new.rename(dest)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
    return manifest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=str(ROOT / "dist"))
    ap.add_argument("--swap", action="store_true",
                    help="build aside and swap the result in as --out at the end (make build does)")
    args = ap.parse_args()
    out = Path(args.out)
    manifest = build_and_swap(out) if args.swap else build(out)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {os.path.relpath(out)}: {total / 1e6:.1f} MB; {json.dumps(manifest)}")


if __name__ == "__main__":
    main()
