// Statistics on this device (D71): each finished game against bots, kept in localStorage, summed per
// game, variant and strongest bot level; a dialog shows them from the menu, with a reset.
// A hot-seat game (two humans or more) and a guided game are not counted.
import { h } from "./dom.js";
import { storage } from "./saves.js";
import { lx } from "./learntext.js";
import { t, has } from "../i18n/index.js";
import { gameOf } from "./catalogue.js";
/** @import { Update } from "../types/bridge" */
/** @import { VNode } from "./dom.js" */

export const STATS_KEY = "oriflamme.stats";
const MAX_GAMES = 2000; // the oldest records go first; far more than any player's history needs

/** @typedef {{game: string, variant: string, level: string, score: number, win: boolean, at: number, key?: string}} GameRecord */

/** @returns {GameRecord[]} */
export function loadStats() {
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
  const list = loadStats();
  if (list.some((r) => r.key === key)) return;
  list.push({ ...rec, key });
  store(list);
}

export function resetStats() {
  try { storage()?.removeItem(STATS_KEY); } catch { /* denied */ }
}

/**
 * Games, wins, average and best score, current streak of a list of records (oldest first).
 * @param {GameRecord[]} list
 */
export function summarize(list) {
  let streak = 0;
  for (let i = list.length - 1; i >= 0 && list[i].win; i--) streak++;
  const games = list.length;
  const total = list.reduce((a, r) => a + r.score, 0);
  return { games, wins: list.filter((r) => r.win).length, avg: games ? Math.round((total / games) * 10) / 10 : 0,
    best: games ? Math.max(...list.map((r) => r.score)) : 0, streak };
}

/** The dialog: one row for all games, then one per game · variant · bot level. */
export function statsDialog() {
  const list = loadStats();
  /** @type {Map<string, GameRecord[]>} */
  const groups = new Map();
  for (const r of list) {
    const k = `${r.game}|${r.variant}|${r.level}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)?.push(r);
  }
  /** @type {(key: string, label: string, recs: GameRecord[]) => VNode} */
  const row = (key, label, recs) => {
    const s = summarize(recs);
    return h("tr", { key },
      h("th", { scope: "row" }, label),
      h("td", { class: "num" }, String(s.games)), h("td", { class: "num" }, String(s.wins)),
      h("td", { class: "num" }, String(s.avg)), h("td", { class: "num" }, String(s.best)),
      h("td", { class: "num" }, String(s.streak)));
  };
  /** @param {string} k "game|variant|level" */
  const label = (k) => {
    const [game, variant, level] = k.split("|");
    const title = gameOf(game)?.title || game;
    const v = has(`edition.${variant}`) ? t(`edition.${variant}`) : variant; // an edition's name, else the set's id
    return `${title} · ${v} · ${t(`level.${level}`)}`;
  };
  return h("div", { class: "overlay", key: "stats" },
    h("div", { class: "dialog stats", role: "dialog", "aria-modal": "true", "aria-labelledby": "stats-title", "data-testid": "stats" },
      h("div", { class: "dialog-head" },
        h("h2", { id: "stats-title" }, lx("statsTitle")),
        h("button", { type: "button", class: "btn close", "data-ui": "stats-close", "aria-label": t("close") }, "✕")),
      list.length
        ? h("div", { class: "stats-scroll" }, h("table", { class: "scores stats-table" },
          h("thead", {}, h("tr", {}, h("th", {}, ""), ...["games", "wins", "avgScore", "bestScore", "streak"].map((k) =>
            h("th", { class: "num", scope: "col" }, lx(k))))),
          h("tbody", {}, row("all", lx("all"), list), [...groups].map(([k, recs]) => row(k, label(k), recs)))))
        : h("p", { class: "muted", "data-testid": "stats-empty" }, lx("noStats")),
      h("div", { class: "dialog-buttons" },
        list.length ? h("button", { type: "button", class: "btn", "data-ui": "stats-reset", "data-testid": "stats-reset" }, lx("reset")) : null,
        h("button", { type: "button", class: "btn primary", "data-ui": "stats-close" }, t("close")))));
}
