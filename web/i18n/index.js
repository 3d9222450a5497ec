// Language tables and lookups. The engine speaks ids (card names, colours); this turns them into words.
// English is always loaded (every missing text falls back to it); another language's table is loaded
// when it is chosen, so the first screen fetches only the one it shows.
import en from "./en.js";

/** The languages offered, each in its own words (the same as the `name` of its table). */
export const LANG_NAMES = { en: "English", fr: "Français", de: "Deutsch" };
export const LANG_CODES = Object.keys(LANG_NAMES);
const loaded = { en };

/**
 * `table[key]` if the table holds that key itself, else undefined. Keys come from URLs, saves and the
 * engine: a plain lookup would find what every object inherits ("__proto__", "constructor", "toString").
 */
export const own = (table, key) => (table != null && typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined);
/** A game's own texts (Château, Village & Port's): name -> {code: table}; see addTexts. */
const packs = {};
const packLoaders = [];
let cur = en;
let requested = "en"; // the language last asked for (its texts may still be loading)

export function pickLang(wanted) {
  const list = [wanted, ...(navigator.languages || [navigator.language || "en"])];
  for (const l of list) {
    const code = String(l || "").slice(0, 2).toLowerCase();
    if (own(LANG_NAMES, code)) return code;
  }
  return "en";
}

/**
 * A game's own texts, read as `t("<name>:key")` and `word("<name>:section", key)`: `english` is its
 * English table; `load(code)` (a table's promise) is awaited for the language in use now and for every
 * language set later. Returns the first load's promise.
 */
export function addTexts(name, english, load) {
  packs[name] = { en: english };
  const loadInto = (code) => (own(packs[name], code) ? Promise.resolve() : load(code).then((table) => { packs[name][code] = table; }));
  packLoaders.push(loadInto);
  return loadInto(requested).catch(() => {}); // unreachable file: English texts this time
}

/** Switch to a language (its tables are loaded first); resolves to the code in use. */
export async function setLang(code) {
  const c = own(LANG_NAMES, code) ? code : "en";
  requested = c;
  if (!loaded[c]) {
    loaded[c] = import(`./${c}.js`).then((m) => m.default, () => { // unreachable file: English this time
      delete loaded[c];
      return en;
    });
  }
  const [table] = await Promise.all([loaded[c], ...packLoaders.map((load) => load(c).catch(() => {}))]);
  if (c === requested) { // else a later call has changed the language since
    cur = table;
    document.documentElement.lang = cur.lang;
  }
  return cur.lang;
}

export const lang = () => cur.lang;

/**
 * The one lookup: `key` (or, with none, the whole) of a `section` of the tables ("t", "cards", "colours"…, or "<game>:<section>"
 * for a game's own texts) in the language in use, else in English; undefined if neither has it.
 */
export function word(section, key) {
  const colon = section.indexOf(":");
  const [base, english, name] = colon < 0 ? [cur, en, section]
    : [own(own(packs, section.slice(0, colon)), cur.lang), own(own(packs, section.slice(0, colon)), "en"), section.slice(colon + 1)];
  if (key == null) return own(base, name) ?? own(english, name); // the whole section (a list of paragraphs)
  return own(own(base, name), key) ?? own(own(english, name), key);
}

/** "lieux:rank" -> ["lieux:t", "rank"]; "round" -> ["t", "round"]. */
function textSection(key) {
  const colon = key.indexOf(":");
  return colon < 0 ? ["t", key] : [`${key.slice(0, colon)}:t`, key.slice(colon + 1)];
}

/** t("round", {r: 2, n: 6}) → "Round 2/6" (t("lieux:rank", …) for a game's own text); else English, else the key. */
export function t(key, vars) {
  let s = word(...textSection(key));
  if (s == null) return key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] == null ? m : String(vars[k])));
  return s;
}

export const has = (key) => word(...textSection(key)) != null;

export function cardName(edition, card) {
  const table = own(cur.cards, edition) || cur.cards.retail;
  return own(table, card) || own(en.cards.retail, card) || own(en.cards.prototype, card) || card;
}

/** The card name for a card face: long words get a soft hyphen where they may break. */
export function faceName(edition, card) {
  const name = cardName(edition, card);
  const hint = own(cur.breaks, name);
  return hint ? hint.replace("|", "\u00ad") : name;
}

export function ability(edition, card) {
  const table = own(cur.abilities, edition) || cur.abilities.retail;
  return own(table, card) || "";
}

export const colourName = (c) => own(cur.colours, c) || c;

export const rulesText = (edition) => [...cur.rules.common, ...(own(cur.rules, edition) || [])];
