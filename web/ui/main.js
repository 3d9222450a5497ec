// The page controller: boots the engine bridge, runs the setup screen, the game loop and the overlays.
// It draws what the engine sends (view + legal) and sends back the action string of what was clicked.
import { h, patch } from "./dom.js";
import { t, pickLang, setLang, lang } from "../i18n/index.js";
import { parseLegal, settleSelection } from "./actions.js";
import { table } from "./table.js";
import { eventText, eventFocus } from "./log.js";
import { defaultSetup, fromParams, settingsOf, setupScreen, editionInfo, seedOk } from "./setup.js";
import { bootBar, endScreen, rulesDialog, FONT_WARMUP_LINES } from "./overlays.js";
import { lieuxSetupChange } from "./lieux/setup.js";
// Beyond one sitting (saves, shared replays, hot-seat, install/embed/share extras; docs/SESSION.md):
// web/ui/{saves,share,replay,hotseat,extras}.js
import { peekSave, rememberGame, savedLog, clearSave } from "./saves.js";
import { isShareLink } from "./share.js";
import { isHotseat, passScreen, publicEvent, publicLieuxEvent } from "./hotseat.js";
import { initExtras, setupExtras, extrasOverlay, withShare, setNotice } from "./extras.js";
import { x } from "./xtext.js";
import { registerServiceWorker } from "../pwa/pwa.js";
import { initCardDetail } from "./carddetail.js";
import "./prefs.js"; // the theme in use, before the first frame

const params = new URLSearchParams(location.search);
const TEST = params.get("test") === "1";

const S = {
  screen: "setup", // setup | game
  setup: null,
  boot: { ready: false, fraction: 0, stage: "runtime", error: null },
  engine: null,
  update: null,
  sel: { handIdx: null, moveSrc: null, chooseA: null },
  log: [], // {key, text, cls}
  lastText: "",
  flash: null,
  flashPos: null,
  busy: false,
  gen: 0,
  rules: false,
  info: null,
  endHidden: false,
  error: null,
  pass: null, // hot-seat: the colour the device must be passed to (nothing of the table is drawn)
  shownTo: null, // hot-seat: the human now looking at the screen
  hint: null, // the Hint button: {state: "thinking"|"done", action, at: actions count it was asked at}
};
// Under ?test=1 only, every update the page got (the tests compare them with the engine's); a player's
// page keeps none (a game's updates weigh 120–190 KB).
const received = TEST ? [] : null;
let logSeq = 0;

// Loaded only when needed, so the first screen fetches and runs less while the engine starts:
// Château, Village & Port's table (web/ui/lieux/) when its game is chosen, resumed or played, and the
// replay viewer (web/ui/replay.js) when a shared link is opened.
let lieux = null;
let lieuxLoading = null;
function loadLieux() {
  lieuxLoading ||= import("./lieux/index.js").then((m) => { lieux = m; });
  return lieuxLoading;
}
let replay = null;

const app = document.getElementById("app");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Run `fn` once the page is idle (300 ms at the latest): work that must not delay a frame or a click. */
const whenIdle = (fn) => (typeof requestIdleCallback === "function" ? requestIdleCallback(() => fn(), { timeout: 300 }) : setTimeout(fn, 50));
const speed = () => Number(S.setup.speed);

// ---------------------------------------------------------------- rendering

function logPanel() {
  return h("aside", { class: "log", key: "log", "aria-label": t("log") },
    h("details", { class: "log-details", open: true },
      h("summary", {}, t("log")),
      h("ol", { class: "log-list", "data-testid": "log" },
        S.log.map((e) => h("li", { key: e.key, class: e.cls }, logText(e))))));
}

/** Hot-seat: an entry told to another human is re-told without that human's secrets. */
function logText(e) {
  const u = S.update;
  if (!e.ev || !e.viewer || !u || e.viewer === u.viewer || !isHotseat(u)) return e.text;
  if (u.view.game === "lieux") return lieux.lieuxEventText(publicLieuxEvent(e.ev, e.viewer, u.viewer), { viewer: u.viewer });
  return eventText(publicEvent(e.ev, e.viewer), u.view.edition, { viewer: u.viewer });
}

