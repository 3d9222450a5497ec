// The post-game review (end screen and replay viewer): the score-by-round chart we draw in SVG, the key
// moments (each opens the replay at its step), the player's decisions judged by the strongest bot one by
// one in the engine's worker (a progress line while it works; the three costliest marked like lichess's
// inaccuracy / mistake / blunder), every card everyone held, and Watch replay.
// Python computes all of it (tabletop.moments, tabletop.review); this module only words and draws it.
import { h } from "./dom.js";
import { t, colourName } from "../i18n/index.js";
import { lx, namer, moveText, loadNames, gainKey } from "./learntext.js";

/** @import { Engine, ReviewSummary, Colour } from "../types/bridge" */
/** @import { Move, Effect, Namer } from "./learntext.js" */
/**
 * @typedef {{step: number, round: number, actor: Colour | null, effect?: Effect | null, from_leader?: boolean,
 *   decisive?: boolean, leader?: Colour | null}} Moment a key moment (tabletop.moments)
 * @typedef {{round: number, scores: Record<Colour, number>}} RoundScores
 * @typedef {ReviewSummary & {game: string, rounds: RoundScores[], moments: Moment[], scores: Record<Colour, number>,
 *   held: Record<Colour, Record<string, (string | number)[]>>}} Summary what engine.reviewStart() answers
 * @typedef {{index: number, colour: Colour, grade: string, played: string, best: string, chance_best: number,
 *   chance_played: number, moves?: Record<string, Move>}} Judged one decision judged (tabletop.review)
 * @typedef {{status: string, key: string, summary: Summary | null, judged: Judged[], done: number, total: number,
 *   costliest: number[]|null, error: string|null, ms: number, names?: Namer}} ReviewState
 * @typedef {{game: string, edition: string, viewer: Colour | null, decisions?: boolean, watch?: boolean}} ReviewContext
 */
/** @type {ReviewState|null} */
let R = null;

/** The review of a game, keyed by its save text (null: none yet). */
export const reviewState = () => R;

/**
 * Start reviewing a finished game (once per game): the summary first, then one decision per call so
 * the page redraws the progress between them. `saveText` null: the engine's current game.
 * @param {Engine} engine @param {string|null} saveText @param {string} key @param {() => void} rerender
 */
export async function startReview(engine, saveText, key, rerender) {
  if (R && R.key === key) return;
  /** @type {ReviewState} */
  const state = { status: "loading", key, summary: null, judged: [], done: 0, total: 0, costliest: null, error: null, ms: 0 };
  R = state;
  const t0 = performance.now();
  const summary = await engine.reviewStart(saveText);
  if (R !== state) return;
  if (!summary || "error" in summary) { state.status = "error"; state.error = summary?.error || "no review"; rerender(); return; }
  const sum = /** @type {Summary} */ (summary);
  await loadNames(sum.game);
  if (R !== state) return;
  state.summary = sum;
  state.total = sum.decisions;
  state.status = "running";
  rerender();
  while (state.done < state.total || state.costliest == null) {
    const r = await engine.reviewNext();
    if (R !== state) return;
    if (!r || "error" in r) { state.status = "error"; state.error = r?.error || "no review"; rerender(); return; }
    if (r.item) state.judged.push(/** @type {Judged} */ (r.item));
    state.done = r.done;
    if (r.costliest) state.costliest = r.costliest;
    rerender();
  }
  state.ms = Math.round(performance.now() - t0);
  state.status = "done";
  if (typeof window !== "undefined") window.__reviewMs = state.ms; // read by the browser tests and the notes
  rerender();
}

export function clearReview() { R = null; }

const W = 320;
const HGT = 150;
const PAD = { l: 28, r: 10, t: 10, b: 22 };

/**
 * The score-by-round chart: one polyline per player, a dot per round, the axis labelled by round.
 * @param {RoundScores[]} rounds @param {Colour[]} seats @param {Colour | null} viewer
 */
