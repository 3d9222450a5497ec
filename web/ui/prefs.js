// What this device remembers about how the table looks and sounds: the theme (follows the system's
// prefers-color-scheme until the switch is used) and sound (off until switched on). Kept in
// localStorage beside the save; storage that throws just forgets (web/ui/saves.js storage()).
import { storage } from "./saves.js";
/** @import { Setup } from "../types/ui" */

const KEY = "oriflamme.prefs";
const THEMES = ["auto", "light", "dark"];
const prefs = { theme: "auto", sound: false };
/** @type {(() => void)[]} */
const listeners = [];

function load() {
  try {
    const saved = JSON.parse(storage()?.getItem(KEY) || "{}");
    if (THEMES.includes(saved.theme)) prefs.theme = saved.theme;
    if (typeof saved.sound === "boolean") prefs.sound = saved.sound;
  } catch { /* unreadable: the defaults */ }
}

function store() {
  try { storage()?.setItem(KEY, JSON.stringify(prefs)); } catch { /* full or denied */ }
}

const systemLight = () => typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: light)").matches;

/** "light" or "dark": the switch's choice, else the system's. */
export const themeInUse = () => (prefs.theme === "auto" ? (systemLight() ? "light" : "dark") : prefs.theme);

function applyTheme() {
  document.documentElement.dataset.theme = themeInUse();
}

export const soundOn = () => prefs.sound;
export const prefsOf = () => ({ ...prefs });

/** The switch: to the theme not in use now (and remembered). */
export function toggleTheme() {
  prefs.theme = themeInUse() === "light" ? "dark" : "light";
  store();
  applyTheme();
  listeners.forEach((fn) => fn());
}

export function toggleSound() {
  prefs.sound = !prefs.sound;
  store();
  listeners.forEach((fn) => fn());
}

export const onPrefsChange = (/** @type {() => void} */ fn) => listeners.push(fn);

// The setup form's choices (game, variant, players, colour, bots, speed, options, language): the next visit
// opens with them, and a resumed game keeps its language. A URL's parameters still win (setup.js
// fromParams); setup.js checkedSetup keeps only what the catalogue still offers.
const SETUP_KEY = "oriflamme.setup";

/** @returns {unknown} what was remembered, as stored (null if nothing, or unreadable) */
function savedSetup() {
  try { return JSON.parse(storage()?.getItem(SETUP_KEY) || "null"); } catch { return null; }
}

/** @param {Setup} setup */
export function rememberSetup(setup) {
  const { seed, ...keep } = setup; // a seed deals one game: not a preference
  void seed;
  try { storage()?.setItem(SETUP_KEY, JSON.stringify(keep)); } catch { /* full or denied */ }
}

/**
 * The remembered choices laid over `base` (the defaults): only keys of `base`, with values of the same type.
 * @param {Setup} base
 * @returns {Setup}
 */
export function rememberedSetup(base) {
  const saved = savedSetup();
  if (!saved || typeof saved !== "object") return base;
  const out = { ...base };
  const kept = /** @type {Record<string, unknown>} */ (saved);
  for (const k of Object.keys(base)) {
    if (k === "lang" || k === "seed" || !Object.hasOwn(kept, k)) continue; // the language: rememberedLang, chosen first
    const v = kept[k];
    if (Array.isArray(base[k]) ? Array.isArray(v) : typeof v === typeof base[k] && v !== null) out[k] = v;
  }
  return out;
}

/**
 * The remembered language, if any (for the first screen, before the setup defaults exist).
 * @returns {string | null}
 */
export function rememberedLang() {
  const saved = /** @type {{lang?: unknown} | null} */ (savedSetup());
  return saved && typeof saved === "object" && typeof saved.lang === "string" ? saved.lang : null;
}

load();
applyTheme();
if (typeof matchMedia === "function") {
  matchMedia("(prefers-color-scheme: light)").addEventListener?.("change", () => { if (prefs.theme === "auto") applyTheme(); });
}
