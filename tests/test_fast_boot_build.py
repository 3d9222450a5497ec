"""The fast boot path's build outputs: the boot's compiled stdlib zip, the memory
snapshot, the config and page that use them. Skipped when dist/ is not built (`make build`).

Oracles: the .py sources of the working tree, of Pyodide's stock stdlib and of PyScript's npm package;
CPython's own keyed source hash (PEP 552); the shipped Pyodide itself (run in node), which must import
our .pyc without compiling anything and find the engine already imported after restoring the snapshot.
"""

from __future__ import annotations

import _imp
import json
import re
import shutil
import subprocess
import sys
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from build_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
VERSIONS = DIST / "web" / "boot" / "versions.json"

pytestmark = pytest.mark.skipif(not VERSIONS.exists(), reason="dist/ not built (make build)")


def stdlib_zip_path() -> Path:
    rel = json.loads(VERSIONS.read_text())["stdlib_zip"]
    assert isinstance(rel, str) and rel.startswith("./"), rel
    return DIST / rel


def later_zip_path() -> Path:
    rel = json.loads(VERSIONS.read_text())["later_zip"]
    assert isinstance(rel, str) and rel.startswith("./"), rel
    return DIST / rel


@cache
def stdlib_entries() -> dict[str, bytes]:
    with zipfile.ZipFile(stdlib_zip_path()) as z:
        return {info.filename: z.read(info) for info in z.infolist() if not info.is_dir()}


@cache
def later_entries() -> dict[str, bytes]:
    with zipfile.ZipFile(later_zip_path()) as z:
        return {info.filename: z.read(info) for info in z.infolist() if not info.is_dir()}


def snapshot_path() -> Path:
    text = (DIST / "web" / "boot" / "interpreter.js").read_text()
    m = re.search(r'"(snapshot-[0-9a-f]+\.bin)"', text)  # the build's name, as a string (minified: D100)
    if not m:
        pytest.skip("built without a snapshot (ORIFLAMME_SNAPSHOT=0)")
    return stdlib_zip_path().parent / m.group(1)


def engine_sources() -> dict[str, bytes]:
    """The working tree's engine sources by their name in the zip (tests excluded, as build.py does)."""
    return {f"{pkg.name}/{p.relative_to(pkg).as_posix()}": p.read_bytes()
            for pkg in load_script("build").engine_packages() for p in pkg.rglob("*.py")
            if "__pycache__" not in p.parts and "tests" not in p.relative_to(pkg).parts}


def pyscript_sources() -> dict[str, str]:
    """PyScript's `pyscript` package as its npm package embeds it (the tree of src/stdlib/pyscript.js)."""
    script = """
const { default: tree } = await import(process.argv[1]);
const files = {};
const walk = (node, base) => {
  for (const [name, value] of Object.entries(node)) {
    if (typeof value === "string") files[base + name] = value; else walk(value, base + name + "/");
  }
};
walk(tree, "");
console.log(JSON.stringify(files));
"""
    artifact = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    out = subprocess.run(["node", "--input-type=module", "-e", script, artifact.as_uri()],
                         check=True, capture_output=True, text=True, cwd=ROOT, timeout=60).stdout
    files: dict[str, str] = json.loads(out)
    return files


def test_boot_modules_name_the_built_zip_and_snapshot() -> None:
    zip_path = stdlib_zip_path()
    assert zip_path.exists(), zip_path
    assert re.fullmatch(r"python_stdlib-[0-9a-f]{12}\.zip", zip_path.name), zip_path.name
    interpreter = (DIST / "web" / "boot" / "interpreter.js").read_text()
    assert "@STDLIB_ZIP@" not in interpreter and "@SNAPSHOT@" not in interpreter
    assert f'"{zip_path.name}"' in interpreter
    snap = snapshot_path()
    assert snap.exists() and re.fullmatch(r"snapshot-[0-9a-f]{12}\.bin", snap.name), snap
    early = (DIST / "web" / "boot" / "early.js").read_text()
    assert f'"{snap.name}"' in early  # the page prepares the very snapshot Pyodide gets


