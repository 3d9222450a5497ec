// Château, Village & Port in the page: the adapter screen.js and loop.js call (screen, rules, tell,
// hintSelection), loaded when its game is chosen, resumed or played. Rendering only: the view, the legal
// action strings and the redacted events come from the engine; card facts from its catalogue.
import { h } from "../dom.js";
import { t } from "../../i18n/index.js";
import { endDialog, endOfGame } from "../chrome.js";
import { charName, effectText, placeName, rewardLabel, rewardLong, who, lieuxRulesText } from "./i18n.js";
import { cardValues, timingOf } from "./cards.js";
import { lieuxTable, lcard, setInfoRerender } from "./table.js";
import { lieuxEventText } from "./log.js";
import { youIn } from "../hotseat.js";
/** @import { Colour, GameEvent, Update } from "../../types/bridge" */
/** @import { ScreenContext, Selection, State } from "../../types/ui" */
/** @import { Children, VNode } from "../dom.js" */
/** @import { LieuxView } from "./view" */
/**
 * @typedef {{round: number, events: GameEvent[], viewer: Colour | null}} Scoring
 * @typedef {{text: string, traitor?: boolean, ev?: undefined} | {ev: GameEvent, gain: VNode, parts: GameEvent[], text?: undefined, traitor?: undefined}} ScoringLine
 */


// Our stylesheet, loaded once from our own origin (CSP style-src 'self').
if (typeof document !== "undefined" && !document.querySelector("link[data-lieux-css]")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../../css/lieux.css", import.meta.url).href;
  link.dataset.lieuxCss = "1";
  document.head.append(link);
}

// The last round's scoring, collected from the events of the update that scored it.
/** @type {{u: Update<LieuxView> | null, key: string | null, scoring: Scoring | null, hidden: boolean}} */
const memo = { u: null, key: null, scoring: null, hidden: false };

/** @param {Update<LieuxView>} u */
function gameKey(u) {
  const s = u.settings || {};
  return `${s.seed}|${s.set}|${s.players}|${(u.seats || []).map((x) => x.colour).join(",")}`;
}

/** @param {Update<LieuxView>} u */
function collect(u) {
  if (memo.u === u) return;
  memo.u = u;
  const key = gameKey(u);
  if (key !== memo.key || u.actions === 0) { memo.key = key; memo.scoring = null; memo.hidden = false; }
  const evs = u.events || [];
  const start = evs.findIndex((e) => e.type === "round_scoring");
  if (start < 0) return;
  let end = evs.findIndex((e, i) => i > start && e.type === "round_ended");
  if (end < 0) end = evs.length - 1;
  memo.scoring = { round: evs[start].round, events: evs.slice(start, end + 1), viewer: youIn(u, u.viewer) };
  memo.hidden = false;
}

/**
 * Fresh cards of the last update (placed or moved): "owner:value".
 * @param {Update<LieuxView>} u
 */
function freshCards(u) {
  /** @type {Set<string>} */
  const out = new Set();
  for (const e of u.events || []) if (e.type === "placed" || e.type === "moved") out.add(`${e.owner || e.colour}:${e.value}`);
  return out;
}

/**
 * The reward line a round's gold and thefts belong to: the block's last line, if it tells a reward.
 * @param {{lines: ScoringLine[]}} block
 */
function lastReward(block) {
  const last = block.lines.at(-1);
  return last && last.ev !== undefined && last.ev.type === "reward" ? last : null;
}

/**
 * @param {LieuxView} view
 * @param {number} speed
 * @param {() => void} rerender
 */
