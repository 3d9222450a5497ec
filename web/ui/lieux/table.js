// The table of Château, Village & Port, drawn from the viewer's `view` and the `legal` action strings only.
// Every choice is an element carrying the exact action string (data-action); the engine decides the rest.
import { h } from "../dom.js";
import { t, colourName } from "../../i18n/index.js";
import { topBar, badge } from "../chrome.js";
import { charName, faceName, effectText, placeName, rewardLabel, rewardLong, who, abilityName } from "./i18n.js";
import { timingOf, abilityValue } from "./cards.js";
/** @import { Colour } from "../../types/bridge" */
/** @import { Props, VNode } from "../dom.js" */
/** @import { LcardOptions, LieuxMeta, LieuxView, Place } from "./view" */
/**
 * @typedef {object} LieuxLegal the legal actions by what they point at
 * @property {Map<number, string>} select hand card value → action
 * @property {{value: number, place: string, side: string | null, action: string}[]} put
 * @property {Map<string, {to: string, side: string | null, action: string}[]>} moves "place:pos" → targets
 * @property {{colour: Colour, place: string | null, action: string}[]} targets
 * @property {Map<string, {verb: string, action: string}>} cards "place:pos" → copy or discard
 * @property {string[]} other anything else, whole
 */

export const PLACES = ["chateau", "village", "port"];

/**
 * Sort the legal action strings (LIEUX_NOTATION.md) by what they point at.
 * @param {string[] | null | undefined} legal
 * @returns {LieuxLegal}
 */
export function parseLieux(legal) {
  /** @type {LieuxLegal} */
  const P = { select: new Map(), put: [], moves: new Map(), targets: [], cards: new Map(), other: [] };
  for (const action of legal || []) {
    const w = action.trim().split(/\s+/);
    if (w[0] === "select" && w.length === 2) P.select.set(Number(w[1]), action);
    else if (w[0] === "put" && w.length >= 3) P.put.push({ value: Number(w[1]), place: w[2], side: w[3] || null, action });
    else if (w[0] === "move" && w[2] === "to" && w.length >= 4) {
      const list = P.moves.get(w[1]) || [];
      list.push({ to: w[3], side: w[4] || null, action });
      P.moves.set(w[1], list);
    } else if (w[0] === "target" && w.length >= 2) P.targets.push({ colour: w[1], place: w[2] || null, action });
    else if ((w[0] === "copy" || w[0] === "discard") && w.length === 2) P.cards.set(w[1], { verb: w[0], action });
    else P.other.push(action);
  }
  return P;
}

/** @type {(v: number, timing: LcardOptions["timing"] | undefined) => string} */
const timingMark = (v, timing) => {
  const tm = timing !== undefined ? timing : timingOf(v);
  return tm === "immediate" ? "⚡" : tm === "end" ? "☾" : "";
};

// Tapping a card that is not a choice tells its effect in a line above the places.
/** @type {{owner: Colour | null, value: number | null, rerender: (() => void) | null}} */
const info = { owner: null, value: null, rerender: null };
export function setInfoRerender(/** @type {() => void} */ fn) { info.rerender = fn; }
/**
 * @param {Colour | null} owner
 * @param {number | null} value
 */
function showInfo(owner, value) {
  const same = info.owner === owner && info.value === value;
  info.owner = same ? null : owner;
  info.value = same ? null : value;
  if (info.rerender) info.rerender();
}

function infoLine() {
  if (info.value == null) return null;
  return h("div", { class: "info linfo", key: "info", role: "status" },
    h("span", { class: "lmini-v" }, String(info.value)),
    h("span", {}, h("strong", {}, `${charName(info.value)} · ${colourName(info.owner ?? "")}`), " — ", effectText(info.value)),
    h("button", { type: "button", class: "info-close", "aria-label": t("close"), onclick: () => showInfo(info.owner, info.value) }, "✕"));
}

/**
 * A character card. value null: face down (no name, no value, no data attribute anywhere).
 * @param {Colour} owner
 * @param {number | null} value
 * @param {LcardOptions} [opts]
 */
