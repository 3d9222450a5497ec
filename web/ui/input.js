// The player's input: clicks on [data-action] (an action string for the engine) and on the page's own
// controls ([data-ui], Oriflamme's [data-select-*] first steps), the setup form, and the keyboard
// (arrows between choices, Escape closes the rules). A card's details: carddetail.js.
import { S, app, render } from "./store.js";
import { setLang, lang } from "../i18n/index.js";
import { seatInfo, setGameControl } from "./setup.js";
import { loadAdapter, DEFAULT_GAME } from "./games.js";
import { focusFirstAction, loadStats } from "./screen.js";
import { act, startGame, resumeGame, leaveGame, handOver, requestHint, retellLog, setKeyboardUser, undo, startTutorial } from "./loop.js";
import { markLearned } from "./tutorial.js";
import { resetStats } from "./records.js";
import { openReplay, skipTutorial } from "./learn.js";
import { toggleTheme, toggleSound, soundOn, rememberSetup } from "./prefs.js";
import { cue } from "./sound.js";

/** @param {MouseEvent} ev */
function onClick(ev) {
  if (!(ev.target instanceof Element)) return;
  const target = /** @type {HTMLElement | null} */ (ev.target.closest("[data-action]") ||
    ev.target.closest("[data-select-card],[data-select-move],[data-select-choose],[data-ui]"));
  if (!target || !app.contains(target)) return;
  const d = target.dataset;
  if (d.action != null) {
    // A pointer's click leaves its button focused, and the engine's answer then removes that button:
    // a focused element removed (or blurred) while the page is being redrawn makes Chromium lay the
    // page out there and then, in the middle of the patch, on top of the layout the frame needs anyway.
    // Given up now, while the page is clean, the focus costs nothing. (A keyboard's click, detail 0,
    // keeps it: the next decision then takes the focus, focusFirstAction.)
    if (ev.detail > 0 && target === document.activeElement) target.blur();
    act(d.action);
    return;
  }
  if (d.selectCard != null) { S.sel = { ...S.sel, handIdx: Number(d.selectCard) }; render(); return; }
  if (d.selectMove != null) { S.sel = { ...S.sel, moveSrc: Number(d.selectMove) }; render(); return; }
  if (d.selectChoose != null) { S.sel = { ...S.sel, chooseA: Number(d.selectChoose) }; render(); return; }
  switch (d.ui) {
    case "rules": S.rules = true; render(); focusFirstAction(); break;
    case "rules-close": S.rules = false; render(); break;
    case "overlay-close": if (ev.target === target) { S.rules = false; render(); } break;
    case "resume": resumeGame(); break;
    case "link-keep": S.askLink = null; resumeGame(); break;
    case "link-open": S.link = S.askLink ?? ""; S.askLink = null; startGame(); break;
    case "again": S.link = ""; if (S.setup) S.setup = { ...S.setup, seed: "" }; startGame(); break; // a fresh deal, same table
    case "view-table": S.endHidden = true; render(); break;
    case "show-end": S.endHidden = false; render(); break;
    case "menu": leaveGame(); break;
    case "hotseat-ready": handOver(); break;
    case "hint": requestHint(); break;
    case "undo": undo(); break;
    case "learn": markLearned(); startTutorial(d.game || DEFAULT_GAME); break;
    case "learn-skip": skipTutorial(); break;
    case "stats": loadStats().then(() => { S.stats = true; render(); focusFirstAction(); }); break;
    case "stats-close": S.stats = false; render(); break;
    case "stats-reset": resetStats(); render(); break;
    case "watch-replay": openReplay(null); break;
    case "replay-step": openReplay(Number(d.step)); break; // (inside the viewer, replay.js moves instead)
    case "theme": toggleTheme(); render(); break;
    case "sound": toggleSound(); if (soundOn()) cue("turn"); render(); break;
    default: break;
  }
}

