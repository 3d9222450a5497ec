// The service worker (source). scripts/build_sw.mjs copies it to dist/sw.js with workbox-build's
// injectManifest, which replaces the manifest placeholder below by the list of every file of the build and a
// revision (content hash) for each: the precache list is generated from dist/ at build time.
// - install: every file into one cache named after this build (files whose URL and revision did not
//   change are copied from the previous build's cache instead of downloaded again);
// - activate: drop older builds' caches, take control of open pages;
// - fetch: same-origin GETs from the cache first (query strings ignored: ?embed=1, ?lang=…), every page
//   navigation answered with the game's index.html; anything else goes to the network as usual;
// - a new build waits until the page asks for it ({type: "SKIP_WAITING"}), then the page reloads.
// This file runs as the service worker: its global scope is a ServiceWorkerGlobalScope.
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const ENTRIES = self.__WB_MANIFEST;
const PREFIX = "oriflamme-precache-";

/** @param {string} text */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

const VERSION = fnv1a(JSON.stringify(ENTRIES));
const CACHE = PREFIX + VERSION;
const SCOPE = sw.registration.scope;
const INDEX = new URL("index.html", SCOPE).href;
/** @type {Map<string, string>} absolute URL without query → cache key (the URL plus its revision) */
const KEYS = new Map();
for (const e of ENTRIES) {
  const url = new URL(e.url, SCOPE).href;
  KEYS.set(url, e.revision ? `${url}?__rev=${e.revision}` : url);
}

async function precache() {
  const cache = await caches.open(CACHE);
  /** @type {Cache[]} */
  const olds = [];
  for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) olds.push(await caches.open(name));
  const todo = [...KEYS.entries()];
  /** @type {string[]} */
  const fetched = [];
  const worker = async () => {
    for (let next = todo.shift(); next; next = todo.shift()) {
      const [url, key] = next;
      if (await cache.match(key)) continue;
      let resp = null;
      for (const old of olds) {
        resp = await old.match(key);
        if (resp) break;
      }
      if (!resp) {
        // Versioned files (no revision: their URL is their version) may come from the HTTP cache the
        // boot just filled — no second download; every other file is revalidated with the server.
        const cache = key === url ? "default" : "no-cache";
        resp = await fetch(new Request(url, { cache, credentials: "same-origin" }));
        if (!resp.ok) throw new Error(`precache: ${url} answered ${resp.status}`);
        fetched.push(url);
      }
      await cache.put(key, resp);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return report(fetched);
}

// What the precache cost: files, their bytes, and the bytes that really came over the network (Resource
// Timing's transferSize: 0 for a file the boot had just put in the HTTP cache). Told to the pages
// (web/pwa/pwa.js keeps it in pwa.precache) and to the console.
/** @param {string[]} fetched */
async function report(fetched) {
  const entries = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"));
  const timing = new Map(entries.map((e) => [e.name, e]));
  let bytes = 0;
  let transferred = 0;
  for (const url of fetched) {
    const e = timing.get(url);
    bytes += e ? e.decodedBodySize : 0;
    transferred += e ? e.transferSize : 0;
  }
  const msg = { type: "PRECACHED", files: fetched.length, bytes, transferred };
  console.info(`service worker: precached ${fetched.length} files, ${bytes} bytes (${transferred} over the network)`);
  for (const client of await sw.clients.matchAll({ includeUncontrolled: true })) client.postMessage(msg);
}

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") sw.skipWaiting();
  else if (type === "GET_VERSION" && event.ports && event.ports[0]) event.ports[0].postMessage({ version: VERSION });
});

/**
 * The precache key that answers `request`, or null (the network answers).
 * @param {Request} request
 */
function keyFor(request) {
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return null;
  url.search = "";
  url.hash = "";
  const key = KEYS.get(url.href);
  if (key) return key;
  if (request.mode === "navigate" && url.href.startsWith(SCOPE) && !url.pathname.includes("/bench/")) return KEYS.get(INDEX) || null;
  return null;
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = keyFor(request);
  if (!key) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (hit) return hit;
    return fetch(request);
  })());
});
