// Hot-seat: 2–5 people around one device, any mix with bots. Before each human decision
// whose player is not the one now looking, only a "pass the device to <colour>" screen is drawn — the
// previous player's hand and face-down cards leave the page — and the table comes back with
// engine.update(colour), the view of the human to act.
import { h } from "./dom.js";
import { t, colourName } from "../i18n/index.js";
import { x } from "./xtext.js";

export const humans = (u) => (u && u.seats ? u.seats.filter((s) => s.kind === "human").map((s) => s.colour) : []);
export const isHotseat = (u) => humans(u).length > 1;

/** The hand-over screen: nothing of the table, only who plays next. */
export function passScreen(colour) {
  const player = colourName(colour);
  return h("main", { class: `setup pass c-${colour}`, key: "pass", "data-testid": "pass-device", "data-colour": colour },
    h("div", { class: "setup-card pass-card" },
      h("h1", { class: "logo" }, h("span", { class: "swatch", "aria-hidden": "true" }), " ", x("passTo", { player })),
      h("p", { class: "tagline" }, x("passHelp", { player })),
      h("button", { type: "button", class: "btn primary start", "data-ui": "hotseat-ready", "data-testid": "pass-ready" },
        x("ready", { player })),
      h("button", { type: "button", class: "btn how", "data-ui": "menu" }, t("menu"))));
}

/**
 * An event as a player other than `seenBy` may read it. Events reach the page redacted for the human
 * who was looking (`seenBy`); the only secret they can hold is the `card` of that player's own
 * face-down card (oriflamme.redact_events), so drop the card of seenBy's events, except a reveal.
 */
export function publicEvent(ev, seenBy) {
  if (!ev || ev.player !== seenBy || ev.type === "revealed" || !("card" in ev)) return ev;
  const copy = { ...ev };
  delete copy.card;
  return copy;
}

/**
 * Château, Village & Port: a lieux event redacted for `seenBy`, as `viewer` may read it — the same
 * rules as oriflamme/lieux/view.py redact_events, applied again for `viewer` (whatever only seenBy
 * could know is dropped).
 */
export function publicLieuxEvent(ev, seenBy, viewer) {
  if (!ev || seenBy === viewer) return ev;
  const e = { ...ev };
  switch (e.type) {
    case "selected": if (e.colour !== viewer) e.value = null; break;
    case "swapped": if (e.target !== viewer) { e.old = null; e.new = null; } break;
    case "drew": if (e.colour !== viewer) e.cards = null; break;
    case "gold": if (e.hidden && e.colour !== viewer) { e.amount = null; e.gold = null; } break;
    case "stolen":
      if (e.hidden) {
        if (viewer !== e.colour && viewer !== e.victim) e.amount = null;
        if (e.colour !== viewer) e.gold = null;
        if (e.victim !== viewer) e.victim_gold = null;
      }
      break;
    case "round_ended":
      if (e.hidden && e.scores && typeof e.scores === "object") {
        e.scores = Object.fromEntries(Object.keys(e.scores).map((c) => [c, c === viewer ? e.scores[c] : null]));
      }
      break;
    default: break;
  }
  return e;
}
