// Reads the memory snapshot an earlier visit kept, off every busy thread (see early.js): the page starts
// this worker as its first act, long before PyScript creates the engine worker. (The wasm, the other big
// piece, the page compiles itself since D108, from index.html's preload.)
// Message in: {snapshot: url of the gzip'd memory snapshot}.
// Message out: {snapshot: ArrayBuffer (the memory image, transferred)}, {absent: "snapshot"} (no earlier
// visit kept it: the first visit boots without it, never downloading it first), or
// {failed: "snapshot", error}. Then it closes.

addEventListener("message", async ({ data }) => {
  /** @type {RuntimeJob} */
  const job = data;
  if (job.snapshot) {
    const url = job.snapshot;
    await import("./snapshot-format.js").then(({ keptSnapshot }) => keptSnapshot(url)).then(
      (buffer) => (buffer ? postMessage({ snapshot: buffer }, [buffer]) : postMessage({ absent: "snapshot" })),
      (err) => postMessage({ failed: "snapshot", error: String(err?.message || err) }));
  }
  close();
});