def sources() -> dict[str, bytes]:
    """Every source the zip's .pyc may come from, by its name in the zip: the stock stdlib (Pyodide's
    start-up with the build's edits, D95), the engine, PyScript's package and our on-demand finder."""
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as z:
        found = load_script("pyodide_edits").apply({n: z.read(n) for n in z.namelist() if n.endswith(".py")})
    found.update(engine_sources())
    found.update({arc: text.encode() for arc, text in pyscript_sources().items()})
    found["stdlib_on_demand.py"] = (ROOT / "py" / "stdlib_on_demand.py").read_bytes()
    found["sitecustomize.py"] = load_script("precompile").SITECUSTOMIZE.encode()
    return found


def test_zip_carries_the_compiled_engine_pyscript_and_stdlib_stored() -> None:
    entries = stdlib_entries()
    later = later_entries()
    modules = load_script("precompile").engine_modules(load_script("build").engine_zip())
    # Every engine module the browser may use is in one archive or the other, never both.
    both = {**entries, **later}
    missing = [m for m in modules if not {f"{m.replace('.', '/')}.pyc",
                                          f"{m.replace('.', '/')}/__init__.pyc"} & both.keys()]
    assert missing == [], "engine modules missing from both archives"
    assert not entries.keys() & later.keys(), entries.keys() & later.keys()
    assert "tabletop/bridge/api.pyc" in entries and "oriflamme/bots/normal.pyc" in entries
    assert "stdlib_on_demand.pyc" in entries
    # D119: PyScript's package, which the boot no longer imports (D105), rides in the later archive.
    assert "pyscript/__init__.pyc" in later and "pyscript/__init__.pyc" not in entries
    assert "json/__init__.pyc" in entries and "asyncio/__init__.pyc" in entries  # traced: Pyodide's boot
    assert "colorsys.pyc" not in both and "json/tool.pyc" not in both  # nothing imports them
    # Bytecode only (no .py: the .pyc never read them), the lists of the full and later archives' modules
    # and of those bound lazily, and every entry stored: the host's gzip compresses the download.
    assert sorted(n for n in entries if not n.endswith(".pyc")) == ["stdlib_later.txt", "stdlib_lazy.txt",
                                                              "stdlib_on_demand.txt"]
    assert [n for n in later if not n.endswith(".pyc")] == []
    assert "colorsys" in entries["stdlib_on_demand.txt"].decode().split()
    # Imported by the boot, never used: bound lazily (sitecustomize), not in the zip, in the full archive.
    lazy = entries["stdlib_lazy.txt"].decode().split()
    assert "html/" in lazy and "logging/" in lazy, lazy  # `html`: PyScript imports it; `logging`: D118
    assert "sitecustomize.pyc" in entries
    assert "html/__init__.pyc" not in entries and "locale.pyc" not in entries
    assert {n.rstrip("/") for n in lazy} <= {*entries["stdlib_on_demand.txt"].decode().split(),
                                            *entries["stdlib_later.txt"].decode().split()}
    for path in (stdlib_zip_path(), later_zip_path()):
        with zipfile.ZipFile(path) as z:
            assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}, path


