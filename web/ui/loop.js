// The game loop: deal (or resume) a table, apply each engine answer to the store, step the bots at the
// chosen pace, send the human's action strings, hand the device over in hot-seat, ask for hints, and
// save at each human decision. Other modules follow the game through on(type, fn) (see EVENTS).
import { S, app, received, speed, sleep, whenIdle, render, renderNextFrame, engineReady, noSelection, afterAnimations } from "./store.js";
import { adapterOf, loadAdapter, DEFAULT_GAME } from "./games.js";
import { settingsOf, seedOk, withSettings } from "./setup.js";
import { isHotseat, youIn } from "./hotseat.js";
import { rememberGame, savedLog, clearSave, savedGame, savedLink } from "./saves.js";
import { setNotice } from "./extras.js";
import { t } from "../i18n/index.js";
import { registerServiceWorker } from "../pwa/pwa.js";
import { focusFirstAction, markHint, currentHint } from "./screen.js";
/** @import { Colour, EngineError, GameEvent, Update } from "../types/bridge" */
/** @import { LoopEvents } from "../types/ui" */
import { hintSentence, namer, loadNames } from "./learntext.js";

/**
 * What the loop tells its listeners, in order, each with one detail object:
 * - "table":   {gen}                    a fresh table (new deal or resume), before the first answer
 * - "update":  {update, previous, fromBot, texts}   an engine answer is in the store, before it is drawn
 * - "drawn":   {update}                 that answer is on screen
 * - "botwait": {update, ms}             the pause before the next bot move (speed > 0)
 * - "handover":{colour}                 hot-seat: the table is shown to the next human
 * - "over":    {update}                 the game ended (the end dialog is on screen)
 */
export const EVENTS = ["table", "update", "drawn", "botwait", "handover", "over"];
/** @type {Map<string, ((detail: any) => void)[]>} */
const listeners = new Map(EVENTS.map((e) => [e, []]));
/**
 * Follow the game: `fn(detail)` for each event of `type` (see EVENTS). Returns a function that stops it.
 * @template {keyof LoopEvents} K
 * @param {K} type
 * @param {(detail: LoopEvents[K]) => void} fn
 */
export function on(type, fn) {
  const list = listeners.get(type);
  if (!list) throw new Error(`unknown game-loop event ${type}`);
  list.push(fn);
  return () => { const i = list.indexOf(fn); if (i >= 0) list.splice(i, 1); };
}
/**
 * @template {keyof LoopEvents} K
 * @param {K} type
 * @param {LoopEvents[K]} detail
 */
function emit(type, detail) {
  for (const fn of listeners.get(type) ?? []) {
    try { fn(detail); } catch (err) { console.error(err); } // a listener never stops the game
  }
}

let logSeq = 0;
let keyboardUser = false;
/** input.js: whether the player uses the keyboard (their turn then puts the focus on the first choice). */
export function setKeyboardUser(/** @type {boolean} */ on) { keyboardUser = on; }

/** An event told in the current language ("" for one the log does not show); null if it cannot be told. */
/**
 * @param {GameEvent} ev
 * @param {Update["view"]} view
 * @param {Colour | null | undefined} viewer
 */
function tell(ev, view, viewer) {
  try {
    const text = adapterOf(view.game)?.tell(ev, view, viewer);
    return typeof text === "string" ? text : null;
  } catch {
    return null;
  }
}

/**
 * @param {GameEvent} ev
 * @param {Update["view"]} view
 * @param {Colour | null | undefined} viewer
 */
function addLog(ev, view, viewer) {
  const text = tell(ev, view, viewer);
  if (!text) return "";
  const cls = ev.type === "round_started" || ev.type === "game_over" ? "round" : "";
  S.log.push({ key: `l${logSeq++}`, text, cls, ev, viewer });
  if (S.log.length > 400) S.log.splice(0, S.log.length - 400);
  return text;
}

/** After a change of language, tell the log again in the new one (entries keep their event). */
export function retellLog() {
  const u = S.update;
  if (!u) return;
  S.log = S.log.map((e) => {
    if (!e.ev) return e;
    const text = tell(e.ev, u.view, e.viewer);
    return text ? { ...e, text } : e;
  });
  S.lastText = (u.events || []).map((ev) => tell(ev, u.view, youIn(u, u.viewer))).filter((x) => x).slice(-3).join(" ");
}

/**
 * @param {Update | EngineError | null | undefined} u
 * @param {number} gen
 */
