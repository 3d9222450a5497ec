// Statistics on this device (D71): the records of finished games against bots (records.js, which the page
// loads with the table and hands over: importing it here would split it into a chunk of its own, one more
// request at boot), summed per game, variant and strongest bot level; a dialog with a reset.
import { h } from "./dom.js";
import { lx } from "./learntext.js";
import { t, has, numberText } from "../i18n/index.js";
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
  const columns = /** @type {const} */ (["games", "wins", "avgScore", "bestScore", "streak"]);
  /** @type {(key: string, label: string, recs: GameRecord[]) => VNode} */
  const row = (key, label, recs) => {
    const s = summarize(recs);
    const values = [s.games, s.wins, s.avg, s.best, s.streak];
    // Each figure carries its column's name: a phone shows the row as a card of labelled figures (learn.css).
    return h("tr", { key },
      h("th", { scope: "row" }, label),
      values.map((v, i) => h("td", { key: columns[i], class: "num", "data-label": lx(columns[i]) }, numberText(v))));
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
          h("thead", {}, h("tr", {}, h("th", {}, ""), ...columns.map((k) =>
            h("th", { class: "num", scope: "col" }, lx(k))))),
          h("tbody", {}, row("all", lx("all"), list), [...groups].map(([k, recs]) => row(k, label(k), recs)))))
        : h("p", { class: "muted", "data-testid": "stats-empty" }, lx("noStats")),
      h("div", { class: "dialog-buttons" },
        list.length ? h("button", { type: "button", class: "btn", "data-ui": "stats-reset", "data-testid": "stats-reset" }, lx("reset")) : null,
        h("button", { type: "button", class: "btn primary", "data-ui": "stats-close" }, t("close")))));
}
