// Loader (docs/WEB.md). index.html loads this module BEFORE anything else of PyScript:
//   <script type="module" src="./web/boot/boot.js"></script>
//   <script type="py" worker name="engine" src="./py/engine_worker.py" config="./pyscript.json"></script>
// It (0) relays to the engine worker, once PyScript creates it, the Pyodide wasm and the memory snapshot
// the runtime worker early.js started prepares; (1) probes IndexedDB: where the browser denies
// storage (a cross-site iframe), PyScript's start-up would wait forever on its IndexedDB store, so an
// in-memory IndexedDB (fake-indexeddb, bundled) is installed here and in every module worker; (2) wraps
// globalThis.Worker so each module worker first imports worker-prelude.js (the polyfill when needed,
// boot-progress reports, the early runtime pieces); (3) then loads PyScript's core.js, which keeps its
// own reference to Worker — hence the order. Every boot stage is kept in `boot.stages`.
// The @...@ placeholders are filled in by scripts/build.py and scripts/precompile.py.

import { runtime, snapshotURL } from "./early.js";

const here = import.meta.url;
const CORE_URL = new URL("../../runtime/pyscript-@PYSCRIPT_VERSION@/core.js", here).href;
const FAKE_IDB_URL = new URL("./fake-indexeddb.js", here).href;
const PRELUDE_URL = new URL("./worker-prelude.js", here).href;

/**
 * The runtime's two big pieces, prepared by the worker early.js started (runtime-worker.js):
 * pyodide.asm.wasm (downloaded from index.html's preload and compiled) and the memory snapshot (read from
 * Cache Storage if an earlier visit kept it, and inflated). Returns {port, pieces}: the port that relays
 * them to the engine worker ({snapshot}, {wasm}, {absent} or {failed}; see worker-prelude.js) and the
 * names of the pieces coming; or null.
 * @returns {{port: MessagePort, pieces: RuntimePiece[]} | null}
 */
function startEarlyRuntime() {
  if (!runtime || !runtime.pieces.length) return null;
  const { port1, port2 } = new MessageChannel();
  // Which wasm the runtime worker tries first, as decided from this page's answer time: a stage, so that a
  // test or a curious maintainer reads the decision itself rather than working it out again.
  if (runtime.pieces.includes("wasm")) note({ type: "stage", stage: runtime.packedFirst ? "wasm-packed-first" : "wasm-plain-first" });
  // Relayed by the page (it costs nothing: the buffer is transferred, the module shared), so that a
  // worker that fails to load still answers: the engine worker then fetches the pieces itself.
  runtime.listen((data) => {
    if (data.wasm) note({ type: "resource", file: "pyodide.asm.wasm" });
    const stage = data.failed ? `${data.failed}-failed` : data.absent ? `${data.absent}-absent` : Object.keys(data)[0];
    note({ type: "stage", stage: `page-${stage}` });
    port1.postMessage(data, data.snapshot ? [data.snapshot] : []);
  });
  return { port: port2, pieces: runtime.pieces };
}

/**
 * Keeps this build's memory snapshot for the next visits (Cache Storage, snapshot-format.js KEPT) and
 * drops an older build's. Called once the player's first decision is on screen and the page is idle
 * (web/pwa/pwa.js), so the first visit never waits for its 5 MB; later boots restore it (a few
 * hundred ms faster than booting Python), offline too. Resolves true when it was downloaded and kept now
 * (false: kept already, or nothing to keep).
 */
export async function keepSnapshot() {
  const url = snapshotURL();
  if (!url) return false;
  const { keepSnapshotAt } = await import("./snapshot-format.js");  // not needed before this point
  const kept = await keepSnapshotAt(url);
  if (kept) note({ type: "stage", stage: "snapshot-kept" });
  return kept;
}

/** Sizes in bytes of what the worker downloads on boot (for the progress bar). */
export { RUNTIME_SIZES } from "./early.js";

const channelName = "oriflamme-boot-" + Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");

/**
 * Shared boot state; web/engine.js imports it (same module instance).
 * @type {{channelName: string, channel: BroadcastChannel | null, storage: boolean | null,
 *   fakeIndexedDB: boolean, started: number, core: Promise<unknown> | null, error: unknown,
 *   stages: [string, number][], bus: EventTarget | null}}
 */
