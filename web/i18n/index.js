// Language tables and lookups. The engine speaks ids (card names, colours); this turns them into words.
// English is always loaded (every missing text falls back to it); another language's table is loaded
// when it is chosen, so the first screen fetches only the one it shows.
import en from "./en.js";

/**
 * @typedef {object} Texts a language's table (en.js, fr.js, de.js)
 * @property {string} lang its code
 * @property {string} name its name in its own words
 * @property {Record<string, string>} colours
 * @property {Record<string, string>} breaks a long card name → where it may break ("Shape|shifter")
 * @property {Record<string, Record<string, string>>} cards edition → card id → name
 * @property {Record<string, Record<string, string>>} abilities edition → card id → what it does
 * @property {Record<string, string[]>} rules "common" and each edition's paragraphs
 * @property {Record<string, string | Plural>} t every other text, by key ("{name}" placeholders)
 * @typedef {{[section: string]: string | string[] | Record<string, string | Plural>}} PackTexts a game's own
 *   table (lieux-en.js…): sections of texts, or lists of paragraphs
 * @typedef {{other: string} & Partial<Record<Intl.LDMLPluralRule, string>>} Plural a text that depends on
 *   a count (its `n` or `count` placeholder): one form per plural category of the language, `other` always
 */

/** The languages offered, each in its own words (the same as the `name` of its table). */
export const LANG_NAMES = { en: "English", fr: "Français", de: "Deutsch" };
export const LANG_CODES = Object.keys(LANG_NAMES);
/** @type {Record<string, Texts | Promise<Texts>>} */
const loaded = { en };

/**
 * `table[key]` if the table holds that key itself, else undefined. Keys come from URLs, saves and the
 * engine: a plain lookup would find what every object inherits ("__proto__", "constructor", "toString").
 */
export const own = (/** @type {any} */ table, /** @type {unknown} */ key) => (table != null && typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined);
/**
 * French sets a space before : ; ! ? and », and after «, that a line never breaks at: a table writes a plain
 * one, and this makes it a no-break space (U+00A0) once, as the table is loaded.
 * @template T
 * @param {string} code
 * @param {T} table
 * @returns {T}
 */
export function typeset(code, table) {
  if (code !== "fr") return table;
  /** @type {(v: any) => any} */
  const fix = (v) => (typeof v === "string" ? v.replace(/ (?=[:;!?»])|(?<=«) /g, "\u00a0")
    : Array.isArray(v) ? v.map(fix)
      : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fix(x)])) : v);
  return fix(table);
}

/** A game's own texts (Château, Village & Port's): name -> {code: table}; see addTexts. */
/** @type {Record<string, Record<string, PackTexts>>} */
const packs = {};
/** @type {((code: string) => Promise<void>)[]} */
const packLoaders = [];
/** @type {Texts} */
let cur = en;
let requested = "en"; // the language last asked for (its texts may still be loading)

/**
 * The language to start in: `wanted` (the URL's) if offered, else the browser's first offered one.
 * @param {string | null | undefined} wanted
 */
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
 * @param {string} name
 * @param {PackTexts} english
 * @param {(code: string) => Promise<PackTexts>} load
 */
export function addTexts(name, english, load) {
  packs[name] = { en: english };
  const loadInto = (/** @type {string} */ code) => (own(packs[name], code) ? Promise.resolve() : load(code).then((table) => { packs[name][code] = typeset(code, table); }));
  packLoaders.push(loadInto);
  return loadInto(requested).catch(() => {}); // unreachable file: English texts this time
}

/**
 * Switch to a language (its tables are loaded first); resolves to the code in use.
 * @param {string} code
 */
export async function setLang(code) {
  const c = own(LANG_NAMES, code) ? code : "en";
  requested = c;
  if (!loaded[c]) {
    loaded[c] = import(`./${c}.js`).then((m) => typeset(c, m.default), () => { // unreachable file: English this time
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
 * @param {string} section
 * @param {string | null} [key]
 * @returns {any} a text, or a whole section
 */
export function word(section, key) {
  const colon = section.indexOf(":");
  const [base, english, name] = colon < 0 ? [cur, en, section]
    : [own(own(packs, section.slice(0, colon)), cur.lang), own(own(packs, section.slice(0, colon)), "en"), section.slice(colon + 1)];
  if (key == null) return own(base, name) ?? own(english, name); // the whole section (a list of paragraphs)
  return own(own(base, name), key) ?? own(own(english, name), key);
}

/** "lieux:rank" -> ["lieux:t", "rank"]; "round" -> ["t", "round"]. */
/**
 * @param {string} key
 * @returns {[string, string]}
 */
function textSection(key) {
  const colon = key.indexOf(":");
  return colon < 0 ? ["t", key] : [`${key.slice(0, colon)}:t`, key.slice(colon + 1)];
}

/**
 * "Red and Green": a list of names joined the way the language in use joins them.
 * @param {string[]} names
 */
export const listText = (names) => new Intl.ListFormat(lang(), { type: "conjunction" }).format(names);

/** A number in the language's way ("3.5", "3,5"), at most one decimal. @param {number} n */
export const numberText = (n) => new Intl.NumberFormat(lang(), { maximumFractionDigits: 1 }).format(n);

/** t("round", {r: 2, n: 6}) → "Round 2/6" (t("lieux:rank", …) for a game's own text); else English, else the key. */
/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/**
 * The form of a plural text for its count (`n`, else `count`), by the language's plural rules.
 * @param {Plural} forms
 * @param {Record<string, unknown> | undefined} vars
 */
function pluralForm(forms, vars) {
  const code = lang();
  let rules = pluralRules.get(code);
  if (!rules) pluralRules.set(code, (rules = new Intl.PluralRules(code)));
  return forms[rules.select(Number(vars?.n ?? vars?.count))] ?? forms.other;
}

/**
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 * @returns {string}
 */
export function t(key, vars) {
  /** @type {unknown} */
  const found = word(...textSection(key));
  const text = found && typeof found === "object" && "other" in found ? pluralForm(/** @type {Plural} */ (found), vars) : found;
  if (typeof text !== "string") return key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (vars[k] == null ? m : String(vars[k]))) : text;
}

export const has = (/** @type {string} */ key) => word(...textSection(key)) != null;

/**
 * @param {string} edition
 * @param {string} card
 * @returns {string}
 */
export function cardName(edition, card) {
  const table = own(cur.cards, edition) || cur.cards.retail;
  return own(table, card) || own(en.cards.retail, card) || own(en.cards.prototype, card) || card;
}

/**
 * The card name for a card face: long words get a soft hyphen where they may break.
 * @param {string} edition
 * @param {string} card
 * @returns {string}
 */
export function faceName(edition, card) {
  const name = cardName(edition, card);
  const hint = own(cur.breaks, name);
  return hint ? hint.replace("|", "\u00ad") : name;
}

/**
 * @param {string} edition
 * @param {string} card
 * @returns {string}
 */
export function ability(edition, card) {
  const table = own(cur.abilities, edition) || cur.abilities.retail;
  return own(table, card) || "";
}

/** @type {(c: string) => string} */
export const colourName = (c) => own(cur.colours, c) || c;

/** @type {(edition: string) => string[]} */
export const rulesText = (edition) => [...cur.rules.common, ...(own(cur.rules, edition) || [])];
