// web/i18n/index.js, the one text lookup, with the real tables (i18n.test.mjs has a made-up game's):
// placeholders filled, plural forms, Château, Village & Port's texts under "lieux:", and the language
// switch (which loads the table first; the last one asked for wins) and the browser's languages.
import { test } from "node:test";
import assert from "node:assert/strict";

// The lookup sets <html lang> and reads the browser's languages; node has neither.
const html = { lang: "" };
globalThis.document = /** @type {any} */ ({ documentElement: html });
Object.defineProperty(globalThis, "navigator", { value: { languages: ["de-AT", "en"], language: "de-AT" }, configurable: true });

const i18n = await import("../../web/i18n/index.js");
const { t, word, has, setLang, lang, pickLang, addTexts, cardName, colourName } = i18n;
const lieuxEn = (await import("../../web/i18n/lieux-en.js")).default;

test("placeholders are filled; one not given stays as it is", () => {
  assert.equal(t("round", { r: 2, n: 6 }), "Round 2/6");
  assert.equal(t("round", { r: 2 }), "Round 2/{n}");
  assert.equal(t("round", { r: 0, n: null }), "Round 0/{n}");
});

test("a text that depends on a count takes the form the language's plural rules pick", async () => {
  assert.equal(t("tokens", { n: 1 }), "1 token");
  assert.equal(t("tokens", { n: 2 }), "2 tokens");
  assert.equal(t("tokens", { n: 0 }), "0 tokens");
  await setLang("fr");
  assert.equal(t("tokens", { n: 0 }), "0 jeton");  // French counts 0 as singular
  assert.equal(t("tokens", { n: 1 }), "1 jeton");
  assert.equal(t("tokens", { n: 3 }), "3 jetons");
  await setLang("de");
  assert.equal(t("tokens", { n: 1 }), "1 Münze");  // German tokens are coins, never points (D75)
  assert.equal(t("tokens", { n: 0 }), "0 Münzen");
  await setLang("en");
  assert.equal(t("tokens"), "{n} tokens");  // no count: the general form, placeholder kept
});

test("card and colour names from outside never find inherited properties", () => {
  assert.equal(cardName("retail", "constructor"), "constructor");
  assert.equal(colourName("__proto__"), "__proto__");
});

test("a game's own texts are read under its name once added", async () => {
  assert.equal(has("lieux:rank"), false);
  /** @type {string[]} */
  const asked = [];
  await addTexts("lieux", lieuxEn, async (code) => {
    asked.push(code);
    return (await import(`../../web/i18n/lieux-${code}.js`)).default;
  });
  assert.equal(t("lieux:rank", { n: 3 }), "3.");
  assert.equal(word("lieux:places", "port"), "Port");
  await setLang("fr");
  assert.ok(asked.includes("fr"));
  assert.equal(word("lieux:places", "chateau"), "Château");
});

test("switching language loads its table, sets <html lang>, and English fills any gap", async () => {
  assert.equal(await setLang("de"), "de");
  assert.equal(lang(), "de");
  assert.equal(html.lang, "de");
  assert.notEqual(t("round", { r: 1, n: 6 }), "Round 1/6");
  assert.equal(await setLang("xx"), "en");   // not offered: English
  assert.equal(await setLang("__proto__"), "en");
  assert.equal(t("round", { r: 1, n: 6 }), "Round 1/6");
});

test("the last language asked for wins, whatever order the tables arrive in", async () => {
  const [, last] = await Promise.all([setLang("fr"), setLang("de")]);
  assert.equal(last, "de");
  assert.equal(lang(), "de");
  assert.equal(html.lang, "de");
});

test("the browser's languages pick the first one offered", () => {
  assert.equal(pickLang(undefined), "de");
  assert.equal(pickLang("FR-ca"), "fr");
  assert.equal(pickLang("zz"), "de");
  Object.defineProperty(globalThis, "navigator", { value: { languages: ["pt"] }, configurable: true });
  assert.equal(pickLang(null), "en");
});