export const boot = {
  channelName,
  channel: typeof BroadcastChannel === "function" ? new BroadcastChannel(channelName) : null,
  storage: null,         // true: real IndexedDB works; false: it does not (workers get the in-memory one)
  fakeIndexedDB: false,
  started: performance.now(),
  core: null,            // Promise of PyScript's core.js module
  error: null,
  // What the boot went through, page clock: [stage, ms] from the workers (worker-prelude.js,
  // interpreter.js, engine_worker.py) and from here. Tests read it; so can a curious maintainer.
  stages: [],
  bus: typeof EventTarget === "function" ? new EventTarget() : null,  // page-side boot messages
};
boot.channel?.addEventListener("message", ({ data }) => {
  if (data?.type === "stage") boot.stages.push([data.stage, Math.round(performance.now())]);
});

/**
 * A boot message from the page itself (engine.js's progress listens to boot.bus and boot.channel).
 * @param {BootMessage} data
 */
function note(data) {
  if (data.type === "stage") boot.stages.push([data.stage, Math.round(performance.now())]);
  boot.bus?.dispatchEvent(new MessageEvent("message", { data }));
}

// After `boot` exists: a worker that cannot even be created is reported at once (note()).
let early = startEarlyRuntime();  // given to the first module worker (the engine's), once

/**
 * Resolves true when indexedDB.open works here, false when it throws or fails; `onResult(ok)` is called
 * as soon as that is known — synchronously, before this returns, when open() throws outright.
 * @param {number} [timeoutMs]
 * @param {(ok: boolean) => void} [onResult]
 * @returns {Promise<boolean>}
 */
export function probeIndexedDB(timeoutMs = 2000, onResult = () => {}) {
  return new Promise((resolve) => {
    let done = false;
    const finish = (/** @type {boolean} */ ok) => { if (!done) { done = true; clearTimeout(timer); onResult(ok); resolve(ok); } };
    const timer = setTimeout(() => finish(false), timeoutMs);
    try {
      if (!globalThis.indexedDB) return finish(false);
      const req = indexedDB.open("oriflamme-probe");
      req.onsuccess = () => { try { req.result.close(); } catch { /* closed already */ } finish(true); };
      req.onerror = (event) => { event?.preventDefault?.(); finish(false); };
      req.onblocked = () => finish(true);
    } catch {
      finish(false);
    }
  });
}

function wrapWorker() {
  const NativeWorker = globalThis.Worker;
  if (!NativeWorker || "__oriflamme" in NativeWorker) return;
  const blobURL = (/** @type {string} */ text) => URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  class PreludeWorker extends NativeWorker {
    /**
     * @param {string | URL} url
     * @param {WorkerOptions} [options]
     */
    constructor(url, options) {
      const given = options && options.type === "module" ? early : null;
      if (options && options.type === "module") {
        // The prelude's parameters go in a module of their own, evaluated first: not in the prelude's
        // query string, which a service worker answering from its precache drops from import.meta.url.
        const params = { ch: channelName, idb: boot.storage === false, early: given ? given.pieces : [] };
        const head = blobURL(`globalThis.oriflammeBootParams = ${JSON.stringify(params)};\n`);
        const target = new URL(String(url), location.href).href;
        url = blobURL([head, PRELUDE_URL, target].map((u) => `import ${JSON.stringify(u)};\n`).join(""));
      }
      super(url, options);
      if (given) {
        early = null;
        this.postMessage({ oriflammeRuntimePort: given.port }, [given.port]);  // taken by worker-prelude.js
      }
    }
  }
  Object.defineProperty(PreludeWorker, "__oriflamme", { value: true });
  globalThis.Worker = PreludeWorker;
}

async function installFakeIndexedDB() {
  await import(FAKE_IDB_URL);   // installs globalThis.indexedDB (in memory) on this page
  boot.fakeIndexedDB = true;
}

async function start() {
  const probe = probeIndexedDB(2000, (ok) => { boot.storage = ok; });
  // Storage is denied in some cross-site frames, or everywhere when IndexedDB throws outright: then
  // PyScript waits for the probe and the in-memory fallback. Elsewhere it starts at once (the probe
  // settles long before PyScript creates its worker, which gets the fallback too if it failed).
  if (window.top !== window || boot.storage === false) {
    if (!(await probe)) await installFakeIndexedDB();
  } else {
    probe.then((ok) => (ok ? undefined : installFakeIndexedDB()));
  }
  wrapWorker();
  return import(CORE_URL);
}

boot.core = start().catch((err) => {
  boot.error = err;
  console.warn("boot: PyScript failed to load", err);
  throw err;
});
