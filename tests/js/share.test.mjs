// web/ui/share.js: a finished game's save text travels in the URL fragment and comes back unchanged;
// anything malformed is refused before it could reach the engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isShareLink, readShareLink, shareLink } from "../../web/ui/share.js";

// share.js reads the page's address; node has none.
globalThis.location = /** @type {any} */ (new URL("https://example.test/play/index.html?lang=fr&embed=1#old"));

const SAVE = JSON.stringify({
  game: "oriflamme", settings: { edition: "retail", players: 4 }, seed: 123456789,
  actions: Array.from({ length: 60 }, (_, i) => `place archer ${i % 2 ? "first" : "last"}`),
  note: "Déjà vu — 王 ✓",
});

test("a link gives back the very save text, query string dropped", async () => {
  const link = await shareLink(SAVE);
  const url = new URL(link);
  assert.equal(url.origin + url.pathname, "https://example.test/play/index.html");
  assert.equal(url.search, "");
  assert.ok(isShareLink(url.hash));
  assert.equal(await readShareLink(url.hash), SAVE);
});

test("the deflated link is shorter than the text it carries", async () => {
  const link = await shareLink(SAVE);
  assert.ok(new URL(link).hash.length < SAVE.length, link);
});

test("an uncompressed link (kind j) is read too", async () => {
  const b64 = Buffer.from(SAVE, "utf8").toString("base64url");
  assert.equal(await readShareLink("#g=j" + b64), SAVE);
});

test("other fragments are not share links", () => {
  for (const hash of ["", "#", "#x=1", "#G=zabc", "g=zabc"]) assert.equal(isShareLink(hash), false, hash);
});

const refuse = (/** @type {string} */ hash) => assert.rejects(readShareLink(hash), Error, hash.slice(0, 40));

test("hostile or damaged links are refused", async () => {
  const good = new URL(await shareLink(SAVE)).hash;
  await refuse("#nothing");
  await refuse("#g=");                                   // no kind
  await refuse("#g=q" + good.slice(4));                  // unknown kind
  await refuse("#g=z<script>alert(1)</script>");         // not base64url
  await refuse(good.slice(0, good.length >> 1));         // cut in half: the deflate stream ends early
  await refuse("#g=j" + Buffer.from("not json").toString("base64url"));
  await refuse("#g=j" + Buffer.from([0xff, 0xfe, 0x00]).toString("base64url"));  // not UTF-8
  await refuse("#g=j" + "A".repeat(100_001));           // too long a fragment
});

test("a small link that inflates past the limit (a zip bomb) is refused", async () => {
  const bomb = " ".repeat(2_000_000);
  const link = await shareLink(JSON.stringify(bomb));
  assert.ok(link.length < 100_000);
  await refuse(new URL(link).hash);
});
