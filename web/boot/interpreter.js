// Our `interpreter` module for PyScript (pyscript.json: "interpreter": "./web/boot/interpreter.js").
//
// PyScript (polyscript) imports the module named by `interpreter` — any URL starting with ./, ../, / or
// a scheme — and calls its `loadPyodide(options)` with its own options; `version` keys its package cache.
// This wrapper re-exports Pyodide's and adds what makes the boot fast (docs/PERFORMANCE.md):
// - indexURL: our self-hosted Pyodide folder (PyScript would derive it from this module's URL);
// - stdLibURL: the stdlib zip with .pyc precompiled at build time inside this very Pyodide
//   (scripts/precompile.mjs), so CPython compiles nothing from source at start-up;
// - lockFileContents: just the header of Pyodide's lock file (the game loads no package), not a download;
// - _loadSnapshot (undocumented Pyodide option): a memory snapshot of Python already booted on exactly
//   that zip and this wasm, with the engine imported, built with them (scripts/precompile.py), restored
//   instead of booting — only when an earlier visit kept it (Cache Storage, boot.js keepSnapshot): a
//   first visit boots Python instead of waiting for 5 MB. The page has usually read and inflated it
//   already (boot.js), and compiled the wasm too (see withEarlyWasm).
// - In the engine worker, Python's start begins when this module is evaluated, before PyScript's call
//   (D206, at the end of this file).
// - Once Python runs, any stdlib module the boot's zip left out is imported from the full archive on
//   demand (py/stdlib_on_demand.py), and what a first decision does not run from the later archive,
//   fetched in the background when the page asks (fetchLaterWhenAsked, D83).
// The zip also carries our engine and PyScript's `pyscript` package, compiled; after loading, the zip
// goes before the cwd on sys.path so that the compiled copy of `pyscript` is imported, not the .py
// sources PyScript writes into the cwd at every boot (the build checks that they are the same text).
// The @...@ placeholders are filled in by scripts/build.py and scripts/precompile.py.
import * as pyodide from "../../runtime/pyodide-@PYODIDE_VERSION@/pyodide.mjs";
import { keptResponse, keptSnapshot } from "./snapshot-format.js";

const indexURL = new URL("../../runtime/pyodide-@PYODIDE_VERSION@/", import.meta.url).href;
const STDLIB = "@STDLIB_ZIP@";
// Unbuilt (placeholder left): the stock stdlib, compiled from source at each boot as before.
const stdLibURL = new URL(STDLIB.startsWith("@") ? "python_stdlib.zip" : STDLIB, indexURL).href;

// Optional memory snapshot (scripts/precompile.mjs): made by the build on exactly this stdlib zip and
// this wasm (Pyodide refuses another build's snapshot); format: snapshot-format.js.
const SNAPSHOT = "@SNAPSHOT@";
// The stock stdlib archive, for the modules the boot's zip leaves out (py/stdlib_on_demand.py).
const STDLIB_FULL = new URL("@STDLIB_FULL@".startsWith("@") ? "python_stdlib.zip" : "@STDLIB_FULL@", indexURL).href;
const LOCK = '@LOCK_CONTENTS@';
// The later archive (D83): the modules a first decision does not run, compiled. Fetched in the background
// once the page asks (after its first decision: web/pwa/pwa.js), or at once by the import that needs it
// sooner (py/stdlib_on_demand.py, a synchronous request).
const LATER = "@STDLIB_LATER@".startsWith("@") ? "" : new URL("@STDLIB_LATER@", indexURL).href;
const LATER_PATH = "/lib/python_later.zip";  // where stdlib_on_demand.py looks for it

export const version = pyodide.version;

// Pyodide's own JS (1.2 MB), as the build edited it (D203: its dynamic linker makes the main module's GOT
// entries only when a side module is loaded; scripts/pyodide_edits.py): pyodide.asm-<hash>.mjs, beside the
// stock pyodide.asm.mjs (which the bare benchmark page loads, and an unbuilt tree). The memory snapshot is
// made with this very file (its function pointers are its linker's table slots). loadPyodide gets its
// module factory (`createPyodideModule`) instead of importing the stock file. The worker's prelude imports
// this module as soon as the worker starts (worker-prelude.js), so the JS's download and compilation
// overlap PyScript's set-up (D106).
const ASM = "@PYODIDE_ASM@";
const asmModule = import(new URL(ASM.startsWith("@") ? "pyodide.asm.mjs" : ASM, indexURL).href);
asmModule.catch(() => {});  // (a failure is reported by the boot that awaits it)

