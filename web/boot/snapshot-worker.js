// Downloads and inflates Pyodide's memory snapshot off every busy thread (see boot.js): the page starts
// this worker as soon as it loads, long before PyScript creates the engine worker, and the inflated
// bytes go straight to the engine worker through the MessagePort it is given (transferred, not copied).
// Message in: {url} with one port. Message out on the port: {buffer} or {error}.
addEventListener("message", async ({ data, ports: [port] }) => {
  try {
    const res = await fetch(data.url);
    if (!res.ok) throw new Error(`${data.url}: HTTP ${res.status}`);
    const buffer = await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    port.postMessage({ buffer }, [buffer]);
  } catch (err) {
    port.postMessage({ error: String(err?.message || err) });
  }
  port.close();
  close();
});
