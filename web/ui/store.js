// The page's state: one object, S, that every UI module reads and writes, then asks for a redraw with
// render() (or renderNextFrame() during fast bot play). screen.js registers the real drawing; the
// engine's promise lives here so that the loop, the replay viewer and the extras share one bridge.

export const params = new URLSearchParams(location.search);
/** ?test=1: the page keeps every update it got (window.__oriflamme.received) for the browser tests. */
export const TEST = params.get("test") === "1";
export const app = document.getElementById("app");

/** A selection with nothing picked yet (Oriflamme's two-step choices: a hand card, a card to move, …). */
export const noSelection = () => ({ handIdx: null, moveSrc: null, chooseA: null });

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
  hint: null, // the Hint button: {state: "thinking"|"done", action, at: actions count it was asked at}
};
// Under ?test=1 only, every update the page got (the tests compare them with the engine's); a player's
// page keeps none (a game's updates weigh 120–190 KB).
export const received = TEST ? [] : null;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Run `fn` once the page is idle (300 ms at the latest): work that must not delay a frame or a click. */
export const whenIdle = (fn) => (typeof requestIdleCallback === "function" ? requestIdleCallback(() => fn(), { timeout: 300 }) : setTimeout(fn, 50));
/** The bots' pace chosen on the setup screen (0: no pause). */
export const speed = () => Number(S.setup.speed);

let draw = () => {};
/** screen.js: the function that draws S. */
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

let readyResolve;
const readyPromise = new Promise((r) => { readyResolve = r; });
/** The engine once it answers (null if it failed to start). */
export const engineReady = () => readyPromise;
/** main.js: the engine is up (or could not start: null). */
export function engineStarted(engine) {
  S.engine = engine;
  readyResolve(engine);
}
