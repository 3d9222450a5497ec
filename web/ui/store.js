// The page's state: one object, S, that every UI module reads and writes, then asks for a redraw with
// render() (or renderNextFrame() during fast bot play). screen.js registers the real drawing; the
// engine's promise lives here so that the loop, the replay viewer and the extras share one bridge.
/** @import { State, Selection } from "../types/ui" */
/** @import { Engine, Update } from "../types/bridge" */

export const params = new URLSearchParams(location.search);
/** ?test=1: the page keeps every update it got (window.__oriflamme.received) for the browser tests. */
export const TEST = params.get("test") === "1";
const appElement = document.getElementById("app");
if (!appElement) throw new Error("the page has no #app element (index.html)");
/** The element the whole page is drawn into. */
export const app = appElement;

/** A selection with nothing picked yet (Oriflamme's two-step choices: a hand card, a card to move, …). */
/** @type {() => Selection} */
export const noSelection = () => ({ handIdx: null, moveSrc: null, chooseA: null });

/** @type {State} */
export const S = {
  screen: "setup", // setup | game | replay
  setup: null, // the setup form's values (setup.js defaultSetup)
  boot: { ready: false, fraction: 0, stage: "runtime", error: null },
  engine: null,
  update: null, // the engine's last answer: {view, legal, events, seats, viewer, over, ranking, tie_break, …}
  sel: noSelection(),
  log: [], // {key, text, cls, ev, viewer}
  lastText: "",
  flash: null,
  flashPos: null,
  busy: false,
  gen: 0, // bumped by every new table: answers for an older one are dropped
  rules: false,
  endHidden: false,
  error: null,
  pass: null, // hot-seat: the colour the device must be passed to (nothing of the table is drawn)
  shownTo: null, // hot-seat: the human now looking at the screen
  hint: null, // the Hint button: {state: "thinking"|"done", action, text, at: actions count it was asked at}
  tutorial: null, // a guided game's script (api.tutorial): its notes are drawn in the decision panel
  stats: false, // the statistics dialog is open
  firstMoveAt: null, // the action count at the human's first move this sitting: Undo goes back no further
  link: "", // the URL parameters the game in play was dealt from (saves.js gameLink), "" from the form
  askLink: null, // a link for another game than the saved one: the question before replacing it
  linkProblems: [], // what the page's link got wrong, said at the top of the form until a game starts (D222)
};
// Under ?test=1 only, every update the page got (the tests compare them with the engine's); a player's
// page keeps none (a game's updates weigh 120–190 KB).
/** @type {Update[] | null} */
export const received = TEST ? [] : null;

export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
/** Run `fn` once the page is idle (300 ms at the latest): work that must not delay a frame or a click. */
export const whenIdle = (/** @type {() => void} */ fn) => (typeof requestIdleCallback === "function" ? requestIdleCallback(() => fn(), { timeout: 300 }) : setTimeout(fn, 50));
/** The bots' pace chosen on the setup screen (0: no pause). */
export const speed = () => Number(S.setup?.speed ?? 1);

let draw = () => {};
/**
 * screen.js: the function that draws S.
 * @param {() => void} fn
 */
export function setRenderer(fn) { draw = fn; }

let frameRender = 0;
export function render() {
  if (frameRender) { cancelAnimationFrame(frameRender); frameRender = 0; }
  draw();
}
// At speed 0 the bots' moves come back to back: the table is then drawn at most once per frame (the log
// still gets every event), not once per move — on a slow machine two full draws in a row are one freeze.
export function renderNextFrame() {
  frameRender ||= requestAnimationFrame(() => { frameRender = 0; render(); });
}

/**
 * Run `fn` in a task of its own once the next frame is on screen: what is drawn now gets that frame's
 * style, layout and paint to itself (a requestAnimationFrame callback alone would run before them).
 * @param {() => void} fn
 */
export const afterNextPaint = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));

/** @type {(a: Animation) => boolean} */
const finiteAndRunning = (a) => a.playState === "running" && a.effect != null && a.effect.getComputedTiming().endTime !== Infinity;
/**
 * Resolves in a task of its own once the page's finite animations (cards sliding, flipping and flying,
 * scores counting, fades) have ended, `cap` ms at the latest: an engine answer drawn meanwhile would be
 * one long frame in the middle of them (D123). Endless ones (the offered choices' pulse) do not count.
 * @param {number} [cap]
 */
export async function afterAnimations(cap = 2000) {
  const running = document.getAnimations().filter(finiteAndRunning);
  if (!running.length) return;
  await Promise.race([Promise.allSettled(running.map((a) => a.finished)), sleep(cap)]);
  await sleep(0); // (a finished promise resolves inside a frame's rendering steps: leave that frame first)
}

/** @type {(engine: Engine | null) => void} */
let readyResolve = () => {};
/** @type {Promise<Engine | null>} */
const readyPromise = new Promise((r) => { readyResolve = r; });
/** The engine once it answers (null if it failed to start). */
export const engineReady = () => readyPromise;
/** main.js: the engine is up (or could not start: null). */
/** @param {Engine | null} engine */
export function engineStarted(engine) {
  S.engine = engine;
  readyResolve(engine);
}