// The compiled packages in the zip win over what PyScript writes into the cwd ("" stays on the path, last);
// the rest of the stdlib comes on demand.
const AFTER_BOOT = `import sys as _s
if '' in _s.path: _s.path.remove(''); _s.path.append('')
del _s
try:
    import stdlib_on_demand as _m
    _m.install(${JSON.stringify(STDLIB_FULL)}, ${JSON.stringify(LATER)})
    del _m
except ImportError:
    pass  # an unbuilt tree: the stock stdlib is all there`;

// Pyodide fetches pyodide.asm.wasm and compiles it (WebAssembly.instantiateStreaming) only once its own JS
// has loaded; the page has usually compiled it already (early.js). While Pyodide loads,
// its fetch of that one URL gets a stand-in, and instantiating the stand-in instantiates the page's module
// instead. Anything else passes through; without a module from the page the real download is used.
const WASM = new URL("pyodide.asm.wasm", indexURL).href;
// Boot stages for the page (worker-prelude.js's channel; boot.stages there); silent without a prelude.
const report = (/** @type {string} */ stage) => globalThis.oriflammeBootReport?.(stage);

/**
 * @template T
 * @param {Promise<WebAssembly.Module | null> | undefined} modulePromise the page's compiled wasm, if any
 * @param {() => Promise<T>} load Pyodide's loadPyodide, called while the stand-in is in place
 * @returns {Promise<T>}
 */
async function withEarlyWasm(modulePromise, load) {
  if (!modulePromise) return load();
  const realFetch = globalThis.fetch;
  const realStreaming = WebAssembly.instantiateStreaming;
  const standIn = Promise.resolve(new Response(null));
  globalThis.fetch = function (input, init) {
    return String(input) === WASM ? standIn : realFetch.call(this, input, init);
  };
  WebAssembly.instantiateStreaming = async function (source, imports) {
    if (source !== standIn) return realStreaming.call(this, source, imports);
    const module = await modulePromise;
    if (module) {
      report("wasm-from-page");
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    }
    return realStreaming.call(this, realFetch(WASM), imports);
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realStreaming;
  }
}

/**
 * Writes the later archive where Python's finder looks for it, once the page asks for it on the boot's
 * channel ({type: "later-archive"}), unless an import already needed it. Python never runs while this
 * does (one thread): the finder sees the whole file or none.
 * @param {{FS: {analyzePath(path: string): {exists: boolean}, writeFile(path: string, data: Uint8Array): void}}} py
 */
