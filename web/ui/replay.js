// The replay viewer of a shared link: every step of a finished game, all cards revealed.
// engine.replay(save) rebuilds the game through the engine's own checks (and refuses a game still in
// progress) and gives the full position after each action; this module only draws them.
import { h } from "./dom.js";
import { t, colourName } from "../i18n/index.js";
import { readShareLink } from "./share.js";
import { loadAdapter, DEFAULT_GAME } from "./games.js";
import { namer, moveText } from "./learntext.js";
/** @import { Colour, Engine, Position, Replay } from "../types/bridge" */
/** @import { Adapter } from "../types/ui" */
/** @import { Children, VNode } from "./dom.js" */

/**
 * @type {{status: "loading" | "ready" | "error", error: string | null, data: Replay | null, step: number,
 *   playing: ReturnType<typeof setInterval> | null, logs: string[][], rounds: {round: number, step: number}[],
 *   game: Adapter | null}}
 */
const R = {
  status: "loading", // loading | ready | error
  error: null,
  data: null,        // {steps, ranking, settings, seats}
  step: 0,
  playing: null,     // interval id
  logs: [],          // per step: the texts of its events
  rounds: [],        // [{round, step}]
  game: null,        // the game's adapter (games.js): its replay panels and event texts
};
let rerender = () => {};

let listening = false;
/** @type {typeof import("./review.js") | null} web/ui/review.js: the review under the table */
let review = null;

/**
 * Start the viewer: `engineReady` resolves to the engine (or null if it failed to boot). A shared link
 * brings its game; the end screen passes `opts.text` (the save) and `opts.step` (where to open).
 * @param {HTMLElement} app
 * @param {() => Promise<Engine | null>} engineReady
 * @param {() => void} onRender
 * @param {{text?: string, step?: number | null}} [opts]
 */
export async function startReplay(app, engineReady, onRender, opts = {}) {
  rerender = onRender;
  if (!listening) {
    listening = true;
    app.addEventListener("click", onClick);
    app.addEventListener("input", onInput);
    app.addEventListener("change", onInput);
    document.addEventListener("keydown", onKey);
  }
  R.status = "loading";
  let text = opts.text;
  try {
    if (text == null) text = await readShareLink();
  } catch {
    fail(t("badLink"));
    return;
  }
  const engine = await engineReady();
  if (!engine) { fail(t("badLink")); return; }
  const data = await engine.replay(text);
  if (!data || "error" in data || !Array.isArray(data.steps) || !data.steps.length) {
    fail(data && "error" in data ? `${t("badLink")} (${data.error})` : t("badLink"));
    return;
  }
  R.data = data;
  const game = await loadAdapter(data.settings && data.settings.game);
  R.game = game;
  R.logs = data.steps.map((s) => (s.events || []).map((ev) => game.tell(ev, s.position, null)).filter(Boolean));
  R.rounds = [];
  data.steps.forEach((s, i) => {
    const r = s.position.round;
    if (!R.rounds.length || R.rounds[R.rounds.length - 1].round !== r) R.rounds.push({ round: r, step: i });
  });
  // Opens on the final scores (Start / the round menu go back), or where the review pointed.
  R.step = typeof opts.step === "number" && Number.isInteger(opts.step) ? Math.max(0, Math.min(data.steps.length - 1, opts.step)) : data.steps.length - 1;
  R.status = "ready";
  rerender();
  // The review under the table: the chart, the key moments (each a step here), the humans' decisions.
  review ||= await import("./review.js");
  review.startReview(engine, text, `replay:${text.length}:${data.steps.length}`, rerender);
}

/**
 * A step's move in words, as its player saw it ("Reveal your Soldier"); the action string if the engine gave no
 * description.
 * @param {Replay["steps"][number]} s @param {Position} pos
 */
function stepMove(s, pos) {
  const game = R.data?.settings?.game || DEFAULT_GAME;
  return s.move ? moveText(s.move, { ...namer(game, pos.edition || pos.set, null), me: s.actor }) : String(s.action);
}

