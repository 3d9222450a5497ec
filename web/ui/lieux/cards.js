// Château, Village & Port's card facts, as the engine's catalogue gives them (ability, timing per value).
import { gameOf } from "../catalogue.js";

/** @typedef {{ability: string, timing: "immediate" | "end" | null}} CardFacts */

/** @type {() => Record<string, CardFacts>} the catalogue's cards: value → facts */
const cards = () => /** @type {Record<string, CardFacts>} */ ((gameOf("lieux") || { cards: {} }).cards);

/** The character values, highest first. */
export const cardValues = () => Object.keys(cards()).map(Number).sort((a, b) => b - a);
/** "immediate" (⚡ acts when laid), "end" (☾ at the end of the round) or null (SAVANA.md S1). */
/** @type {(value: number | string) => CardFacts["timing"]} */
export const timingOf = (value) => (Object.hasOwn(cards(), String(value)) ? cards()[String(value)].timing : null);
/**
 * The character value whose ability is `ability` ("king" -> 15), or null.
 * @param {string | null | undefined} ability
 */
export function abilityValue(ability) {
  const hit = Object.entries(cards()).find(([, f]) => f.ability === ability);
  return hit ? Number(hit[0]) : null;
}
