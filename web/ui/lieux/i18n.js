// Château, Village & Port's words: its texts are read through the one lookup of i18n/index.js as
// t("lieux:key") and word("lieux:section", key) (web/i18n/lieux-*.js).
import { colourName, t, addTexts, word } from "../../i18n/index.js";
import { abilityValue } from "./cards.js";
import en from "../../i18n/lieux-en.js";

/** @import { Colour } from "../../types/bridge" */

await addTexts("lieux", en, async (code) => (await import(`../../i18n/lieux-${code}.js`)).default);

/** @type {(v: number | string | null | undefined) => string} a character's name, by value */
export const charName = (v) => (v == null ? "?" : word("lieux:chars", String(v)) || String(v));
/**
 * The name on a narrow card face: a long name may break at its marked place (soft hyphen).
 * @param {number | string | null | undefined} v
 * @returns {string}
 */
export function faceName(v) {
  const name = charName(v);
  const hint = word("lieux:breaks", name);
  return hint ? hint.replace("|", "\u00ad") : name;
}
/** @type {(v: number | string) => string} */
export const effectText = (v) => word("lieux:effects", String(v)) || "";
/** @type {(id: string) => string} */
export const placeName = (id) => word("lieux:places", String(id)) || id;
/** @type {() => string[]} */
export const lieuxRulesText = () => word("lieux:rules") || [];

/**
 * A reward as printed on the place card: +4, −1, or a short word for the special ones.
 * @param {number | string} r
 * @returns {string}
 */
export function rewardLabel(r) {
  if (typeof r === "number") return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : "0";
  return word("lieux:rewards", String(r)) || String(r);
}
/**
 * @param {number | string} r
 * @returns {string}
 */
export function rewardLong(r) {
  if (typeof r === "number") return rewardLabel(r);
  return word("lieux:rewardsLong", String(r)) || String(r);
}

/**
 * "Blue" or "Red (you)".
 * @param {Colour | null | undefined} c
 * @param {Colour | null | undefined} viewer
 */
export function who(c, viewer) {
  if (c == null) return "?";
  return c === viewer ? `${colourName(c)} (${t("youShort")})` : colourName(c);
}

/** @type {(ability: string | null | undefined) => string} */
export const abilityName = (ability) => charName(abilityValue(ability));
