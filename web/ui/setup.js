// The setup screen and the URL parameters. Games, editions, player ranges, colours and bot levels come
// from the engine's catalogue (catalogue.js); the engine checks everything again.
import { h } from "./dom.js";
import { t, colourName, LANG_NAMES } from "../i18n/index.js";
import { gameOf, variantOf } from "./catalogue.js";
import { lieuxParams, lieuxSettings, gameField, lieuxFields } from "./lieux/setup.js";

/** Oriflamme's editions as {name: {min, max, colours}} (the catalogue's variants). */
function editions() {
  const g = gameOf("oriflamme");
  return Object.fromEntries((g ? g.variants : []).map((v) => [v.id, { min: v.players[0], max: v.players[1], colours: v.colours }]));
}
/** The menu facts of an edition, or null for any other name ("__proto__" and "constructor" included). */
export const editionInfo = (name) => {
  const v = typeof name === "string" ? variantOf("oriflamme", name) : null;
  return v ? { min: v.players[0], max: v.players[1], colours: v.colours } : null;
};
/** The seat range and colours of the game and variant chosen in `s`. */
export function seatInfo(s) {
  const g = gameOf(s.game) || gameOf("oriflamme");
  const v = g ? variantOf(g.id, g.variant_setting === "set" ? s.set : s.edition) || g.variants[0] : null;
  return v ? { min: v.players[0], max: v.players[1], colours: v.colours } : { min: 3, max: 5, colours: ["red"] };
}
const levels = () => (gameOf("oriflamme") || { levels: ["normal"] }).levels;
const seatKinds = () => [...levels(), "human"]; // "human": hot-seat, another person on this device (web/ui/hotseat.js)
export const SPEEDS = ["0", "0.5", "1", "2"];
/** The largest seed the engine takes: the largest integer a JS number (and JSON) carries exactly. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** A seed the engine takes, or empty (a random deal). Larger numbers would reach it rounded, and refused. */
export function seedOk(seed) {
  const s = String(seed ?? "").trim();
  return s === "" || (/^\d+$/.test(s) && BigInt(s) <= BigInt(MAX_SEED));
}

export function defaultSetup(lang) {
  return { edition: "retail", players: 3, colour: "red", levels: ["normal", "normal", "normal", "normal"],
    lang, seed: "", speed: "1", game: "oriflamme", set: "A", hiddenGold: false };
}

/** Read ?edition=&players=&seed=&bots=&lang=&speed=&colour=. `start` is true if a game should begin now. */
export function fromParams(params, base) {
  const s = { ...base, levels: [...base.levels] };
  let start = lieuxParams(params, s); // ?game=lieux (Château, Village & Port) and its options
  const ed = params.get("edition");
  if (editionInfo(ed)) { s.edition = ed; start = true; }
  const info = seatInfo(s);
  const p = Number.parseInt(params.get("players") || "", 10);
  if (Number.isInteger(p)) { s.players = Math.min(info.max, Math.max(info.min, p)); start = true; }
  s.players = Math.min(info.max, Math.max(info.min, s.players));
  const seed = params.get("seed");
  if (seed != null && /^\d+$/.test(seed)) { s.seed = seed; start = true; }
  const bots = params.get("bots");
  if (bots) {
    const list = bots.split(",").filter((b) => seatKinds().includes(b));
    if (list.length) {
      s.levels = s.levels.map((_, i) => list[Math.min(i, list.length - 1)]);
      start = true;
    }
  }
  const colour = params.get("colour") || params.get("color");
  if (colour && info.colours.includes(colour)) s.colour = colour;
  if (!info.colours.includes(s.colour)) s.colour = info.colours[0];
  const speed = params.get("speed");
  if (speed != null && Number.isFinite(Number(speed))) s.speed = String(Math.max(0, Math.min(4, Number(speed))));
  // A seed out of range: the form, with the seed and what is wrong with it, instead of a game.
  return { setup: s, start: start && seedOk(s.seed) };
}

