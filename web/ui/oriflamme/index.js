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
    viewer: you, seats: u.seats, legal, lastText: ui.lastText, flash: ui.flash, flashPos: ui.flashPos,
    tokens: edition(view.edition).tokens, hint: ctx.hint,
    // the move itself (its first event), announced once; its consequences are in the log
    announce: (u.events || []).map((ev) => tell(ev, view, you)).find((x) => x) || "",
    arriving: Boolean(ctx.arriving),
  };
  return [
    h("div", { class: "game", key: "game" }, table(view, P, ui.sel, meta), ctx.log),
    ...endOfGame(u, ui.endHidden, () => ctx.withShare(endDialog(u, {
      viewer: you, title: t("gameOver"), scoreLabel: t("points"), tieColumn: t("inQueue"),
      tieNote: (rule, score) => t(`tie.${rule}`, { score }),
    }))),
  ];
}

// The specimen's parts (warmup): stacks in its queue and cards in its hand at each step.
const WARMUP_STEPS = [[0, 0], [3, 0], [3, 4], [3, 7], [3, 10]];
/** How many steps warmup() has. */
export const warmupSteps = WARMUP_STEPS.length;

/**
 * A table that no one sees, drawn a part at a time under the boot bar while the engine starts (D103):
 * the first real table then finds the page's code compiled and the browser's caches warm (the style of
 * each kind of element, the card art, the text of each size). Step 0 is its top bar, players and
 * decision, each later step adds a few elements (the queue's stacks, then the hand, some cards at a
 * time: each step is a short task of its own); null once there is no more. It ends with every card of
 * the edition, face up and down, and the choices of a placement.
 * @param {number} step
 */
export function warmup(step) {
  if (step >= WARMUP_STEPS.length) return null;
  const [stacks, inHand] = WARMUP_STEPS[step];
  const name = "retail";
  const cards = edition(name).cards;
  /** @type {Colour[]} */
  const seats = ["red", "blue", "green"];
  const each = (/** @type {number} */ n) => ({ red: n, blue: n, green: n });
  const hand = cards.slice(0, inHand);
  const legal = hand.flatMap((c) => [`place ${c} first`, `place ${c} last`, `place ${c} on 2`]);
  /** @type {OriflammeView} */
  const view = {
    game: "oriflamme", format: "", viewer: "red", edition: name, seats, round: 1, rounds: 6, first: "red", phase: "",
    direction: "ltr", to_act: "red", ranking: null,
    cursor: null, scores: each(0), hand, aside: [], hand_sizes: each(hand.length), aside_sizes: each(0),
    discard: { red: [], blue: cards.slice(0, 1), green: [] }, is_over: false,
    // yours face down, another's face down with a token, one face up
    queue: [[{ card: cards[1], owner: "red", face_up: false, tokens: 0 }], [{ card: null, owner: "blue", face_up: false, tokens: 1 }],
      [{ card: cards[2], owner: "green", face_up: true, tokens: 0 }]].slice(0, stacks),
    decision: { kind: "place", player: "red", ability: null, position: null },
  };
  const P = parseLegal(legal);
  const meta = { viewer: view.viewer, seats: [], legal, lastText: "·", flash: null, flashPos: null, tokens: true,
    hint: null, announce: "", arriving: !inHand };
  return table(view, P, settleSelection(P, hand, { handIdx: null, moveSrc: null, chooseA: null }), meta);
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
