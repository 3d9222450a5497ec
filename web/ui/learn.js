// The learning features' place in the page: the first screen's Learn offer and Statistics button, the
// decision panel's help (a guided game's notes, or the Hint with its sentence and Undo), the review
// under the final scores, and what follows the end of a game (statistics, the review in the worker, the
// replay viewer at a step). The words and the drawing live in learntext.js, tutorial.js, records.js, stats.js
// (loaded when its dialog opens) and review.js (when a game ends); this module wires them to the store and
// the game loop.
import { h } from "./dom.js";
import { S, app, render, whenIdle, engineReady } from "./store.js";
import { on } from "./loop.js";
import { learnOffer, tutorialPanel, markLearned } from "./tutorial.js";
import { lx } from "./learntext.js";
import { showReplay } from "./screen.js";
import { recordGame } from "./records.js";
import { DEFAULT_GAME } from "./games.js";
import { youIn } from "./hotseat.js";
/** @import { Update } from "../types/bridge" */
/** @import { VNode, Child } from "./dom.js" */

/** @type {typeof import("./review.js") | null} web/ui/review.js once a game has ended */
let reviewMod = null;

/** The first screen's row: the Learn offer (prominent on a first visit) and the statistics. */
export function learnRow() {
  return h("div", { class: "learn-row", key: "learn-row" },
    learnOffer(S.setup?.game || DEFAULT_GAME),
    h("button", { type: "button", class: "btn stats-btn", "data-ui": "stats", "data-testid": "stats-open" }, lx("stats")));
}

/**
 * Undo is offered to a lone human against bots, once they have moved this sitting (D70).
 * @param {Update} u
 */
export function canUndo(u) {
  return !S.tutorial && u.seats.filter((s) => s.kind === "human").length === 1 && u.to_act_kind === "human" &&
    S.firstMoveAt != null && u.actions > S.firstMoveAt;
}

/**
 * The Undo button of the decision panel (null when nothing can be taken back).
 * @param {Update} u
 */
export function undoButton(u) {
  return canUndo(u) ? h("button", { type: "button", class: "btn undo-btn", "data-ui": "undo", "data-testid": "undo",
    title: lx("undoHelp") }, `↶ ${lx("undo")}`) : null;
}

/**
 * The decision panel's help: a guided game's notes (with the Hint once its script is played out).
 * @param {Update} u @param {VNode | null} hintBox
 */
export function learnBox(u, hintBox) {
  if (!S.tutorial) return hintBox;
  if (u.actions < S.tutorial.steps.length) return tutorialPanel(S.tutorial, u);
  return h("div", { class: "learn-box", key: "learn-box" }, tutorialPanel(S.tutorial, u), hintBox);
}

/**
 * Under the final scores: the review, or after a guided game its last notes and the way on.
 * @param {VNode} endVnode
 */
export function withReview(endVnode) {
  const u = S.update;
  if (!u || !u.over) return endVnode;
  let panel = null;
  if (S.tutorial) panel = tutorialPanel(S.tutorial, u);
  else if (reviewMod) panel = reviewMod.reviewPanel({ game: u.view.game || DEFAULT_GAME, edition: String(/** @type {{edition?: string}} */ (u.view).edition || ""), viewer: youIn(u, u.viewer) });
  if (!panel) return endVnode;
  /** @type {(v: Child | null | undefined) => boolean} */
  const walk = (v) => {
    if (!v || typeof v !== "object") return false;
    if (v.props?.["data-testid"] === "final-scores") {
      const i = v.children.findIndex((c) => typeof c === "object" && String(c.props?.class || "").split(" ").includes("dialog-buttons"));
      v.children.splice(i < 0 ? v.children.length : i + 1, 0, panel);
      return true;
    }
    return (v.children || []).some(walk);
  };
  walk(endVnode);
  return endVnode;
}

/**
 * Watch the finished game in the replay viewer, at `step` (default: the end).
 * @param {number | null} [step]
 */
export async function openReplay(step) {
  if (!S.engine || S.screen !== "game") return;
  const text = await S.engine.save();
  S.gen++;
  S.screen = "replay";
  render();
  const m = await import("./replay.js");
  showReplay(m);
  m.startReplay(app, engineReady, render, { text, step });
  window.scrollTo({ top: 0 });
}

/** Leave a guided game for the first screen (it counts as seen). */
export function skipTutorial() {
  markLearned();
  S.gen++;
  S.busy = false;
  S.tutorial = null;
  S.screen = "setup";
  S.update = null;
  render();
}

on("table", () => { reviewMod?.clearReview(); });
// A finished game: counted in the statistics, then reviewed in the worker (never a guided game).
on("over", ({ update: u }) => {
  if (S.tutorial) { markLearned(); return; }
  recordGame(u); // now, in the task that drew the end screen: a reload at once keeps it
  const key = `${u.settings.seed}:${u.actions}`;
  whenIdle(async () => {
    reviewMod ||= await import("./review.js");
    if (S.update !== u || !S.engine) return;
    reviewMod.startReview(S.engine, null, key, render);
    render();
  });
});