async function apply(u, gen) {
  if (gen !== S.gen) return;
  if (!u || "error" in u) {
    S.error = (u && u.error) || "no answer";
    S.busy = false;
    render();
    return;
  }
  const game = await loadAdapter(u.view?.game);
  if (gen !== S.gen) return;
  received?.push(u);
  // The answer is drawn once the last one's motion has ended (D123): its drawing (the page's redraw, the
  // measures and new animations, 10–60 ms on a phone) is then a frame between animations, not one in them.
  if (speed() > 0) await afterAnimations();
  if (gen !== S.gen) return;
  S.error = null;
  S.hint = null;
  const fromBot = Boolean(u.actor && u.seats && u.seats.find((s) => s.colour === u.actor && s.kind === "bot"));
  const texts = (u.events || []).map((ev) => addLog(ev, u.view, youIn(u, u.viewer)));
  S.lastText = texts.filter((x) => x).slice(-3).join(" ");
  const focus = game.focusOf(u.events);
  S.flash = fromBot ? u.actor : null;
  S.flashPos = fromBot ? focus.pos ?? null : null;
  const previous = S.update;
  S.update = u;
  S.busy = u.to_act_kind === "bot";
  if (isHotseat(u) && u.to_act_kind === "human" && u.viewer !== S.shownTo) S.pass = u.viewer;
  emit("update", { update: u, previous, fromBot, texts });
  if (u.to_act_kind === "bot" && speed() === 0) renderNextFrame();
  else render();
  emit("drawn", { update: u });
  // Keyboard players get the focus on the first offered choice when their turn comes.
  if (keyboardUser && u.to_act_kind === "human" && !app.contains(document.activeElement)) focusFirstAction();
  remember(u);
  if (u.to_act_kind === "human" || u.over) precacheWhenIdle();
  if (u.over) { emit("over", { update: u }); return; }
  if (u.to_act_kind === "bot") {
    const pace = speed();
    if (pace > 0) {
      const ms = 650 * pace + (fromBot ? 150 * pace * Math.min(4, texts.length) : 0);
      emit("botwait", { update: u, ms });
      await sleep(ms);
    }
    if (gen !== S.gen || !S.engine) return;
    const next = await S.engine.botStep();
    await apply(next, gen);
  }
}

// A fresh table for a new deal or a resumed save: empty log, no selection, busy until the engine answers.
function enterGame() {
  const gen = ++S.gen;
  S.screen = "game";
  S.update = null;
  S.log = [];
  S.lastText = "";
  S.endHidden = false;
  S.sel = noSelection();
  S.busy = true;
  S.pass = null;
  S.shownTo = null;
  S.tutorial = null;
  S.firstMoveAt = null;
  emit("table", { gen });
  render();
  return gen;
}

export async function startGame() {
  if (!S.setup) return;
  if (!seedOk(S.setup.seed)) { // the form says what a seed must be; no game is dealt
    S.screen = "setup";
    S.busy = false;
    render();
    /** @type {HTMLElement | null} */ (app.querySelector("[data-setup=seed]"))?.focus();
    return;
  }
  S.linkProblems = []; // the link's mistakes are behind us once a game is dealt
  const gen = enterGame();
  const engine = await engineReady();
  if (!engine || gen !== S.gen) return;
  const u = await engine.newGame(settingsOf(S.setup));
  await apply(u, gen);
}

/**
 * The human's choice: an action string the engine offered.
 * @param {string} action
 */
export async function act(action) {
  if (S.busy || !S.engine || !S.update || !(S.update.legal || []).includes(action)) return;
  if (S.firstMoveAt == null) S.firstMoveAt = S.update.actions;
  S.busy = true;
  app.dataset.busy = "1";
  const gen = S.gen;
  const u = await S.engine.act(action);
  await apply(u, gen);
}

/** Take back the lone human's last decision and the bots' replies since (D70); the log says so. */
export async function undo() {
  if (S.busy || !S.engine || !S.update) return;
  S.busy = true;
  const gen = S.gen;
  const u = await S.engine.undo();
  if (gen !== S.gen) return;
  if (!u || "error" in u) { S.busy = false; S.error = (u && "error" in u && u.error) || "undo"; render(); return; }
  await apply(u, gen);
}

/**
 * A guided first game of `game` (D72): the engine's scripted game, its notes kept in S.tutorial.
 * @param {string} game
 */
export async function startTutorial(game) {
  const gen = enterGame();
  const engine = await engineReady();
  if (!engine || gen !== S.gen) return;
  const u = await engine.tutorial(game);
  if (gen !== S.gen) return;
  if (u && !("error" in u)) S.tutorial = /** @type {any} */ (u).tutorial;
  await apply(u, gen);
}

