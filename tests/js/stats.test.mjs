// web/ui/stats.js: the statistics dialog's figures in the player's language ("3,5" in French and German),
// each figure carrying its column's name (a phone shows a row as a card of labelled figures).
import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.document = /** @type {any} */ ({ documentElement: { dataset: {}, lang: "en" }, querySelector: () => ({}) });
const { statsDialog } = await import("../../web/ui/stats.js");
const { setLang } = await import("../../web/i18n/index.js");
const { lx } = await import("../../web/ui/learntext.js");

/** @param {any} node @param {string} tag @returns {any[]} */
const all = (node, tag) => (typeof node !== "object" ? [] : [
  ...(node.tag === tag ? [node] : []), ...node.children.flatMap((/** @type {any} */ c) => all(c, tag))]);

const RECORDS = /** @type {any[]} */ ([
  { game: "oriflamme", variant: "retail", level: "normal", score: 3, win: false },
  { game: "oriflamme", variant: "retail", level: "normal", score: 4, win: true },
]);

test("the average is written the language's way and every figure says what it is", async () => {
  for (const [code, avg] of [["en", "3.5"], ["fr", "3,5"], ["de", "3,5"]]) {
    await setLang(code);
    const cells = all(statsDialog(RECORDS), "td");
    assert.equal(cells.length, 10);  // all games, then one group: five figures each
    assert.deepEqual(cells.slice(0, 5).map((c) => c.children.join("")), ["2", "1", avg, "4", "1"]);
    assert.deepEqual(cells.slice(0, 5).map((c) => c.props["data-label"]),
      ["games", "wins", "avgScore", "bestScore", "streak"].map((k) => lx(k)));
  }
  await setLang("en");
});
