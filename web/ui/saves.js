// Save and resume. At each decision of a human the page keeps the engine's save (engine.save():
// versioned format, settings, seed and action list) and the log as shown, in localStorage.
// Reopening offers to continue: engine.load() replays the actions through the engine's own checks, so
// it is at the same decision with the same view; the log comes back as it was.
// Storage may be missing or throw on every touch (private modes, cross-site iframes): then nothing is
// saved and nothing is said. A save that cannot be read is dropped with a one-line notice.
/** @import { Engine, GameEvent, Update } from "../types/bridge" */
/** @import { LogLine } from "../types/ui" */
export const SAVE_KEY = "oriflamme.save";
export const LOG_KEY = "oriflamme.save.log";
// The link (URL parameters that deal a game, gameLink()) the saved game was opened from; "" for a game
// started from the setup form. Reopening the same link resumes the game instead of dealing it again.
export const LINK_KEY = "oriflamme.save.link";
const NOT_THE_GAME = new Set(["lang", "speed", "test", "embed"]);

/**
 * The parameters of `params` that say which game to deal, in a fixed order ("" if none).
 * @param {URLSearchParams} params
 */
export function gameLink(params) {
  const kept = [...params.entries()].filter(([k]) => !NOT_THE_GAME.has(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/** The link the saved game came from ("" from the setup form or an older save). */
export const savedLink = () => get(LINK_KEY) || "";
const SAVE_FORMAT = "oriflamme-web-save/1";
const MAX_TEXT = 1_000_000;

export function storage() {
  try {
    const st = window.localStorage;
    if (!st) return null;
    const probe = "oriflamme.probe";
    st.setItem(probe, "1");
    st.removeItem(probe);
    return st;
  } catch {
    return null;
  }
}

/** @type {Storage | null | undefined} */
let cached; // undefined: not probed yet
const store = () => (cached === undefined ? (cached = storage()) : cached);
export const canSave = () => store() != null;

/** @param {string} key */
function get(key) {
  try { return store()?.getItem(key) ?? null; } catch { return null; }
}
/**
 * @param {string} key
 * @param {string} value
 */
function put(key, value) {
  try { store()?.setItem(key, value); return true; } catch { return false; }
}
/** @param {string} key */
function drop(key) {
  try { store()?.removeItem(key); } catch { /* denied */ }
}

/**
 * The stored save: {text} when it looks like one of ours (the engine checks it fully on load),
 * {bad: true} when something unreadable is stored (it is removed), null when there is none.
 * @returns {{text: string, bad?: undefined} | {bad: true, text?: undefined} | null}
 */
export function peekSave() {
  const text = get(SAVE_KEY);
  if (text == null || text === "") return null;
  let ok;
  try {
    const raw = text.length <= MAX_TEXT ? JSON.parse(text) : null;
    ok = !!raw && typeof raw === "object" && !Array.isArray(raw) && raw.format === SAVE_FORMAT &&
      Array.isArray(raw.actions) && raw.actions.every((/** @type {unknown} */ a) => typeof a === "string") &&
      raw.settings && typeof raw.settings === "object";
  } catch {
    ok = false;
  }
  if (!ok) {
    clearSave();
    return { bad: true };
  }
  return { text };
}

/**
 * Bumped by every clearSave and rememberGame: a save whose engine answer comes back after a later one of
 * them began is stale (the game ended or went on meanwhile) and is not written.
 */
let generation = 0;

export function clearSave() {
  generation++;
  drop(SAVE_KEY);
  drop(LOG_KEY);
  drop(LINK_KEY);
}

/**
 * Keep the game at update `u` (or forget it once over). `log` is the list of shown entries; `link` the
 * URL parameters the game was dealt from ("" from the setup form).
 * @param {Engine | null} engine
 * @param {Update | null} u
 * @param {LogLine[]} log
 * @param {string} [link]
 */
export async function rememberGame(engine, u, log, link = "") {
  if (!canSave() || !engine || !u || "error" in u) return;
  if (u.over) { clearSave(); return; }
  const mine = ++generation;
  const text = await engine.save();
  // The engine's answer can come after the game's last update (a quick last move): that update cleared
  // the save, and writing this one back would offer to "continue" a finished game on the next visit.
  if (mine !== generation) return;
  if (typeof text !== "string" || text.includes('"error"')) return;
  if (put(SAVE_KEY, text)) {
    put(LINK_KEY, link);
    const entries = log.map((e) => ({ text: String(e.text), cls: e.cls || "", ev: e.ev, viewer: e.viewer }));
    put(LOG_KEY, JSON.stringify({ actions: u.actions, entries }));
  }
}

// What a logged event may hold: the engine's events are flat records of names and numbers (a few carry a
// list or a small record). Anything else in storage was not written by this page.
const EVENT_TYPE = /^[a-z][a-z0-9_]{0,39}$/;
const MAX_DEPTH = 3;

/**
 * @param {unknown} v
 * @param {number} depth
 * @returns {boolean}
 */
function plainValue(v, depth) {
  if (v === null || typeof v === "boolean") return true;
  if (typeof v === "number") return Number.isFinite(v);
  if (typeof v === "string") return v.length <= 200;
  if (depth >= MAX_DEPTH || typeof v !== "object") return false;
  const items = Array.isArray(v) ? v : Object.values(v);
  return items.length <= 60 && items.every((x) => plainValue(x, depth + 1));
}

/**
 * An event as the engine sends them: a plain record with a word for its type.
 * @param {any} ev
 * @returns {ev is GameEvent}
 */
export function plainEvent(ev) {
  return !!ev && typeof ev === "object" && !Array.isArray(ev) && typeof ev.type === "string" && EVENT_TYPE.test(ev.type) &&
    plainValue(ev, 0);
}

/** @param {any} e a stored log entry, as read back */
function plainEntry(e) {
  return !!e && typeof e === "object" && typeof e.text === "string" && (e.ev == null || plainEvent(e.ev)) &&
    (e.viewer == null || typeof e.viewer === "string");
}

/**
 * The log saved with the game: {entries} if it belongs to the position after `actions` actions, null if
 * there is none for it, {bad: true} if it holds anything this page does not write (it is then dropped).
 * @param {number} actions
 * @returns {{entries: Omit<LogLine, "key">[], bad?: undefined} | {bad: true, entries?: undefined} | null}
 */
export function savedLog(actions) {
  let raw;
  try {
    raw = JSON.parse(get(LOG_KEY) || "null");
  } catch {
    raw = undefined;
  }
  if (raw === null || (raw && raw.actions !== actions)) return null;
  if (!raw || typeof raw !== "object" || !Array.isArray(raw.entries) || !raw.entries.every(plainEntry)) {
    drop(LOG_KEY);
    return { bad: true };
  }
  return {
    entries: raw.entries.slice(-400).map((/** @type {any} */ e) => ({
      text: e.text.slice(0, 500),
      cls: e.cls === "round" ? "round" : "",
      ev: e.ev ?? undefined,
      viewer: e.viewer ?? undefined,
    })),
  };
}

/** The saved game's text, if there is one the page could read. */
export function savedGame() {
  const peek = peekSave();
  return peek && peek.text ? peek.text : null;
}
