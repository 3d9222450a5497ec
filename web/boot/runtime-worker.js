// Prepares the runtime's two big pieces off the page's main thread (see early.js): the page starts this
// worker as its first act, long before PyScript creates the engine worker.
// Message in: {wasm: url of pyodide.asm.wasm, snapshot: url of the gzip'd memory snapshot}; then, if this
// worker asked for it ({wasmBody: true} out), the wasm's body from the page: {wasmBody: ReadableStream}, or,
// where the page cannot transfer a stream, {wasmChunk: Uint8Array} for each chunk and {wasmChunk: null} at
// the end; {wasmError} if the page could not get it.
// Messages out, one per piece as it is ready: {wasm: WebAssembly.Module (compiled)}, {snapshot: ArrayBuffer
// (the memory image, transferred)}, {absent: "snapshot"} (no earlier visit kept it: the first visit boots
// without it, never downloading it first), or {failed: "wasm" | "snapshot", error}. Then it closes.

/** @type {(body: ReadableStream<Uint8Array>) => void} */
let gotBody = () => {};
/** @type {(err: Error) => void} */
let noBody = () => {};
const body = new Promise((resolve, reject) => { gotBody = resolve; noBody = reject; });
/** @type {ReadableStreamDefaultController<Uint8Array> | null} */
let chunks = null;  // the body the page passes on chunk by chunk

/** @param {Uint8Array | null} chunk the page's next chunk of the body; null: the end */
function takeChunk(chunk) {
  if (!chunks) gotBody(new ReadableStream({ start(controller) { chunks = controller; } }));
  if (chunk) chunks?.enqueue(chunk);
  else chunks?.close();
}

/**
 * The wasm compiled as it streams in. A copy in the HTTP cache (a visit after the first, with a disk
 * cache) is read here, so that the browser's code cache for it applies. Otherwise the page hands over
 * index.html's preload as it arrives: a fetch of its own here would download it a second time wherever
 * the preload is not in the HTTP cache yet (it may still be arriving, or never be kept there).
 * @param {string} url
 */
async function compileWasm(url) {
  const cached = await fetch(url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
  if (cached?.ok) return WebAssembly.compileStreaming(cached);
  postMessage({ wasmBody: true });
  return WebAssembly.compileStreaming(new Response(await body, { headers: { "Content-Type": "application/wasm" } }));
}

addEventListener("message", async ({ data }) => {
  if (data?.wasmBody) return gotBody(data.wasmBody);
  if (data && "wasmChunk" in data) return takeChunk(data.wasmChunk);
  if (data?.wasmError) return noBody(new Error(data.wasmError));
  /** @type {RuntimeJob} */
  const job = data;
  const jobs = [];
  if (job.wasm) {
    jobs.push(compileWasm(job.wasm).then(
      (module) => postMessage({ wasm: module }),
      (err) => postMessage({ failed: "wasm", error: String(err?.message || err) })));
  }
  if (job.snapshot) {
    const url = job.snapshot;
    jobs.push(import("./snapshot-format.js").then(({ keptSnapshot }) => keptSnapshot(url)).then(
      (buffer) => (buffer ? postMessage({ snapshot: buffer }, [buffer]) : postMessage({ absent: "snapshot" })),
      (err) => postMessage({ failed: "snapshot", error: String(err?.message || err) })));
  }
  await Promise.all(jobs);
  close();
});