export function scoreChart(rounds, seats, viewer) {
  const max = Math.max(1, ...rounds.flatMap((r) => Object.values(r.scores).map(Number)));
  const n = Math.max(1, rounds.length - 1);
  /** @type {(i: number) => number} */
  const x = (i) => PAD.l + (i * (W - PAD.l - PAD.r)) / n;
  /** @type {(v: number) => number} */
  const y = (v) => PAD.t + (HGT - PAD.t - PAD.b) * (1 - v / max);
  const grid = [0, Math.round(max / 2), max].map((v) => h("g", { key: `g${v}` },
    h("line", { x1: PAD.l, x2: W - PAD.r, y1: y(v), y2: y(v), class: "chart-grid" }),
    h("text", { x: PAD.l - 4, y: y(v) + 4, class: "chart-label", "text-anchor": "end" }, String(v))));
  const labels = rounds.map((r, i) => h("text", { key: `x${i}`, x: x(i), y: HGT - 6, class: "chart-label", "text-anchor": "middle" },
    r.round === 0 ? lx("round0") : lx("roundN", { r: r.round })));
  const lines = seats.map((c) => h("g", { key: c, class: `chart-player c-${c} ${c === viewer ? "me" : ""}` },
    h("title", {}, colourName(c)),
    h("polyline", { class: "chart-line", points: rounds.map((r, i) => `${x(i)},${y(Number(r.scores[c]) || 0)}`).join(" ") }),
    rounds.map((r, i) => h("circle", { key: `p${i}`, class: "chart-dot", cx: x(i), cy: y(Number(r.scores[c]) || 0), r: 3 }))));
  const legend = h("ul", { class: "chart-legend" }, seats.map((c) => h("li", { key: c, class: `c-${c}` },
    h("span", { class: "swatch" }), " ", colourName(c), ` ${rounds[rounds.length - 1].scores[c]}`)));
  return h("figure", { class: "score-chart", "data-testid": "score-chart" },
    h("figcaption", {}, lx("scoreChart")),
    h("svg", { viewBox: `0 0 ${W} ${HGT}`, role: "img", "aria-label": lx("scoreChart") }, grid, labels, lines),
    legend);
}

/**
 * A key moment in words.
 * @param {Moment} m @param {Namer} N
 */
export function momentText(m, N) {
  /** @type {Effect} */
  const e = m.effect || { kind: "other" };
  const vars = { round: m.round, player: N.who(m.actor), victim: N.who(e.victim), attacker: N.who(e.attacker),
    amount: N.amount(e.amount), card: N.card(e.card != null ? e.card : e.value) };
  // The one who gains or takes is the effect's player, not always the step's actor (a place's reward at
  // scoring, an Ambush sprung by another's card).
  if (["ambush", "steal", "gain"].includes(e.kind) && e.player != null) vars.player = N.who(e.player);
  let key = `k.${e.kind}`;
  if (e.kind === "steal" && m.from_leader) key = "k.steal.leader";
  if (e.kind === "ambush" && e.attacker === e.player) key = "k.ambush.own";
  if (e.kind === "gain") key = gainKey("k", e);
  if (e.kind === "eliminate") vars.player = N.who(e.player);
  const text = lx(key === `k.${e.kind}` && lx(key) === key ? "k.other" : key, vars);
  return m.decisive ? `${text} — ${lx("decisive", { player: N.who(m.leader || m.actor) })}` : text;
}

/**
 * Every card everyone held, by where it was.
 * @param {Summary["held"]} held @param {Namer} N
 */
function heldList(held, N) {
  return h("details", { class: "review-held", "data-testid": "held" },
    h("summary", {}, lx("held")),
    h("ul", {}, Object.entries(held).map(([c, places]) => h("li", { key: c, class: `c-${c}` },
      h("span", { class: "swatch" }), " ", h("strong", {}, colourName(c)), " ",
      Object.entries(places).map(([where, cards]) => h("span", { key: where, class: "held-row" },
        `${lx(where)}${t("colon")}${cards.map((k) => N.card(k)).join(", ")} `))))));
}

