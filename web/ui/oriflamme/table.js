// The table, drawn from the viewer's `view` and the `legal` action strings only.
import { h, raw } from "../dom.js";
import { t, cardName, faceName, ability, colourName } from "../../i18n/index.js";
import { emblemSvg, BACK_SVG } from "../../art/emblems.js";
import { topBar, badge } from "../chrome.js";
import { stackKeys } from "./align.js";
/** @import { Colour } from "../../types/bridge" */
/** @import { Selection } from "../../types/ui" */
/** @import { Props, VNode } from "../dom.js" */
/** @import { Legal } from "./actions.js" */
/** @import { CardOptions, OriflammeView, TableMeta } from "./view" */

/**
 * @param {Colour} colour
 * @param {{viewer: Colour | null}} meta
 */
export function playerLabel(colour, meta) {
  const name = colourName(colour);
  return colour === meta.viewer ? `${name} (${t("youShort")})` : name;
}

/**
 * One card. Opponents' face-down cards carry no name anywhere: no text, no title, no data-card.
 * @param {string} edition
 * @param {string | null} c
 * @param {CardOptions} [opts]
 */
export function card(edition, c, opts = {}) {
  const { owner, up = true, tokens = 0, mine = false, tag = "div", attrs = {}, cls = "", key, label, said } = opts;
  const known = c != null && (up || mine);
  const name = c != null && known ? cardName(edition, c) : null;
  const classes = ["card", `c-${owner}`, up ? "up" : "down", mine ? "mine" : "", cls].filter(Boolean).join(" ");
  const who = owner ? `${colourName(owner)} · ` : "";
  const title = c != null && known
    ? `${who}${name}${up ? "" : ` (${t("faceDown")})`} — ${ability(edition, c)}`
    : `${who}${t("faceDown")}${tokens ? ` · ${t("tokens", { n: tokens })}` : ""}`;
  // Read as one thing: a card that is no button is an image named by `said` (or its title).
  /** @type {Props} */
  const props = { key, class: classes, title, ...(tag === "button" ? {} : { role: "img", "aria-label": said || title }), ...attrs };
  if (known) props["data-card"] = c;
  if (known && tag !== "button") props["data-info"] = c;
  if (tag === "button") props.type = "button";
  /** @type {VNode[]} */
  const body = [];
  if (c != null && up && known) {
    body.push(h("span", { key: "name", class: "card-name" }, faceName(edition, c)));
    body.push(raw("span", { key: `emblem-${c}`, class: "emblem" }, emblemSvg(c)));
  } else {
    body.push(raw("span", { key: "back", class: "back" }, BACK_SVG));
    if (c != null && known) body.push(h("span", { key: "hidden-name", class: "card-name hidden-name" }, faceName(edition, c)));
  }
  if (tokens) body.push(h("span", { key: `tokens-${tokens}`, class: "tokens", "aria-label": t("tokens", { n: tokens }) }, String(tokens)));
  if (label) body.push(h("span", { key: "label", class: "act-label" }, label));
  return h(tag, props, body);
}

/** @param {OriflammeView} view */
function oriflammeTopBar(view) {
  const dir = `${t("direction")}${t("colon")}${t(`direction.${view.direction}`)}`;
  return topBar(t("title"), t("round", { r: view.round, n: view.rounds }), [
    h("span", { class: "dir", title: dir },
      h("span", { class: "dir-arrow", "aria-hidden": "true" }, view.direction === "rtl" ? "←" : "→"),
      h("span", { class: "sr-only" }, dir))]);
}

/**
 * @param {OriflammeView} view
 * @param {Legal} P
 * @param {TableMeta} meta
 */