export function lcard(owner, value, opts = {}) {
  const { tag = "div", attrs = {}, cls = "", key, label, timing, mine = false, down = false } = opts;
  const hidden = value == null;
  const faceDown = hidden || down;
  const classes = ["lcard", `c-${owner}`, faceDown ? "down" : "up", mine ? "mine" : "", cls].filter(Boolean).join(" ");
  /** @type {Props} */
  const props = { key, class: classes, ...attrs };
  if (tag === "button") props.type = "button";
  else if (!hidden && !opts.noInfo) { props.onclick = () => showInfo(owner, value); props["data-linfo"] = ""; }
  if (!hidden) {
    props["data-value"] = String(value);
    props.title = `${colourName(owner)} · ${charName(value)} (${value}) — ${effectText(value)}`;
  } else props.title = `${colourName(owner)} · ${t("lieux:chosenDown")}`;
  /** @type {VNode[]} */
  const body = [];
  if (value != null) {
    body.push(h("span", { key: "v", class: "lv" }, String(value)));
    body.push(h("span", { key: "n", class: "ln" }, faceName(value)));
    const mark = timingMark(value, timing);
    if (mark) body.push(h("span", { key: "m", class: "lt", "aria-hidden": "true" }, mark));
  } else body.push(h("span", { key: "b", class: "lback", "aria-hidden": "true" }, "✦"));
  if (label) body.push(h("span", { key: "label", class: "act-label" }, label));
  return h(tag, props, body);
}

/** @param {LieuxView} view */
function lieuxTopBar(view) {
  return topBar(t("lieux:game.lieux"), t("lieux:roundTurn", { r: view.round, n: view.rounds, t: view.turn, m: view.turns }),
    [h("span", { class: "muted lset" }, t("lieux:setShort", { set: view.set }))]);
}

/**
 * @param {LieuxView} view
 * @param {LieuxMeta} meta
 */
function players(view, meta) {
  return h("section", { class: "players lplayers", key: "players", "aria-label": t("player") },
    view.seats.map((c) => {
      const gold = view.gold ? view.gold[c] : null;
      const sel = view.selected ? view.selected[c] : null;
      let chosen;
      if (!sel) chosen = h("span", { class: "lchosen none", title: t("lieux:chosenNone") }, "—");
      else if (sel.value == null) chosen = h("span", { class: `lchosen down c-${c}`, title: t("lieux:chosenDown"), "aria-label": t("lieux:chosenDown") }, "✦");
      else chosen = h("span", { class: `lchosen mine c-${c}`, title: t("lieux:yourChosen", { card: charName(sel.value) }) }, String(sel.value));
      const forced = view.forced && view.forced[c];
      return badge(c, view, meta, {
        score: h("span", { class: `score ${gold == null ? "hidden-gold" : ""}`, title: t("lieux:gold"), "data-testid": `gold-${c}` },
          gold == null ? "?" : String(gold)),
        counts: `${t("lieux:hand")} ${view.hand_sizes ? view.hand_sizes[c] : "?"} · ${t("lieux:pile")} ${view.pile_sizes ? view.pile_sizes[c] : "?"}` +
          ` · ${t("lieux:discarded")} ${view.discard && view.discard[c] ? view.discard[c].length : 0}`,
        rows: [h("span", { class: "lbadge-row" },
          h("span", { class: "muted" }, `${t("lieux:chosen")}:`), chosen,
          forced ? h("span", { class: "lforced" }, t("lieux:forcedTo", { place: placeName(forced) })) : null)],
      });
    }));
}

/**
 * @param {Colour} owner
 * @param {number | null} value
 * @param {string} place
 * @param {Colour | null} viewer
 */
function cardRef(owner, value, place, viewer) {
  return t("lieux:cardAt", { owner: who(owner, viewer), card: charName(value), value, place: placeName(place) });
}

/**
 * @param {LieuxView} view
 * @param {LieuxLegal} P
 * @param {LieuxMeta} meta
 */