function scoringPanel(view, speed, rerender) {
  const sc = memo.scoring;
  if (!sc || memo.hidden) return null;
  if (!view.is_over && !(view.round === sc.round + 1 && view.turn === 1)) return null;
  const v = sc.viewer;
  /** @type {{place: string, lines: ScoringLine[]}[]} */
  const blocks = [];
  /** @type {{place: string, lines: ScoringLine[]} | null} */
  let block = null;
  let step = 0;
  /** @type {(content: Children, cls?: string) => VNode} */
  const line = (content, cls = "") => {
    const delay = speed > 0 ? `animation-delay: ${(step++ * 0.45 * speed).toFixed(2)}s` : null;
    return h("li", { key: `s${step}-${blocks.length}`, class: `lstep ${cls}`, style: delay }, content);
  };
  for (const ev of sc.events) {
    if (ev.type === "place_scoring") {
      block = { place: ev.place, lines: [] };
      blocks.push(block);
      continue;
    }
    if (!block) continue;
    if (ev.type === "reward" && ev.reversed && !block.lines.some((l) => l.traitor)) {
      block.lines.push({ text: t("lieux:traitorNote"), traitor: true });
    }
    if (ev.type === "reward") {
      const gain = h("span", { class: "lgain", "data-gain": "1" }, "");
      block.lines.push({ ev, gain, parts: [] });
    } else if ((ev.type === "gold" || ev.type === "stolen") && ev.reason === "reward" && lastReward(block)) {
      lastReward(block)?.parts.push(ev);
    } else if (ev.type === "discarded" && ev.reason === "rewarded") {
      // implied: every rewarded card leaves the table
    } else if (ev.type === "effect" || ev.type === "gold" || ev.type === "discarded" || ev.type === "stolen") {
      block.lines.push({ text: lieuxEventText(ev, { viewer: v }) });
    }
  }
  const amount = (/** @type {number | null | undefined} */ n) => (n == null ? "?" : n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
  const body = blocks.map((b) => h("div", { key: `b-${b.place}`, class: `lscore-place p-${b.place}` },
    h("h3", {}, placeName(b.place)),
    h("ol", { class: "lsteps" },
      b.lines.length ? b.lines.map((l) => {
        if (l.ev === undefined) return line(l.text, "note");
        const ev = l.ev;
        const gold = l.parts.filter((p) => p.type === "gold").map((p) => `${who(p.colour, v)} ${amount(p.amount)}`);
        const thefts = l.parts.filter((p) => p.type === "stolen");
        const got = thefts.length
          ? [...gold, `${who(thefts[0].colour, v)} ← ${thefts.map((p) => `${who(p.victim, v)} ${p.amount == null ? "−?" : amount(-p.amount)}`).join(", ")}`]
          : gold;
        return line([
          h("span", { class: "lrk" }, t("lieux:rank", { n: ev.rank })), " ",
          lcard(ev.owner, ev.value, { cls: "mini-l", noInfo: true }), " ",
          h("span", { class: "lrw", title: rewardLong(ev.reward) }, rewardLabel(ev.reward)),
          ev.doubled ? h("span", { class: "lflag" }, ` ×2 (${t("lieux:doubled")})`) : null,
          got.length ? h("span", { class: "lgot" }, ` → ${got.join(", ")}`) : null,
        ], "reward");
      }) : line(t("lieux:scoringNothing"), "note"))));
  return h("section", { class: "lscoring", key: "scoring", "data-testid": "round-scoring" },
    h("div", { class: "dialog-head" },
      h("h2", { class: "section-title" }, t("lieux:scoringTitle", { round: sc.round })),
      h("button", { type: "button", class: "tb-btn", onclick: () => { memo.hidden = true; rerender(); } }, t("lieux:scoringClose"))),
    h("div", { class: "lscore-body" }, body));
}

export const id = "lieux";

/**
 * An event told in the current language ("" for one the log does not show).
 * @type {(ev: GameEvent, view: LieuxView, viewer: Colour | null | undefined) => string}
 */
export const tell = (ev, _view, viewer) => lieuxEventText(ev, { viewer });

/** A card's name from the engine's structured data (hints, the review, guided games). */
/** @type {(card: string | number, edition: string) => string} */
export const cardLabel = (card) => charName(card);
/** @type {(place: string) => string} */
export const placeLabel = placeName;
/** @type {(n: number) => string} */
export const amountLabel = (n) => t("lieux:amount", { n });
/** Its table flashes the player who moved, not a position. */
export const focusOf = () => ({});
/**
 * Its choices are one step each: nothing to select first.
 * @type {(action: string, u: Update<LieuxView>, sel: Selection) => Selection}
 */
export const hintSelection = (_action, _u, sel) => sel;
export { replayTitle, replayRows, replayBoard } from "./replay.js";

/**
 * The game screen: table + log, then the end dialog. `ui`: the page's state; `ctx`: {log, hint, rerender, withShare}.
 * @param {Update<LieuxView>} u
 * @param {State} ui
 * @param {ScreenContext} ctx
 */
export function screen(u, ui, ctx) {
  collect(u);
  setInfoRerender(ctx.rerender);
  const view = u.view;
  const m = { viewer: youIn(u, u.viewer), seats: u.seats, legal: u.legal || [], lastText: ui.lastText, flash: ui.flash,
    fresh: freshCards(u), scoring: scoringPanel(view, ctx.speed, ctx.rerender), hint: ctx.hint };
  return [
    h("div", { class: "game lgame", key: "game" }, lieuxTable(view, m), ctx.log),
    ...endOfGame(u, ui.endHidden, () => ctx.withShare(endDialog(u, {
      viewer: youIn(u, u.viewer), title: `${t("gameOver")} · ${t("lieux:game.lieux")}`, scoreLabel: t("lieux:finalGold"), crown: true,
      tieNote: (rule, score) => t(`lieux:tie.${rule}`, { score }),
    }))),
  ];
}

/**
 * Rules help; `view` (in a game) adds the reward tables of the places on the table.
 * @param {LieuxView | null} view
 */
export function rules(view) {
  const values = cardValues();
  return h("div", { class: "overlay", key: "rules", "data-ui": "overlay-close" },
    h("div", { class: "dialog rules", role: "dialog", "aria-modal": "true", "aria-labelledby": "rules-title", "data-testid": "rules" },
      h("div", { class: "dialog-head" },
        h("h2", { id: "rules-title" }, `${t("rulesTitle")} · ${t("lieux:game.lieux")}`),
        h("button", { type: "button", class: "btn close", "data-ui": "rules-close", "aria-label": t("close") }, "✕")),
      h("ul", { class: "rules-list" }, lieuxRulesText().map((p, i) => h("li", { key: String(i), class: i === lieuxRulesText().length - 1 ? "house" : "" }, p))),
      view && view.places ? [
        h("h3", { key: "rt" }, `${t("lieux:rewards")} · ${t("lieux:setShort", { set: view.set })}`),
        h("ul", { key: "rl", class: "rules-list" }, view.places.map((pl) => h("li", { key: pl.id },
          h("strong", {}, placeName(pl.id)), t("colon"), pl.rewards.map((r, i) => `${i + 1}. ${rewardLong(r)}`).join(" · ")))),
      ] : null,
      h("h3", {}, t("lieux:charactersTitle")),
      h("ul", { class: "card-list" }, values.map((v) => h("li", { key: String(v), class: "card-help" },
        h("span", { class: "lmini-v" }, String(v)),
        h("span", {}, h("strong", {}, charName(v)), timingOf(v) ? ` ${timingOf(v) === "end" ? "☾" : "⚡"}` : "", " — ", effectText(v))))),
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "btn primary", "data-ui": "rules-close" }, t("close")))));
}