function players(view, P, meta) {
  return h("section", { class: "players", key: "players", "aria-label": t("player") },
    view.seats.map((c) => {
      const steal = P.steal.get(c);
      const discard = (view.discard && view.discard[c]) || [];
      return badge(c, view, meta, {
        // keyed by value: a new score is a new element (motion.js pops and counts it up when it changed)
        score: [
          h("span", { key: `score-${view.scores[c] ?? 0}`, class: "score", title: t("score"), "data-testid": `score-${c}`, "aria-hidden": "true" },
            String(view.scores[c] ?? 0)),
          h("span", { key: "score-words", class: "sr-only" }, t("pointsWords", { n: view.scores[c] ?? 0 }))],
        counts: [
          h("span", { title: t("handSize") }, `${t("handSize")} ${view.hand_sizes ? view.hand_sizes[c] : "?"}`),
          h("span", { title: t("asideSize") }, ` · ${t("asideSize")} ${view.aside_sizes ? view.aside_sizes[c] : "?"}`)],
        rows: [
          h("span", { class: "discard", title: discard.length ? `${t("discard")}${t("colon")}${discard.map((d) => cardName(view.edition, d)).join(", ")}` : t("discardEmpty") },
            discard.length ? discard.map((d, i) => raw("span", { key: `${d}${i}`, class: "mini", "data-card": d, "data-info": d, title: cardName(view.edition, d) }, emblemSvg(d)))
              : h("span", { class: "muted" }, "—")),
          steal ? h("span", { class: "act-label" }, t("steal")) : null],
        action: steal || null,
        label: steal ? `${t("steal")}${t("colon")}${colourName(c)}, ${t("pointsWords", { n: view.scores[c] ?? 0 })}` : null,
        target: Boolean(steal),
      });
    }));
}

/**
 * @param {OriflammeView} view
 * @param {Legal} P
 * @param {TableMeta} meta
 */
function decisionPanel(view, P, meta) {
  const d = view.decision;
  let text;
  const mine = meta.legal.length > 0;
  if (view.is_over || !d) text = t("gameOver");
  else if (mine) {
    const top = d.position && view.queue[d.position - 1] ? view.queue[d.position - 1].at(-1) : null;
    // Only "stay" offered means the card cannot be revealed (an Ambush) — unless a guided game offers
    // only the move it teaches: then the sentence must not teach a rule that is not one.
    const key = d.kind === "reveal" && !P.reveal && P.stay && !meta.guided ? "dec.you.stayOnly" : `dec.you.${d.kind}`;
    text = t(key, {
      card: top && top.card ? cardName(view.edition, top.card) : "",
      ability: d.ability ? cardName(view.edition, d.ability) : "",
    });
  } else {
    text = t(`dec.bot.${d.kind}`, {
      player: playerLabel(d.player || view.to_act || "", meta),
      pos: d.position ?? "",
      ability: d.ability ? cardName(view.edition, d.ability) : "",
    });
  }
  /** @type {VNode[]} */
  const buttons = [];
  if (P.reveal) buttons.push(h("button", { key: "reveal", type: "button", class: "btn primary", "data-action": P.reveal }, t("reveal")));
  if (P.stay) buttons.push(h("button", { key: "stay", type: "button", class: "btn", "data-action": P.stay },
    meta.tokens ? t("stayToken") : t("stay")));
  for (const a of P.other) buttons.push(h("button", { key: `o-${a}`, type: "button", class: "btn", "data-action": a }, a));
  return h("section", { class: `decision ${mine ? "mine" : view.is_over || !d ? "over" : "waiting"}`, key: "decision", "data-testid": "decision" },
    // what a screen reader announces: one sentence per move (the last thing that happened, or your turn)
    h("p", { class: "sr-only", "aria-live": "polite", "data-testid": "announce" }, mine ? text : meta.announce || ""),
    h("p", { class: "decision-text" }, text),
    meta.lastText ? h("p", { class: "last-event" }, meta.lastText) : null,
    buttons.length ? h("div", { class: "decision-buttons" }, buttons) : null,
    mine ? meta.hint || null : null);
}

/**
 * @param {OriflammeView} view
 * @param {Legal} P
 * @param {Selection} sel
 * @param {TableMeta} meta
 */