def test_what_only_phase_two_runs_is_in_the_later_archive_not_the_boot_zip() -> None:
    """The second game, the strongest bots and their search, the review: nothing a first decision of the
    default game runs (D83) is downloaded before it; the boot's zip lists them (its finder's index)."""
    entries = stdlib_entries()
    later = later_entries()
    assert re.fullmatch(r"python_later-[0-9a-f]{12}\.zip", later_zip_path().name), later_zip_path().name
    for name in ("lieux/__init__.pyc", "lieux/rules.pyc", "oriflamme/bots/hard.pyc",
                 "oriflamme/bots/expert.pyc", "oriflamme/belief.pyc", "tabletop/search.pyc",
                 "tabletop/review.pyc", "oriflamme/tutorial.pyc", "tabletop/guide.pyc"):  # (the guide: D224)
        assert name in later and name not in entries, name
    # What a first decision runs stays in the boot's zip.
    for name in ("oriflamme/engine.pyc", "oriflamme/bots/normal.pyc", "tabletop/bridge/session.pyc",
                 "typing.pyc", "asyncio/__init__.pyc"):
        assert name in entries and name not in later, name
    index = entries["stdlib_later.txt"].decode().split()
    assert sorted(index) == load_script("precompile").module_names([n[:-1] for n in later])
    # The bridge imports the review at boot (`from .. import review`) but only a finished game runs it:
    # bound lazily, from the later archive at its first use.
    lazy = entries["stdlib_lazy.txt"].decode().split()
    assert "tabletop.review" in lazy and "tabletop.review" in index, lazy
    sw = (DIST / "sw.js").read_text()
    assert f'"url":"{later_zip_path().relative_to(DIST).as_posix()}"' in sw.replace(" ", "")  # precached


def test_docstrings_are_dropped_but_a_dataclass_keeps_its_own() -> None:
    """D86 drops docstrings from the bytecode; a dataclass keeps its own (D223), or the decorator would
    write one at class creation, on the boot's path, from the signature of the class."""
    registry = stdlib_entries()["tabletop/registry.pyc"]
    assert b"What a game declares about itself" in registry  # GameSpec, a dataclass
    assert b"The games this project knows" not in registry  # the module's
    assert b"The spec of a game by id" not in registry  # a function's
    assert b"One game at the table, its seats" in stdlib_entries()["tabletop/bridge/session.pyc"]


def test_every_pyc_is_unchecked_hash_based_with_one_magic_and_its_source_hash() -> None:
    entries = {**stdlib_entries(), **later_entries()}
    pycs = sorted(n for n in entries if n.endswith(".pyc"))
    assert len(pycs) > 150
    magics = {entries[n][:4] for n in pycs}
    assert len(magics) == 1, magics
    (magic,) = magics
    assert magic[2:] == b"\r\n", magic  # CPython's magic: a 16-bit number, then \r\n
    bad_flags = [n for n in pycs if int.from_bytes(entries[n][4:8], "little") != 1]
    assert bad_flags == [], bad_flags[:10]  # PEP 552: hash-based (bit 0), check_source off (bit 1)
    # The embedded hash is CPython's keyed source hash with the pyc's magic as key (what
    # importlib.util.source_hash computes in the interpreter of that magic); _imp.source_hash takes the
    # key as an argument, so this Python can compute it for 3.14's magic.
    key = int.from_bytes(magic, "little")
    src = sources()
    stale = "dist/ was built from other sources than py/ holds now (run `make build`)"
    unknown = [n for n in pycs if n[:-1] not in src]
    assert unknown == [], f"{stale}: {unknown[:10]}"  # each compiled from a source we know
    wrong = [n for n in pycs if _imp.source_hash(key, src[n[:-1]]) != entries[n][8:16]]
    if len(wrong) == len(pycs):
        pytest.skip("this Python's keyed hash is not the one of the shipped CPython")
    assert wrong == [], f"{stale}: {wrong[:10]}"


def test_engine_modules_in_the_snapshot_list() -> None:
    build = load_script("build")
    precompile = load_script("precompile")
    modules = precompile.engine_modules(build.engine_zip())
    assert "oriflamme" in modules and "tabletop.bridge.api" in modules
    for prefix in ("oriflamme.bots.", "lieux.", "tabletop.bridge."):
        assert any(m.startswith(prefix) for m in modules), prefix
    expected = {name[:-3].replace("/", ".").removesuffix(".__init__") for name in engine_sources()}
    excluded = set(precompile.NOT_IN_BROWSER)
    assert excluded and excluded <= expected  # each exclusion names a real module
    assert not excluded & set(modules), excluded & set(modules)
    assert not any(m.startswith("tabletop.cli.") for m in modules)  # a package excluded with its modules
    assert set(modules) == {m for m in expected if not any(m == s or m.startswith(s + ".") for s in excluded)}


