// web/dev/engine-http.js, the development server's bridge: the same answers as web/engine.js's, in
// particular save() gives the save's text (the page stores it and puts it in share links as it is).
import { test } from "node:test";
import assert from "node:assert/strict";
import { connectEngine } from "../../web/dev/engine-http.js";

/** @type {{url: string, body: unknown}[]} */
const posted = [];
const SAVE = { format: "oriflamme-web-save/1", settings: { game: "oriflamme" }, seed: 3, actions: ["stay"] };
globalThis.fetch = /** @type {any} */ (async (/** @type {string} */ url, /** @type {RequestInit} */ init) => {
  posted.push({ url, body: init.body });
  const answer = url.endsWith("/save") ? SAVE : { ok: true };
  return new Response(JSON.stringify(answer));
});

test("save() resolves to the save's JSON text, as the real bridge's does", async () => {
  const engine = await connectEngine();
  const text = await engine.save();
  assert.equal(typeof text, "string");
  assert.deepEqual(JSON.parse(text), SAVE);
});

test("load() and replay() send a save given as an object as its JSON text", async () => {
  const engine = await connectEngine();
  posted.length = 0;
  await engine.load(SAVE);
  await engine.replay(JSON.stringify(SAVE));
  assert.deepEqual(posted.map((p) => p.url), ["/api/load", "/api/replay"]);
  for (const p of posted) assert.deepEqual(JSON.parse(String(p.body)), SAVE);
});

test("progress reports the engine ready at once", async () => {
  /** @type {string[]} */
  const stages = [];
  await connectEngine((p) => stages.push(p.stage));
  assert.deepEqual(stages, ["ready"]);
});
