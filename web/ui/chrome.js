// The table chrome every game shares: the top bar, a player's badge, the end-of-game dialog and the
// button that brings it back. A game's adapter (oriflamme/, lieux/) fills them with its own content.
import { h } from "./dom.js";
import { t, colourName, listText, LANG_CODES, lang } from "../i18n/index.js";
import { themeInUse, soundOn } from "./prefs.js";
/** @import { BaseView, Colour, Update } from "../types/bridge" */
/** @import { BadgeMeta, EndOptions } from "../types/ui" */
/** @import { Children, VNode } from "./dom.js" */

/**
 * "You", "Bot (hard)" or "" (another human) under a player's name.
 * @param {Colour} colour
 * @param {BadgeMeta} meta
 */
function seatKind(colour, meta) {
  const seat = (meta.seats || []).find((s) => s.colour === colour);
  if (colour === meta.viewer) return t("you");
  if (seat && seat.kind === "bot") return t("bot", { level: t(`level.${seat.level || "normal"}`) });
  return "";
}

/**
 * The device's switches (web/ui/prefs.js): a light table, and sound cues. In the top bar from 481 px
 * (narrower, the bar would take a second line: they are on the setup screen then).
 */
export function deviceSwitches() {
  const light = themeInUse() === "light";
  return h("span", { class: "switches", key: "switches" },
    h("button", { type: "button", class: "tb-btn tb-icon", "data-ui": "theme", "data-testid": "theme", title: t("lightTheme"),
      "aria-label": t("lightTheme"), "aria-pressed": light ? "true" : "false" }, light ? "☀" : "☾"),
    h("button", { type: "button", class: "tb-btn tb-icon", "data-ui": "sound", "data-testid": "sound", title: t("sound"),
      "aria-label": t("sound"), "aria-pressed": soundOn() ? "true" : "false" }, soundOn() ? "♪" : "♪̸"));
}

/**
 * The bar above the table: the game's name, where the game stands (`round`, `extras`), language, rules, menu.
 * @param {Children} brand
 * @param {Children} round
 * @param {Children[]} [extras]
 */
export function topBar(brand, round, extras = []) {
  return h("header", { class: "topbar", key: "topbar" },
    h("span", { class: "brand" }, brand),
    h("span", { class: "round", "data-testid": "round" }, round),
    ...extras,
    h("span", { class: "spacer" }),
    deviceSwitches(),
    h("select", { class: "tb-lang", "data-setup": "lang", "aria-label": t("language") },
      LANG_CODES.map((code) => h("option", { value: code, selected: code === lang() }, code.toUpperCase()))),
    h("button", { type: "button", class: "tb-btn", "data-ui": "rules" }, t("rulesButton")),
    h("button", { type: "button", class: "tb-btn", "data-ui": "menu", title: t("newGame") }, t("menu")));
}

/**
 * One player's badge: colour, name, first-player crown and `score` on the first line, seat kind and
 * `counts` on the second, then the game's `rows`. With `action` the badge is a choice (data-action).
 * @param {Colour} colour
 * @param {BaseView} view
 * @param {BadgeMeta} meta
 * @param {{score: Children, counts: Children, rows?: Children[], action?: string | null, target?: boolean, label?: string | null}} parts
 */
export function badge(colour, view, meta, { score, counts, rows = [], action = null, target = false, label = null }) {
  const cls = ["badge", `c-${colour}`, view.to_act === colour ? "to-act" : "", target ? "target" : "",
    colour === view.viewer ? "me" : "", meta.flash === colour ? "flash" : ""].filter(Boolean).join(" ");
  const inner = [
    h("span", { class: "badge-head" },
      h("span", { class: "swatch", "aria-hidden": "true" }),
      h("span", { class: "pname" }, colourName(colour)),
      view.first === colour ? h("span", { class: "crown", title: t("firstPlayer"), "aria-label": t("firstPlayer") }, "♛") : null,
      score),
    h("span", { class: "badge-sub" },
      h("span", { class: "kind" }, seatKind(colour, meta)),
      h("span", { class: "counts" }, counts)),
    ...rows,
  ];
  // a badge that is a choice is named by the choice (`label`), not by everything written on it
  if (action) return h("button", { key: colour, type: "button", class: cls, "data-action": action, "data-colour": colour, "aria-label": label || null }, inner);
  return h("div", { key: colour, class: cls, "data-colour": colour }, inner);
}