def test_the_modules_the_browser_gets_import_without_those_it_leaves_out() -> None:
    """The snapshot imports every engine module the browser gets; one that imports a module left out
    (a developer's tool importing the benchmarks, say) fails the build. Checked here in CPython, at once."""
    build = load_script("build")
    precompile = load_script("precompile")
    modules = precompile.engine_modules(build.engine_zip())
    code = ("import importlib, json, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "py", capture_output=True, text=True,
                         check=True).stdout
    left_out = precompile.NOT_IN_BROWSER
    assert [m for m in json.loads(out) if any(m == s or m.startswith(s + ".") for s in left_out)] == []


def test_config_and_page_for_the_fast_boot() -> None:
    config = json.loads((DIST / "pyscript.json").read_text())
    assert "files" not in config
    assert config["interpreter"] == "./web/boot/interpreter.js"
    index = (DIST / "index.html").read_text()
    versions = json.loads(VERSIONS.read_text())
    core_dir = DIST / versions["pyscript_core"].removeprefix("./")
    core = core_dir.read_text()
    # PyScript's core.js and the hashed chunk(s) it imports statically: all preloaded as modules.
    chunks = ["core.js", *re.findall(r'from\s*"\./([\w.-]+\.js)"', core)]
    assert len(chunks) > 1, core
    for chunk in chunks:
        href = f"./runtime/pyscript-{versions['pyscript']}/{chunk}"
        assert (DIST / href).exists(), href
        assert f'<link rel="modulepreload" href="{href}">' in index, href
    # What is imported on the fly during every boot is preloaded too: PyScript's error plugin (its
    # hashed name read from the chunk that imports it) and our engine bridge.
    core_text = "".join((core_dir.parent / c).read_text() for c in chunks)
    error_chunks = re.findall(r'error:\(\)=>import\("\./(error-[\w-]+\.js)"\)', core_text)
    assert len(set(error_chunks)) == 1, error_chunks
    for href in (f"./runtime/pyscript-{versions['pyscript']}/{error_chunks[0]}", "./web/engine.js"):
        assert (DIST / href).exists(), href
        assert f'<link rel="modulepreload" href="{href}">' in index, href
    # Every plugin PyScript ships is switched off (none is used; each would cost a module fetch at boot),
    # for both script types (PyScript loads plugins once per type), and each name is one PyScript knows
    # (a misspelt or renamed plugin would silently load again).
    registry = (ROOT / "node_modules" / "@pyscript" / "core" / "src" / "plugins.js").read_text()
    known = {a or b for a, b in re.findall(r'^\s+(?:\["([\w-]+)"\]|([\w-]+)):\s*\(\)\s*=>', registry, re.M)}
    assert "py-terminal" in known and "codemirror" in known, known
    for tag in ("py-config", "mpy-config"):
        m = re.search(rf"<{tag} hidden>(.*?)</{tag}>", index, re.S)
        assert m, f"no <{tag} hidden> in dist/index.html"
        plugins = json.loads(m.group(1))["plugins"]
        assert sorted(plugins) == sorted(f"!{name}" for name in known), (tag, plugins)

