// Prepares the runtime's two big pieces off the page's main thread (see early.js): the page starts this
// worker as its first act, long before PyScript creates the engine worker.
// Message in: {wasm: url of pyodide.asm.wasm, packed: url of the same wasm compressed with zstd, decoder: url
// of the zstd decoder module, packedFirst: whether to try that file first (early.js), keep: the Cache Storage
// cache that keeps the plain wasm, snapshot: url of the gzip'd memory snapshot, format: url of
// snapshot-format.js} (absolute URLs: built, this code runs from a blob: URL, D131; an unbuilt tree sends
// no packed/decoder).
// Messages out, one per piece as it is ready: {wasm: WebAssembly.Module (compiled)}, {snapshot: ArrayBuffer
// (the memory image, transferred)}, {absent: "snapshot"} (no earlier visit kept it: the first visit boots
// without it, never downloading it first), or {failed: "wasm" | "snapshot", error}. Then it closes.
// The wasm is this worker's own download (D130), its 9.6 MB never pass the page's thread. It comes, first
// found first (D200, D201):
// - the copy an earlier visit kept (Cache Storage, inflated: a return visit decodes nothing), looked for
//   only when job.packedFirst (D221);
// - from a remote host or the service worker (job.packedFirst), the zstd file inflated while it streams
//   in (2.9 MB on the wire instead of 3.5 MB of gzip; V8 compiles the plain bytes as the decoder yields
//   them);
// - else, or when that file fails (missing, corrupt, a decoder that will not load), the plain file; the
//   compressed one again if the plain one cannot be had (offline: the service worker holds only that).
// Whatever it compiled, it keeps for the next visits.
// Closing drops Chromium's write of the compiled code to the visitor's code cache (D160: staying open was
// tried and not kept).

/** The wasm's write to Cache Storage, once the module is posted (the worker waits for it). */
let keeping = Promise.resolve();

/** @param {Response | Promise<Response>} source */
const compile = (source) => WebAssembly.compileStreaming(source);

/**
 * The wasm compiled from the zstd file as it streams in and is inflated, with the plain bytes (to keep).
 * A failure (missing, corrupt, cut short, no decoder) throws.
 * @param {RuntimeJob} job
 * @returns {Promise<{module: WebAssembly.Module, chunks: Uint8Array<ArrayBuffer>[]}>}
 */
async function compilePacked(job) {
  const [res, { Decompress }] = await Promise.all([
    fetch(/** @type {string} */ (job.packed)), import(/** @type {string} */ (job.decoder))]);
  if (!res.ok || !res.body) throw new Error(`${job.packed}: ${res.status}`);
  const reader = res.body.getReader();
  /** @type {Uint8Array<ArrayBuffer>[]} */
  const chunks = [];
  const body = new ReadableStream({
    async start(out) {
      const decoder = new Decompress((/** @type {Uint8Array<ArrayBuffer>} */ chunk) => {
        if (!chunk.length) return;
        chunks.push(chunk);
        out.enqueue(chunk);
      });
      for (let part = await reader.read(); !part.done; part = await reader.read()) decoder.push(part.value);
      decoder.push(new Uint8Array(0), true); // throws on a truncated stream
      out.close();
    },
  });
  const module = await compile(new Response(body, { headers: { "Content-Type": "application/wasm" } }));
  return { module, chunks };
}

/**
 * The compiled wasm, from the first source that works (see the top of this file).
 * @param {RuntimeJob} job
 * @returns {Promise<WebAssembly.Module>}
 */
async function compileWasm(job) {
  const url = /** @type {string} */ (job.wasm);
  const storage = job.keep && typeof caches !== "undefined" ? job.keep : null;
  // A kept copy is looked for only for a page from another machine or from the service worker
  // (job.packedFirst): from this machine a first visit would wait for its profile's first Cache Storage
  // access before asking for the wasm (D221), and its HTTP cache serves a later visit from here anyway.
  const kept = storage && job.packedFirst ? await caches.open(storage).catch(() => null) : null;
  const hit = kept ? await kept.match(url).catch(() => undefined) : undefined;
  if (hit) {
    try {
      return await compile(hit);
    } catch { /* a damaged copy: download it again */ }
  }
  /** @param {Blob | Response} bytes the plain wasm */
  const keepLater = (bytes) => {
    if (!storage) return;
    keeping = (kept ? Promise.resolve(kept) : caches.open(storage)).then((cache) => keep(cache, url, bytes))
      .catch(() => { /* not kept: the next visit downloads it again */ });
  };
  const packed = job.packed && job.decoder;
  if (packed && job.packedFirst) {
    try {
      const done = await compilePacked(job);
      keepLater(new Blob(done.chunks));
      return done.module;
    } catch (err) {
      console.warn("runtime: the compressed wasm failed, downloading the plain one", err);
    }
  }
  try {
    const res = await fetch(url);
    const copy = storage && res.ok ? res.clone() : null;
    const module = await compile(res);
    if (copy) keepLater(copy);
    return module;
  } catch (err) {
    // Offline, the service worker holds the compressed file only (scripts/build_sw.mjs).
    if (!packed || job.packedFirst) throw err;
    const done = await compilePacked(job);
    keepLater(new Blob(done.chunks));
    return done.module;
  }
}

/**
 * Keep the wasm's plain bytes for the next visits (an older Pyodide's are dropped).
 * @param {Cache} cache
 * @param {string} url
 * @param {Blob | Response} bytes (a response only when it was ok)
 */
async function keep(cache, url, bytes) {
  for (const old of await cache.keys()) if (old.url !== url) await cache.delete(old);
  await cache.put(url, bytes instanceof Response ? bytes
    : new Response(bytes, { headers: { "Content-Type": "application/wasm" } }));
}

addEventListener("message", async ({ data }) => {
  /** @type {RuntimeJob} */
  const job = data;
  const jobs = [];
  if (job.wasm) {
    jobs.push(compileWasm(job).then(
      (module) => postMessage({ wasm: module }),
      (err) => postMessage({ failed: "wasm", error: String(err?.message || err) })));
  }
  if (job.snapshot) {
    const url = job.snapshot;
    jobs.push(import(job.format || "./snapshot-format.js").then(({ keptSnapshot }) => keptSnapshot(url)).then(
      (buffer) => (buffer ? postMessage({ snapshot: buffer }, [buffer]) : postMessage({ absent: "snapshot" })),
      (err) => postMessage({ failed: "snapshot", error: String(err?.message || err) })));
  }
  await Promise.all(jobs);
  await keeping;
  close();
});
