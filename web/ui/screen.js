// Draws the whole page from the store: the setup screen, the table on its way, the hot-seat hand-over,
// the game (through its adapter, games.js), the rules help, the error toast and the extras; plus the
// pieces every game's screen shares (the log panel, the Hint box) and where the keyboard focus goes.
import { h, patch } from "./dom.js";
import { t } from "../i18n/index.js";
import { S, app, speed, setRenderer, render, afterNextPaint, afterAnimations } from "./store.js";
import { adapterOf, DEFAULT_GAME } from "./games.js";
import { setupScreen } from "./setup.js";
import { deviceSwitches } from "./chrome.js";
import { bootBar } from "./bootbar.js";
import { passScreen } from "./hotseat.js";
import { setupExtras, extrasOverlay, withShare } from "./extras.js";
import { savedGame } from "./saves.js";
import { readRecords } from "./records.js";
import { learnRow, learnBox, undoButton, withReview } from "./learn.js";

/** @type {typeof import("./stats.js") | null} the statistics once asked for (loadStats) */
let stats = null;
/**
 * The statistics' dialog (stats.js), loaded the first time it opens: the first
 * screen and the first decision do without it.
 */
export async function loadStats() {
  stats ||= await import("./stats.js");
  return stats;
}

/** The replay viewer's module once a shared link is opened (main.js). */
/** @type {typeof import("./replay.js") | null} */
let replay = null;
/** @param {typeof import("./replay.js")} module */
export function showReplay(module) { replay = module; }

function logPanel() {
  return h("aside", { class: "log", key: "log", "aria-label": t("log") },
    h("details", { class: "log-details", open: true },
      h("summary", {}, t("log")),
      // a log, but not read aloud entry by entry: the table announces each move once (data-testid=announce)
      h("ol", { class: "log-list", "data-testid": "log", role: "log", "aria-live": "off", "aria-label": t("log") },
        S.log.map((e) => h("li", { key: e.key, class: e.cls }, e.text)))));
}

/** The hint for the current decision, if it is still this decision's. */
export function currentHint() {
  const u = S.update;
  return S.hint && u && S.hint.at === u.actions && (u.legal || []).length ? S.hint : null;
}

/** In the decision panel while the human must decide: the button, then the suggestion. */
function hintBox() {
  const u = S.update;
  if (!u || u.over || !(u.legal || []).length) return null;
  const hint = currentHint();
  const thinking = hint && hint.state === "thinking";
  return h("div", { class: "hint-box", key: "hint" },
    h("button", { type: "button", class: "btn hint-btn", "data-ui": "hint", "data-testid": "hint", disabled: !!thinking,
      "aria-busy": thinking ? "true" : "false" }, thinking ? t("hintThinking") : t("hint")),
    undoButton(u),
    hint && hint.state === "done"
      ? h("p", { class: "hint-text", "data-testid": "hint-text", role: "status" }, hint.text || t("hintSuggested", { action: hint.action }))
      : null);
}

/** The virtual DOM does not own this class: it is set on the suggested element after every patch. */
export function markHint() {
  for (const el of app.querySelectorAll(".hinted")) el.classList.remove("hinted");
  const hint = currentHint();
  if (!hint || hint.state !== "done") return null;
  const el = app.querySelector(`[data-action="${CSS.escape(hint.action)}"]`);
  if (el) el.classList.add("hinted");
  return el;
}

export function focusFirstAction() {
  const el = /** @type {HTMLElement | null} */ (app.querySelector(".overlay [data-ui], [data-action], [data-select-card]"));
  if (el) el.focus({ preventScroll: true });
  else if (partsDrawn !== ALL) focusOnArrival = true; // the first choices may be in a part still to come (the hand)
}

// A table drawn anew (a deal, a resumed save, a hot-seat hand-over) arrives a part per frame (D102, D140),
// top to bottom: the adapter's parts (Oriflamme: the top bar and players; then the queue and the
// decision; then the hand), the log (below or beside them) with the last one, so nothing already drawn
// moves. Drawn at once, every element new, its first style and layout were one long frame (the freeze of
// a first visit; a dropped animation frame on a phone); each part is now a frame of its own, and the
// page's other tasks (timers, the engine's messages) run between them.
const ALL = Infinity;
let tableUp = false; // the game's table is on screen
let partsDrawn = ALL; // how many of its parts are drawn: ALL once the last one (and the log) is there
let arrival = 0; // the table drawn anew whose parts are coming (a newer one takes over)
let focusOnArrival = false; // focusFirstAction found nothing in the parts drawn so far

