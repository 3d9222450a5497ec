// Shared games: a finished game's save (engine.save(): settings, seed, actions — nothing
// hidden that the end of the game has not revealed) deflated into the URL fragment, so the link
// never reaches a server. Opening it shows the replay viewer (web/ui/replay.js); what comes out of
// the fragment is only ever handed to engine.replay(), which rebuilds the game through the engine's
// own checks, and is never inserted as HTML.
const PREFIX = "#g=";
const MAX_FRAGMENT = 100_000;
const MAX_TEXT = 1_000_000;

/** @param {Uint8Array} bytes */
function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * `bytes` through a (de)compression stream, refused past MAX_TEXT bytes out.
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {CompressionStream | DecompressionStream} stream
 */
async function pipe(bytes, stream) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_TEXT) { reader.cancel().catch(() => {}); throw new Error("too long"); }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

const canZip = () => typeof CompressionStream === "function" && typeof DecompressionStream === "function";

/**
 * The share link of a finished game's save text (compact: the JSON deflated, base64url).
 * @param {string} saveText
 */
export async function shareLink(saveText) {
  const bytes = new TextEncoder().encode(saveText);
  const body = canZip() ? "z" + toBase64Url(await pipe(bytes, new CompressionStream("deflate-raw"))) : "j" + toBase64Url(bytes);
  const url = new URL(location.href);
  url.search = "";
  url.hash = PREFIX.slice(1) + body;
  return url.href;
}

/** Is this page opened from a share link? */
export const isShareLink = (hash = location.hash) => hash.startsWith(PREFIX);

/**
 * The save text carried by the fragment; throws on anything malformed (the engine checks the rest).
 * @returns {Promise<string>}
 */
export async function readShareLink(hash = location.hash) {
  if (!isShareLink(hash) || hash.length > MAX_FRAGMENT) throw new Error("not a share link");
  const body = hash.slice(PREFIX.length);
  const kind = body[0];
  const bytes = fromBase64Url(body.slice(1));
  let raw;
  if (kind === "z") raw = await pipe(bytes, new DecompressionStream("deflate-raw"));
  else if (kind === "j") raw = bytes;
  else throw new Error("unknown link format");
  const text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
  JSON.parse(text); // must at least be JSON
  return text;
}