/** Back to the setup screen; answers still on their way are dropped. */
export function leaveGame() {
  S.gen++;
  S.busy = false;
  S.screen = "setup";
  S.update = null;
  S.pass = null;
  S.error = null;
  render();
}

// ---------------------------------------------------------------- resume after a reload

// Saved with the log as shown (web/ui/saves.js) at each decision of a human: the engine then waits for
// them, so the save (a call to the engine, 10–60 ms of its time) never delays a bot's move, and it is made
// once the table is drawn and the page idle. A reload during the bots' moves resumes at the decision
// before them. A newer update replaces a pending save; storage that throws saves nothing.
/** @type {Update | null} */
let pendingSave = null;
/** @param {Update} u */
function remember(u) {
  if (S.tutorial) return; // a guided game is not kept: a reload returns to the first screen
  if (u.over) { clearSave(); return; }
  if (u.to_act_kind !== "human") return;
  if (!pendingSave) whenIdle(saveNow);
  pendingSave = u;
}
async function saveNow() {
  await afterAnimations(); // the save's answer and its storage (10–60 ms) come between motions (D123)
  const u = pendingSave;
  pendingSave = null;
  if (u !== S.update) return; // already answered: the next human decision is saved instead
  rememberGame(S.engine, u, S.log, S.link).catch(() => { /* storage full or denied */ });
}

export async function resumeGame() {
  const text = savedGame();
  if (!text) return;
  const gen = enterGame();
  const engine = await engineReady();
  if (!engine || gen !== S.gen) return;
  const u = await engine.load(text);
  S.link = savedLink();
  if (!u || "error" in u) { // a save the engine refuses: one line, and a clean new game
    clearSave();
    setNotice(t("badSave"));
    startGame();
    return;
  }
  await loadAdapter(u.view?.game);
  if (gen !== S.gen) return;
  // The log comes back as shown if every entry is one this page wrote; else the game goes on without it.
  const saved = savedLog(u.actions);
  if (saved && !saved.bad && saved.entries.every((e) => !e.ev || tell(e.ev, u.view, e.viewer) != null)) {
    S.log = saved.entries.map((e) => ({ ...e, key: `l${logSeq++}` }));
  } else if (saved) setNotice(t("badLog"));
  if (S.setup) S.setup = withSettings(S.setup, u.settings);
  await apply(u, gen);
}

// ---------------------------------------------------------------- hot-seat

/** The next human has the device: the table as they see it, and the whole log as they may read it. */
export async function handOver() {
  const who = S.pass;
  if (!who || !S.engine) return;
  const gen = S.gen;
  const u = await S.engine.update(who);
  const log = await S.engine.log(who);
  if (gen !== S.gen || !u || "error" in u || !log || "error" in log) return;
  S.log = [];
  for (const entry of log.entries) for (const ev of entry.events) addLog(ev, u.view, youIn(u, who));
  S.pass = null;
  S.shownTo = who;
  S.hint = null;
  S.sel = noSelection();
  S.update = u;
  render();
  emit("handover", { colour: who });
  focusFirstAction();
}

// ---------------------------------------------------------------- the Hint button

export async function requestHint() {
  const u = S.update;
  if (!u || !S.engine || u.over || !(u.legal || []).length || currentHint()?.state === "thinking") return;
  const gen = S.gen;
  S.hint = { state: "thinking", at: u.actions };
  render();
  const r = await S.engine.hint();
  if (gen !== S.gen || S.update !== u) return;
  if (!r || "error" in r || !u.legal.includes(r.action)) {
    S.hint = null;
    S.error = (r && "error" in r && r.error) || "no hint";
    render();
    return;
  }
  await loadNames(u.view.game);
  if (gen !== S.gen || S.update !== u) return;
  // The move and its reason in the player's language, from the hint's data (tabletop.hints).
  const text = hintSentence(r, namer(u.view.game || DEFAULT_GAME, /** @type {any} */ (u.view).edition, u.viewer), u.viewer);
  S.hint = { state: "done", action: r.action, text, at: u.actions };
  S.sel = adapterOf(u.view.game)?.hintSelection(r.action, u, S.sel) ?? S.sel;
  render();
  const el = markHint();
  if (el) el.scrollIntoView({ block: "nearest", behavior: speed() === 0 ? "auto" : "smooth" });
}

// The service worker precaches the whole site (~25 MB: its thread, the network and the disk all busy
// for a second or two). It is registered once the player has a decision on screen (or the setup form)
// and the page is idle: not while the first table is drawn and the bots make their first moves.
let precacheAsked = false;
export function precacheWhenIdle() {
  if (precacheAsked) return;
  precacheAsked = true;
  setTimeout(() => whenIdle(registerServiceWorker), 500);
}