/** @param {number} parts the adapter's parts, the last one with the log */
function tableArrives(parts) {
  if (tableUp) return;
  tableUp = true;
  partsDrawn = 1;
  const mine = ++arrival;
  const next = () => afterNextPaint(async () => {
    await afterAnimations(); // (what the last frame started, e.g. a card fading in: D123)
    if (mine !== arrival) return;
    partsDrawn = partsDrawn + 1 < parts ? partsDrawn + 1 : ALL;
    render();
    if (partsDrawn !== ALL) { next(); return; }
    if (focusOnArrival && !app.contains(document.activeElement)) focusFirstAction();
    focusOnArrival = false;
  });
  next();
}

/** A link deals another game than the one in progress on this device: which one to play? */
function linkQuestion() {
  return h("div", { class: "overlay", key: "ask-link" },
    h("div", { class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "ask-link-title", "data-testid": "ask-link" },
      h("h2", { id: "ask-link-title" }, t("linkTitle")),
      h("p", {}, t("linkAsk")),
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "btn primary", "data-ui": "link-keep", "data-testid": "link-keep" }, t("linkKeep")),
        h("button", { type: "button", class: "btn", "data-ui": "link-open", "data-testid": "link-open" }, t("linkOpen")))));
}

/** The game being played, or the one chosen on the setup screen. */
const gameNow = () => (S.screen === "game" && S.update ? S.update.view.game : S.setup?.game) || DEFAULT_GAME;

function draw() {
  if (!S.setup) return; // the engine's first progress may come before the language and the catalogue
  const boot = bootBar(S.boot);
  const out = [];
  if (S.screen === "replay" && replay) { // a shared link: web/ui/replay.js
    patch(app, [replay.replayScreen(boot), ...extrasOverlay()]);
    return;
  }
  const game = adapterOf(S.update ? S.update.view.game : null);
  const table = S.screen === "game" && S.update && game && !S.pass;
  if (!table) tableUp = false;
  if (S.screen !== "game" || !S.update || !game) {
    if (S.screen === "setup") out.push(setupScreen(S.setup, boot, savedGame() != null, learnRow(), deviceSwitches(), S.linkProblems), setupExtras());
    else { // a table on its way; if the engine refused to deal it, the way back to the menu
      const back = S.error && !S.busy ? h("button", { type: "button", class: "btn primary", "data-ui": "menu", "data-testid": "back-to-menu" }, t("newGame")) : null;
      out.push(h("main", { class: "setup", key: "wait" }, h("div", { class: "setup-card" }, h("h1", { class: "logo" }, t("title")), boot, back)));
    }
  } else if (S.pass) { // hot-seat hand-over: web/ui/hotseat.js
    out.push(passScreen(S.pass));
  } else {
    tableArrives(game.parts ?? 2);
    out.push(...game.screen(S.update, S, { log: partsDrawn === ALL ? logPanel() : null, parts: partsDrawn, hint: learnBox(S.update, hintBox()),
      speed: speed(), rerender: render, withShare: (v) => withReview(withShare(v)) }));
  }
  if (S.askLink != null && S.screen === "setup") out.push(linkQuestion());
  const rules = S.rules ? adapterOf(gameNow()) : null;
  if (rules) out.push(rules.rules(S.update && S.screen === "game" ? S.update.view : null, S.setup)); // (else drawn once loaded)
  if (S.stats && stats) out.push(stats.statsDialog(readRecords()));
  if (S.error) out.push(h("div", { key: "err", class: "toast error", role: "alert" }, t("error", { msg: S.error })));
  out.push(...extrasOverlay());
  document.body.classList.toggle("instant", speed() === 0);
  // a bot's move flashes as long as its pace: at "fast" an answer does not wait for a slow flash (D123)
  const pace = String(speed() || 1);
  if (document.body.style.getPropertyValue("--pace") !== pace) document.body.style.setProperty("--pace", pace);
  const hadFocus = document.activeElement && document.activeElement !== document.body && app.contains(document.activeElement);
  patch(app, out);
  markHint();
  app.dataset.busy = S.busy ? "1" : "0";
  if (hadFocus && !app.contains(document.activeElement)) focusFirstAction();
}

setRenderer(draw);
