#!/usr/bin/env node
// Precompile Python for the web build (issue 7, docs/PERFORMANCE.md), inside the very Pyodide we ship.
//
//   node scripts/precompile.mjs <job.json>
//
// job.json: {"jobs": [{"in": "a.zip", "out": "b.zip", "layout": "zipimport" | "pycache", "prefix": "/lib/python314.zip/"}]}
//
// Each job copies every entry of the input zip and adds, next to each .py, its bytecode compiled by the
// npm `pyodide` package's own CPython (same version, same magic number, same bytecode as in the browser):
// - layout "zipimport": `foo.pyc` beside `foo.py` in the zip (what zipimport looks for: the stdlib zip is
//   mounted at /lib/python3XY.zip and imported from directly);
// - layout "pycache": `__pycache__/foo.<cache_tag>.pyc` (our package, unpacked into the worker's FS and
//   imported by the ordinary SourceFileLoader).
// The .pyc are *unchecked hash-based* (PEP 552): never compared with the source's mtime, never rewritten.
// Code objects are compiled with co_filename = prefix + entry name, the path Python itself would use, and
// the .py stay in the zip so tracebacks keep their source lines. Output zips are deterministic: sorted
// entries, fixed dates and modes, deflate level 9 (the same input gives the same bytes).
// The caching (keyed by the Pyodide version and a hash of the inputs) lives in scripts/precompile.py.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pyodideDir = path.dirname(require.resolve("pyodide/package.json", { paths: [path.join(here, "..")] }));
const { loadPyodide, version } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });

const COMPILER = `
import importlib._bootstrap_external as be
import importlib.util
import sys
import zipfile

ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def precompile(src, dst, layout, prefix):
    entries = {}
    skipped = []
    with zipfile.ZipFile(src) as zin:
        for info in zin.infolist():
            data = zin.read(info)
            entries[info.filename] = data
            if info.is_dir() or not info.filename.endswith(".py"):
                continue
            try:
                code = compile(data, prefix + info.filename, "exec", dont_inherit=True, optimize=0)
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
for (const j of job.jobs) {
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(j.in)));
  const res = precompile("/tmp/in.zip", "/tmp/out.zip", j.layout, j.prefix ?? "");
  const skipped = res.toJs();
  res.destroy();
  const data = py.FS.readFile("/tmp/out.zip");
  writeFileSync(j.out, data);
  console.log(`precompile: ${path.basename(j.in)} -> ${path.basename(j.out)} (${data.length} bytes; Pyodide ${version}, Python ${info[0]}, ${info[1]}, magic ${info[2]}${skipped.length ? `; left as source: ${skipped.join(", ")}` : ""})`);
}
