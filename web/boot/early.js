// The page's first act (docs/WEB.md): index.html loads this module `async` and first, so it runs as soon
// as it arrives, before the page has parsed its other scripts; boot.js imports this same instance (on a
// page without the tag, boot.js's import runs it).
// Over a real network every request costs a round trip, and pyodide.asm.wasm, the boot's largest
// download, was found only at the end of a chain of them. index.html now preloads it with its first
// requests (D108: the build writes the <link rel="preload"> before this script's tag), and this module's
// fetch() takes that response, already under way, and compiles it while it streams in
// (WebAssembly.compileStreaming: V8 compiles off the main thread; the main thread only hands it the
// chunks, which it receives for the preload anyway). Before, the runtime worker this module started
// fetched it: the line then sat idle ~0.3-0.5 s of a 10 Mbit/s first visit (this script's round trip,
// the worker's script's, the worker's start) before the wasm's first byte (docs/PERFORMANCE.md).
// Measured and not kept: the preload taken by the runtime worker's own fetch (Chromium joins the two in
// its HTTP cache, but Python's start-up after it was 0.3-0.5 s slower, and a browser that does not join
// them would download the wasm twice); transferring the fetched body's stream to a worker (its chunks
// pass through the page's script and stall while it evaluates the UI).
// The runtime worker (runtime-worker.js) still reads the memory snapshot an earlier visit kept, off the
// page's thread; its messages, like the compiled wasm, wait here until boot.js relays them to the engine
// worker.
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
 * @property {RuntimePiece[]} pieces the pieces prepared here (the wasm) or by the runtime worker (the
 *   snapshot)
 * @property {(listener: (data: RuntimeMessage) => void) => void} listen receives its messages, those
 *   that came before first (a worker that failed to load answers {failed} for each piece)
 */

/** @returns {EarlyRuntime | null} */
function startRuntime() {
  if (typeof MessageChannel !== "function") return null;  // boot.js could not relay the pieces
  /** @type {RuntimeJob} */
  const job = {};
  const snapshot = snapshotURL();
  if (snapshot && typeof DecompressionStream === "function") job.snapshot = snapshot;
  const wasm = typeof WebAssembly?.compileStreaming === "function" ? new URL("pyodide.asm.wasm", RUNTIME).href : null;
  /** @type {RuntimePiece[]} */
  const pieces = [];
  if (wasm) pieces.push("wasm");
  if (job.snapshot) pieces.push("snapshot");
  if (!pieces.length) return null;
  /** @type {RuntimeMessage[]} */
  const waiting = [];
  /** @type {((data: RuntimeMessage) => void) | null} */
  let listener = null;
  const deliver = (/** @type {RuntimeMessage} */ data) => (listener ? listener(data) : waiting.push(data));
  if (wasm) {  // index.html's preload: this fetch takes that response, already under way
    WebAssembly.compileStreaming(fetch(wasm)).then(
      (module) => deliver({ wasm: module }),
      (err) => deliver({ failed: "wasm", error: String(err?.message || err) }));
  }
  if (job.snapshot) {
    try {
      const worker = new Worker(new URL("./runtime-worker.js", import.meta.url), { type: "module", name: "runtime" });
      worker.onmessage = ({ data }) => deliver(data);
      worker.onerror = (event) => { event.preventDefault(); deliver({ failed: "snapshot", error: event.message || "runtime worker failed" }); };
      worker.postMessage(job);
    } catch (err) {
      deliver({ failed: "snapshot", error: String(err instanceof Error ? err.message : err) });
    }
  }
  return {
    pieces,
    listen(fn) {
      listener = fn;
      for (const data of waiting.splice(0)) fn(data);
    },
  };
}

export const runtime = startRuntime();