// At speed 0 the bots' moves come back to back: the table is then drawn at most once per frame (the log
// still gets every event), not once per move — on a slow machine two full draws in a row are one freeze.
let frameRender = 0;
function renderNextFrame() {
  frameRender ||= requestAnimationFrame(() => { frameRender = 0; render(); });
}

function render() {
  if (frameRender) { cancelAnimationFrame(frameRender); frameRender = 0; }
  const boot = bootBar(S.boot);
  const out = [];
  if (S.screen === "replay" && replay) { // a shared link: web/ui/replay.js
    patch(app, [replay.replayScreen(boot), ...extrasOverlay()]);
    return;
  }
  if (S.screen !== "game" || !S.update) {
    if (S.screen === "setup") out.push(setupScreen(S.setup, boot, savedGame() != null), setupExtras());
    else { // a table on its way; if the engine refused to deal it, the way back to the menu
      const back = S.error && !S.busy ? h("button", { type: "button", class: "btn primary", "data-ui": "menu", "data-testid": "back-to-menu" }, t("newGame")) : null;
      out.push(h("main", { class: "setup", key: "wait" }, h("div", { class: "setup-card" }, h("h1", { class: "logo" }, t("title")), boot, back)));
    }
  } else if (S.pass) { // hot-seat hand-over: web/ui/hotseat.js
    out.push(passScreen(S.pass));
  } else if (S.update.view.game === "lieux") { // Château, Village & Port: web/ui/lieux/
    out.push(...lieux.lieuxScreen(S.update, { endHidden: S.endHidden, speed: speed(), flash: S.flash, lastText: S.lastText,
      rerender: render, log: logPanel(), hint: hintBox() }).map(withShare));
  } else {
    const u = S.update;
    const view = u.view;
    const legal = u.legal || [];
    const P = parseLegal(legal);
    S.sel = settleSelection(P, view.hand || [], S.sel);
    const meta = {
      viewer: u.viewer, seats: u.seats, legal, lastText: S.lastText, flash: S.flash, flashPos: S.flashPos,
      tokens: view.edition !== "prototype", info: S.info, hint: hintBox(),
    };
    out.push(h("div", { class: "game", key: "game" }, table(view, P, S.sel, meta), logPanel()));
    if (u.over && !S.endHidden) out.push(withShare(endScreen(u, meta)));
    else if (u.over) out.push(h("button", { key: "show-end", type: "button", class: "btn primary floating", "data-ui": "show-end" }, t("finalScores")));
  }
  const isLieux = S.screen === "game" && S.update ? S.update.view.game === "lieux" : S.setup.game === "lieux";
  if (S.rules && !isLieux) out.push(rulesDialog(S.update ? S.update.view.edition : S.setup.edition));
  else if (S.rules && lieux) out.push(lieux.lieuxRules(S.update && S.update.view)); // else: drawn once loaded
  if (S.error) out.push(h("div", { key: "err", class: "toast error", role: "alert" }, t("error", { msg: S.error })));
  out.push(...extrasOverlay());
  document.body.classList.toggle("instant", speed() === 0);
  const hadFocus = document.activeElement && document.activeElement !== document.body && app.contains(document.activeElement);
  patch(app, out);
  markHint();
  app.dataset.busy = S.busy ? "1" : "0";
  if (hadFocus && !app.contains(document.activeElement)) focusFirstAction();
}

// ---------------------------------------------------------------- the Hint button

/** The hint for the current decision, if it is still this decision's. */
function currentHint() {
  const u = S.update;
  return S.hint && u && S.hint.at === u.actions && (u.legal || []).length ? S.hint : null;
}

