// The page's first act (docs/WEB.md): index.html loads this module `async` and first, so it runs as soon
// as it arrives, before the page has parsed its other scripts; boot.js imports this same instance (on a
// page without the tag, boot.js's import runs it).
// Over a real network every request costs a round trip, and pyodide.asm.wasm, the boot's largest
// download, was found only at the end of a chain of them. index.html preloads it with its first requests
// (D108: the build writes the <link rel="preload"> before this script's tag), so the line never sits
// idle before its first byte. The runtime worker this module starts (runtime-worker.js) compiles it as
// it streams in, off the page's main thread (D113): from the HTTP cache when it is there already, else
// from the preload's body, which this page's fetch() takes and transfers to the worker as a stream.
// Compiling it here instead, on the page (D108 as it first landed), put V8's streaming decoder and the
// module's end on the page's main thread: 60-260 ms tasks during the boot, cold and warm, the longest
// freezes of the boot. Measured and not kept: the worker's own fetch() taking the preload (Chromium
// joins the two only while both are in flight: on a fast line, or in a private window whose memory
// cache keeps no file this large, the wasm was downloaded twice); the page reading the whole body and
// transferring the bytes (a 90-130 ms task on the page, and the compile no longer overlaps the download).
// The runtime worker also reads the memory snapshot an earlier visit kept. Its messages wait here until
// boot.js relays them to the engine worker.
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
 * @property {RuntimePiece[]} pieces the pieces the runtime worker prepares (the wasm, the snapshot)
 * @property {(listener: (data: RuntimeMessage) => void) => void} listen receives its messages, those
 *   that came before first (a worker that failed to load answers {failed} for each piece)
 */

/**
 * The runtime worker found no copy of the wasm in the HTTP cache (a first visit; any visit in a private
 * window, whose memory cache does not keep a file this large): this page's fetch() takes index.html's
 * preload (a browser's preload cache serves the page, not a worker) and hands the worker its body as it
 * streams in: the page's thread only passes the chunks on. Where a stream cannot be transferred (older
 * WebKit), the page passes each chunk on itself: the worker still compiles, and still answers (it waits
 * for this body, so every outcome here ends in a message to it, a failure too).
 * @param {Worker} worker
 * @param {string} url
 */
function sendWasmBody(worker, url) {
  fetch(url).then(async (response) => {
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    try {
      worker.postMessage({ wasmBody: response.body }, [response.body]);
      return;
    } catch { /* this browser cannot transfer a stream */ }
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      worker.postMessage({ wasmChunk: chunk.value }, [chunk.value.buffer]);
    }
    worker.postMessage({ wasmChunk: null });  // the end
  }).catch((err) => worker.postMessage({ wasmError: String(err?.message || err) }));
}

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
  if (wasm) job.wasm = wasm;
  try {
    const worker = new Worker(new URL("./runtime-worker.js", import.meta.url), { type: "module", name: "runtime" });
    worker.onmessage = ({ data }) => (data.wasmBody && wasm ? sendWasmBody(worker, wasm) : deliver(data));
    worker.onerror = (event) => {
      event.preventDefault();
      for (const piece of pieces) deliver({ failed: piece, error: event.message || "runtime worker failed" });
    };
    worker.postMessage(job);
  } catch (err) {
    for (const piece of pieces) deliver({ failed: piece, error: String(err instanceof Error ? err.message : err) });
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
