// web/ui/oriflamme/log.js: events told in words — amounts with their unit, and the Spy that picks its own
// owner told as such (the rules: picking yourself changes nothing), not as a failed theft of oneself.
import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.document = /** @type {any} */ ({ documentElement: { dataset: {}, lang: "en" } });
const { eventText } = await import("../../web/ui/oriflamme/log.js");
const { setLang } = await import("../../web/i18n/index.js");

test("a score and a theft name their unit, in every language", async () => {
  const gained = /** @type {any} */ ({ type: "gained", player: "green", amount: 1, reason: "eliminate", score: 3 });
  const stolen = /** @type {any} */ ({ type: "stolen", player: "red", victim: "blue", amount: 1 });
  for (const [code, one] of [["en", /1 point\b/], ["fr", /1 point\b/], ["de", /1 Punkt\b/]]) {
    await setLang(/** @type {string} */ (code));
    assert.match(eventText(gained, "retail", { viewer: "red" }), /** @type {RegExp} */ (one));
    assert.match(eventText(stolen, "retail", { viewer: "red" }), /** @type {RegExp} */ (one));
  }
  await setLang("en");
});

test("a Spy that picks its own owner is told that nothing changes, not that it targets them", async () => {
  const self = /** @type {any} */ ({ type: "stolen", player: "red", victim: "red", amount: 0 });
  const none = /** @type {any} */ ({ type: "stolen", player: "red", victim: "blue", amount: 0 });
  for (const [code, said] of [["en", "Red (you) picks their own pile: nothing changes."],
    ["fr", "Rouge (vous) se choisit\u00a0: rien ne change."], ["de", "Rot (du) wählt sich selbst: Es ändert sich nichts."]]) {
    await setLang(/** @type {string} */ (code));
    assert.equal(eventText(self, "retail", { viewer: "red" }), said);
    assert.notEqual(eventText(none, "retail", { viewer: "red" }), said);  // another player's empty pile
  }
  await setLang("en");
});
