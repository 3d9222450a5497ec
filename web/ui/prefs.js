// What this device remembers about how the table looks and sounds: the theme (follows the system's
// prefers-color-scheme until the switch is used) and sound (off until switched on). Kept in
// localStorage beside the save; storage that throws just forgets (web/ui/saves.js storage()).
import { storage } from "./saves.js";

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

load();
applyTheme();
if (typeof matchMedia === "function") {
  matchMedia("(prefers-color-scheme: light)").addEventListener?.("change", () => { if (prefs.theme === "auto") applyTheme(); });
}