/**
 * The end-of-game dialog from the engine's answer: `u.ranking` (groups of tied colours), `u.scores`,
 * `u.tie_break` ({rule, values}: what broke equal scores). `opts`: {viewer, title, scoreLabel,
 * tieColumn (header of a column of the tie-break values, or none), crown (mark the first player), tieNote(rule, score) -> text}.
 * @param {Update} u
 * @param {EndOptions} opts
 */
export function endDialog(u, opts) {
  /** @type {Partial<BaseView>} */
  const view = u.view || {};
  const ranking = u.ranking || view.ranking || [];
  const scores = u.scores || view.scores || {};
  const tie = u.tie_break || null;
  /** @type {VNode[]} */
  const rows = [];
  /** @type {string[]} */
  const notes = [];
  let place = 1;
  let prevScore = null;
  for (const group of ranking) {
    for (const c of group) {
      rows.push(h("tr", { key: c, class: `c-${c} ${c === opts.viewer ? "me" : ""}` },
        h("td", { class: "place" }, String(place)),
        h("td", {}, h("span", { class: "who" }, h("span", { class: "swatch" }), " ", colourName(c)), c === opts.viewer ? ` (${t("youShort")})` : "",
          opts.crown && view.first === c ? h("span", { class: "crown", title: t("firstPlayer") }, " ♛") : null),
        h("td", { class: "num" }, String(scores[c] ?? "?")),
        opts.tieColumn ? h("td", { class: "num" }, String(tie && tie.values ? tie.values[c] ?? "?" : "?")) : null));
    }
    const score = scores[group[0]];
    if (group.length > 1) notes.push(t("tieShared", { score }));
    if (prevScore != null && prevScore === score && tie) notes.push(opts.tieNote(tie.rule, score));
    prevScore = score;
    place += group.length;
  }
  const winners = ranking[0] || [];
  const others = winners.filter((c) => c !== opts.viewer);
  const head = others.length === winners.length
    ? t("winnerOther", { player: listText(winners.map(colourName)), n: winners.length }) // "Red and Green win."
    : others.length ? t("winnerYouShared", { players: listText(others.map(colourName)) }) : t("winnerYou");
  return h("div", { class: "overlay", key: "end" },
    h("div", { class: "dialog end", role: "dialog", "aria-modal": "true", "aria-labelledby": "end-title", "data-testid": "final-scores" },
      h("h2", { id: "end-title" }, opts.title),
      h("p", { class: "winner" }, head),
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, h("th", {}, t("place")), h("th", {}, t("player")), h("th", { class: "num" }, opts.scoreLabel),
          opts.tieColumn ? h("th", { class: "num" }, opts.tieColumn) : null)),
        h("tbody", {}, rows)),
      [...new Set(notes)].map((n) => h("p", { class: "tie-note", "data-testid": "tie-break" }, n)),
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "btn primary", "data-ui": "again", "data-testid": "play-again" }, t("playAgain")),
        h("button", { type: "button", class: "btn", "data-ui": "view-table" }, t("viewTable")),
        h("button", { type: "button", class: "btn", "data-ui": "menu" }, t("newGame")))));
}

/** After "view the table": the button that brings the end dialog back. */
const showEndButton = () =>
  h("button", { key: "show-end", type: "button", class: "btn primary floating", "data-ui": "show-end" }, t("finalScores"));

/**
 * The end of a game on screen: the dialog, or (once dismissed) the button back to it; nothing before the end.
 * @param {Update} u
 * @param {boolean} endHidden
 * @param {() => VNode} dialog
 */
export function endOfGame(u, endHidden, dialog) {
  if (!u.over) return [];
  return [endHidden ? showEndButton() : dialog()];
}
