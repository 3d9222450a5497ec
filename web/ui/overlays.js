// Boot progress, end screen and rules help.
import { h, raw } from "./dom.js";
import { t, cardName, ability, colourName, rulesText, own } from "../i18n/index.js";
import { emblemSvg } from "../art/emblems.js";
import { EDITIONS, editionInfo } from "./setup.js";

const FAMILY = {
  retail: ["archer", "soldier", "spy", "heir", "assassination", "decree", "lord", "shapeshifter", "ambush", "conspiracy"],
  prototype: ["archer", "assassin", "soldier", "spy", "heir", "mercenaries", "queen", "lord", "shapeshifter", "ambush"],
};
FAMILY.pegasus = FAMILY.retail;

/** The boot progress; with `boot.warmFonts` = n, the table's fonts are looked up too (fontWarmup(n)). */
export function bootBar(boot) {
  if (boot.ready) return null;
  if (boot.error) return h("div", { class: "boot error", role: "alert", key: "boot" }, t("bootFailed", { msg: boot.error }));
  const pct = Math.round((boot.fraction || 0) * 100);
  const stageKey = `boot.${boot.stage || "runtime"}`;
  return h("div", { class: "boot", key: "boot", "data-testid": "boot" },
    h("span", { class: "boot-label" }, `${t("booting")} ${t(stageKey)} ${pct}%`),
    h("progress", { max: "100", value: String(pct), "aria-label": t("booting") }),
    boot.warmFonts ? fontWarmup(boot.warmFonts) : null);
}

const SPECIMEN = "Ab 1 ♛✦←→▼⇣✕";

/**
 * Hidden lines in every size and weight of app.css's type scale (and the serif of the brand). The first
 * frame that draws a size looks its font up, synchronously, from the browser (1–5 ms per size on a slow
 * machine, ~25 ms for the whole table); drawn under the boot bar, that happens while the engine boots.
 */
const WARMUP_CLASSES = [];
for (const size of ["fs-xs", "fs-s", "fs-m", "", "fs-l", "fs-card"]) {
  for (const weight of ["", "b"]) WARMUP_CLASSES.push(`${size} ${weight}`.trim() || null);
}
WARMUP_CLASSES.push("fs-l serif");
export const FONT_WARMUP_LINES = WARMUP_CLASSES.length;

/** The first n lines (main.js adds a few per idle period: each new size costs its frame a lookup). */
function fontWarmup(n) {
  const lines = WARMUP_CLASSES.slice(0, n).map((cls, i) => h("span", { class: cls, key: `w${i}` }, SPECIMEN));
  return h("div", { class: "font-warmup", key: "fonts", "aria-hidden": "true" }, lines);
}

function queueCount(view, colour) {
  let n = 0;
  for (const stack of view.queue) for (const c of stack) if (c.owner === colour) n++;
  return n;
}

export function endScreen(u, meta) {
  const view = u.view;
  const ranking = u.ranking || view.ranking || [];
  const scores = u.scores || view.scores;
  const rows = [];
  let place = 1;
  const notes = [];
  let prevScore = null;
  let prevGroup = null;
  for (const group of ranking) {
    for (const c of group) {
      rows.push(h("tr", { key: c, class: `c-${c} ${c === meta.viewer ? "me" : ""}` },
        h("td", { class: "place" }, String(place)),
        h("td", {}, h("span", { class: "swatch" }), " ", colourName(c), c === meta.viewer ? ` (${t("youShort")})` : ""),
        h("td", { class: "num" }, String(scores[c])),
        h("td", { class: "num" }, String(queueCount(view, c)))));
    }
    const sc = scores[group[0]];
    if (group.length > 1) notes.push(t("tieShared", { score: sc }));
    if (prevGroup && prevScore === sc) notes.push(t("tieBreak", { score: sc }));
    prevScore = sc;
    prevGroup = group;
    place += group.length;
  }
  const winners = ranking[0] || [];
  const head = winners.includes(meta.viewer) ? t("winnerYou") : t("winnerOther", { player: winners.map(colourName).join(" & ") });
  return h("div", { class: "overlay", key: "end" },
    h("div", { class: "dialog end", role: "dialog", "aria-modal": "true", "aria-labelledby": "end-title", "data-testid": "final-scores" },
      h("h2", { id: "end-title" }, t("gameOver")),
      h("p", { class: "winner" }, head),
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, h("th", {}, t("place")), h("th", {}, t("player")), h("th", { class: "num" }, t("points")),
          h("th", { class: "num" }, t("inQueue")))),
        h("tbody", {}, rows)),
      [...new Set(notes)].map((n) => h("p", { class: "tie-note", "data-testid": "tie-break" }, n)),
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "btn primary", "data-ui": "again", "data-testid": "play-again" }, t("playAgain")),
        h("button", { type: "button", class: "btn", "data-ui": "view-table" }, t("viewTable")),
        h("button", { type: "button", class: "btn", "data-ui": "menu" }, t("newGame")))));
}

export function rulesDialog(edition) {
  const cards = own(FAMILY, edition) || FAMILY.retail;
  const info = editionInfo(edition) || EDITIONS.retail;
  return h("div", { class: "overlay", key: "rules", "data-ui": "overlay-close" },
    h("div", { class: "dialog rules", role: "dialog", "aria-modal": "true", "aria-labelledby": "rules-title", "data-testid": "rules" },
      h("div", { class: "dialog-head" },
        h("h2", { id: "rules-title" }, `${t("rulesTitle")} · ${t(`edition.${edition}`)}`),
        h("button", { type: "button", class: "btn close", "data-ui": "rules-close", "aria-label": t("close") }, "✕")),
      h("p", { class: "muted" }, t("playersRange", { min: info.min, max: info.max })),
      h("ul", { class: "rules-list" }, rulesText(edition).map((p, i) => h("li", { key: String(i) }, p))),
      h("h3", {}, t("legend.title")),
      h("ul", { class: "rules-list legend" }, ["crown", "arrow", "cursor", "mine", "tokens", "target"].map((k) =>
        h("li", { key: k }, t(`legend.${k}`)))),
      h("h3", {}, t("cardsTitle")),
      h("ul", { class: "card-list" }, cards.map((c) => h("li", { key: c, class: "card-help" },
        raw("span", { class: "mini big" }, emblemSvg(c)),
        h("span", {}, h("strong", {}, cardName(edition, c)), " — ", ability(edition, c))))),
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "btn primary", "data-ui": "rules-close" }, t("close")))));
}
