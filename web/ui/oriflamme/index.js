// Oriflamme in the page: the adapter screen.js and loop.js call (screen, rules, tell, hintSelection).
// Rendering only: the view, the legal action strings and the redacted events come from the engine;
// edition facts (player range, cards, tokens) from its catalogue.
import { h, raw } from "../dom.js";
import { t, cardName, ability, rulesText } from "../../i18n/index.js";
import { emblemSvg } from "../../art/emblems.js";
import { gameOf, variantOf } from "../catalogue.js";
import { endDialog, endOfGame } from "../chrome.js";
import { parseLegal, settleSelection } from "./actions.js";
import { table } from "./table.js";
import { eventText, eventFocus } from "./log.js";
import { youIn } from "../hotseat.js";
/** @import { Colour, GameEvent, Update } from "../../types/bridge" */
/** @import { ScreenContext, Selection, Setup, State } from "../../types/ui" */
/** @import { OriflammeView } from "./view" */
/** @typedef {{cards: string[], tokens: boolean, rounds?: number}} EditionFacts */

export const id = "oriflamme";
export { PARTS as parts } from "./table.js";
export { replayTitle, replayRows, replayBoard } from "./replay.js";
// The table's parts by name, for pages that draw one outside a game (the browser tests do): the page's
// modules are bundled (D101), so these have no file of their own to import.
export { table, parseLegal, endDialog };
export { measure, animate } from "./motion.js";

/**
 * An edition's facts from the catalogue ({cards, tokens, rounds}); the first edition's for an unknown name.
 * @param {string} name
 * @returns {EditionFacts}
 */
function edition(name) {
  const g = gameOf("oriflamme");
  const eds = /** @type {Record<string, EditionFacts>} */ ((g && g.editions) || {});
  return (Object.hasOwn(eds, name) ? eds[name] : Object.values(eds)[0]) || { cards: [], tokens: true };
}

/**
 * An event told in the current language ("" for one the log does not show).
 * @type {(ev: GameEvent, view: OriflammeView, viewer: Colour | null | undefined) => string}
 */
export const tell = (ev, view, viewer) => eventText(ev, view.edition, { viewer });

/** A card's name from the engine's structured data (hints, the review, guided games). */
/** @type {(card: string | number, edition: string) => string} */
export const cardLabel = (card, edition) => cardName(edition, String(card));
/** @type {(place: string) => string} */
export const placeLabel = (place) => String(place);
/** @type {(n: number) => string} */
export const amountLabel = (n) => t("pointsWords", { n });

/**
 * Where an update's events point on the table (the queue position to flash), if anywhere.
 * @type {(events: GameEvent[] | undefined) => {pos?: number | null}}
 */
export const focusOf = (events) => (events || []).map(eventFocus).find((f) => f.pos != null) || {};

/**
 * The game screen: table + log, then the end dialog. `ui`: the page's state (selection, flash…).
 * @param {Update<OriflammeView>} u
 * @param {State} ui
 * @param {ScreenContext} ctx
 */
export function screen(u, ui, ctx) {
  const view = u.view;
  const legal = u.legal || [];
  const P = parseLegal(legal);
  ui.sel = settleSelection(P, view.hand || [], ui.sel);
  const you = youIn(u, u.viewer);
  const meta = {
    viewer: you, seats: u.seats, legal, guided: !!u.guided, lastText: ui.lastText, flash: ui.flash, flashPos: ui.flashPos,
    tokens: edition(view.edition).tokens, hint: ctx.hint,
    // the move itself (its first event), announced once; its consequences are in the log
    announce: (u.events || []).map((ev) => tell(ev, view, you)).find((x) => x) || "",
    parts: ctx.parts,
  };
  return [
    h("div", { class: "game", key: "game" }, table(view, P, ui.sel, meta), ctx.log),
    ...endOfGame(u, ui.endHidden, () => ctx.withShare(endDialog(u, {
      viewer: you, title: t("gameOver"), scoreLabel: t("points"), tieColumn: t("inQueue"),
      tieNote: (rule, score) => t(`tie.${rule}`, { score }),
    }))),
  ];
}

/**
 * Two-step choices: pick the first step of the suggested action so its element is on the table.
 * @param {string} action
 * @param {Update<OriflammeView>} u
 * @param {Selection} sel
 * @returns {Selection}
 */
export function hintSelection(action, u, sel) {
  const hand = u.view.hand || [];
  const w = action.split(" ");
  if (w[0] === "place" && hand.includes(w[1])) return { ...sel, handIdx: hand.indexOf(w[1]) };
  if (w[0] === "move") return { ...sel, moveSrc: Number(w[1]) };
  if (w[0] === "choose") return { ...sel, chooseA: Number(w[1]) };
  return sel;
}

/**
 * Rules help for an edition (the one in play, else the one chosen on the setup screen).
 * @param {OriflammeView | null} view
 * @param {Setup | null} setup
 */
export function rules(view, setup) {
  const name = view ? view.edition : String(setup?.edition ?? "retail");
  const range = (variantOf("oriflamme", name) || { players: ["?", "?"] }).players;
  return h("div", { class: "overlay", key: "rules", "data-ui": "overlay-close" },
    h("div", { class: "dialog rules", role: "dialog", "aria-modal": "true", "aria-labelledby": "rules-title", "data-testid": "rules" },
      h("div", { class: "dialog-head" },
        h("h2", { id: "rules-title" }, `${t("rulesTitle")} · ${t(`edition.${name}`)}`),
        h("button", { type: "button", class: "btn close", "data-ui": "rules-close", "aria-label": t("close") }, "✕")),
      h("p", { class: "muted" }, t("playersRange", { min: range[0], max: range[1] })),
      h("ul", { class: "rules-list" }, rulesText(name).map((p, i) => h("li", { key: String(i) }, p))),
      h("h3", {}, t("legend.title")),
      h("ul", { class: "rules-list legend" }, ["crown", "arrow", "cursor", "mine", "tokens", "target"].map((k) =>
        h("li", { key: k }, t(`legend.${k}`)))),
      h("h3", {}, t("cardsTitle")),
      h("ul", { class: "card-list" }, edition(name).cards.map((c) => h("li", { key: c, class: "card-help" },
        raw("span", { class: "mini big" }, emblemSvg(c)),
        h("span", {}, h("strong", {}, cardName(name, c)), " — ", ability(name, c))))),
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "btn primary", "data-ui": "rules-close" }, t("close")))));
}
