// What a finished game leaves in this device's statistics (D71, D238): one record per game against bots, in
// localStorage. A hot-seat game (two humans or more) and a guided game are not counted. The page loads this
// module with the table, so a game's record is written in the same task as its end screen is drawn: a
// player who leaves or reloads at once does not lose it (the dialog, stats.js, still comes when asked).
import { storage } from "./saves.js";
import { gameOf } from "./catalogue.js";
/** @import { Update } from "../types/bridge" */

export const STATS_KEY = "oriflamme.stats";
const MAX_GAMES = 2000; // the oldest records go first; far more than any player's history needs

/** @typedef {{game: string, variant: string, level: string, score: number, win: boolean, at: number, key?: string}} GameRecord */

/** @returns {GameRecord[]} */
export function readRecords() {
  try {
    const raw = storage()?.getItem(STATS_KEY);
    const list = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((r) => r && typeof r.game === "string" && Number.isFinite(r.score)) : [];
  } catch {
    return [];
  }
}

/** @param {GameRecord[]} list */
function store(list) {
  try { storage()?.setItem(STATS_KEY, JSON.stringify(list.slice(-MAX_GAMES))); } catch { /* full or denied */ }
}

/**
 * The record of a finished update, or null when it does not count (hot-seat, no human, guided game).
 * @param {Update} u a finished game's update
 * @returns {GameRecord|null}
 */
export function recordOf(u) {
  if (!u || !u.over || !u.seats || u.tutorial) return null;
  const humans = u.seats.filter((s) => s.kind === "human");
  if (humans.length !== 1) return null;
  const me = humans[0].colour;
  const st = u.settings || {};
  const game = st.game || u.view.game;
  const order = gameOf(game)?.levels || []; // the catalogue lists a game's levels weakest first
  const bots = u.seats.filter((s) => s.kind === "bot").map((s) => s.level || "");
  const level = bots.reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a), bots[0] || "none");
  return {
    game, variant: String(st.edition || st.set || ""), level,
    score: Number(u.scores[me]) || 0, win: (u.ranking?.[0] || []).includes(me), at: Date.now(),
  };
}

/**
 * Count a finished game once (a reload of the end screen must not count it again: keyed by seed).
 * @param {Update} u
 */
export function recordGame(u) {
  const rec = recordOf(u);
  if (!rec) return;
  const key = `${u.settings.seed}:${u.actions}`;
  const list = readRecords();
  if (list.some((r) => r.key === key)) return;
  list.push({ ...rec, key });
  store(list);
}

export function resetStats() {
  try { storage()?.removeItem(STATS_KEY); } catch { /* denied */ }
}
