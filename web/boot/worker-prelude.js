// Imported first by every module worker (see boot.js), right after a module that sets
// globalThis.oriflammeBootParams = {ch: <BroadcastChannel name>, idb: bool, early: ["snapshot", "wasm"]}.
// - idb: the page has no usable IndexedDB (cross-site iframe): install the in-memory polyfill here
//   too, before PyScript's worker code opens its store.
// - early: the page posts this worker a MessagePort on which the runtime pieces it prepares arrive (boot.js,
//   runtime-worker.js): globalThis.oriflammeEarly = {snapshot, wasm} are then promises of the inflated
//   snapshot's bytes and of the compiled WebAssembly.Module (null for a piece the page could not
//   prepare, or a snapshot no earlier visit kept), which web/boot/interpreter.js hands to Pyodide.
// - Reports boot progress to the page on the BroadcastChannel: which runtime files finished
//   downloading (Resource Timing), and lets Python report its own stages via oriflammeBootReport().
// - Skips PyScript's rewriting of its own `pyscript` package: see skipPackageWrite below.
const params = globalThis.oriflammeBootParams || {};

// The engine worker's (the one given the runtime's pieces): our interpreter module and Pyodide's JS start
// downloading and compiling now, while PyScript's worker code sets itself up (D106); Python's start begins
// as soon as the interpreter module is evaluated (D206). Pyodide's JS (1.2 MB, as the build edited it: see
// interpreter.js) is asked for here too, beside the interpreter module rather than once that module and its
// own imports have arrived and run (D208): the same URL, so one request and one module for both.
const ASM = "@PYODIDE_ASM@";
if (params.early?.length) {
  import("./interpreter.js").catch(() => {});  // (PyScript's import reports errors)
  const runtime = new URL("../../runtime/pyodide-@PYODIDE_VERSION@/", import.meta.url);
  import(new URL(ASM.startsWith("@") ? "pyodide.asm.mjs" : ASM, runtime).href).catch(() => {});  // (interpreter.js's too)
}

// PyScript 0.7 prefixes the worker's first Python run with a block that writes every source file of its
// `pyscript` package into the cwd (pathlib, ~50 KB of string literals that CPython must first parse and
// compile: ~150–250 ms of a boot), then imports the package. Our stdlib zip carries that very package,
// compiled (scripts/precompile.py checks the sources against PyScript's bundle byte for byte), ahead of
// the cwd on sys.path (interpreter.js), so the block only costs time: drop it, the import too (D105).
// Importing `pyscript` in a worker asks the page's main thread, synchronously, for its window, its
// document and a function it builds (pyscript/context.py): each round trip waits until the page's thread
// is free, ~0.3–0.5 s of a cold boot (measured), for names the engine never uses. The package stays in the
// zip: code that imports it still gets it, then.
// The block is recognised exactly; anything else (another PyScript) is left as it is.
const WRITE_START = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";
const WRITE_END = "import pyscript as _pyscript\ndel _Path\ndel _path\ndel _os\ndel _pyscript\n";
/** @param {unknown} code @returns {unknown} */
function skipPackageWrite(code) {
  if (typeof code !== "string" || !code.startsWith(WRITE_START)) return code;
  const end = code.indexOf(WRITE_END);
  if (end < 0) return code;
  return code.slice(end + WRITE_END.length);
}
addEventListener("message", (event) => {  // registered before PyScript's own listener: it runs first
  const hooks = event.data?.hooks;
  if (!hooks || typeof hooks !== "object") return;
  let skipped = false;
  for (const key of ["codeBeforeRun", "codeBeforeRunAsync"]) {
    if (!(key in hooks)) continue;
    const code = skipPackageWrite(hooks[key]);
    skipped ||= code !== hooks[key];
    hooks[key] = code;
  }
  if (skipped) globalThis.oriflammeBootReport?.("pyscript-package-from-zip");
});

// PyScript's worker code forwards each of its progress events ("Loading interpreter", "Loaded Pyodide"…) to
// the page's window: a CustomEvent built and dispatched there through synchronous round trips to the
// page's main thread (~4 each, each waiting until that thread is free), several during the boot, for
// events nothing on our page listens to (boot.js has its own stages). Ours is registered first: it stops
// them in the worker (D120).
addEventListener("py:progress", (event) => event.stopImmediatePropagation());

const early = params.early ?? [];
if (early.length) {
  // Promises of the runtime pieces the page prepares (null when it could not: Pyodide then fetches them).
  /** @type {Map<RuntimePiece, (value: ArrayBuffer | WebAssembly.Module | null) => void>} */
  const resolvers = new Map();
  /** @type {Record<string, Promise<any>>} */
  const promises = {};
  for (const piece of early) promises[piece] = new Promise((resolve) => { resolvers.set(piece, resolve); });
  globalThis.oriflammeEarly = promises;
  const take = (/** @type {MessageEvent} */ event) => {
    const port = event.data?.oriflammeRuntimePort;
    if (!port) return;
    event.stopImmediatePropagation();  // ours, not PyScript's
    removeEventListener("message", take);
    port.onmessage = (/** @type {MessageEvent<RuntimeMessage>} */ { data }) => {
      if (data.failed) console.warn(`boot: the page could not prepare the ${data.failed}: ${data.error}`);
      for (const piece of early) {
        if (piece in data) resolvers.get(piece)?.(data[piece] ?? null);
        if (data.failed === piece || data.absent === piece) resolvers.get(piece)?.(null);
      }
    };
  };
  addEventListener("message", take);  // registered before PyScript's worker code: it runs first
}
if (params.idb) {
  await import("./fake-indexeddb.js");
}
/** @type {BroadcastChannel | null} */
let channel = null;
try {
  if (params.ch && typeof BroadcastChannel === "function") channel = new BroadcastChannel(params.ch);
} catch { channel = null; }
const post = (/** @type {BootMessage} */ msg) => { try { channel?.postMessage(msg); } catch { /* page gone */ } };

globalThis.oriflammeBootReport = (stage) => post({ type: "stage", stage: String(stage), t: performance.now() });

try {
  const seen = new Set();
  const observer = new PerformanceObserver((list) => {
    for (const e of /** @type {PerformanceResourceTiming[]} */ (list.getEntries())) {
      if (seen.has(e.name)) continue;
      seen.add(e.name);
      const file = e.name.split("?")[0].split("/").pop() ?? "";
      post({ type: "resource", file, bytes: e.decodedBodySize || 0, transfer: e.transferSize || 0, t: e.responseEnd });
    }
  });
  observer.observe({ type: "resource", buffered: true });
} catch { /* no Resource Timing in this worker: stages only */ }
post({ type: "stage", stage: "worker", t: performance.now() });
