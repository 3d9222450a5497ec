// Prepares the two big pieces of the Python runtime off every busy thread (see early.js): the page starts
// this worker as its first act, long before PyScript creates the engine worker.
// Message in: {snapshot: url of the gzip'd memory snapshot, wasm: url of pyodide.asm.wasm}.
// Messages out, one per piece as it is ready: {snapshot: ArrayBuffer (the memory image, transferred)},
// {wasm: WebAssembly.Module (compiled)}, {absent: "snapshot"} (no earlier visit kept it: the first visit
// boots without it, never downloading it first), or {failed: "snapshot" | "wasm", error}. Then it closes.

addEventListener("message", async ({ data }) => {
  /** @type {RuntimeJob} */
  const job = data;
  const jobs = [];
  if (job.wasm) {  // first, and compiled while it streams in
    jobs.push(WebAssembly.compileStreaming(fetch(job.wasm)).then(
      (module) => postMessage({ wasm: module }),
      (err) => postMessage({ failed: "wasm", error: String(err?.message || err) })));
  }
  if (job.snapshot) {
    const url = job.snapshot;  // the format's module only now: the wasm goes first
    jobs.push(import("./snapshot-format.js").then(({ keptSnapshot }) => keptSnapshot(url)).then(
      (buffer) => (buffer ? postMessage({ snapshot: buffer }, [buffer]) : postMessage({ absent: "snapshot" })),
      (err) => postMessage({ failed: "snapshot", error: String(err?.message || err) })));
  }
  await Promise.all(jobs);
  close();
});