/**
 * The judged decisions; `all`: no single player to speak to (hot-seat, a replay), so each is named.
 * @param {ReviewState} state @param {boolean} all
 */
function decisionsBlock(state, all) {
  if (state.status === "error") return h("p", { class: "muted" }, state.error);
  if (state.status !== "done") {
    return h("div", { class: "review-progress", role: "status", "data-testid": "review-progress" },
      h("progress", { max: String(state.total || 1), value: String(state.done) }),
      h("span", {}, lx(all ? "reviewingAll" : "reviewing", { done: state.done, total: state.total })));
  }
  const byIndex = new Map(state.judged.map((j) => [j.index, j]));
  const costly = /** @type {Judged[]} */ ((state.costliest || []).map((i) => byIndex.get(i)).filter(Boolean));
  return h("div", { class: "review-decisions", "data-testid": "review-decisions" },
    h("p", { class: "muted" }, lx("reviewDone", { n: state.total })),
    costly.length ? h("ol", { class: "costliest" }, costly.map((j) => h("li", { key: `d${j.index}`, class: `grade-${j.grade}`, "data-testid": "costly" },
      h("span", { class: `grade-mark ${j.grade}` }, j.grade === "blunder" ? "??" : j.grade === "mistake" ? "?" : "?!"),
      all ? [colourName(j.colour), " · "] : null,
      h("strong", {}, lx(`g.${j.grade}`)), " · ",
      lx("played", { move: actionText(j.played, j, state) }), " · ", lx("better", { move: actionText(j.best, j, state) }), " · ",
      lx("winChance", { a: Math.round(j.chance_best * 100), b: Math.round(j.chance_played * 100) }), " ",
      h("button", { type: "button", class: "btn link", "data-ui": "replay-step", "data-step": String(j.index) }, lx("atStep")))))
      : h("p", { "data-testid": "no-mistakes" }, lx("noMistakes")));
}

/**
 * A judged action in words: the decision's own move data when the engine gave it, else the action. Its
 * player's own card is "your …" even where the review speaks to nobody (hot-seat, a replay).
 * @param {string} action @param {Judged} j @param {ReviewState} state
 */
function actionText(action, j, state) {
  const d = j.moves && j.moves[action];
  return d && state.names ? moveText(d, { ...state.names, me: j.colour }) : action;
}

/**
 * The review's vnode (null before the summary arrives).
 * @param {ReviewContext} ctx
 */
export function reviewPanel(ctx) {
  const state = R;
  if (!state || !state.summary) {
    return state && state.status === "error" ? null
      : h("section", { class: "review", key: "review" }, h("p", { class: "muted", role: "status" },
        lx(ctx.viewer ? "reviewing" : "reviewingAll", { done: 0, total: "…" })));
  }
  const s = state.summary;
  const N = namer(ctx.game, ctx.edition, ctx.viewer);
  state.names = N;
  const seats = Object.keys(s.scores);
  return h("section", { class: "review", key: "review", "aria-label": lx("review") },
    h("h3", {}, lx("review")),
    scoreChart(s.rounds, seats, ctx.viewer),
    h("div", { class: "key-moments", "data-testid": "key-moments" },
      h("h4", {}, lx("keyMoments")),
      s.moments.length ? h("ol", {}, s.moments.map((m) => h("li", { key: `m${m.step}` },
        h("button", { type: "button", class: "btn link", "data-ui": "replay-step", "data-step": String(m.step), "data-testid": "moment" },
          momentText(m, N))))) : h("p", { class: "muted" }, lx("noMoments"))),
    ctx.decisions === false ? null : h("div", { class: "review-block" },
      h("h4", { "data-testid": "decisions-title" }, lx(ctx.viewer ? "decisions" : "decisionsAll")), decisionsBlock(state, !ctx.viewer)),
    heldList(s.held, N),
    ctx.watch === false ? null : h("div", { class: "dialog-buttons" },
      h("button", { type: "button", class: "btn", "data-ui": "watch-replay", "data-testid": "watch-replay" }, lx("watchReplay"))));
}
