// Imported first by every module worker (see boot.js). Query: ?ch=<BroadcastChannel name>[&idb=1].
// - idb=1: the page has no usable IndexedDB (cross-site iframe): install the in-memory polyfill here
//   too, before PyScript's worker code opens its store.
// - Reports boot progress to the page on the BroadcastChannel: which runtime files finished
//   downloading (Resource Timing), and lets Python report its own stages via oriflammeBootReport().
const params = new URL(import.meta.url).searchParams;
if (params.get("idb") === "1") {
  await import("./fake-indexeddb.js");
}
let channel = null;
try {
  if (params.get("ch") && typeof BroadcastChannel === "function") channel = new BroadcastChannel(params.get("ch"));
} catch { channel = null; }
const post = (msg) => { try { channel?.postMessage(msg); } catch { /* page gone */ } };

globalThis.oriflammeBootReport = (stage) => post({ type: "stage", stage: String(stage), t: performance.now() });

try {
  const seen = new Set();
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (seen.has(e.name)) continue;
      seen.add(e.name);
      const file = e.name.split("?")[0].split("/").pop();
      post({ type: "resource", file, bytes: e.decodedBodySize || 0, transfer: e.transferSize || 0, t: e.responseEnd });
    }
  });
  observer.observe({ type: "resource", buffered: true });
} catch { /* no Resource Timing in this worker: stages only */ }
post({ type: "stage", stage: "worker", t: performance.now() });