/** The settings object for engine.newGame: you in the first seat with your colour. */
export function settingsOf(s) {
  const info = seatInfo(s);
  const others = info.colours.filter((c) => c !== s.colour);
  const colours = [s.colour, ...others.slice(0, s.players - 1)];
  const seats = [{ kind: "human" }];
  for (let i = 1; i < s.players; i++) seats.push(s.levels[i - 1] === "human" ? { kind: "human" } : { kind: "bot", level: s.levels[i - 1] || "normal" });
  const text = String(s.seed ?? "").trim();
  const seed = text !== "" && seedOk(text) ? Number(text) : null;
  const out = { game: "oriflamme", edition: s.edition, players: s.players, seed, seats, colours };
  return s.game === "lieux" ? lieuxSettings(out, s) : out;
}

function field(label, control, cls = "") {
  return h("label", { class: `field ${cls}` }, h("span", { class: "field-label" }, label), control);
}

function select(name, value, options) {
  return h("select", { name, "data-setup": name },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)));
}

/** The seed input; a seed the engine would refuse is flagged, with what a seed must be. */
function seedField(seed) {
  const bad = !seedOk(seed);
  return [
    field(t("seed"), h("input", { name: "seed", "data-setup": "seed", inputmode: "numeric", pattern: "[0-9]*", value: seed,
      autocomplete: "off", placeholder: "42", "aria-invalid": bad ? "true" : null, "aria-describedby": bad ? "seed-error" : null })),
    bad ? h("p", { id: "seed-error", class: "field wide field-error", role: "alert", "data-testid": "seed-error" },
      t("seedRange", { max: MAX_SEED })) : null,
  ];
}

export function setupScreen(s, boot, canResume = false) {
  const info = seatInfo(s);
  const eds = editions();
  const playerOpts = [];
  for (let n = info.min; n <= info.max; n++) playerOpts.push([n, String(n)]);
  const bots = [];
  for (let i = 1; i < s.players; i++) {
    bots.push(field(s.levels[i - 1] === "human" ? t("humanSeat", { n: i + 1 }) : t("botSeat", { n: i }),
      select(`level-${i}`, s.levels[i - 1], seatKinds().map((l) => [l, l === "human" ? t("human") : t(`level.${l}`)])), "bot-field"));
  }
  return h("main", { class: "setup", key: "setup", "data-testid": "setup" },
    h("div", { class: "setup-card" },
      h("h1", { class: "logo" }, t("title")),
      h("p", { class: "tagline" }, t("tagline")),
      canResume ? h("button", { type: "button", class: "btn resume", "data-ui": "resume", "data-testid": "resume" }, t("resume")) : null,
      h("form", { class: "setup-form", "data-ui": "setup-form" },
        gameField(s, field, select),
        s.game === "lieux" ? lieuxFields(s, field, select) : field(t("edition"), select("edition", s.edition, Object.keys(eds).map((e) =>
          [e, `${t(`edition.${e}`)} · ${t("playersRange", { min: eds[e].min, max: eds[e].max })}`])), "wide"),
        field(t("players"), select("players", s.players, playerOpts)),
        field(t("yourColour"), select("colour", s.colour, info.colours.map((c) => [c, colourName(c)]))),
        h("fieldset", { class: "bots" }, h("legend", {}, t("bots")), bots),
        field(t("language"), select("lang", s.lang, Object.entries(LANG_NAMES))),
        field(t("speed"), select("speed", s.speed, SPEEDS.map((v) => [v, t(`speed.${v}`)]))),
        seedField(s.seed),
        h("button", { type: "submit", class: "btn primary start", "data-testid": "start" }, t("start")),
        h("button", { type: "button", class: "btn how", "data-ui": "rules" }, t("howToPlay"))),
      boot,
      h("p", { class: "credits" }, t("credits"))));
}
