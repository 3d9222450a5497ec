// Sorts the engine's legal action strings (NOTATION.md) by what they point at, so the table can hang
// each whole action string on the element it concerns. No rule is decided here: only what `legal` says.
/** @import { Selection } from "../../types/ui" */

/**
 * @typedef {object} Legal the legal actions by what they point at
 * @property {Map<string, {where: string, pos?: number, action: string}[]>} place card → where it may go
 * @property {string | null} reveal
 * @property {string | null} stay
 * @property {Map<number, string>} eliminate position → action
 * @property {Map<number, string>} copy position → action
 * @property {Map<string, string>} steal colour → action
 * @property {Map<number, ({gap: number, action: string} | {onto: number, action: string})[]>} move source position → targets
 * @property {Map<number, Map<number, string>>} choose first position → second position → action
 * @property {string[]} other anything else, whole
 */

/**
 * @param {string[] | null | undefined} legal
 * @returns {Legal}
 */
export function parseLegal(legal) {
  /** @type {Legal} */
  const P = {
    place: new Map(),
    reveal: null,
    stay: null,
    eliminate: new Map(),
    copy: new Map(),
    steal: new Map(),
    move: new Map(),
    choose: new Map(),
    other: [],
  };
  for (const action of legal || []) {
    const w = action.split(" ");
    const n = (/** @type {number} */ i) => Number.parseInt(w[i], 10);
    if (w[0] === "place" && w.length >= 3) {
      const list = P.place.get(w[1]) || [];
      if (w[2] === "on") list.push({ where: "on", pos: n(3), action });
      else list.push({ where: w[2], action });
      P.place.set(w[1], list);
    } else if (action === "reveal") P.reveal = action;
    else if (action === "stay") P.stay = action;
    else if (w[0] === "eliminate") P.eliminate.set(n(1), action);
    else if (w[0] === "copy") P.copy.set(n(1), action);
    else if (w[0] === "steal") P.steal.set(w[1], action);
    else if (w[0] === "move" && (w[2] === "to" || w[2] === "onto")) {
      const list = P.move.get(n(1)) || [];
      list.push(w[2] === "to" ? { gap: n(3), action } : { onto: n(3), action });
      P.move.set(n(1), list);
    } else if (w[0] === "choose") {
      const m = P.choose.get(n(1)) || new Map();
      m.set(n(2), action);
      P.choose.set(n(1), m);
    } else P.other.push(action);
  }
  return P;
}

/**
 * Keep the two-step selections valid: a hand card, a Decree's source, an Assassin's first card.
 * Each defaults to the first offered, so the second step always carries whole action strings.
 * @param {Legal} P
 * @param {string[]} hand
 * @param {Selection} sel
 * @returns {Selection}
 */
export function settleSelection(P, hand, sel) {
  const out = { ...sel };
  const handOk = out.handIdx != null && hand[out.handIdx] != null && P.place.has(hand[out.handIdx]);
  if (!handOk) {
    out.handIdx = null;
    for (let i = 0; i < hand.length; i++) if (P.place.has(hand[i])) { out.handIdx = i; break; }
  }
  if (out.moveSrc == null || !P.move.has(out.moveSrc)) out.moveSrc = P.move.keys().next().value ?? null;
  if (out.chooseA == null || !P.choose.has(out.chooseA)) out.chooseA = P.choose.keys().next().value ?? null;
  return out;
}
