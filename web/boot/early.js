// The page's first act (docs/WEB.md): index.html loads this module `async` and first, so it runs as soon
// as it arrives, before the page has parsed its other scripts; boot.js imports this same instance (on a
// page without the tag, boot.js's import runs it).
// Over a real network every request costs a round trip, and pyodide.asm.wasm, the boot's largest
// download, was found only at the end of a chain of them: boot.js (deferred behind the page's parsing,
// and queued behind the page's other requests on HTTP/1.1's six connections), then the runtime worker,
// then the module it imported statically (measured: the line sat idle ~0.9 s of a 10 Mbit/s first visit
// before the wasm's first byte; docs/PERFORMANCE.md). So the runtime worker (runtime-worker.js) starts
// here, at once, and fetches the wasm as its first act; it also reads the memory snapshot an earlier
// visit kept. Its messages wait here until boot.js relays them to the engine worker.
// Measured and not kept: fetching the wasm on the page and transferring its body's stream to the worker
// (the chunks then pass through the page's main thread, and stall while it evaluates the UI), and
// starting the boot zip's and Pyodide's JS downloads here too (over HTTP/1.1 they hold connections the
// page's modules and the engine worker's own chain wait for; the wasm alone keeps the line busy).
// The @...@ placeholders are filled in by scripts/build.py and scripts/precompile.py.

const RUNTIME = new URL("../../runtime/pyodide-@PYODIDE_VERSION@/", import.meta.url);
const SNAPSHOT = "@SNAPSHOT@";
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

/** @returns {EarlyRuntime | null} */
function startRuntimeWorker() {
  if (typeof MessageChannel !== "function") return null;  // boot.js could not relay the pieces
  /** @type {RuntimeJob} */
  const job = {};
  const snapshot = snapshotURL();
  if (snapshot && typeof DecompressionStream === "function") job.snapshot = snapshot;
  if (typeof WebAssembly?.compileStreaming === "function") job.wasm = new URL("pyodide.asm.wasm", RUNTIME).href;
  const pieces = /** @type {RuntimePiece[]} */ (Object.keys(job));
  if (!pieces.length) return null;
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
    worker.postMessage(job);
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