function fetchLaterWhenAsked(py) {
  const ch = globalThis.oriflammeBootParams?.ch;
  if (!LATER || !ch || typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(ch);
  channel.onmessage = async ({ data }) => {
    if (data?.type !== "later-archive") return;
    channel.close();
    if (py.FS.analyzePath(LATER_PATH).exists) return;
    try {
      const resp = await fetch(LATER);
      if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
      const bytes = new Uint8Array(await resp.arrayBuffer());
      if (!py.FS.analyzePath(LATER_PATH).exists) py.FS.writeFile(LATER_PATH, bytes);
      report("later-fetched");
    } catch (err) {
      console.warn("interpreter: the later archive could not be fetched; an import that needs it will try again", err);
      report("later-failed");
    }
  };
}

/** @typedef {Parameters<typeof pyodide.loadPyodide>[0]} LoadOptions */

/**
 * Pyodide's loadPyodide with our options added to `options` (a kept snapshot restored, else Python booted
 * from the zip).
 * @param {LoadOptions} options
 */
async function startPython(options = {}) {
  const early = globalThis.oriflammeEarly || {};  // what the page prepared (worker-prelude.js)
  const lock = LOCK.startsWith("@") ? {} : { lockFileContents: LOCK };
  const boot = (/** @type {{_loadSnapshot?: Promise<ArrayBuffer>}} */ extra) => withEarlyWasm(early.wasm, async () => pyodide.loadPyodide({
    ...options, indexURL, stdLibURL, ...lock, ...extra, createPyodideModule: (await asmModule).default }));
  const plain = async () => {
    const py = await boot({});
    py.runPython(AFTER_BOOT);
    fetchLaterWhenAsked(py);  // (a restored snapshot has the later modules already run)
    return py;
  };
  if (SNAPSHOT.startsWith("@") || !SNAPSHOT || typeof DecompressionStream !== "function") return plain();
  const url = new URL(SNAPSHOT, indexURL).href;
  // Only a snapshot an earlier visit kept (a cache lookup of a few ms); a first visit boots Python.
  if (!(await keptResponse(url).catch(() => null))) {
    report("snapshot-absent");
    return plain();
  }
  // From the page, or read here when the page could not (no runtime worker).
  const snapshot = (early.snapshot ?? Promise.resolve(null))
    .then((bytes) => (bytes ? (report("snapshot-from-page"), bytes) : keptSnapshot(url)))
    .then((bytes) => bytes || Promise.reject(new Error("the kept snapshot is gone")));
  // Pyodide awaits it only once its own JS has loaded: a failure before that is still handled
  // (below, by booting Python), not an unhandled rejection.
  snapshot.catch(() => {});
  let py;
  try {
    py = await boot({ _loadSnapshot: snapshot });
  } catch (err) {
    console.warn("interpreter: the memory snapshot could not be restored; booting Python instead", err);
    report("snapshot-failed");
    return plain();
  }
  report("snapshot-restored");
  // The snapshot froze Python's random state: draw a fresh one (os.urandom → crypto.getRandomValues).
  // (Its str hash seed stays the build's fixed one.) New games take their seed from web/engine.js anyway.
  py.runPython(`import random as _r; _r.seed(); del _r\n${AFTER_BOOT}`);
  return py;
}

// D206: in the engine worker (the one the page hands its runtime pieces: worker-prelude.js imports this
// module as the worker starts, D106), Python's start begins as soon as this module is evaluated, not when
// PyScript's worker code calls loadPyodide: before that call it opens its package store in IndexedDB and
// reads it (10-55 ms on a visitor's fresh profile, measured; more on a loaded machine), with the worker
// otherwise idle. Until the wasm is there the early start only waits (it needs the page's compiled
// module), so it takes no CPU from the compile. PyScript's options, with our pyscript.json, are its
// output streams (and an indexURL we replace): Pyodide gets forwarders that write to them once PyScript
// calls, to the console before (tests/test_prelude_hook.py checks PyScript's call against its bundle).
/** @type {{stdout?: (text: string) => void, stderr?: (text: string) => void}} */
const streams = {};
/** @type {ReturnType<typeof startPython> | null} */
let started = null;
if (globalThis.oriflammeEarly) {
  performance.mark("oriflamme:python-start");  // (for a boot's timeline, and tests)
  started = startPython({
    stdout: (text) => (streams.stdout ?? console.log)(text),
    stderr: (text) => (streams.stderr ?? console.error)(text),
  });
  started.catch(() => {});  // (reported to PyScript, which awaits it, below)
}

/**
 * PyScript's entry point: the Python started early (above), or Pyodide's loadPyodide with our options added.
 * @param {LoadOptions} options PyScript's own
 */
export async function loadPyodide(options = {}) {
  performance.mark("oriflamme:loadPyodide");  // (for a boot's timeline, and tests: Pyodide's JS came before)
  const { stdout, stderr } = options;
  // (PyScript's indexURL, derived from this module's URL, is replaced by ours either way)
  const more = Object.entries(options)
    .filter(([key, value]) => value !== undefined && !["stdout", "stderr", "indexURL"].includes(key))
    .map(([key]) => key);
  if (started && !more.length) {
    Object.assign(streams, { stdout, stderr });
    return started;
  }
  if (started) console.warn(`interpreter: PyScript asked for ${more.join(", ")}: booting Python again with them`);
  return startPython(options);
}
