#!/usr/bin/env node
// Precompile Python for the web build (docs/PERFORMANCE.md), inside the very Pyodide we ship.
//
//   node scripts/precompile.mjs <job.json>
//
// job.json: {"jobs": [{"in": "a.zip", "out": "b.zip", "layout": "zipimport" | "pycache", "prefix": "/lib/python314.zip/",
//   "flat_lines": true (optional: one line per code object, see flat_lines)}]}
//   or, instead of "in", "pyscript": {"artifact": ".../src/stdlib/pyscript.js", "bundle": ".../dist"}: the
//   `pyscript` package PyScript writes into the worker's cwd at every boot (zipped from those sources).
//
// Each job copies every entry of the input zip and adds, next to each .py, its bytecode compiled by the
// npm `pyodide` package's own CPython (same version, same magic number, same bytecode as in the browser):
// - layout "zipimport": `foo.pyc` beside `foo.py` in the zip (what zipimport looks for: the stdlib zip,
//   which also carries our engine and PyScript's package, is mounted at /lib/python3XY.zip);
// - layout "pycache": `__pycache__/foo.<cache_tag>.pyc` (for a package unpacked into a file system and
//   imported by the ordinary SourceFileLoader).
// The .pyc are *unchecked hash-based* (PEP 552): never compared with the source's mtime, never rewritten.
// Code objects are compiled with co_filename = prefix + entry name, the path Python itself would use, and
// the .py stay in the zip so tracebacks keep their source lines. Output zips are deterministic: sorted
// entries, fixed dates and modes, deflate level 9 (the same input gives the same bytes).
// The caching (keyed by the Pyodide version and a hash of the inputs) lives in scripts/precompile.py.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pyodideDir = path.dirname(require.resolve("pyodide/package.json", { paths: [path.join(here, "..")] }));
const { loadPyodide, version } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

/**
 * @typedef {{out: string, snapshot: {stdlib: string, later?: string, asm?: string, imports: string[]}}} SnapshotJob
 * @typedef {{out: string, trace: {stdlib: string, worker: string, script: string}}} TraceJob
 * @typedef {{out: string, layout: string, prefix?: string, flat_lines?: boolean} & ({in: string} | {pyscript: {artifact: string, bundle: string}})} ZipJob
 * @typedef {{[name: string]: string | SourceTree}} SourceTree PyScript's package: file name → text, or a folder
 */
/** @type {{jobs: (SnapshotJob | TraceJob | ZipJob)[]}} */
const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
// PYTHONNODEBUGRANGES: code objects keep their line numbers (tracebacks name the line) but not the
// column ranges of each instruction (the ^^^ under a failing expression): a third of the bytecode's size.
const py = await loadPyodide({
  indexURL: pyodideDir + path.sep, env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {},
  stderr: (/** @type {string} */ s) => process.stderr.write(s + "\n"),
});

const COMPILER = `
import ast
import importlib._bootstrap_external as be
import importlib.util
import sys
import zipfile

ZIP_DATE = (2020, 1, 1, 0, 0, 0)


# Docstrings are a fifth of the bytecode's size and nothing the game runs reads them: dropped from every
# module, Pyodide's own packages too (D86: JsProxy's methods, documented from _pyodide._core_docs, keep
# their signatures but lose their help text). A dataclass keeps its own (D223): without one, the
# dataclass decorator writes one at class creation from \`inspect.signature\` of the class, formatting every
# field's annotation — CPU on the boot's path for text nothing reads.


def makes_its_doc(node):
    return isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list)


def without_docstrings(source, name):
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and not makes_its_doc(node)
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


# Stdlib line tables (flat_lines): every instruction of a code object reports the line of its \`def\` (D49).
# A traceback through the stdlib still names each function and its file; our own code keeps its lines.
# Format of co_linetable (CPython's Objects/locations.md): entries of up to 8 code units, here each
# "no column" (code 13) with a line delta of 0 from co_firstlineno.
def flat_lines(code):
    units, table = len(code.co_code) // 2, bytearray()
    while units > 0:
        n = min(units, 8)
        table += bytes((0x80 | (13 << 3) | (n - 1), 0))
        units -= n
    consts = tuple(flat_lines(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def precompile(src, dst, layout, prefix, flat=False):
    entries = {}
    skipped = []
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            data = zin.read(info)
            entries[info.filename] = data
            if info.is_dir() or not info.filename.endswith(".py"):
                continue
            try:
                tree = without_docstrings(data, info.filename)
                code = compile(tree, prefix + info.filename, "exec", dont_inherit=True, optimize=0)
                if flat:
                    code = flat_lines(code)
            except SyntaxError:
                skipped.append(info.filename)  # imported from source (and failing) as before
                continue
            pyc = bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            if layout == "zipimport":
                entries[info.filename + "c"] = pyc
            else:
                head, _, tail = info.filename.rpartition("/")
                name = f"{tail[:-3]}.{sys.implementation.cache_tag}.pyc"
                entries[(head + "/" if head else "") + "__pycache__/" + name] = pyc
    with zipfile.ZipFile(dst, "w") as zout:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.create_system = 3
            if name.endswith("/"):
                info.external_attr = (0o40755 << 16) | 0x10
                zout.writestr(info, b"")
            else:
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zout.writestr(info, entries[name], compresslevel=9)
    return skipped
`;
py.runPython(COMPILER);
const precompile = py.globals.get("precompile");
const info = py.runPython("import sys, importlib.util; (sys.version.split()[0], sys.implementation.cache_tag, importlib.util.MAGIC_NUMBER.hex())").toJs();
// PyScript writes its own `pyscript` package (minified .py, embedded in its bundle) into the worker's
// cwd and imports it at every boot: zip those same sources so they get a __pycache__ too.
/**
 * @param {string} artifact
 * @param {string} bundleDir
 */
