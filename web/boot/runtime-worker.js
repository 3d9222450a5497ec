// Prepares the runtime's two big pieces off the page's main thread (see early.js): the page starts this
// worker as its first act, long before PyScript creates the engine worker.
// Message in: {wasm: url of pyodide.asm.wasm, snapshot: url of the gzip'd memory snapshot, format: url of
// snapshot-format.js} (absolute URLs: built, this code runs from a blob: URL, D131).
// Messages out, one per piece as it is ready: {wasm: WebAssembly.Module (compiled)}, {snapshot: ArrayBuffer
// (the memory image, transferred)}, {absent: "snapshot"} (no earlier visit kept it: the first visit boots
// without it, never downloading it first), or {failed: "wasm" | "snapshot", error}.
// The wasm is this worker's own download (D130): its fetch goes through the HTTP cache (a later visit
// reads it there), and its 9.6 MB never pass the page's thread.
// The worker then stays, idle, as long as the page (D160): Chromium writes a streamed module's compiled
// code to the visitor's code cache (so that a later visit deserializes it here instead of compiling it
// again and redoing its tier-up) only later, once V8 has optimised enough of it, and through the context
// that started the compile: a worker that had closed by then dropped it, so the game's wasm was never kept.

addEventListener("message", ({ data }) => {
  /** @type {RuntimeJob} */
  const job = data;
  if (job.wasm) {
    WebAssembly.compileStreaming(fetch(job.wasm)).then(
      (module) => postMessage({ wasm: module }),
      (err) => postMessage({ failed: "wasm", error: String(err?.message || err) }));
  }
  if (job.snapshot) {
    const url = job.snapshot;
    import(job.format || "./snapshot-format.js").then(({ keptSnapshot }) => keptSnapshot(url)).then(
      (buffer) => (buffer ? postMessage({ snapshot: buffer }, [buffer]) : postMessage({ absent: "snapshot" })),
      (err) => postMessage({ failed: "snapshot", error: String(err?.message || err) }));
  }
});
