// Statistics on this device (D71): the records of finished games against bots (records.js, which the page
// loads with the table and hands over: importing it here would split it into a chunk of its own, one more
// request at boot), summed per game, variant and strongest bot level; a dialog with a reset.
import { h } from "./dom.js";
import { lx } from "./learntext.js";
import { t, has } from "../i18n/index.js";
import { gameOf } from "./catalogue.js";
/** @import { GameRecord } from "./records.js" */
/** @import { VNode } from "./dom.js" */

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

/**
 * The dialog: one row for all games, then one per game · variant · bot level.
 * @param {GameRecord[]} list every record, oldest first (records.js readRecords)
 */
export function statsDialog(list) {
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