async function pyscriptSources(artifact, bundleDir) {
  /** @type {{default: SourceTree}} */
  const { default: tree } = await import(pathToFileURL(artifact).href);
  const bundle = readdirSync(bundleDir).filter((f) => f.endsWith(".js")).map((f) => readFileSync(path.join(bundleDir, f), "utf8")).join("\n");
  /** @type {[string, string][]} */
  const files = [];
  /** @type {(node: SourceTree, base: string) => void} */
  const walk = (node, base) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") files.push([base + name, value]);
      else walk(value, base + name + "/");
    }
  };
  walk(tree, "");
  for (const [name, text] of files) {
    // Only when the shipped bundle writes exactly this text: an unchecked .pyc of other source would lie.
    if (!bundle.includes(JSON.stringify(text).slice(1, -1))) throw new Error(`precompile: ${name} differs from PyScript's bundle`);
  }
  py.runPython("import shutil, os; shutil.rmtree('/tmp/ps', ignore_errors=True); os.makedirs('/tmp/ps')");
  for (const [name, text] of files) {
    py.FS.mkdirTree(path.posix.dirname(`/tmp/ps/${name}`));
    py.FS.writeFile(`/tmp/ps/${name}`, text);
  }
  py.runPython(`
import os, zipfile
with zipfile.ZipFile("/tmp/in.zip", "w") as z:
    for root, dirs, names in sorted(os.walk("/tmp/ps")):
        for n in sorted(names):
            full = os.path.join(root, n)
            z.write(full, os.path.relpath(full, "/tmp/ps"))
`);
}

// Job {"snapshot": {"stdlib": "compiled.zip", "imports": [...]}, "out": "x.gz"}: a memory snapshot of a
// Pyodide booted on `stdlib` (exactly that zip: zipimport keeps its table of contents in the snapshot)
// with these stdlib modules imported too. Hash seed 0 and entropy/clock from fixed generators so that
// the bytes are reproducible (web/boot/interpreter.js reseeds `random` from crypto after restoring).
// Written in web/boot/snapshot-format.js's sparse format (zero runs dropped), then gzip-9.
/** @param {SnapshotJob} j */
async function snapshot(j) {
  const { gzipSync } = await import("node:zlib");
  // Reproducible bytes: the entropy Python draws while booting (node's randomFillSync) comes from a
  // fixed-seed generator for this one instance (freed memory keeps what was drawn).
  // Same for the clock (file times, cached stat results): a fixed date, a clock that ticks per call.
  const nodeCrypto = require("node:crypto");
  /** @type {[any, string][]} monkey-patched for the snapshot's run, restored after */
  const patched = [[nodeCrypto, "randomFillSync"], [globalThis.crypto, "getRandomValues"], [Date, "now"],
    [globalThis.performance, "now"], [Math, "random"]];
  const saved = patched.map(([o, k]) => [o, k, o[k]]);
  let x = 0x9e3779b9;
  /** @type {<T extends ArrayBufferView>(view: T) => T} */
  const fill = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; bytes[i] = x & 0xff; }
    return view;
  };
  let tick = 0;
  nodeCrypto.randomFillSync = fill;
  Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true, writable: true });
  Date.now = () => 1577836800000 + tick++;
  globalThis.performance.now = () => 1000 + tick++;
  Math.random = () => 0.5;
  // The JS the game's worker runs, as the build edited it (D203): the snapshot's function pointers are
  // table slots handed out by that JS's linker.
  const createPyodideModule = j.snapshot.asm ? (await import(pathToFileURL(j.snapshot.asm).href)).default : undefined;
  const snap = await loadPyodide({
    indexURL: pyodideDir + path.sep, stdLibURL: j.snapshot.stdlib, _makeSnapshot: true, createPyodideModule,
    env: { PYTHONHASHSEED: "0" }, stdout: () => {}, stderr: (/** @type {string} */ s) => process.stderr.write(s + "\n"),
  });
  // The later archive (D83) mounted where the page's worker mounts it, so that its modules, and those
  // the boot binds lazily until phase 2 runs them, are imported and run too: a warm visit downloads
  // neither archive. (The file itself is not in the snapshot: the finder downloads it again if needed.)
  if (j.snapshot.later) snap.FS.writeFile("/lib/python_later.zip", new Uint8Array(readFileSync(j.snapshot.later)));
  const imported = snap.runPython(`
import sys, importlib
import stdlib_on_demand
stdlib_on_demand.install("python_stdlib.zip", "python_later.zip")
for name in ${JSON.stringify(j.snapshot.imports)}:
    getattr(importlib.import_module(name), "__name__")  # (a lazily bound module runs at an attribute)
import random, gc
random.seed(0)
gc.collect()
len(sys.modules)
`);
  const raw = snap.makeMemorySnapshot();
  for (const [o, k, v] of saved) Object.defineProperty(o, k, { value: v, configurable: true, writable: true });
  const { sparseSnapshot, expandSnapshot } = await import(pathToFileURL(path.join(here, "..", "web", "boot", "snapshot-format.js")).href);
  const sparse = sparseSnapshot(raw);
  const back = new Uint8Array(expandSnapshot(sparse.buffer));  // the page's decoder must give it back exactly
  if (!Buffer.from(back.buffer).equals(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength))) {
    throw new Error("precompile: the sparse snapshot does not round-trip");
  }
  const data = gzipSync(sparse, { level: 9 });
  writeFileSync(j.out, data);
  console.log(`precompile: memory snapshot (${imported} modules) -> ${path.basename(j.out)} (${data.length} bytes gzip)`);
}