/** @param {string} msg */
function fail(msg) {
  R.status = "error";
  R.error = msg;
  rerender();
}

/** @param {number} step */
function go(step) {
  if (!R.data) return;
  R.step = Math.max(0, Math.min(R.data.steps.length - 1, step));
  if (R.step === R.data.steps.length - 1) stop();
  rerender();
}

function stop() {
  if (R.playing) clearInterval(R.playing);
  R.playing = null;
}

function togglePlay() {
  if (R.playing) { stop(); rerender(); return; }
  if (!R.data) return;
  if (R.step >= R.data.steps.length - 1) R.step = 0;
  R.playing = setInterval(() => go(R.step + 1), 700);
  rerender();
}

/** @param {MouseEvent} ev */
function onClick(ev) {
  const el = ev.target instanceof Element ? /** @type {HTMLElement | null} */ (ev.target.closest("[data-ui]")) : null;
  if (!el || R.status !== "ready" || !R.data) return;
  switch (el.dataset.ui) {
    case "rp-start": stop(); go(0); break;
    case "rp-prev": stop(); go(R.step - 1); break;
    case "rp-next": stop(); go(R.step + 1); break;
    case "rp-end": stop(); go(R.data.steps.length - 1); break;
    case "rp-play": togglePlay(); break;
    case "replay-step": stop(); go(Number(el.dataset.step)); window.scrollTo({ top: 0 }); break; // a review's link
    default: break;
  }
}

/** @param {Event} ev */
function onInput(ev) {
  const el = ev.target instanceof Element
    ? /** @type {HTMLInputElement | HTMLSelectElement | null} */ (ev.target.closest("[data-replay]")) : null;
  if (!el || R.status !== "ready") return;
  stop();
  if (el.dataset.replay === "step") go(Number(el.value));
  else if (el.dataset.replay === "round") go(Number(el.value));
}

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  if (R.status !== "ready" || (ev.target instanceof Element && ev.target.closest("input,select,textarea"))) return;
  if (ev.key === "ArrowRight") { stop(); go(R.step + 1); }
  else if (ev.key === "ArrowLeft") { stop(); go(R.step - 1); }
}

// ---------------------------------------------------------------- drawing

/**
 * A replay player's panel: the head (colour, first player, score) every game shares, then its `rows`.
 * @param {Position} pos
 * @param {Colour} c
 * @param {Record<Colour, number>} scores
 * @param {Children[]} rows
 */
function playerBadge(pos, c, scores, rows) {
  return h("div", { key: c, class: `badge rp-player c-${c} ${pos.to_act === c ? "to-act" : ""}`, "data-testid": `rp-player-${c}` },
    h("span", { class: "badge-head" },
      h("span", { class: "swatch", "aria-hidden": "true" }),
      h("span", { class: "pname" }, colourName(c)),
      pos.first === c ? h("span", { class: "crown", title: t("firstPlayer") }, "♛") : null,
      h("span", { class: "score", "data-testid": `rp-score-${c}` }, String(scores[c] ?? 0))),
    ...rows);
}

/** @param {Replay} data */
function ranking(data) {
  const last = data.steps[data.steps.length - 1];
  /** @type {VNode[]} */
  const rows = [];
  let place = 1;
  for (const group of data.ranking || []) {
    for (const c of group) {
      rows.push(h("tr", { key: c, class: `c-${c}` }, h("td", {}, String(place)),
        h("td", {}, h("span", { class: "swatch" }), " ", colourName(c)), h("td", { class: "num" }, String(last.scores[c]))));
    }
    place += group.length;
  }
  return h("table", { class: "scores", "data-testid": "rp-final" },
    h("thead", {}, h("tr", {}, h("th", {}, t("place")), h("th", {}, t("player")), h("th", { class: "num" }, t("points")))),
    h("tbody", {}, rows));
}

/**
 * The viewer's vnodes; `boot` is the boot bar (or null once the engine runs).
 * @param {VNode | null} boot
 */
