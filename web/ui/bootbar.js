// The boot progress bar shown while the engine starts, and the hidden lines that warm the table's fonts.
import { h } from "./dom.js";
import { t } from "../i18n/index.js";
/** @import { BootState } from "../types/ui" */

/**
 * The boot progress.
 * @param {BootState} boot
 */
export function bootBar(boot) {
  if (boot.ready) return null;
  if (boot.error) return h("div", { class: "boot error", role: "alert", key: "boot" }, t("bootFailed", { msg: boot.error }));
  const pct = Math.round((boot.fraction || 0) * 100);
  const stageKey = `boot.${boot.stage || "runtime"}`;
  return h("div", { class: "boot", key: "boot", "data-testid": "boot" },
    h("span", { class: "boot-label" }, `${t("booting")} ${t(stageKey)} ${pct}%`),
    h("progress", { max: "100", value: String(pct), "aria-label": t("booting") }));
}

const SPECIMEN = "Ab 1 ♛✦←→▼⇣✕☀☾♪♪̸·—";

/**
 * Hidden lines in every size and weight of app.css's type scale (and the serif of the brand). The first
 * frame that draws a size looks its font up, synchronously, from the browser (1–5 ms per size on a slow
 * machine, ~25 ms for the whole table); drawn under the boot bar, that happens while the engine boots.
 */
/** @type {(string | null)[]} */
const WARMUP_CLASSES = [];
for (const size of ["fs-xs", "fs-s", "fs-m", "", "fs-l", "fs-card"]) {
  for (const weight of ["", "b"]) WARMUP_CLASSES.push(`${size} ${weight}`.trim() || null);
}
WARMUP_CLASSES.push("fs-l serif");
export const FONT_WARMUP_LINES = WARMUP_CLASSES.length;

/** @type {HTMLElement | null} */
let warmup = null;

/**
 * Lays out the first n lines (main.js adds a few per idle period: each new size costs its frame a look-up)
 * in a hidden element of their own, outside the drawn page, that stays for the page's life (D172). While
 * text of a size is laid out somewhere, Blink keeps that size's font; the lines used to leave with the boot
 * bar, just before the first table, and the table's first frame then looked 1-2 sizes up again, each a
 * synchronous request to a browser whose threads the boot keeps busy (5-30 ms asleep in the frame).
 * @param {number} n
 */
export function warmFonts(n) {
  if (!warmup) {
    warmup = document.createElement("div");
    warmup.className = "font-warmup";
    warmup.setAttribute("aria-hidden", "true");
    document.body.append(warmup);
  }
  for (let i = warmup.childElementCount; i < Math.min(n, WARMUP_CLASSES.length); i++) {
    const line = document.createElement("span");
    const cls = WARMUP_CLASSES[i];
    if (cls) line.className = cls;
    line.textContent = SPECIMEN;
    warmup.append(line);
  }
}
