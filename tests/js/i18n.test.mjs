// web/i18n/index.js: the page's one text lookup. A game's own texts are read through it ("<game>:key"),
// in the language in use, else in English, else the key itself; keys from outside never reach what
// every object inherits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { t, has, word, addTexts, setLang, lang } from "../../web/i18n/index.js";

// setLang sets <html lang>; node has no document.
globalThis.document = /** @type {any} */ ({ documentElement: { lang: "" } });

const english = { t: { hello: "Hello {who}", onlyEn: "English only" }, chars: { 15: "King" }, rules: ["one", "two"] };
const french = { t: { hello: "Bonjour {who}" }, chars: { 15: "Roi" }, rules: ["un"] };
await addTexts("demo", english, async (code) => {
  if (code === "fr") return french;
  throw new Error("no such file");
});

test("the page's own texts, with their variables", () => {
  assert.equal(t("round", { r: 2, n: 6 }), "Round 2/6");
  assert.ok(has("round"));
  assert.equal(t("no.such.key"), "no.such.key");
  assert.ok(!has("no.such.key"));
});

test("a game's texts through the same lookup, English until another language loads", async () => {
  await setLang("en");
  assert.equal(t("demo:hello", { who: "Ada" }), "Hello Ada");
  assert.equal(word("demo:chars", "15"), "King");
  assert.deepEqual(word("demo:rules"), ["one", "two"]);
  assert.equal(await setLang("fr"), "fr");
  assert.equal(lang(), "fr");
  assert.equal(t("demo:hello", { who: "Ada" }), "Bonjour Ada");
  assert.equal(word("demo:chars", "15"), "Roi");
  assert.deepEqual(word("demo:rules"), ["un"]);
  assert.equal(t("demo:onlyEn"), "English only"); // missing in French: English
  assert.equal(t("round", { r: 1, n: 6 }), "Manche 1/6");
  await setLang("de"); // the game's German file is missing: its English texts, the page's German ones
  assert.equal(t("demo:hello", { who: "Ada" }), "Hello Ada");
  await setLang("en");
});

test("keys from outside never find inherited properties", () => {
  for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
    assert.equal(t(key), key);
    assert.equal(t(`demo:${key}`), `demo:${key}`);
    assert.equal(word("demo:chars", key), undefined);
    assert.equal(word(key, "x"), undefined);
  }
  assert.equal(t("nogame:hello"), "nogame:hello");
});
