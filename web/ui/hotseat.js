// Hot-seat: 2–5 people around one device, any mix with bots. Before each human decision
// whose player is not the one now looking, only a "pass the device to <colour>" screen is drawn — the
// previous player's hand and face-down cards leave the page — and the table comes back with
// engine.update(colour), the view of the human to act, and the log with engine.log(colour), the whole
// log as that player may read it (loop.js handOver): the engine redacts, the page keeps no secret.
import { h } from "./dom.js";
import { t, colourName } from "../i18n/index.js";
/** @import { Colour, Update } from "../types/bridge" */

/** @type {(u: Update | null | undefined) => string[]} the colours of the humans at the table */
export const humans = (u) => (u && u.seats ? u.seats.filter((s) => s.kind === "human").map((s) => s.colour) : []);
/** @type {(u: Update | null | undefined) => boolean} */
export const isHotseat = (u) => humans(u).length > 1;
/**
 * Who "you" is in texts: the viewer, unless several humans share the device (hot-seat: no "(you)", D78).
 * @type {(u: Update | null | undefined, viewer: Colour | null | undefined) => Colour | null}
 */
export const youIn = (u, viewer) => (isHotseat(u) ? null : viewer ?? null);

/** The hand-over screen: nothing of the table, only who plays next. */
/** @param {string} colour */
export function passScreen(colour) {
  const player = colourName(colour);
  return h("main", { class: `setup pass c-${colour}`, key: "pass", "data-testid": "pass-device", "data-colour": colour },
    h("div", { class: "setup-card pass-card" },
      h("h1", { class: "logo" }, h("span", { class: "swatch", "aria-hidden": "true" }), " ", t("passTo", { player })),
      h("p", { class: "tagline" }, t("passHelp", { player })),
      h("button", { type: "button", class: "btn primary start", "data-ui": "hotseat-ready", "data-testid": "pass-ready" },
        t("ready", { player })),
      h("button", { type: "button", class: "btn how", "data-ui": "menu" }, t("menu"))));
}
