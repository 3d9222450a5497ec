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
const textLoaders = [];
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
 * Texts kept elsewhere (those of Château, Village & Port): `load(code)` is awaited for the language in
 * use now and for every language set later. Returns the first load's promise.
 */
export function addTexts(load) {
  textLoaders.push(load);
  return load(requested);
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
  const [table] = await Promise.all([loaded[c], ...textLoaders.map((load) => load(c).catch(() => {}))]);
  if (c === requested) { // else a later call has changed the language since
    cur = table;
    document.documentElement.lang = cur.lang;
  }
  return cur.lang;
}

export const lang = () => cur.lang;

/** t("round", {r: 2, n: 6}) → "Round 2/6"; a missing key falls back to English, then to the key. */
export function t(key, vars) {
  let s = own(cur.t, key);
  if (s == null) s = own(en.t, key);
  if (s == null) return key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] == null ? m : String(vars[k])));
  return s;
}

export const has = (key) => own(cur.t, key) != null || own(en.t, key) != null;

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
