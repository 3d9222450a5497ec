// The page's first act (docs/WEB.md): index.html loads this module `async` and first, so it runs as soon
// as it arrives, before the page has parsed its other scripts; boot.js imports this same instance (on a
// page without the tag, boot.js's import runs it).
// Over a real network every request costs a round trip, and the boot's big downloads were found only at
// the end of chains of them: pyodide.asm.wasm once boot.js, the runtime worker and its import had loaded;
// the boot's zip and pyodide.asm.mjs once PyScript, its worker, interpreter.js and Pyodide's own JS had
// (measured: the line sat idle ~0.9 s of a 10 Mbit/s first visit; docs/PERFORMANCE.md). So the runtime
// worker (runtime-worker.js) starts here, at once: it compiles the wasm and reads the memory snapshot an
// earlier visit kept (its messages wait here until boot.js relays them to the engine worker). On a visit
// the service worker does not answer (a first visit), the downloads start here, on the page, without
// waiting for a worker to start (~100-300 ms on a busy phone):
// - the wasm, whose body streams to the runtime worker (a transferred ReadableStream), compiled there
//   as it arrives;
// - the engine worker's other runtime files, read only into the HTTP cache, where Pyodide's own
//   requests for the same immutable URLs find them, even while they are still arriving.
// (Not as <link rel=preload>: on every later visit those would be read again from the service worker's
// cache, and they are warned about as unused, since the page itself never uses them.) Where streams
// cannot be transferred (older Safari), the runtime worker fetches the wasm itself.
// The @...@ placeholders are filled in by scripts/build.py and scripts/precompile.py.

const RUNTIME = new URL("../../runtime/pyodide-@PYODIDE_VERSION@/", import.meta.url);
const SNAPSHOT = "@SNAPSHOT@";
const WASM = "pyodide.asm.wasm";
/** Sizes in bytes of what the engine worker downloads on boot (file names in RUNTIME). */
export const RUNTIME_SIZES = /** @type {Record<string, number>} */ (
  JSON.parse('@RUNTIME_SIZES@'.startsWith("@") ? "{}" : '@RUNTIME_SIZES@'));

/** The URL of this build's memory snapshot, or null (an unbuilt tree, or a build without one). */
export function snapshotURL() {
  return !SNAPSHOT.startsWith("@") && SNAPSHOT ? new URL(SNAPSHOT, RUNTIME).href : null;
}

/**
 * @typedef {object} EarlyRuntime
 * @property {RuntimePiece[]} pieces the pieces the runtime worker prepares
 * @property {(listener: (data: RuntimeMessage) => void) => void} listen receives its messages, those
 *   that came before first (a worker that failed to load answers {failed} for each piece)
 */

/** Whether this browser can transfer a ReadableStream to a worker. */
function streamsTransfer() {
  try {
    const stream = new ReadableStream();
    structuredClone(stream, { transfer: [stream] });
    return true;
  } catch {
    return false;
  }
}

/** @returns {EarlyRuntime | null} */
function startRuntimeWorker() {
  if (typeof MessageChannel !== "function") return null;  // boot.js could not relay the pieces
  /** @type {RuntimeJob} */
  const job = {};
  const snapshot = snapshotURL();
  if (snapshot && typeof DecompressionStream === "function") job.snapshot = snapshot;
  if (typeof WebAssembly?.compileStreaming === "function") job.wasm = new URL(WASM, RUNTIME).href;
  const pieces = /** @type {RuntimePiece[]} */ (Object.keys(job));
  if (!pieces.length) return null;
  const firstVisit = !globalThis.navigator?.serviceWorker?.controller;
  const wasm = firstVisit && job.wasm && streamsTransfer() ? fetch(job.wasm) : null;
  if (firstVisit) {
    for (const name of Object.keys(RUNTIME_SIZES).filter((n) => n !== WASM)) {
      fetch(new URL(name, RUNTIME)).then((r) => r.body?.pipeTo(new WritableStream())).catch(() => {});  // best effort
    }
  }
  /** @type {RuntimeMessage[]} */
  const waiting = [];
  /** @type {((data: RuntimeMessage) => void) | null} */
  let listener = null;
  const deliver = (/** @type {RuntimeMessage} */ data) => (listener ? listener(data) : waiting.push(data));
  const failAll = (/** @type {unknown} */ error) => {
    for (const piece of pieces) deliver({ failed: piece, error: String(error) });
  };
  try {
    const worker = new Worker(new URL("./runtime-worker.js", import.meta.url), { type: "module", name: "runtime" });
    worker.onmessage = ({ data }) => deliver(data);
    worker.onerror = (event) => { event.preventDefault(); failAll(event.message || "runtime worker failed"); };
    if (wasm) {  // the job once the wasm's headers are in, with its body; else the worker fetches it
      wasm.then((r) => {
        if (!r.ok || !r.body) throw new Error(`pyodide.asm.wasm: ${r.status}`);
        worker.postMessage({ ...job, wasmBody: r.body }, [r.body]);
      }).catch(() => worker.postMessage(job));
    } else {
      worker.postMessage(job);
    }
  } catch (err) {
    failAll(err instanceof Error ? err.message : err);
  }
  return {
    pieces,
    listen(fn) {
      listener = fn;
      for (const data of waiting.splice(0)) fn(data);
    },
  };
}

export const runtime = startRuntimeWorker();
