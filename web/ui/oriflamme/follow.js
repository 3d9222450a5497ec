// The table's motion hooked to the game loop: before an engine answer is drawn the table is measured,
// once drawn it is animated (motion.js), for the same viewer at a speed above 0 and outside a replay's
// fast-forward.
import { on } from "../loop.js";
import { S, app, speed } from "../store.js";
import { measure, animate } from "./motion.js";
/** @import { OriflammeView } from "./view" */
/** @typedef {import("./motion.js").Measured} Measured */

/** Animate each answer of the engine that changes the table in front of the same viewer. */
export function followMotion() {
  /** @type {Measured | null} */
  let before = null;
  on("update", ({ update, previous }) => {
    const same = previous && previous.view && previous.view.game === "oriflamme" && update.view.game === "oriflamme" &&
      previous.viewer === update.viewer && S.screen === "game" && !S.pass && speed() > 0;
    before = same && previous ? measure(app, /** @type {OriflammeView} */ (previous.view)) : null;
  });
  on("drawn", ({ update }) => {
    // The card a decision is about stays in sight (above a panel stuck to the bottom: scroll-margin, CSS).
    if ((update.legal || []).length && !S.pass) app.querySelector(".stack.at-cursor .card")?.scrollIntoView({ block: "nearest" });
    if (!before || S.pass) { before = null; return; }
    const reduced = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    animate(app, before, /** @type {OriflammeView} */ (update.view), { speed: speed(), reduced });
    before = null;
  });
}
