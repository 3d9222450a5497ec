// Château, Village & Port in the replay viewer (web/ui/replay.js): hands (character values) and the
// three places, all revealed (a shared link is a finished game).
import { h } from "../dom.js";
import { t, colourName } from "../../i18n/index.js";
import { charName, placeName } from "./i18n.js";
/** @import { Colour, Position } from "../../types/bridge" */

/** The game's name, for the viewer's title. */
export const replayTitle = () => t("lieux:game.lieux");

/**
 * The rows under a player's head: the hand.
 * @param {Position} pos
 * @param {Colour} c
 */
export function replayRows(pos, c) {
  /** @type {number[]} */
  const hand = (pos.hands && pos.hands[c]) || [];
  return [h("span", { class: "rp-row" }, h("span", { class: "rp-k" }, `${t("hand")}:`),
    hand.length ? hand.map((v, i) => h("span", { key: `h${i}`, class: "chip hand", "data-card": String(v) }, `${v} ${charName(v)}`))
      : h("span", { class: "muted" }, t("noCards")))];
}

/**
 * The three places and the cards in them.
 * @param {Position} pos
 */
export function replayBoard(pos) {
  /** @type {Record<string, {owner: Colour, value: number}[]>} */
  const places = pos.places || {};
  return h("section", { class: "queue-wrap", key: "places" },
    Object.keys(places).map((id) => h("div", { key: id, class: "rp-row rp-place", "data-testid": `rp-place-${id}` },
      h("span", { class: "rp-k" }, `${placeName(id)}:`),
      (places[id] || []).length ? places[id].map((cardAt, i) => h("span", { key: `p${i}`, class: `chip c-${cardAt.owner}` },
        `${colourName(cardAt.owner)} ${cardAt.value} ${charName(cardAt.value)}`)) : h("span", { class: "muted" }, t("noCards")))));
}
