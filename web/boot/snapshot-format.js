// The memory snapshot's file format (scripts/precompile.mjs writes it; runtime-worker.js and
// interpreter.js read it) and where a visitor's browser keeps it. Python's memory is ~60 % zeros in long runs: the file keeps only the rest,
// then gzip. Inflating 12 MB instead of 31 MB saves ~60 % of the CPU of the boot's biggest decode, on a
// worker but still on the same few cores as the page's main thread.
//   bytes 0-3: "PYSN"; 4-7: total length; 8-11: number of segments n (all little-endian u32);
//   then n × (offset u32, length u32); then the segments' bytes one after the other. Gaps are zeros.
const MAGIC = 0x4e535950; // "PYSN" read as a little-endian u32

/**
 * The snapshot's memory image from the sparse format.
 * @param {ArrayBuffer} sparse
 * @returns {ArrayBuffer}
 */
export function expandSnapshot(sparse) {
  const view = new DataView(sparse);
  if (view.byteLength < 12 || view.getUint32(0, true) !== MAGIC) throw new Error("not a sparse snapshot");
  const total = view.getUint32(4, true);
  const count = view.getUint32(8, true);
  const data = new Uint8Array(sparse);
  const out = new Uint8Array(total);
  let src = 12 + 8 * count;
  for (let k = 0; k < count; k++) {
    const offset = view.getUint32(12 + 8 * k, true);
    const length = view.getUint32(16 + 8 * k, true);
    out.set(data.subarray(src, src + length), offset);
    src += length;
  }
  if (src !== data.length) throw new Error("snapshot: segments do not add up");
  return out.buffer;
}

// The snapshot is not part of a first visit (5 MB the first playable action would wait for): once the
// player's first decision is on screen, the page keeps it in this Cache Storage cache (boot.js
// keepSnapshot), and later boots restore it from there, online or not.
export const KEPT = "oriflamme-runtime";

/**
 * Keep the snapshot at `url` in Cache Storage (an older build's is dropped); true when it was downloaded
 * and kept now (false: kept already, or it could not be).
 * @param {string} url
 * @returns {Promise<boolean>}
 */
export async function keepSnapshotAt(url) {
  if (typeof caches === "undefined" || typeof DecompressionStream !== "function") return false;
  try {
    const cache = await caches.open(KEPT);
    for (const old of await cache.keys()) if (old.url !== url) await cache.delete(old);
    if (await cache.match(url)) return false;
    const res = await fetch(url);
    if (!res.ok || !res.body) return false;
    // The browser streams the body into the cache: no script of ours runs per chunk (a counting
    // TransformStream here ran for every chunk on the page's main thread, just after the first decision
    // was drawn: one task of 20-80 ms on localhost, where the 4 MB arrive at once).
    await cache.put(url, res);
    return true;
  } catch (err) {
    console.warn("boot: the memory snapshot could not be kept for the next visit", err);
    return false;
  }
}

/**
 * The kept copy of the snapshot at `url`, or null when no earlier visit kept it.
 * @param {string} url
 * @returns {Promise<Response | null>}
 */
export async function keptResponse(url) {
  if (typeof caches === "undefined" || !(await caches.has(KEPT))) return null;
  return (await (await caches.open(KEPT)).match(url)) || null;
}

/** The kept snapshot at `url`, inflated (gzip) and expanded: an ArrayBuffer, or null when none was kept.
 * A copy that cannot be read is dropped (the next visit keeps a fresh one) and the error thrown.
 * @param {string} url
 * @returns {Promise<ArrayBuffer | null>}
 */
export async function keptSnapshot(url) {
  const res = await keptResponse(url);
  if (!res) return null;
  try {
    if (!res.body) throw new Error("the kept snapshot is empty");
    const sparse = await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    return expandSnapshot(sparse);
  } catch (err) {
    await caches.open(KEPT).then((c) => c.delete(url)).catch(() => {});
    throw err;
  }
}

/**
 * The sparse format of a memory image — for the build (node). Zero runs ≥ `minRun` bytes go.
 * @param {Uint8Array} raw
 * @returns {Uint8Array}
 */
export function sparseSnapshot(raw, minRun = 64) {
  /** @type {[number, number][]} offset, length */
  const segments = [];
  let start = -1;
  let zeros = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 0) {
      zeros++;
      if (start >= 0 && zeros === minRun) { segments.push([start, i - minRun + 1 - start]); start = -1; }
    } else {
      if (start < 0) start = i;
      zeros = 0;
    }
  }
  if (start >= 0) segments.push([start, raw.length - zeros - start]);
  const size = segments.reduce((n, [, len]) => n + len, 0);
  const out = new Uint8Array(12 + 8 * segments.length + size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, raw.length, true);
  view.setUint32(8, segments.length, true);
  let dst = 12 + 8 * segments.length;
  segments.forEach(([offset, length], k) => {
    view.setUint32(12 + 8 * k, offset, true);
    view.setUint32(16 + 8 * k, length, true);
    out.set(raw.subarray(offset, offset + length), dst);
    dst += length;
  });
  return out;
}