def test_main_thread_modules_carry_the_compile_hint_and_worker_modules_do_not(tmp_path: Path) -> None:
    build = load_script("build")
    web = DIST / "web"
    page = {p.relative_to(web).as_posix() for p in build.page_modules(web)}
    # The page's own chain (index.html's scripts, the bundle's entries and chunks) is among them; the
    # workers' modules are not.
    for rel in ("boot/early.js", "boot/boot.js", "ui/main.js", "ui/dom.js", "i18n/en.js", "engine.js"):
        assert rel in page, rel
    assert [rel for rel in page if rel.startswith("chunks/")], page
    for rel in ("boot/runtime-worker.js", "boot/worker-prelude.js", "boot/interpreter.js", "pwa/sw.js"):
        assert rel not in page, rel
    # A module outside the bundle is esbuild's minification of its source (D100), as the build runs it,
    # on a copy of web/ made here; besides that, the build only adds the hint.
    sources = tmp_path / "web"
    shutil.copytree(ROOT / "web", sources)
    build.minify_web(sources)
    compared = []
    for js in web.rglob("*.js"):
        rel = js.relative_to(web).as_posix()
        first = js.read_text().split("\n", 1)[0]
        assert (first == build.COMPILE_HINT) == (rel in page), (rel, first)
        source = ROOT / "web" / rel
        if rel in build.PAGE_ENTRIES or rel.startswith("chunks/") or not source.exists():
            continue
        if not re.search(r"@[A-Z_]+@", source.read_text()):  # (no build placeholders)
            hint = build.COMPILE_HINT + "\n" if rel in page else ""
            assert js.read_text() == hint + (sources / rel).read_text(), rel
            compared.append(rel)
    assert "boot/snapshot-format.js" in compared, compared


def test_the_page_modules_are_bundled_and_nothing_else_of_web_is_left_over() -> None:
    """The page's modules are bundled (D101): of web/'s modules, dist/web keeps the bundle's entries (each
    at its own path), the separate ones and the workers'; the others are inside them or in web/chunks/,
    and no module URL is left for the build to resolve."""
    build = load_script("build")
    web = DIST / "web"
    shipped = {p.relative_to(web).as_posix() for p in web.rglob("*.js")}
    for rel in [*build.PAGE_ENTRIES, *build.SEPARATE]:
        assert rel in shipped, rel
    sources = {p.relative_to(ROOT / "web").as_posix() for p in (ROOT / "web").rglob("*.js")
               if p.parts[-2] not in ("dev", "types") and not p.name.endswith(".entry.js")}
    kept = sources & shipped
    workers = {f"boot/{m}" for m in build.WORKER_MODULES} | {"pwa/sw.js"}
    assert kept - set(build.PAGE_ENTRIES) - set(build.SEPARATE) <= workers, kept
    assert "ui/store.js" in sources and "ui/store.js" not in shipped  # (inside the bundle)
    chunks = [rel for rel in shipped if rel.startswith("chunks/")]
    assert chunks, shipped
    assert not [rel for rel in shipped if "@web@" in (web / rel).read_text()]


def test_every_module_a_browser_test_imports_is_a_file_of_the_site() -> None:
    """The browser tests draw screens and read texts by importing page modules by path; a module the
    bundle swallowed (D101) fails them with "Failed to fetch dynamically imported module". Each path they
    import (a template's `${...}` part read as any file name) must be shipped."""
    web = DIST / "web"
    shipped = {p.relative_to(web).as_posix() for p in web.rglob("*.js")}
    imported = set()
    for test in (ROOT / "tests" / "browser").glob("*.py"):
        imported |= set(re.findall(r"""import\(['"`]\.{1,2}/web/([^'"`]+\.js)['"`]""", test.read_text()))
    assert "ui/oriflamme/index.js" in imported, imported  # the scan still finds what the tests import
    patterns = [re.sub(r"\\\$\\\{[^}]*\\\}", ".+", re.escape(rel)) for rel in sorted(imported)]
    missing = [pattern for pattern in patterns if not any(re.fullmatch(pattern, s) for s in shipped)]
    assert not missing, missing


def test_the_sites_js_and_css_are_minified() -> None:
    """No file of dist/web, nor the service worker, carries our comments, JSDoc types or indentation
    (D100): only Chrome's compile hint, as the first line of the page's modules."""
    files = [p for p in (DIST / "web").rglob("*") if p.suffix in (".js", ".css")] + [DIST / "sw.js"]
    assert len(files) > 20
    commented = {}
    for path in files:
        lines = path.read_text().split("\n")
        if lines[0] == load_script("build").COMPILE_HINT:
            lines = lines[1:]
        found = [ln.strip()[:50] for ln in lines if ln.lstrip().startswith(("//", "/*")) or "/**" in ln]
        if found:
            commented[path.relative_to(DIST).as_posix()] = found[:2]
    assert not commented


