// Language tables and lookups. The engine speaks ids (card names, colours); this turns them into words.
import en from "./en.js";
import fr from "./fr.js";
import de from "./de.js";

export const LANGS = { en, fr, de };
let cur = en;

export function pickLang(wanted) {
  const list = [wanted, ...(navigator.languages || [navigator.language || "en"])];
  for (const l of list) {
    const code = String(l || "").slice(0, 2).toLowerCase();
    if (LANGS[code]) return code;
  }
  return "en";
}

export function setLang(code) {
  cur = LANGS[code] || en;
  document.documentElement.lang = cur.lang;
  return cur.lang;
}

export const lang = () => cur.lang;

/** t("round", {r: 2, n: 6}) → "Round 2/6"; a missing key falls back to English, then to the key. */
export function t(key, vars) {
  let s = cur.t[key];
  if (s == null) s = en.t[key];
  if (s == null) return key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] == null ? m : String(vars[k])));
  return s;
}

export const has = (key) => cur.t[key] != null || en.t[key] != null;

export function cardName(edition, card) {
  const table = cur.cards[edition] || cur.cards.retail;
  return table[card] || en.cards.retail[card] || en.cards.prototype[card] || card;
}

/** The card name for a card face: long words get a soft hyphen where they may break. */
export function faceName(edition, card) {
  const name = cardName(edition, card);
  const hint = (cur.breaks || {})[name];
  return hint ? hint.replace("|", "\u00ad") : name;
}

export function ability(edition, card) {
  const table = cur.abilities[edition] || cur.abilities.retail;
  return table[card] || "";
}

export const colourName = (c) => cur.colours[c] || c;

export const rulesText = (edition) => [...cur.rules.common, ...(cur.rules[edition] || [])];
