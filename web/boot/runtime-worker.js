// Prepares the two big pieces of the Python runtime off every busy thread (see boot.js): the page starts
// this worker as soon as it loads, long before PyScript creates the engine worker.
// Message in: {snapshot: url of the gzip'd memory snapshot, wasm: url of pyodide.asm.wasm}.
// Messages out, one per piece as it is ready: {snapshot: ArrayBuffer (the memory image, transferred)},
// {wasm: WebAssembly.Module (compiled)}, {absent: "snapshot"} (no earlier visit kept it: the first visit
// boots without it, never downloading it first), or {failed: "snapshot" | "wasm", error}. Then it closes.
import { keptSnapshot } from "./snapshot-format.js";

addEventListener("message", async ({ data }) => {
  const jobs = [];
  if (data.snapshot) {
    jobs.push(keptSnapshot(data.snapshot).then(
      (buffer) => (buffer ? postMessage({ snapshot: buffer }, [buffer]) : postMessage({ absent: "snapshot" })),
      (err) => postMessage({ failed: "snapshot", error: String(err?.message || err) })));
  }
  if (data.wasm) {
    jobs.push(WebAssembly.compileStreaming(fetch(data.wasm)).then(
      (module) => postMessage({ wasm: module }),
      (err) => postMessage({ failed: "wasm", error: String(err?.message || err) })));
  }
  await Promise.all(jobs);
  close();
});