# Python for the shipped Pyodide in node: the page's on-demand finders of the full and later archives,
# reading /tmp/stock.zip and /tmp/later.zip instead of downloading them (`fetched`: what they read).
ARCHIVES_FROM_FILES = """stdlib_on_demand.install("stock.zip", "later.zip")
fetched = []
def from_file(url):
    fetched.append(url)
    return open("/tmp/" + url, "rb").read()
for finder in sys.meta_path:
    if isinstance(finder, stdlib_on_demand.OnDemandStdlib):
        finder.fetch = from_file"""

# Run by node inside the shipped Pyodide: restore the snapshot on the built zip, then report what is
# imported, Python's magic, and whether importing the engine again compiles anything.
RESTORE_JS = r"""
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
const [pyodideDir, stdlib, snapshot, formatJs, modulesJson, stockZip, laterZip] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const { expandSnapshot } = await import(pathToFileURL(formatJs).href);
const gz = readFileSync(snapshot);
const sparse = gunzipSync(gz);
const raw = expandSnapshot(sparse.buffer.slice(sparse.byteOffset, sparse.byteOffset + sparse.byteLength));
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: stdlib,
                               _loadSnapshot: new Uint8Array(raw), stdout: () => {}, stderr: () => {} });
py.globals.set("MODULES", modulesJson);
py.FS.writeFile("/tmp/stock.zip", readFileSync(stockZip));
py.FS.writeFile("/tmp/later.zip", readFileSync(laterZip));
let out;
try {
  out = py.runPython(`
import importlib, importlib.util, json, sys, zipimport
import stdlib_on_demand
modules = json.loads(MODULES)
already = [m for m in modules if m in sys.modules]
# Bound lazily at boot (the zip's sitecustomize), still unused in the restored memory.
lazy = sorted(m for m in sys.modules if type(sys.modules[m]).__name__ == "_LazyModule")
# The snapshot's finders (the build's), replaced by what the page installs after a restore: the later and
# full archives on demand (here read from files, not downloaded).
finders = [type(f).__name__ for f in sys.meta_path]
@ARCHIVES_FROM_FILES@
compiled = []
compile_source = zipimport._compile_source
def refuse(pathname, source):
    if pathname.startswith(stdlib_on_demand.ARCHIVE):  # the full archive has only sources
        return compile_source(pathname, source)
    compiled.append(pathname)
    raise ImportError("compiled from source: " + pathname)
zipimport._compile_source = refuse
ENGINE = ("tabletop", "oriflamme", "lieux")
for m in [m for m in sys.modules if m.split(".")[0] in ENGINE]:
    del sys.modules[m]
sys.path_importer_cache.clear()
for m in modules:
    importlib.import_module(m)
api = sys.modules["tabletop.bridge.api"]
json.dumps({
    "already": already,
    "engine_loaded": sorted(m for m in sys.modules if m.split(".")[0] in ENGINE),
    "compiled": compiled,
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "file": api.__file__,
    "co_filename": api.ping.__code__.co_filename,
    "ping": api.ping(),
    "lazy": lazy,
    "escape": __import__("html").escape("<b>"),
    "html_file": sys.modules["html"].__file__,
    "search_file": sys.modules["tabletop.search"].__file__,
    "finders": finders,
    "fetched": fetched,
})
`);
} catch (err) {  // only the Python traceback (node would print a line of minified Pyodide with it)
  out = JSON.stringify({ error: String(err?.message || err) });
}
console.log(out);
""".replace("@ARCHIVES_FROM_FILES@", ARCHIVES_FROM_FILES)


