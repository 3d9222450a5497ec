// Oriflamme in the replay viewer (web/ui/replay.js): a player's hand, aside and discard, and the queue,
// every card revealed (a shared link is a finished game).
import { h, raw } from "../dom.js";
import { t, cardName } from "../../i18n/index.js";
import { emblemSvg } from "../../art/emblems.js";
import { card } from "./table.js";
/** @import { Colour, Position } from "../../types/bridge" */
/** @import { QueueCard } from "./view" */

/** The edition's name, for the viewer's title. */
export const replayTitle = (/** @type {Position} */ pos) => t(`edition.${pos.edition}`);

/**
 * @param {string} edition
 * @param {string[] | undefined} list
 * @param {string} cls
 */
function chips(edition, list, cls) {
  if (!list || !list.length) return h("span", { class: "muted" }, t("noCards"));
  return list.map((c, i) => h("span", { key: `${cls}${i}`, class: `chip ${cls}`, "data-card": c }, cardName(edition, c)));
}

/**
 * The rows under a player's head: hand, aside, discard.
 * @param {Position} pos
 * @param {Colour} c
 */
export function replayRows(pos, c) {
  const ed = pos.edition;
  return [
    h("span", { class: "rp-row" }, h("span", { class: "rp-k" }, `${t("hand")}:`), chips(ed, pos.hands?.[c], "hand")),
    h("span", { class: "rp-row" }, h("span", { class: "rp-k" }, `${t("aside")}:`), chips(ed, pos.aside?.[c], "aside")),
    h("span", { class: "rp-row" }, h("span", { class: "rp-k" }, `${t("pileDiscard")}:`),
      (pos.discard?.[c] || []).length
        ? pos.discard[c].map((/** @type {string} */ d, /** @type {number} */ i) => raw("span", { key: `d${d}${i}`, class: "mini", title: cardName(ed, d), "data-card": d }, emblemSvg(d)))
        : h("span", { class: "muted" }, t("noCards"))),
  ];
}

/**
 * The queue, each top card face up or as its owner sees it, with the cursor.
 * @param {Position} pos
 */
export function replayBoard(pos) {
  const ed = pos.edition;
  /** @type {(QueueCard & {card: string})[][]} every card named: nothing is hidden */
  const queue = pos.queue || [];
  const stacks = queue.map((stack, i) => {
    const top = stack[stack.length - 1];
    const under = stack.slice(0, -1);
    return h("div", { key: `s${i}`, class: `stack depth-${Math.min(under.length, 4)}`, "data-pos": String(i + 1) },
      h("span", { class: "pos" }, pos.cursor === i + 1 ? `▼${i + 1}` : String(i + 1)),
      under.length ? h("div", { class: "under", title: under.map((u) => cardName(ed, u.card)).join(", ") },
        under.map((u, k) => h("span", { key: `u${k}`, class: `layer c-${u.owner} ${u.face_up ? "up" : "down"}` }))) : null,
      // Every card revealed: a face-down card is drawn as its owner sees it (back, with its name).
      card(ed, top.card, { owner: top.owner, up: top.face_up, tokens: top.tokens, mine: true,
        cls: pos.cursor === i + 1 ? "cursor" : "" }));
  });
  return h("section", { class: "queue-wrap", key: "queue" },
    h("h2", { class: "section-title" }, t("queue")),
    h("div", { class: `queue ${pos.direction === "rtl" ? "rtl" : "ltr"}`, "data-testid": "rp-queue" }, stacks));
}
