// The text tables (web/i18n/*.js): every language says everything English says, with the same
// placeholders, a form for each plural category it needs (D63), and break hints that spell the names.
import { test } from "node:test";
import assert from "node:assert/strict";
import en from "../../web/i18n/en.js";
import fr from "../../web/i18n/fr.js";
import de from "../../web/i18n/de.js";
import lieuxEn from "../../web/i18n/lieux-en.js";
import lieuxFr from "../../web/i18n/lieux-fr.js";
import lieuxDe from "../../web/i18n/lieux-de.js";

const LANGS = { fr, de };
const LIEUX = { fr: lieuxFr, de: lieuxDe };
// Keyed by each language's own card names (where a long name may break): not the same keys by design.
const OWN_KEYS = new Set(["breaks"]);

/**
 * Every text of a table: [path, string] for each leaf (arrays by index).
 * @param {unknown} node
 * @param {string[]} [path]
 * @returns {[string, string][]}
 */
function leaves(node, path = []) {
  if (typeof node === "string") return [[path.join("."), node]];
  if (node == null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => (path.length === 0 && OWN_KEYS.has(k) ? [] : leaves(v, [...path, k])));
}

const placeholders = (/** @type {string} */ text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

for (const [name, base, others] of [["game", en, LANGS], ["lieux", lieuxEn, LIEUX]]) {
  const english = new Map(leaves(base));
  for (const [code, table] of Object.entries(others)) {
    test(`${name} texts: ${code} has every English text, and nothing English lacks`, () => {
      const mine = new Map(leaves(table));
      const missing = [...english.keys()].filter((k) => !mine.has(k));
      const extra = [...mine.keys()].filter((k) => !english.has(k));
      assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
    });
    test(`${name} texts: ${code} uses the same placeholders as English`, () => {
      const differ = [];
      for (const [path, text] of leaves(table)) {
        const want = english.get(path);
        if (want != null && placeholders(want).join() !== placeholders(text).join()) differ.push(path);
      }
      assert.deepEqual(differ, []);
    });
    test(`${name} texts: ${code} says its own language and translates`, () => {
      assert.equal(table.lang, code);
      const same = leaves(table).filter(([path, text]) => text.length > 24 && english.get(path) === text);
      assert.deepEqual(same.map(([path]) => path), []);
    });
  }
}

test("where a card name may break, the hint spells that very name", () => {
  for (const table of [en, fr, de, lieuxEn, lieuxFr, lieuxDe]) {
    const names = new Set(leaves(table).map(([, text]) => text));
    const breaks = /** @type {Record<string, string>} */ (table.breaks ?? {});
    for (const [name, hint] of Object.entries(breaks)) {
      assert.equal(hint.replace("|", ""), name);
      assert.ok(names.has(name), `${table.lang}: ${name} is no text of its table`);
    }
  }
});

/**
 * Every text that depends on a count: [path, forms].
 * @param {unknown} node
 * @param {string[]} [path]
 * @returns {[string, Record<string, string>][]}
 */
function plurals(node, path = []) {
  if (node == null || typeof node !== "object" || Array.isArray(node)) return [];
  if ("other" in node) return [[path.join("."), /** @type {Record<string, string>} */ (node)]];
  return Object.entries(node).flatMap(([k, v]) => plurals(v, [...path, k]));
}

test("a text that depends on a count has a form for every plural category of its language", () => {
  /** @type {[object, string][]} */
  const tables = [[en, "en"], [fr, "fr"], [de, "de"], [lieuxEn, "en"], [lieuxFr, "fr"], [lieuxDe, "de"]];
  let seen = 0;
  for (const [table, code] of tables) {
    const rules = new Intl.PluralRules(code);
    // The categories whole numbers of a game (counts of cards, tokens, gold) fall in.
    const needed = new Set(Array.from({ length: 101 }, (_, n) => rules.select(n)));
    for (const [path, forms] of plurals(table)) {
      seen++;
      for (const category of needed) assert.equal(typeof forms[category], "string", `${code} ${path}: no "${category}" form`);
      const marks = Object.values(forms).map((text) => placeholders(text).join());
      assert.equal(new Set(marks).size, 1, `${code} ${path}: its forms differ in placeholders`);
    }
  }
  assert.ok(seen > 0, "no plural text found");
});


// A player's name may read "Red (you)" / "Rot (du)" (the log, hints and the review name the viewer so):
// a possessive glued to a name ("Red (you)'s Archer", "Rot (du)s Karte") is then wrong, so the texts say
// "the Archer of Red (you)" / "Karte … von Rot (du)". Checked in the sources, where every table sits.
test("no text glues a possessive to a player's name", async () => {
  const fs = await import("node:fs");
  const names = /\{(player|owner|victim|target|attacker|by|who)\}(?:'s|s)\b/g;
  for (const file of ["web/i18n/en.js", "web/i18n/de.js", "web/i18n/fr.js", "web/i18n/lieux-en.js",
    "web/i18n/lieux-de.js", "web/i18n/lieux-fr.js", "web/ui/learntext.js"]) {
    const text = fs.readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
    assert.deepEqual([...text.matchAll(names)].map((m) => m[0]), [], file);
  }
});

// German places differ in gender (das Schloss, das Dorf, der Hafen): "ins {place}" gave "ins Hafen". The
// texts name a place the way the log does, "an den Ort {place}", with no article of their own.
test("no German text puts its own article or contraction before a place's name", async () => {
  const fs = await import("node:fs");
  const glued = /\b(?:ins|im|in den|in das|in dem|zum|zur|nach|das|der|dem|den)\s+\{(?:place|to)\}/g;
  for (const file of ["web/i18n/lieux-de.js", "web/ui/learntext.js", "web/ui/tutorial.js"]) {
    const text = fs.readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
    const german = file.endsWith("-de.js") ? text : text.slice(text.search(/\bde: \{/));
    assert.deepEqual([...german.matchAll(glued)].map((m) => m[0]), [], file);
  }
});

// The guided game and the hints are read beside the table and the log: they name a token and a card with
// the same words ("Münze", the card's own name), or a newcomer meets two names for one thing.
test("German learning texts name tokens and the Conspiracy as the tables do", async () => {
  const fs = await import("node:fs");
  const conspiracy = de.cards.retail.conspiracy;
  for (const file of ["web/ui/learntext.js", "web/ui/tutorial.js"]) {
    const text = fs.readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
    const german = text.slice(text.search(/\bde: \{/));
    assert.deepEqual([...german.matchAll(/Plättchen|Verschwörung/g)].map((m) => m[0]), [], file);
    assert.ok(german.includes(conspiracy), `${file} names the Conspiracy "${conspiracy}"`);
  }
});

// The guided game's card notes stand beside the cards themselves: each names its card as the tables do
// (German had "Erbe", "Fürst", "Gestaltwandler" beside cards reading Nachfahre, Gebieter, Formwandlerin).
test("the guided game names each card as the tables do, in every language", async () => {
  const fs = await import("node:fs");
  const text = fs.readFileSync(new URL("../../web/ui/tutorial.js", import.meta.url), "utf8");
  for (const [code, table] of Object.entries({ en, fr, de })) {
    const block = text.slice(text.search(new RegExp(`\\b${code}: \\{`)));
    const notes = [...block.slice(0, block.indexOf("\n  },")).matchAll(/\b(card_(\w+)|heir_unique): "([^"]*)"/g)];
    assert.ok(notes.length >= 9, code);
    for (const [, key, card, note] of notes) {
      const name = table.cards.retail[card || "heir"];
      // a word of the name is enough ("A Decree" for the Royal Decree)
      assert.ok(name.split(" ").some((w) => w.length >= 3 && note.includes(w)), `${code} ${key}: ${note} (${name})`);
    }
  }
});

test("every Oriflamme text that scores a number says its unit (points), in every language", () => {
  // "scores 1" read as "1 what?" to a newcomer: the rules and the cards say "1 point" (lieux counts gold).
  /** @type {[string, RegExp, object][]} */
  const verbs = [
    ["en", /\b(?:scores?|gains?|earns?|is worth|worth)\s+(\d+)\b(?!\s+points?\b)/i, en],
    ["fr", /\b(?:rapporte|marque|marquez|gagne|gagnez|vaut)\s+(\d+)\b(?!\s+points?\b)/i, fr],
    ["de", /\b(?:bringt|erhält|erhältst|bekommt|bekommst)\s+(\d+)\b(?!\s+Punkte?\b)/i, de],
  ];
  for (const [code, re, table] of verbs) {
    const bare = leaves(table).filter(([, text]) => re.test(text)).map(([path, text]) => `${path}: ${text}`);
    assert.deepEqual(bare, [], `${code}: amounts without their unit`);
  }
});

test("a label and its value are joined by each language's colon, never one written into the UI's code", async () => {
  const { readdir, readFile } = await import("node:fs/promises");
  assert.deepEqual([en.t.colon, fr.t.colon, de.t.colon], [": ", " : ", ": "]);  // French: « Défausse : … »
  const root = new URL("../../web/ui/", import.meta.url);
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith(".js"));
  assert.ok(files.length > 20);
  const glued = [];
  for (const f of files) {
    const src = await readFile(new URL(f, root), "utf8");
    // `${label}: ${value}` in a template, or ": " as a child between two elements
    for (const m of src.matchAll(/\}: \$\{|, ": ",/g)) glued.push(`${f}: ${src.slice(Math.max(0, m.index - 30), m.index + 10)}`);
  }
  assert.deepEqual(glued, []);
});

// French sets a space before : ; ! ? » and after «; a plain one let a line end on "« 99" and start on "»".
test("French texts, as loaded, keep : ; ! ? « » on the line of the word they belong to", async () => {
  const { typeset } = await import("../../web/i18n/index.js");
  assert.equal(typeset("fr", { t: { a: "Défausse : « Roi » ; et ? oui !" } }).t.a,
    "Défausse\u00a0: «\u00a0Roi\u00a0»\u00a0; et\u00a0? oui\u00a0!");
  assert.equal(typeset("de", de), de);
  for (const table of [fr, lieuxFr]) {
    const before = leaves(table).filter(([, text]) => / [:;!?»]|« /.test(text)).length;
    const loose = leaves(typeset("fr", table)).filter(([, text]) => / [:;!?»]|« /.test(text));
    assert.ok(before > 10);  // the tables write plain spaces, as people type them
    assert.deepEqual(loose, []);
  }
});