def test_shipped_pyodide_restores_the_snapshot_and_imports_the_pyc_without_compiling() -> None:
    precompile = load_script("precompile")
    build = load_script("build")
    modules = precompile.engine_modules(build.engine_zip())
    pyodide_dir = ROOT / "node_modules" / "pyodide"
    args = [str(pyodide_dir), str(stdlib_zip_path()), str(snapshot_path()),
            str(ROOT / "web" / "boot" / "snapshot-format.js"), json.dumps(modules),
            str(pyodide_dir / "python_stdlib.zip"), str(later_zip_path())]
    proc = subprocess.run(["node", "--input-type=module", "-e", RESTORE_JS, *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=180)
    assert proc.returncode == 0, re.findall(r"\w*Error\b.{0,300}", proc.stderr)[-5:]
    r: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "error" not in r, r["error"]
    assert r["already"] == modules  # the snapshot has the whole engine imported
    assert set(r["engine_loaded"]) == set(modules)  # and importing it pulls in nothing the browser skips
    assert r["compiled"] == []  # every module came from its .pyc
    magic = {e[:4] for n, e in stdlib_entries().items() if n.endswith(".pyc")}
    assert magic == {bytes.fromhex(r["magic"])}  # the shipped CPython's own magic
    # Loaded from the .pyc; its code objects carry the source's path in the mounted zip, the path
    # Python would have compiled it under (tracebacks name it).
    assert re.fullmatch(r"/lib/python3\d+\.zip/tabletop/bridge/api\.pyc", r["file"]), r["file"]
    assert r["co_filename"] == r["file"].removesuffix("c")
    assert json.loads(r["ping"])["ok"] is True  # the restored engine answers
    # Modules the boot imports but never uses are lazy in the snapshot, and run from the full archive
    # once something uses them.
    lazy_index = {n.rstrip("/") for n in stdlib_entries()["stdlib_lazy.txt"].decode().split()}
    assert "logging" in r["lazy"] and set(r["lazy"]) <= lazy_index, r["lazy"]  # (asyncio's logging: D118)
    assert r["escape"] == "&lt;b&gt;" and r["html_file"].startswith("/lib/python_stdlib_full.zip/html/")
    # The snapshot was made with both archives' finders; the later archive's modules, imported again here,
    # come from it (downloaded once: a restored memory has the finder, not the file).
    assert r["finders"].count("OnDemandStdlib") == 2, r["finders"]
    assert r["search_file"] == "/lib/python_later.zip/tabletop/search.pyc", r["search_file"]
    assert sorted(r["fetched"]) == ["later.zip", "stock.zip"], r["fetched"]



def test_the_page_never_loads_the_wasm_and_its_first_script_starts_the_worker_that_does() -> None:
    """The page's loader reads a preload on the page's main thread (~150 tasks for the wasm's 9.6 MB and
    a ~30 ms task when it ends), so index.html preloads no wasm (D130): its first script, early.js, starts
    the runtime worker, whose own fetch downloads this build's pyodide.asm.wasm and compiles it (D113;
    that the page loads and compiles none of it is tested in the browser, tests/browser/test_fast_boot.py)."""
    index = (DIST / "index.html").read_text()
    versions = json.loads(VERSIONS.read_text())
    assert (DIST / "runtime" / f"pyodide-{versions['pyodide']}" / "pyodide.asm.wasm").exists()
    assert ".wasm" not in index
    tags = re.findall(r"<(?:script|link)\b[^>]*>", index)
    fetching = [t for t in tags if re.search(r'\b(?:src|href)="\./(?:web|runtime|py)/', t)
                or "preload" in t]
    assert fetching[0] == '<script type="module" async src="./web/boot/early.js">', fetching[:3]
    # early.js holds the runtime worker's code, which it starts from a blob: URL (D131): over a line the
    # wasm's request waits for no request of the worker's own script.
    early = (DIST / "web" / "boot" / "early.js").read_text()
    worker = (DIST / "web" / "boot" / "runtime-worker.js").read_text().strip()
    assert "compileStreaming(" in worker and "fetch(" in worker and json.dumps(worker) in early
    assert "@RUNTIME_WORKER@" not in early