function decisionPanel(view, P, meta) {
  const d = view.decision;
  const mine = meta.legal.length > 0;
  /** @type {VNode[]} */
  const buttons = [];
  let text;
  /** @type {(action: string, label: string, cls?: string) => VNode} */
  const btn = (action, label, cls = "") => h("button", { key: `b-${action}`, type: "button", class: `btn ${cls}`, "data-action": action }, label);
  if (view.is_over || !d) text = t("gameOver");
  else if (!mine) {
    const kind = d.kind === "select" || d.kind === "put" ? d.kind : "effect";
    text = t(`lieux:dec.bot.${kind}`, { player: who(d.player || view.to_act, meta.viewer), ability: d.ability ? abilityName(d.ability) : "" });
  } else {
    /** @type {{value?: number | null}} */
    const src = d.source || {};
    const source = d.copied ? t("lieux:copiedAs", { card: charName(src.value), ability: abilityName(d.ability) })
      : charName(src.value ?? null);
    const selV = selectedValue(view);
    const forced = d.forced || (view.viewer != null && view.forced ? view.forced[view.viewer] : null);
    if (d.kind === "put") {
      text = t(forced ? "lieux:dec.you.put.forced" : "lieux:dec.you.put", { card: charName(selV), value: selV, place: forced ? placeName(forced) : "" });
    } else text = t(`lieux:dec.you.${d.kind}`, { source });
    if (d.kind === "put") {
      for (const o of P.put) {
        const side = o.side ? ` · ${t(o.side === "left" ? "lieux:leftOf" : "lieux:rightOf", { value: o.value })}` : "";
        buttons.push(btn(o.action, `${placeName(o.place)}${side}`, "primary"));
      }
    }
    if (P.moves.size) {
      for (const [srcRef, list] of P.moves) {
        const [pl, pos] = srcRef.split(":");
        const c = cardAtRef(view, pl, Number(pos));
        buttons.push(h("div", { key: `m-${srcRef}`, class: "lchoice-group" },
          h("span", { class: "lchoice-label" }, c ? cardRef(c.owner, c.value, pl, meta.viewer) : srcRef),
          list.map((o) => btn(o.action, o.side ? t("lieux:moveToSide", { place: placeName(o.to), side: t(`lieux:side.${o.side}`) })
            : t("lieux:moveTo", { place: placeName(o.to) })))));
      }
    }
    if (P.targets.length) {
      const withPlace = P.targets.some((o) => o.place);
      if (!withPlace) {
        for (const o of P.targets) {
          buttons.push(h("button", { key: `b-${o.action}`, type: "button", class: `btn ltarget c-${o.colour}`, "data-action": o.action },
            h("span", { class: "swatch", "aria-hidden": "true" }), " ", who(o.colour, meta.viewer)));
        }
      } else {
        /** @type {Map<Colour, LieuxLegal["targets"]>} */
        const by = new Map();
        for (const o of P.targets) by.set(o.colour, [...(by.get(o.colour) || []), o]);
        for (const [c, list] of by) {
          buttons.push(h("div", { key: `t-${c}`, class: `lchoice-group c-${c}` },
            h("span", { class: "lchoice-label" }, h("span", { class: "swatch", "aria-hidden": "true" }), " ", who(c, meta.viewer)),
            list.map((o) => btn(o.action, placeName(o.place ?? "")))));
        }
      }
    }
    for (const [ref, o] of P.cards) {
      const [pl, pos] = ref.split(":");
      const c = cardAtRef(view, pl, Number(pos));
      const verb = o.verb === "copy" ? t("lieux:copy") : t("lieux:discard");
      buttons.push(btn(o.action, `${verb}${t("colon")}${c ? cardRef(c.owner, c.value, pl, meta.viewer) : ref}`));
    }
    for (const a of P.other) buttons.push(btn(a, a));
  }
  let help = null;
  if (mine && d && d.kind === "put") {
    const v = selectedValue(view);
    if (v != null) help = effectText(v);
  } else if (mine && d && d.kind !== "select" && d.ability) help = effectText(abilityValue(d.ability) ?? "");
  return h("section", { class: `decision ldecision ${mine ? "mine" : "waiting"}`, key: "decision", "aria-live": "polite", "data-testid": "decision" },
    h("p", { class: "decision-text" }, text),
    help ? h("p", { class: "leffect" }, help) : null,
    meta.lastText ? h("p", { class: "last-event" }, meta.lastText) : null,
    buttons.length ? h("div", { class: "decision-buttons lchoices" }, buttons) : null,
    mine ? meta.hint || null : null);
}

/**
 * The viewer's chosen card's value, if they may see it.
 * @param {LieuxView} view
 */
function selectedValue(view) {
  const sel = view.selected && view.viewer != null ? view.selected[view.viewer] : null;
  return sel ? sel.value : null;
}

/**
 * @param {LieuxView} view
 * @param {string} placeId
 * @param {number} pos
 */
function cardAtRef(view, placeId, pos) {
  const pl = (view.places || []).find((p) => p.id === placeId);
  return pl && pl.cards[pos - 1] ? pl.cards[pos - 1] : null;
}

/**
 * @param {Place} pl
 * @param {LieuxView} view
 * @param {LieuxLegal} P
 * @param {LieuxMeta} meta
 */
