// Prepares the two big pieces of the Python runtime off every busy thread (see boot.js): the page starts
// this worker as soon as it loads, long before PyScript creates the engine worker.
// Message in: {snapshot: url of the gzip'd memory snapshot, wasm: url of pyodide.asm.wasm}.
// Messages out, one per piece as it is ready: {snapshot: ArrayBuffer (inflated, transferred)},
// {wasm: WebAssembly.Module (compiled)}, or {failed: "snapshot" | "wasm", error}. Then it closes.
async function inflate(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

addEventListener("message", async ({ data }) => {
  const jobs = [];
  if (data.snapshot) {
    jobs.push(inflate(data.snapshot).then(
      (buffer) => postMessage({ snapshot: buffer }, [buffer]),
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
