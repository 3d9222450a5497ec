// The page's first act (docs/WEB.md): index.html loads this module `async` and first, so it runs as soon
// as it arrives, before the page has parsed its other scripts; boot.js imports this same instance (on a
// page without the tag, boot.js's import runs it).
// The runtime worker this module starts (runtime-worker.js) downloads pyodide.asm.wasm, the boot's
// largest file, and compiles it as it streams in, off the page's main thread (D113). The page never
// touches its bytes (D130): no preload of it here. A page's preload is read by the page's own loader,
// on its main thread: ~150 tasks for its 9.6 MB and a ~30 ms (CPU) task when it ends, the longest
// task the page had left during the boot, and the page had to hand the body on to the worker. Measured
// and not kept: compiling it on the page (D108 as it first landed: 60-260 ms tasks); the worker's own
// fetch() taking a page's preload (sent twice where the preload was over before the worker asked);
// the page reading the whole body and transferring the bytes (a 90-130 ms task on the page).
// The runtime worker also reads the memory snapshot an earlier visit kept. Its messages wait here until
// boot.js relays them to the engine worker.
// The @...@ placeholders are filled in by scripts/build.py and scripts/precompile.py.

const RUNTIME = new URL("../../runtime/pyodide-@PYODIDE_VERSION@/", import.meta.url);
const SNAPSHOT = "@SNAPSHOT@";
// The wasm compressed with zstd (D200; file name in RUNTIME) and its decoder (a path from this module), or
// placeholders (an unbuilt tree: the plain wasm only).
const WASM_PACKED = "@WASM_PACKED@";
const ZSTD_DECODER = "@ZSTD_DECODER@";
/** The Cache Storage cache where the runtime worker keeps the wasm it compiled, for the next visits. */
export const KEPT_WASM = "oriflamme-wasm";
// A page whose own response took at least this long to start (request → first byte) came from another
// machine: its bytes cost time on a line, and the compressed wasm is worth its decoding (D201). From this
// machine or its LAN (a few ms) bytes are free and the decoder (~0.35 s of a cold worker's CPU for 9.6 MB)
// would only add to the boot: the plain file is asked for at once.
const REMOTE_MS = 10;

/**
 * Whether the runtime worker should try the compressed wasm first: the page came from another machine
 * (see REMOTE_MS; also when the browser does not tell), or from the service worker, which holds the
 * compressed file only (a visit whose kept wasm is gone, e.g. the first after a new Pyodide).
 */
export function packedFirst() {
  if (globalThis.navigator?.serviceWorker?.controller) return true;
  const nav = /** @type {PerformanceNavigationTiming | undefined} */ (
    globalThis.performance?.getEntriesByType?.("navigation")[0]);
  if (!nav || !(nav.responseStart > 0)) return true;
  return nav.responseStart - nav.requestStart >= REMOTE_MS;
}

// The runtime worker's own code, minified (scripts/build.py, D131): started from a blob: URL, it needs no
// request of its own, so over a line the wasm's request waits for this module only. Unbuilt, its file.
const WORKER_CODE = "@RUNTIME_WORKER@";
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
 * @property {boolean} packedFirst what packedFirst() decided for this page, as the runtime worker was told
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
  if (wasm) {
    job.wasm = wasm;
    if (!WASM_PACKED.startsWith("@") && !ZSTD_DECODER.startsWith("@")) {
      job.packed = new URL(WASM_PACKED, RUNTIME).href;
      job.decoder = new URL(ZSTD_DECODER, import.meta.url).href;
      job.keep = KEPT_WASM;
      job.packedFirst = packedFirst();
    }
  }
  job.format = new URL("./snapshot-format.js", import.meta.url).href;
  try {
    const code = WORKER_CODE.startsWith("@") ? null : new Blob([WORKER_CODE], { type: "text/javascript" });
    const url = code ? URL.createObjectURL(code) : new URL("./runtime-worker.js", import.meta.url);
    const worker = new Worker(url, { type: "module", name: "runtime" });
    worker.onmessage = ({ data }) => deliver(data);
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
    packedFirst: Boolean(job.packedFirst),
    listen(fn) {
      listener = fn;
      for (const data of waiting.splice(0)) fn(data);
    },
  };
}

export const runtime = startRuntime();

// The page's localStorage (the theme, the save: web/ui/saves.js) comes from the browser in a synchronous
// request at its first use, after a synchronous check that this page may use storage: ~10-15 ms asleep in
// main.js's evaluation, when the workers and PyScript keep the browser's threads waiting (D173). Touched
// here, once the runtime worker is on its way, both are answered in the boot's first task; every later
// read is from the page's own copy. (Denied storage throws: saves.js finds that out again.)
try { void globalThis.localStorage?.length; } catch { /* denied */ }
