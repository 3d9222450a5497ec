// Texts of Château, Village & Port in the current language (web/i18n/lieux-*.js); falls back to English.
import { lang, colourName, t, addTexts, own } from "../../i18n/index.js";
import en from "../../i18n/lieux-en.js";

// English always; another language's texts are loaded with its main table (i18n/index.js setLang).
const L = { en };
await addTexts(async (code) => {
  try {
    if (!L[code]) L[code] = (await import(`../../i18n/lieux-${code}.js`)).default;
  } catch { /* unreachable file: English texts this time */ }
});
const cur = () => own(L, lang()) || en;

/** lt("roundTurn", {r: 1, n: 3}) — a missing key falls back to English, then to the key itself. */
export function lt(key, vars) {
  let s = own(cur().t, key);
  if (s == null) s = own(en.t, key);
  if (s == null) return key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] == null ? m : String(vars[k])));
  return s;
}

export const hasLt = (key) => own(cur().t, key) != null || own(en.t, key) != null;
export const charName = (v) => (v == null ? "?" : own(cur().chars, String(v)) || own(en.chars, String(v)) || String(v));
/** The name on a narrow card face: a long name may break at its marked place (soft hyphen). */
export function faceName(v) {
  const name = charName(v);
  const hint = own(cur().breaks, name);
  return hint ? hint.replace("|", "\u00ad") : name;
}
export const effectText = (v) => own(cur().effects, String(v)) || own(en.effects, String(v)) || "";
export const placeName = (id) => own(cur().places, String(id)) || own(en.places, String(id)) || id;
export const lieuxRulesText = () => cur().rules;

/** A reward as printed on the place card: +4, −1, or a short word for the special ones. */
export function rewardLabel(r) {
  if (typeof r === "number") return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : "0";
  return own(cur().rewards, String(r)) || own(en.rewards, String(r)) || String(r);
}
export function rewardLong(r) {
  if (typeof r === "number") return rewardLabel(r);
  return own(cur().rewardsLong, String(r)) || own(en.rewardsLong, String(r)) || String(r);
}

/** "Blue" or "Red (you)". */
export function who(c, viewer) {
  if (c == null) return "?";
  return c === viewer ? `${colourName(c)} (${t("youShort")})` : colourName(c);
}

// Printed on each character card: ⚡ acts when laid, ☾ acts at the end of the round (SAVANA.md S1).
export const TIMING = { 15: "end", 14: "end", 12: "immediate", 11: "immediate", 10: "immediate", 9: "immediate",
  8: "immediate", 7: "end", 6: "end", 5: "immediate", 4: "immediate", 2: "end", 1: "immediate" };
export const ABILITY_VALUE = { king: 15, princess: 14, witch: 13, guard: 12, thief: 11, alchemist: 10, courtesan: 9,
  strategist: 8, traitor: 7, merchant: 6, warrior: 5, bard: 4, peasant: 3, sailor: 2, hunter: 1 };
export const abilityName = (ability) => charName(ABILITY_VALUE[ability]);
