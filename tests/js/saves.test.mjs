// web/ui/saves.js: the game in progress kept in localStorage, and forgotten once the game is over — even
// when the engine's answer for an earlier decision's save comes back after the game's last update.
import { test } from "node:test";
import assert from "node:assert/strict";

/** A localStorage of our own (saves.js probes `window.localStorage` once, at its first use). */
const items = new Map();
globalThis.window = /** @type {any} */ ({
  localStorage: {
    getItem: (/** @type {string} */ k) => (items.has(k) ? items.get(k) : null),
    setItem: (/** @type {string} */ k, /** @type {string} */ v) => void items.set(k, String(v)),
    removeItem: (/** @type {string} */ k) => void items.delete(k),
  },
});
const { rememberGame, peekSave, clearSave, SAVE_KEY } = await import("../../web/ui/saves.js");

const SAVE = JSON.stringify({ format: "oriflamme-web-save/1", settings: { edition: "retail" }, actions: ["a"] });

/** An engine whose save() answers only when the test says so. */
function slowEngine() {
  /** @type {((text: string) => void)[]} */
  const answers = [];
  const engine = /** @type {any} */ ({ save: () => new Promise((resolve) => answers.push(resolve)) });
  /** Answers the oldest question still open, or the one at `index` among them. */
  const answer = (/** @type {string} */ text, index = 0) => answers.splice(index, 1)[0]?.(text);
  return { engine, answer };
}

const update = (/** @type {boolean} */ over) => /** @type {any} */ ({ over, actions: 1, to_act_kind: "human" });

test("a decision's save is kept", async () => {
  clearSave();
  const { engine, answer } = slowEngine();
  const saving = rememberGame(engine, update(false), []);
  answer(SAVE);
  await saving;
  assert.deepEqual(peekSave(), { text: SAVE });
});

test("a save answered after the game's end is not written back", async () => {
  clearSave();
  const { engine, answer } = slowEngine();
  const saving = rememberGame(engine, update(false), []);  // the last decision: its save is asked for
  await rememberGame(engine, update(true), []);             // the game ends before the engine answers
  answer(SAVE);
  await saving;
  assert.equal(items.get(SAVE_KEY), undefined);
  assert.equal(peekSave(), null);
});

test("of two saves in flight, the later decision's is kept, whichever answer comes last", async () => {
  clearSave();
  const { engine, answer } = slowEngine();
  const first = rememberGame(engine, update(false), []);
  const second = rememberGame(engine, update(false), []);
  const later = SAVE.replace('["a"]', '["a","b"]');
  answer(later, 1);
  answer(SAVE);
  await Promise.all([first, second]);
  assert.equal(items.get(SAVE_KEY), later);
});