/** In the decision panel while the human must decide: the button, then the suggestion. */
function hintBox() {
  const u = S.update;
  if (!u || u.over || !(u.legal || []).length) return null;
  const hint = currentHint();
  const thinking = hint && hint.state === "thinking";
  return h("div", { class: "hint-box", key: "hint" },
    h("button", { type: "button", class: "btn hint-btn", "data-ui": "hint", "data-testid": "hint", disabled: !!thinking,
      "aria-busy": thinking ? "true" : "false" }, thinking ? t("hintThinking") : t("hint")),
    hint && hint.state === "done"
      ? h("p", { class: "hint-text", "data-testid": "hint-text", role: "status" }, t("hintSuggested", { action: hint.action }))
      : null);
}

/** The virtual DOM does not own this class: it is set on the suggested element after every patch. */
function markHint() {
  for (const el of app.querySelectorAll(".hinted")) el.classList.remove("hinted");
  const hint = currentHint();
  if (!hint || hint.state !== "done") return null;
  const el = app.querySelector(`[data-action="${CSS.escape(hint.action)}"]`);
  if (el) el.classList.add("hinted");
  return el;
}

/** Two-step choices: pick the first step of the suggested action so its element is on the table. */
function selectFor(action, hand, sel) {
  const w = action.split(" ");
  if (w[0] === "place" && hand.includes(w[1])) return { ...sel, handIdx: hand.indexOf(w[1]) };
  if (w[0] === "move") return { ...sel, moveSrc: Number(w[1]) };
  if (w[0] === "choose") return { ...sel, chooseA: Number(w[1]) };
  return sel;
}

async function requestHint() {
  const u = S.update;
  if (!u || !S.engine || u.over || !(u.legal || []).length || currentHint()?.state === "thinking") return;
  const gen = S.gen;
  S.hint = { state: "thinking", at: u.actions };
  render();
  const r = await S.engine.hint();
  if (gen !== S.gen || S.update !== u) return;
  if (!r || r.error || !u.legal.includes(r.action)) {
    S.hint = null;
    S.error = (r && r.error) || "no hint";
    render();
    return;
  }
  S.hint = { state: "done", action: r.action, at: u.actions };
  if (u.view.game !== "lieux") S.sel = selectFor(r.action, u.view.hand || [], S.sel);
  render();
  const el = markHint();
  if (el) el.scrollIntoView({ block: "nearest", behavior: speed() === 0 ? "auto" : "smooth" });
}