export function replayScreen(boot) {
  if (R.status !== "ready" || !R.data || !R.game) {
    return h("main", { class: "setup", key: "rp-wait" }, h("div", { class: "setup-card" },
      h("h1", { class: "logo" }, t("title")),
      h("p", { class: "tagline" }, t("replay")),
      R.status === "error" ? h("p", { class: "notice", role: "alert", "data-testid": "rp-error" }, R.error) : boot,
      h("p", {}, h("a", { class: "btn primary", href: "./" }, t("playAGame")))));
  }
  const data = R.data;
  const game = R.game;
  const n = data.steps.length - 1;
  const s = data.steps[R.step];
  const pos = s.position;
  /** @type {string[]} */
  const log = [];
  for (let i = 1; i <= R.step; i++) for (const text of R.logs[i]) log.push(text);
  const shown = log.slice(-300);
  const atEnd = R.step === n;
  const lastTexts = R.logs[R.step].slice(-3).join(" ");
  return h("div", { class: "game replay", key: "replay", "data-testid": "replay" },
    h("div", { class: "table" },
      h("header", { class: "topbar" },
        h("span", { class: "brand" }, t("title")),
        h("span", { class: "round" }, t("replayOf", { edition: game.replayTitle(pos), n: pos.seats.length })),
        h("span", { class: "round", "data-testid": "rp-round" }, t("replayRound", { r: pos.round })),
        h("span", { class: "spacer" }),
        h("a", { class: "tb-btn", href: "./" }, t("playAGame"))),
      h("section", { class: "decision rp-controls", "aria-label": t("replay") },
        h("div", { class: "decision-buttons" },
          h("button", { type: "button", class: "btn", "data-ui": "rp-start", disabled: R.step === 0, "aria-label": t("replayStart") }, "«"),
          h("button", { type: "button", class: "btn", "data-ui": "rp-prev", disabled: R.step === 0, "aria-label": t("prev"), "data-testid": "rp-prev" }, "◀"),
          h("button", { type: "button", class: "btn primary", "data-ui": "rp-play", "data-testid": "rp-play" }, R.playing ? t("pause") : `▶ ${t("play")}`),
          h("button", { type: "button", class: "btn", "data-ui": "rp-next", disabled: atEnd, "aria-label": t("next"), "data-testid": "rp-next" }, "▶"),
          h("button", { type: "button", class: "btn", "data-ui": "rp-end", disabled: atEnd, "aria-label": t("end"), "data-testid": "rp-end" }, "»"),
          h("label", { class: "rp-jump" }, h("span", {}, `${t("jumpRound")} `),
            h("select", { "data-replay": "round", "data-testid": "rp-round-select" },
              R.rounds.map((r) => h("option", { value: String(r.step), selected: r.step <= R.step &&
                (R.rounds.find((q) => q.step > r.step)?.step ?? Infinity) > R.step }, t("replayRound", { r: r.round })))))),
        h("input", { type: "range", min: "0", max: String(n), value: String(R.step), "data-replay": "step",
          class: "rp-slider", "aria-label": t("step", { k: R.step, n }) }),
        h("p", { class: "decision-text", "data-testid": "rp-step" },
          t("step", { k: R.step, n }), s.actor ? ` · ${colourName(s.actor)}${t("colon")}${stepMove(s, pos)}` : ` · ${t("startPos")}`),
        lastTexts ? h("p", { class: "last-event" }, lastTexts) : null),
      h("section", { class: "players rp-players", key: "players" },
        pos.seats.map((c) => playerBadge(pos, c, s.scores, game.replayRows(pos, c)))),
      game.replayBoard(pos),
      atEnd ? ranking(data) : null,
      review ? review.reviewPanel({ game: data.settings?.game || DEFAULT_GAME, edition: pos.edition, viewer: null, watch: false }) : null),
    h("aside", { class: "log", key: "log", "aria-label": t("log") },
      h("details", { class: "log-details", open: true },
        h("summary", {}, t("log")),
        h("ol", { class: "log-list", "data-testid": "rp-log" }, shown.map((text, i) => h("li", { key: `r${log.length - shown.length + i}` }, text))))));
}