function placePanel(pl, view, P, meta) {
  const sources = new Set([...P.moves.keys()]);
  /** @type {VNode[]} */
  const items = [];
  const puts = P.put.filter((o) => o.place === pl.id);
  /** @type {Map<number, LieuxLegal["put"]>} */
  const slotsAt = new Map();
  const slots = (view.decision && view.decision.slots) || {}; // where each put lands (rule L2, from the engine)
  for (const o of puts) {
    const i = Object.hasOwn(slots, o.action) ? slots[o.action] : pl.cards.length;
    slotsAt.set(i, [...(slotsAt.get(i) || []), o]);
  }
  const slot = (/** @type {LieuxLegal["put"][number]} */ o) => h("button", { key: `slot-${o.action}`, type: "button", class: "lslot", "data-action": o.action,
    "aria-label": `${placeName(pl.id)}${o.side ? ` (${t(`lieux:side.${o.side}`)})` : ""}` },
  h("span", { class: "lslot-v" }, String(o.value)), h("span", { class: "lslot-l" }, t("lieux:here")));
  pl.cards.forEach((c, i) => {
    for (const o of slotsAt.get(i) || []) items.push(slot(o));
    const ref = `${pl.id}:${i + 1}`;
    const target = P.cards.get(ref);
    const cls = [target ? "target" : "", sources.has(ref) ? "source" : "", meta.fresh.has(`${c.owner}:${c.value}`) ? "fresh" : "",
    ].filter(Boolean).join(" ");
    const label = target ? (target.verb === "copy" ? t("lieux:copy") : t("lieux:discard")) : null;
    items.push(lcard(c.owner, c.value, { key: `c-${c.owner}-${c.value}`, tag: target ? "button" : "div", timing: c.timing,
      cls, label, attrs: target ? { "data-action": target.action } : {} }));
  });
  for (const o of slotsAt.get(pl.cards.length) || []) items.push(slot(o));
  return h("section", { class: `lplace p-${pl.id}`, key: `place-${pl.id}`, "data-place": pl.id, "data-testid": `place-${pl.id}` },
    h("div", { class: "lplace-card" },
      h("h2", { class: "lplace-name" }, placeName(pl.id)),
      h("ol", { class: "lrewards", "aria-label": t("lieux:rewards") },
        pl.rewards.map((r, i) => h("li", { key: `r${i}`, title: rewardLong(r) },
          h("span", { class: "lrk" }, t("lieux:rank", { n: i + 1 })), " ", h("span", { class: `lrw ${typeof r === "number" && r < 0 ? "neg" : ""}` }, rewardLabel(r)))))),
    h("div", { class: "lrow" }, items.length ? items : h("p", { class: "muted lempty" }, t("lieux:emptyPlace"))));
}

/**
 * @param {LieuxView} view
 * @param {LieuxLegal} P
 */
function handArea(view, P) {
  const hand = view.hand || [];
  const me = view.viewer ?? "";
  const sel = view.selected && view.selected[me];
  return h("section", { class: `hand-wrap lhand-wrap ${P.select.size ? "choosing" : ""}`, key: "hand" },
    h("h2", { class: "section-title" }, t("lieux:yourHand")),
    h("div", { class: "lhand", "data-testid": "hand" },
      sel && sel.value != null ? lcard(me, sel.value, { key: "chosen", mine: true, down: true, cls: "chosen",
        label: t("lieux:chosen") }) : null,
      hand.length ? hand.map((v) => {
        const a = P.select.get(v);
        return lcard(me, v, { key: `h-${v}`, tag: a ? "button" : "div", cls: `in-hand ${a ? "selectable" : ""}`,
          attrs: a ? { "data-action": a } : {} });
      }) : h("p", { class: "muted" }, t("lieux:emptyHand"))));
}

/**
 * The whole table.
 * @param {LieuxView} view
 * @param {LieuxMeta} meta
 */
export function lieuxTable(view, meta) {
  const P = parseLieux(meta.legal);
  return h("div", { class: `table ltable ${P.select.size ? "placing" : ""}`, "data-testid": "table", "data-game": "lieux" },
    lieuxTopBar(view),
    players(view, meta),
    decisionPanel(view, P, meta),
    infoLine(),
    meta.scoring || null,
    h("div", { class: "lplaces", key: "places" }, (view.places || []).map((pl) => placePanel(pl, view, P, meta))),
    handArea(view, P));
}