// Job {"trace": {"stdlib": "compiled.zip", "worker": "engine_worker.py", "script": "boot_trace.py"}, "out":
// "names.json"}: the stdlib modules a real boot and real games import (scripts/boot_trace.py), traced in
// a Pyodide booted on `stdlib`. The trace imports PyScript's `pyscript` package after the first decisions
// (D119): the JS modules PyScript registers (`polyscript`, `_pyscript`) are stood in for by objects whose
// every property is another stand-in, so that the package's own imports run as in the browser.
/** @param {TraceJob} j */
async function trace(j) {
  const t = await loadPyodide({
    indexURL: pyodideDir + path.sep, stdLibURL: j.trace.stdlib, stdout: () => {},
    stderr: (/** @type {string} */ s) => process.stderr.write(s + "\n"),
  });
  /** @type {() => any} anything PyScript's package asks of them */
  const standIn = () => new Proxy(function () {}, {
    get: (_, k) => (typeof k === "symbol" || k === "then" ? undefined : standIn()),
    apply: () => standIn(), construct: () => standIn(), has: () => true,
  });
  const module = (/** @type {Record<string | symbol, unknown>} */ own) => new Proxy(own, {
    get: (o, k) => (k in o ? o[k] : typeof k === "symbol" || k === "then" ? undefined : standIn()),
  });
  t.registerJsModule("polyscript", module({ config: {} }));  // config: JSON-stringified by PyScript
  t.registerJsModule("_pyscript", module({}));
  // The worker's source, run as PyScript's worker runs it: with runPythonAsync, so that what the web loop
  // runs for it (its task, the handles' contexts) is traced too (D118).
  await t.runPythonAsync(readFileSync(j.trace.worker, "utf8"), { globals: t.runPython("dict(__name__='__main__')") });
  t.FS.writeFile("/tmp/boot_trace.py", readFileSync(j.trace.script, "utf8"));
  const traced = JSON.parse(t.runPython(`
import json, sys
sys.path.insert(0, "/tmp")
import boot_trace
sys.path.remove("/tmp")
del sys.modules["boot_trace"]
json.dumps(boot_trace.trace())
`));
  writeFileSync(j.out, JSON.stringify(traced));
  console.log(`precompile: traced the boot and the games: ${traced.modules.length} modules from the stdlib zip, ${traced.lazy.length} imported but never used`);
}

for (const j of job.jobs) {
  if ("snapshot" in j) { await snapshot(j); continue; }
  if ("trace" in j) { await trace(j); continue; }
  if ("pyscript" in j) await pyscriptSources(j.pyscript.artifact, j.pyscript.bundle);
  else py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(j.in)));
  const res = precompile("/tmp/in.zip", "/tmp/out.zip", j.layout, j.prefix ?? "", Boolean(j.flat_lines));
  const skipped = res.toJs();
  res.destroy();
  const data = py.FS.readFile("/tmp/out.zip");
  writeFileSync(j.out, data);
  console.log(`precompile: ${"in" in j ? path.basename(j.in) : "PyScript's pyscript package"} -> ${path.basename(j.out)} (${data.length} bytes; Pyodide ${version}, Python ${info[0]}, ${info[1]}, magic ${info[2]}${skipped.length ? `; left as source: ${skipped.join(", ")}` : ""})`);
}