function queue(view, P, sel, meta) {
  const ed = view.edition;
  const n = view.queue.length;
  const hand = view.hand || [];
  const selCard = sel.handIdx != null ? hand[sel.handIdx] : null;
  const placeOpts = selCard ? P.place.get(selCard) || [] : [];
  const first = placeOpts.find((o) => o.where === "first");
  const last = placeOpts.find((o) => o.where === "last");
  const moveOpts = sel.moveSrc != null ? P.move.get(sel.moveSrc) || [] : null;
  const chooseB = sel.chooseA != null ? P.choose.get(sel.chooseA) : null;
  /** @type {(VNode | null)[]} */
  const items = [];
  const slot = (/** @type {"first" | "last"} */ which, /** @type {{action: string}} */ o) => h("button", { key: `slot-${which}`, type: "button", class: `slot slot-${which}`, "data-action": o.action },
    h("span", { class: "slot-arrow", "aria-hidden": "true" }, "+"),
    h("span", { class: "slot-label" }, t(which === "first" ? "placeFirst" : "placeLast")));
  const gap = (/** @type {number} */ g) => {
    const o = moveOpts && moveOpts.find((m) => "gap" in m && m.gap === g);
    if (!o) return null;
    return h("button", { key: `gap-${g}`, type: "button", class: "gap", "data-action": o.action, title: t("moveHere"), "aria-label": `${t("moveHere")} (${g})` },
      h("span", { "aria-hidden": "true" }, "⇣"));
  };
  // While cards are being placed (by anyone) both end slots keep their room, offered or not: the
  // human's turn then does not push the queue's cards aside.
  const placing = view.decision && view.decision.kind === "place" && !view.is_over;
  const reserve = (/** @type {"first" | "last"} */ which) => h("span", { key: `slot-${which}`, class: `slot slot-${which} reserved`, "aria-hidden": "true" });
  if (first) items.push(slot("first", first));
  else if (placing) items.push(reserve("first"));
  const keys = stackKeys(view.queue);
  for (let i = 1; i <= n; i++) {
    items.push(gap(i));
    const stack = view.queue[i - 1];
    const top = stack[stack.length - 1];
    const under = stack.slice(0, -1);
    const onPlace = placeOpts.find((o) => o.where === "on" && o.pos === i);
    const elim = P.eliminate.get(i);
    const copy = P.copy.get(i);
    const onto = moveOpts && (moveOpts.find((m) => "onto" in m && m.onto === i) || null);
    const chooseAct = chooseB ? chooseB.get(i) : null;
    let action = null;
    let label = null; // said to screen readers
    let short = null; // printed on the card
    if (onPlace) { action = onPlace.action; label = t("placeOn"); short = t("placeOnShort"); }
    else if (elim) { action = elim; label = t("eliminate"); }
    else if (copy) { action = copy; label = t("copy"); }
    else if (onto) { action = onto.action; label = t("moveOnto"); short = t("moveOntoShort"); }
    else if (chooseAct) { action = chooseAct; label = t("chooseSecond"); }
    const canPickMove = P.move.has(i);
    const canPickChoose = P.choose.has(i);
    const picked = (canPickMove && sel.moveSrc === i) || (canPickChoose && sel.chooseA === i);
    const cls = [
      action ? "target" : "",
      picked ? "picked" : "",
      view.cursor === i ? "cursor" : "",
      meta.flashPos === i ? "flash" : "",
    ].filter(Boolean).join(" ");
    const mine = top.owner === view.viewer;
    const facts = [colourName(top.owner), top.face_up ? t("faceUp") : t("faceDown")];
    if (top.card && (top.face_up || mine)) facts.push(cardName(ed, top.card));
    if (top.tokens) facts.push(t("tokens", { n: top.tokens }));
    if (under.length) facts.push(t("stackOf", { n: stack.length }));
    if (view.cursor === i) facts.push(t("resolvingNow"));
    const said = t("queueCard", { pos: t("position", { p: i }), facts: facts.join(", ") });
    const attrs = action ? { "data-action": action, "aria-label": `${label}${t("colon")}${said}` } : {};
    const stackCls = ["stack", `depth-${Math.min(under.length, 4)}`, view.cursor === i ? "at-cursor" : ""].filter(Boolean).join(" ");
    let pick = null;
    if (canPickMove || canPickChoose) {
      const attr = canPickMove ? { "data-select-move": String(i) } : { "data-select-choose": String(i) };
      pick = h("button", { type: "button", class: `pick ${picked ? "on" : ""}`, "aria-pressed": picked ? "true" : "false", ...attr },
        picked ? t("picked") : t("pick"));
    }
    const coveredTitle = under.length ? t("covered", {
      cards: under.map((u) => (u.card && (u.face_up || u.owner === view.viewer) ? cardName(ed, u.card) : t("faceDown"))).join(", "),
    }) : null;
    items.push(h("div", { key: keys[i - 1], class: stackCls, "data-pos": String(i) },
      h("span", { class: "pos", "aria-hidden": "true" }, view.cursor === i ? `▼${i}` : String(i)),
      under.length ? h("div", { class: "under", title: coveredTitle, "aria-hidden": "true" },
        under.map((u, k) => h("span", { key: `u${k}`, class: `layer c-${u.owner} ${u.face_up ? "up" : "down"}` }))) : null,
      card(ed, top.card, {
        owner: top.owner, up: top.face_up, tokens: top.tokens, mine,
        tag: action ? "button" : "div", attrs, cls, label: short || label, said,
      }),
      pick));
  }
  items.push(gap(n + 1));
  if (last) items.push(slot("last", last));
  else if (placing) items.push(reserve("last"));
  const dirCls = view.direction === "rtl" ? "rtl" : "ltr";
  return h("section", { class: "queue-wrap", key: "queue", "data-testid": "queue" },
    h("h2", { class: "section-title" }, t("queue"),
      h("span", { class: "dir-note" }, ` · ${t(`direction.${view.direction}`)} ${view.direction === "rtl" ? "←" : "→"}`)),
    n === 0 && !first ? h("p", { class: "muted empty-queue" }, t("queueEmpty")) : null,
    h("div", { class: `queue ${dirCls}` }, items.filter(Boolean)));
}

