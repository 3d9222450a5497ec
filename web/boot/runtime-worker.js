// Prepares the runtime's two big pieces off the page's main thread (see early.js): the page starts this
// worker as its first act, long before PyScript creates the engine worker.
// Message in: {wasm: url of pyodide.asm.wasm, packed: url of the same wasm compressed with zstd, decoder: url
// of the zstd decoder module, remote: whether the page came from another machine, keep: the Cache Storage
// cache that keeps the plain wasm, snapshot: url of the gzip'd memory snapshot, format: url of
// snapshot-format.js} (absolute URLs: built, this code runs from a blob: URL, D131; an unbuilt tree sends
// no packed/decoder).
// Messages out, one per piece as it is ready: {wasm: WebAssembly.Module (compiled)}, {snapshot: ArrayBuffer
// (the memory image, transferred)}, {absent: "snapshot"} (no earlier visit kept it: the first visit boots
// without it, never downloading it first), or {failed: "wasm" | "snapshot", error}. Then it closes.
// The wasm is this worker's own download (D130), its 9.6 MB never pass the page's thread. It comes, first
// found first (D200, D201): the copy an earlier visit kept (Cache Storage, inflated: a return visit
// decodes nothing); from a remote host (job.remote), the zstd file inflated while it streams in (2.9 MB
// on the wire instead of 3.5 MB of gzip; V8 compiles the plain bytes as they come out of the decoder),
// unless the line turns out faster than the decoder; else, or when that file fails (missing, corrupt, a
// decoder that will not load), the plain file (the compressed one again if the plain one cannot be had:
// offline, the service worker holds only that). Whatever it compiled, it keeps for the next visits.
// Closing drops Chromium's write of the compiled code to the visitor's code cache (D160: staying open was
// tried and not kept).

/** The wasm's write to Cache Storage, once the module is posted (the worker waits for it). */
let keeping = Promise.resolve();

/** @param {Response | Promise<Response>} source */
const compile = (source) => WebAssembly.compileStreaming(source);

// The worker judges the line once more while the compressed file comes (D201; the page asks for that file
// only from a remote host, early.js): it inflates the first PROBE_BYTES in slices of at most SLICE bytes (a
// read can hand over 2 MB at once) and keeps the plain bytes back from the compiler meanwhile. If its reads
// hardly waited (the decoder busy more than DECODER_BOUND of the time), the line outruns the decoder: the
// plain file, inflated by the browser's own gzip, will come sooner, and the worker switches to it.
const PROBE_BYTES = 256 * 1024;
const SLICE = 64 * 1024;
const DECODER_BOUND = 0.9;

/**
 * The wasm compiled from the zstd file as it streams in and is inflated, with the plain bytes (to keep);
 * null when `probe` and the line turned out faster than the decoder. A failure (missing, corrupt, no
 * decoder) throws.
 * @param {RuntimeJob} job
 * @param {boolean} probe
 * @returns {Promise<{module: WebAssembly.Module, chunks: Uint8Array<ArrayBuffer>[]} | null>}
 */
async function compilePacked(job, probe) {
  const abort = new AbortController();
  const [res, { Decompress }] = await Promise.all([
    fetch(/** @type {string} */ (job.packed), { signal: abort.signal }),
    import(/** @type {string} */ (job.decoder))]);
  if (!res.ok || !res.body) throw new Error(`${job.packed}: ${res.status}`);
  const reader = res.body.getReader();
  /** @type {Uint8Array<ArrayBuffer>[]} */
  const chunks = [];
  /** @type {(packed: boolean) => void} */
  let judge = () => {};
  const judged = new Promise((resolve) => { judge = resolve; });
  const body = new ReadableStream({
    async start(out) {
      let held = 0; // plain chunks not yet handed to the compiler (until the verdict)
      const decoder = new Decompress((/** @type {Uint8Array<ArrayBuffer>} */ chunk) => {
        if (!chunk.length) return;
        chunks.push(chunk);
        if (held < 0) out.enqueue(chunk);
        else held++;
      });
      let read = 0;
      let busy = 0;
      let first = 0;
      try {
        for (let part = await reader.read(); !part.done; part = await reader.read()) {
          first ||= performance.now();
          for (let at = 0; at < part.value.length; at += SLICE) {
            const now = performance.now();
            decoder.push(part.value.subarray(at, at + SLICE));
            busy += performance.now() - now;
            if (held >= 0 && (read += Math.min(SLICE, part.value.length - at)) >= PROBE_BYTES) {
              if (probe && busy > DECODER_BOUND * (performance.now() - first)) {
                judge(false);
                abort.abort();
                out.error(new Error("the line outruns the decoder"));
                return;
              }
              for (const plain of chunks) out.enqueue(plain);
              held = -1;
              judge(true);
            }
          }
        }
        decoder.push(new Uint8Array(0), true); // throws on a truncated stream
        if (held >= 0) for (const plain of chunks) out.enqueue(plain);
        judge(true);
        out.close();
      } catch (err) {
        judge(true); // (the compile below fails with it)
        throw err;
      }
    },
  });
  const compiling = compile(new Response(body, { headers: { "Content-Type": "application/wasm" } }));
  if (!(await judged)) {
    compiling.catch(() => {});
    return null;
  }
  return { module: await compiling, chunks };
}

/**
 * The compiled wasm, from the first source that works (see the top of this file).
 * @param {RuntimeJob} job
 * @returns {Promise<WebAssembly.Module>}
 */
async function compileWasm(job) {
  const url = /** @type {string} */ (job.wasm);
  const kept = job.keep && typeof caches !== "undefined" ? await caches.open(job.keep).catch(() => null) : null;
  const hit = kept ? await kept.match(url).catch(() => undefined) : undefined;
  if (hit) {
    try {
      return await compile(hit);
    } catch { /* a damaged copy: download it again */ }
  }
  const packed = job.packed && job.decoder;
  if (packed && job.remote) {
    const done = await compilePacked(job, true).catch((err) => {
      console.warn("runtime: the compressed wasm failed, downloading the plain one", err);
      return null;
    });
    if (done) {
      if (kept) keeping = keep(kept, url, new Blob(done.chunks));
      return done.module;
    }
  }
  try {
    const res = await fetch(url);
    const copy = kept && res.ok ? res.clone() : null;
    const module = await compile(res);
    if (kept && copy) keeping = keep(kept, url, await copy.blob());
    return module;
  } catch (err) {
    // Offline, the service worker holds the compressed file only (scripts/build_sw.mjs).
    if (!packed || job.remote) throw err;
    const done = /** @type {{module: WebAssembly.Module, chunks: Uint8Array<ArrayBuffer>[]}} */ (await compilePacked(job, false));
    if (kept) keeping = keep(kept, url, new Blob(done.chunks));
    return done.module;
  }
}

/**
 * Keep the wasm's plain bytes for the next visits (an older Pyodide's are dropped).
 * @param {Cache} cache
 * @param {string} url
 * @param {Blob} bytes
 */
async function keep(cache, url, bytes) {
  try {
    for (const old of await cache.keys()) if (old.url !== url) await cache.delete(old);
    await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/wasm" } }));
  } catch { /* not kept: the next visit downloads it again */ }
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
