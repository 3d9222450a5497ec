// Prepares the runtime's two big pieces off the page's main thread (see early.js): the page starts this
// worker as its first act, long before PyScript creates the engine worker.
// Message in: {wasm: url of pyodide.asm.wasm, snapshot: url of the gzip'd memory snapshot, format: url of
// snapshot-format.js} (absolute URLs: built, this code runs from a blob: URL, D131).
// Messages out, one per piece as it is ready: {wasm: WebAssembly.Module (compiled)}, {snapshot: ArrayBuffer
// (the memory image, transferred)}, {absent: "snapshot"} (no earlier visit kept it: the first visit boots
// without it, never downloading it first), or {failed: "wasm" | "snapshot", error}. Then it closes.
// The wasm is this worker's own download (D130): its fetch goes through the HTTP cache (a later visit
// reads it there), and its 9.6 MB never pass the page's thread. Closing drops Chromium's write of the
// compiled code to the visitor's code cache, which goes through this context seconds later: a later visit
// compiles the wasm again. Staying open to let it write was tried and not kept (D160: no gain shown).

addEventListener("message", async ({ data }) => {
  /** @type {RuntimeJob} */
  const job = data;
  const jobs = [];
  if (job.wasm) {
    jobs.push(WebAssembly.compileStreaming(fetch(job.wasm)).then(
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
  close();
});