function focusFirstAction() {
  const el = app.querySelector(".overlay [data-ui], [data-action], [data-select-card]");
  if (el) el.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- the game loop

/** An event told in the current language ("" for one the log does not show); null if it cannot be told. */
function tell(ev, view, viewer) {
  try {
    const text = view.game === "lieux" ? lieux.lieuxEventText(ev, { viewer }) : eventText(ev, view.edition, { viewer });
    return typeof text === "string" ? text : null;
  } catch {
    return null;
  }
}

/** After a change of language, tell the log again in the new one (entries keep their event). */
function retellLog() {
  const view = S.update && S.update.view;
  if (!view) return;
  S.log = S.log.map((e) => {
    if (!e.ev) return e;
    const text = tell(e.ev, view, e.viewer);
    return text ? { ...e, text } : e;
  });
  if (view.game !== "lieux") {
    S.lastText = (S.update.events || []).map((ev) => eventText(ev, view.edition, { viewer: S.update.viewer }))
      .filter((x) => x).slice(-3).join(" ");
  }
}

function addLog(ev, view, viewer) {
  const text = view.game === "lieux" ? lieux.lieuxEventText(ev, { viewer }) : eventText(ev, view.edition, { viewer });
  if (!text) return "";
  const cls = ev.type === "round_started" || ev.type === "game_over" ? "round" : "";
  S.log.push({ key: `l${logSeq++}`, text, cls, ev, viewer });
  if (S.log.length > 400) S.log.splice(0, S.log.length - 400);
  return text;
}

async function apply(u, gen) {
  if (gen !== S.gen) return;
  if (!u || u.error) {
    S.error = (u && u.error) || "no answer";
    S.busy = false;
    render();
    return;
  }
  if (u.view?.game === "lieux" && !lieux) {
    await loadLieux();
    if (gen !== S.gen) return;
  }
  received?.push(u);
  S.error = null;
  S.hint = null;
  const fromBot = u.actor && u.seats && u.seats.find((s) => s.colour === u.actor && s.kind === "bot");
  const texts = (u.events || []).map((ev) => addLog(ev, u.view, u.viewer));
  S.lastText = texts.filter((x) => x).slice(-3).join(" ");
  const focus = (u.events || []).map(eventFocus).find((f) => f.pos != null) || {};
  S.flash = fromBot ? u.actor : null;
  S.flashPos = fromBot ? focus.pos : null;
  S.update = u;
  S.busy = u.to_act_kind === "bot";
  if (isHotseat(u) && u.to_act_kind === "human" && u.viewer !== S.shownTo) S.pass = u.viewer;
  if (u.to_act_kind === "bot" && speed() === 0) renderNextFrame();
  else render();
  // Keyboard players get the focus on the first offered choice when their turn comes.
  if (keyboardUser && u.to_act_kind === "human" && !app.contains(document.activeElement)) focusFirstAction();
  remember(u);
  if (u.to_act_kind === "human" || u.over) precacheWhenIdle();
  if (u.over) return;
  if (u.to_act_kind === "bot") {
    const pace = speed();
    if (pace > 0) await sleep(650 * pace + (fromBot ? 150 * pace * Math.min(4, texts.length) : 0));
    if (gen !== S.gen) return;
    const next = await S.engine.botStep();
    await apply(next, gen);
  }
}

// A fresh table for a new deal or a resumed save: empty log, no selection, busy until the engine answers.
function enterGame() {
  const gen = ++S.gen;
  S.screen = "game";
  S.update = null;
  S.log = [];
  S.lastText = "";
  S.endHidden = false;
  S.sel = { handIdx: null, moveSrc: null, chooseA: null };
  S.busy = true;
  S.pass = null;
  S.shownTo = null;
  render();
  return gen;
}

async function startGame() {
  if (!seedOk(S.setup.seed)) { // the form says what a seed must be; no game is dealt
    S.screen = "setup";
    S.busy = false;
    render();
    app.querySelector("[data-setup=seed]")?.focus();
    return;
  }
  const gen = enterGame();
  const engine = await engineReady();
  if (!engine || gen !== S.gen) return;
  const u = await engine.newGame(settingsOf(S.setup));
  await apply(u, gen);
}

async function act(action) {
  if (S.busy || !S.update || !(S.update.legal || []).includes(action)) return;
  S.busy = true;
  app.dataset.busy = "1";
  const gen = S.gen;
  const u = await S.engine.act(action);
  await apply(u, gen);
}

// ---------------------------------------------------------------- resume after a reload

// Saved with the log as shown (web/ui/saves.js) at each decision of a human: the engine then waits for
// them, so the save (a call to the engine, 10–60 ms of its time) never delays a bot's move, and it is made
// once the table is drawn and the page idle. A reload during the bots' moves resumes at the decision
// before them. A newer update replaces a pending save; storage that throws saves nothing.
export function savedGame() {
  const peek = peekSave();
  return peek && peek.text ? peek.text : null;
}
let pendingSave = null;
function remember(u) {
  if (u.over) { clearSave(); return; }
  if (u.to_act_kind !== "human") return;
  if (!pendingSave) whenIdle(saveNow);
  pendingSave = u;
}
function saveNow() {
  const u = pendingSave;
  pendingSave = null;
  if (u !== S.update) return; // already answered: the next human decision is saved instead
  rememberGame(S.engine, u, S.log).catch(() => { /* storage full or denied */ });
}

async function resumeGame() {
  const text = savedGame();
  if (!text) return;
  const gen = enterGame();
  const engine = await engineReady();
  if (!engine || gen !== S.gen) return;
  const u = await engine.load(text);
  if (!u || u.error) { // a save the engine refuses: one line, and a clean new game
    clearSave();
    setNotice(x("badSave"));
    startGame();
    return;
  }
  if (u.view?.game === "lieux" && !lieux) {
    await loadLieux();
    if (gen !== S.gen) return;
  }
  // The log comes back as shown if every entry is one this page wrote; else the game goes on without it.
  const saved = savedLog(u.actions);
  if (saved && !saved.bad && saved.entries.every((e) => !e.ev || tell(e.ev, u.view, e.viewer) != null)) {
    S.log = saved.entries.map((e) => ({ ...e, key: `l${logSeq++}` }));
  } else if (saved) setNotice(x("badLog"));
  if (u && u.settings) S.setup = { ...S.setup, edition: u.settings.edition || S.setup.edition, game: u.settings.game || "oriflamme" };
  await apply(u, gen);
}

// The service worker precaches the whole site (~25 MB: its thread, the network and the disk all busy
// for a second or two). It is registered once the player has a decision on screen (or the setup form)
// and the page is idle: not while the first table is drawn and the bots make their first moves.
let precacheAsked = false;
function precacheWhenIdle() {
  if (precacheAsked) return;
  precacheAsked = true;
  setTimeout(() => whenIdle(registerServiceWorker), 500);
}

// ---------------------------------------------------------------- the engine bridge

let readyResolve;
const readyPromise = new Promise((r) => { readyResolve = r; });
const engineReady = () => readyPromise;

async function boot() {
  try {
    const mod = await import("../engine.js"); // (web/dev/devserver.py answers this path with its HTTP bridge)
    const engine = await mod.connectEngine((p) => {
      S.boot = { ...S.boot, stage: p.stage, fraction: Math.max(S.boot.fraction, p.fraction || 0) };
      render();
    });
    S.engine = engine;
    S.boot = { ...S.boot, ready: true, fraction: 1 };
    if (TEST) window.__oriflamme = { engine, received };
    render();
    readyResolve(engine);
    if (S.screen !== "game") precacheWhenIdle(); // (a game registers it at the human's first decision)
  } catch (err) {
    S.boot = { ...S.boot, error: String((err && err.message) || err) };
    render();
    readyResolve(null);
  }
}

// ---------------------------------------------------------------- input

function onClick(ev) {
  const target = ev.target.closest("[data-action]") ||
    ev.target.closest("[data-select-card],[data-select-move],[data-select-choose],[data-ui],[data-info]");
  if (!target || !app.contains(target)) return;
  if (target.dataset.info != null && target.dataset.action == null) { S.info = target.dataset.info; render(); return; }
  const d = target.dataset;
  if (d.action != null) { act(d.action); return; }
  if (d.selectCard != null) { S.sel = { ...S.sel, handIdx: Number(d.selectCard) }; render(); return; }
  if (d.selectMove != null) { S.sel = { ...S.sel, moveSrc: Number(d.selectMove) }; render(); return; }
  if (d.selectChoose != null) { S.sel = { ...S.sel, chooseA: Number(d.selectChoose) }; render(); return; }
  switch (d.ui) {
    case "rules": S.rules = true; render(); focusFirstAction(); break;
    case "rules-close": S.rules = false; render(); break;
    case "info-close": S.info = null; render(); break;
    case "overlay-close": if (ev.target === target) { S.rules = false; render(); } break;
    case "resume": resumeGame(); break;
    case "again": S.setup = { ...S.setup, seed: "" }; startGame(); break; // a fresh deal, same table
    case "view-table": S.endHidden = true; render(); break;
    case "show-end": S.endHidden = false; render(); break;
    case "menu": S.gen++; S.busy = false; S.screen = "setup"; S.update = null; S.pass = null; S.error = null; render(); break;
    case "hotseat-ready": handOver(); break;
    case "hint": requestHint(); break;
    default: break;
  }
}

/** Hot-seat: the next human has the device; draw the table as they see it. */
async function handOver() {
  const who = S.pass;
  if (!who || !S.engine) return;
  const gen = S.gen;
  const u = await S.engine.update(who);
  if (gen !== S.gen || !u || u.error) return;
  S.pass = null;
  S.shownTo = who;
  S.hint = null;
  S.sel = { handIdx: null, moveSrc: null, chooseA: null };
  S.update = u;
  render();
  focusFirstAction();
}

function onSetupChange(ev) {
  const el = ev.target.closest("[data-setup]");
  if (!el) return;
  const name = el.dataset.setup;
  const s = { ...S.setup, levels: [...S.setup.levels] };
  if (lieuxSetupChange(s, name, el)) { // game chooser, place set, hidden gold
    if (s.game === "lieux" && !lieux) loadLieux().then(render);
  } else if (name === "edition") {
    const info = editionInfo(el.value);
    if (!info) return;
    s.edition = el.value;
    s.players = Math.min(info.max, Math.max(info.min, s.players));
    if (!info.colours.includes(s.colour)) s.colour = info.colours[0];
  } else if (name === "players") s.players = Number(el.value);
  else if (name === "colour") s.colour = el.value;
  else if (name === "lang") {
    s.lang = el.value;
    setLang(el.value).then(() => { S.setup = { ...S.setup, lang: lang() }; retellLog(); render(); });
  }
  else if (name === "speed") s.speed = el.value;
  else if (name === "seed") s.seed = el.value;
  else if (name.startsWith("level-")) s.levels[Number(name.slice(6)) - 1] = el.value;
  S.setup = s;
  if (ev.type === "change" || name !== "seed") render();
}

function onSubmit(ev) {
  if (ev.target.closest("[data-ui=setup-form]")) {
    ev.preventDefault();
    startGame();
  }
}

const ACTIONABLE = "[data-action],[data-select-card],[data-select-move],[data-select-choose]";
function onKey(ev) {
  if (ev.key === "Escape" && S.rules) { S.rules = false; render(); return; }
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) return;
  const cur = document.activeElement;
  if (!cur || !cur.matches || !cur.matches(ACTIONABLE)) return;
  const all = Array.from(app.querySelectorAll(ACTIONABLE));
  const i = all.indexOf(cur);
  if (i < 0) return;
  let step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
  if (cur.closest(".queue.rtl") && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) step = -step;
  const next = all[(i + step + all.length) % all.length];
  if (next) { ev.preventDefault(); next.focus(); }
}