/** @param {Event} ev */
function onSetupChange(ev) {
  const el = ev.target instanceof Element
    ? /** @type {HTMLInputElement | HTMLSelectElement | null} */ (ev.target.closest("[data-setup]")) : null;
  if (!el || !S.setup) return;
  const name = el.dataset.setup ?? "";
  const s = { ...S.setup, levels: [...S.setup.levels] };
  if (setGameControl(s, name, el)) { // the game, its variant (edition, place set), its options
    if (name === "game") { // its texts and table come with its adapter: the form changes once they are here
      const info = seatInfo(s);
      s.players = Math.min(info.max, Math.max(info.min, s.players));
      if (!info.colours.includes(s.colour)) s.colour = info.colours[0];
      loadAdapter(s.game).then(() => { S.setup = s; render(); });
      return;
    }
  } else if (name === "players") s.players = Number(el.value);
  else if (name === "colour") s.colour = el.value;
  else if (name === "lang") {
    s.lang = el.value;
    setLang(el.value).then(() => { if (S.setup) S.setup = { ...S.setup, lang: lang() }; retellLog(); render(); });
  }
  else if (name === "speed") s.speed = el.value;
  else if (name === "seed") s.seed = el.value;
  else if (name.startsWith("level-")) s.levels[Number(name.slice(6)) - 1] = el.value;
  // The seat range and colours of the game and variant now chosen (the catalogue's).
  const info = seatInfo(s);
  s.players = Math.min(info.max, Math.max(info.min, s.players));
  if (!info.colours.includes(s.colour)) s.colour = info.colours[0];
  S.setup = s;
  if (name !== "seed") rememberSetup(s); // the next visit opens with the same choices
  if (ev.type === "change" || name !== "seed") render();
}

/** @param {SubmitEvent} ev */
function onSubmit(ev) {
  if (ev.target instanceof Element && ev.target.closest("[data-ui=setup-form]")) {
    ev.preventDefault();
    S.link = "";
    startGame();
  }
}

const ACTIONABLE = "[data-action],[data-select-card],[data-select-move],[data-select-choose]";
/**
 * Tab and Shift+Tab go round the controls of the open dialog (rules, end of game), never behind it.
 * @param {KeyboardEvent} ev
 */
function trapFocus(ev) {
  const dialogs = app.querySelectorAll('[role="dialog"][aria-modal="true"]');
  const dialog = dialogs[dialogs.length - 1];
  if (!dialog) return;
  const all = /** @type {HTMLElement[]} */ (Array.from(dialog.querySelectorAll("button, select, input, textarea, a[href]")))
    .filter((el) => !el.hasAttribute("disabled"));
  if (!all.length) return;
  const i = document.activeElement instanceof HTMLElement ? all.indexOf(document.activeElement) : -1;
  const next = ev.shiftKey ? (i <= 0 ? all.length - 1 : i - 1) : (i < 0 || i === all.length - 1 ? 0 : i + 1);
  ev.preventDefault();
  all[next].focus();
}

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  if (ev.key === "Tab") { trapFocus(ev); return; }
  if (ev.key === "Escape" && S.rules) { S.rules = false; render(); return; }
  if (ev.key === "Escape" && S.stats) { S.stats = false; render(); return; }
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(ev.key)) return;
  const cur = document.activeElement;
  if (!cur || !cur.matches || !cur.matches(ACTIONABLE)) return;
  const all = /** @type {HTMLElement[]} */ (Array.from(app.querySelectorAll(ACTIONABLE)));
  const i = all.findIndex((el) => el === cur);
  if (i < 0) return;
  let step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
  if (cur.closest(".queue.rtl") && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) step = -step;
  const next = all[(i + step + all.length) % all.length];
  if (next) { ev.preventDefault(); next.focus(); }
}

/** Listen to the page (once, at start). */
export function listen() {
  app.addEventListener("click", onClick);
  app.addEventListener("change", onSetupChange);
  app.addEventListener("input", onSetupChange);
  app.addEventListener("submit", onSubmit);
  document.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (ev) => { if (ev.key === "Tab" || ev.key === "Enter" || ev.key === " ") setKeyboardUser(true); });
  document.addEventListener("pointerdown", () => { setKeyboardUser(false); });
}
