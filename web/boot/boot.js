// Loader (docs/WEB.md). index.html loads this module BEFORE anything else of PyScript:
//   <script type="module" src="./web/boot/boot.js"></script>
//   <script type="py" worker name="engine" src="./py/engine_worker.py" config="./pyscript.json"></script>
// It (1) probes IndexedDB: where the browser denies storage (a cross-site iframe), PyScript's start-up
// would wait forever on its IndexedDB store, so an in-memory IndexedDB (fake-indexeddb, bundled) is
// installed here and in every module worker; (2) wraps globalThis.Worker so each module worker first
// imports worker-prelude.js (the polyfill when needed, and boot-progress reports); (3) then loads
// PyScript's core.js, which keeps its own reference to Worker — hence the order.
// The @...@ placeholders are filled in by scripts/build.py.

const here = import.meta.url;
const CORE_URL = new URL("../../runtime/pyscript-@PYSCRIPT_VERSION@/core.js", here).href;
const FAKE_IDB_URL = new URL("./fake-indexeddb.js", here).href;
const PRELUDE_URL = new URL("./worker-prelude.js", here).href;

/** Sizes in bytes of what the worker downloads on boot (for the progress bar). */
export const RUNTIME_SIZES = JSON.parse('@RUNTIME_SIZES@'.startsWith("@") ? "{}" : '@RUNTIME_SIZES@');

const channelName = "oriflamme-boot-" + Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");

/** Shared boot state; web/engine.js imports it (same module instance). */
export const boot = {
  channelName,
  channel: typeof BroadcastChannel === "function" ? new BroadcastChannel(channelName) : null,
  storage: null,         // true: real IndexedDB works; false: in-memory fallback installed
  fakeIndexedDB: false,
  started: performance.now(),
  core: null,            // Promise of PyScript's core.js module
  error: null,
};

/** Resolves true when indexedDB.open works here, false when it throws or fails. */
export function probeIndexedDB(timeoutMs = 2000) {
  return new Promise((resolve) => {
    let done = false;
    const finish = (ok) => { if (!done) { done = true; clearTimeout(timer); resolve(ok); } };
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

function wrapWorker(withFakeIDB) {
  const NativeWorker = globalThis.Worker;
  if (!NativeWorker || NativeWorker.__oriflamme) return;
  const prelude = `${PRELUDE_URL}?ch=${encodeURIComponent(channelName)}${withFakeIDB ? "&idb=1" : ""}`;
  class PreludeWorker extends NativeWorker {
    constructor(url, options) {
      if (options && options.type === "module") {
        const target = new URL(String(url), location.href).href;
        const src = `import ${JSON.stringify(prelude)};\nimport ${JSON.stringify(target)};\n`;
        url = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
      }
      super(url, options);
    }
  }
  Object.defineProperty(PreludeWorker, "__oriflamme", { value: true });
  globalThis.Worker = PreludeWorker;
}

async function start() {
  const ok = await probeIndexedDB();
  boot.storage = ok;
  if (!ok) {
    await import(FAKE_IDB_URL);   // installs globalThis.indexedDB (in memory) on this page
    boot.fakeIndexedDB = true;
  }
  wrapWorker(!ok);
  return import(CORE_URL);
}

boot.core = start().catch((err) => {
  boot.error = err;
  console.warn("boot: PyScript failed to load", err);
  throw err;
});
