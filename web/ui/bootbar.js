// The boot progress bar shown while the engine starts, with hidden lines that warm the table's fonts.
import { h } from "./dom.js";
import { t } from "../i18n/index.js";
/** @import { BootState } from "../types/ui" */

/**
 * The boot progress; with `boot.warmFonts` = n, the table's fonts are looked up too (fontWarmup(n)).
 * @param {BootState} boot
 */
export function bootBar(boot) {
  if (boot.ready) return null;
  if (boot.error) return h("div", { class: "boot error", role: "alert", key: "boot" }, t("bootFailed", { msg: boot.error }));
  const pct = Math.round((boot.fraction || 0) * 100);
  const stageKey = `boot.${boot.stage || "runtime"}`;
  return h("div", { class: "boot", key: "boot", "data-testid": "boot" },
    h("span", { class: "boot-label" }, `${t("booting")} ${t(stageKey)} ${pct}%`),
    h("progress", { max: "100", value: String(pct), "aria-label": t("booting") }),
    boot.warmFonts ? fontWarmup(boot.warmFonts) : null);
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

/** The first n lines (main.js adds a few per idle period: each new size costs its frame a lookup). */
/** @param {number} n */
function fontWarmup(n) {
  const lines = WARMUP_CLASSES.slice(0, n).map((cls, i) => h("span", { class: cls, key: `w${i}` }, SPECIMEN));
  return h("div", { class: "font-warmup", key: "fonts", "aria-hidden": "true" }, lines);
}