/**
 * @param {OriflammeView} view
 * @param {Legal} P
 * @param {Selection} sel
 */
function handArea(view, P, sel) {
  const hand = view.hand || [];
  const ed = view.edition;
  const aside = view.aside || [];
  return h("section", { class: "hand-wrap", key: "hand" },
    h("h2", { class: "section-title" }, t("yourHand")),
    h("div", { class: "hand", "data-testid": "hand" },
      hand.map((c, i) => {
        const selectable = P.place.has(c);
        const on = sel.handIdx === i;
        // Keyed by the card and which copy of it this is, not by its index: a card played from the
        // hand leaves the others' elements in place (no new elements, no fade-in, no re-drawn art).
        const copy = hand.slice(0, i).filter((x) => x === c).length;
        return card(ed, c, {
          key: `h-${c}-${copy}`, owner: view.viewer, up: true, mine: true,
          tag: selectable ? "button" : "div",
          cls: `in-hand ${on ? "selected" : ""} ${selectable ? "selectable" : ""}`,
          attrs: selectable ? { "data-select-card": String(i), "aria-pressed": on ? "true" : "false",
            "aria-label": t("selectCard", { card: cardName(ed, c) }) } : {},
        });
      })),
    aside.length ? h("div", { class: "aside" },
      h("span", { class: "aside-title" }, `${t("yourAside")}:`),
      aside.map((c, i) => h("span", { key: `a${i}`, class: "chip", "data-card": c, "data-info": c, title: ability(ed, c) }, cardName(ed, c)))) : null);
}

/** A table drawn anew arrives in three parts, a frame each, the page's log with the last (D140): see table(). */
export const PARTS = 3;

/**
 * The whole table. The queue comes before the decision panel, whose height varies: what the player
 * watches never moves (a card's details open in a sheet over the table: web/ui/carddetail.js). A table
 * drawn anew has `meta.parts` of its parts, top to bottom (D102, D140): the top bar and the players; then
 * the queue and the decision, where the player acts; then the hand (and screen.js's log).
 * @param {OriflammeView} view
 * @param {Legal} P
 * @param {Selection} sel
 * @param {TableMeta} meta
 */
export function table(view, P, sel, meta) {
  const parts = meta.parts ?? PARTS;
  return h("div", { class: `table ed-${view.edition} ${P.place.size ? "placing" : ""}`, "data-testid": "table" },
    oriflammeTopBar(view),
    players(view, P, meta),
    parts >= 2 ? queue(view, P, sel, meta) : null,
    parts >= 2 ? decisionPanel(view, P, meta) : null,
    parts >= 3 ? handArea(view, P, sel) : null);
}