// ---------------------------------------------------------------- start

const lang0 = await setLang(pickLang(params.get("lang")));
const parsed = fromParams(params, defaultSetup(lang0));
S.setup = parsed.setup;
app.addEventListener("click", onClick);
initCardDetail(app);
initExtras(app, { render: () => render(), engine: () => S.engine });
if (peekSave()?.bad) setNotice(x("badSave"));
app.addEventListener("change", onSetupChange);
app.addEventListener("input", onSetupChange);
app.addEventListener("submit", onSubmit);
document.addEventListener("keydown", onKey);
let keyboardUser = false;
document.addEventListener("keydown", (ev) => { if (ev.key === "Tab" || ev.key === "Enter" || ev.key === " ") keyboardUser = true; });
document.addEventListener("pointerdown", () => { keyboardUser = false; });
if (isShareLink()) { // a shared finished game: the replay viewer
  S.screen = "replay";
  render();
  import("./replay.js").then((m) => {
    replay = m;
    render();
    m.startReplay(app, engineReady, render);
  });
} else if (parsed.start) {
  // The first screen is drawn in a task of its own, not in the one that evaluated the page's modules:
  // two shorter main-thread tasks instead of one long one.
  S.screen = "game";
  S.busy = true;
  setTimeout(startGame, 0);
} else setTimeout(render, 0);
boot();
// Once the first screen is up, the table's fonts are looked up under the boot bar (overlays.js
// fontWarmup), a few lines per idle period so that no frame takes them all.
const warmStep = () => {
  S.boot = { ...S.boot, warmFonts: (S.boot.warmFonts || 0) + 3 };
  render();
  if (S.boot.warmFonts < FONT_WARMUP_LINES && !S.boot.ready) whenIdle(warmStep);
};
whenIdle(warmStep);
