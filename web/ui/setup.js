// The setup screen and the URL parameters. Games, their variants (Oriflamme's editions, lieux's place
// sets) and options, player ranges, colours and bot levels come from the engine's catalogue
// (catalogue.js), labels from the game's own texts ("<game>:set.A") or the page's ("edition.retail");
// the engine checks everything again.
import { h } from "./dom.js";
import { t, has, colourName, LANG_NAMES } from "../i18n/index.js";
import { games, gameOf, variantOf } from "./catalogue.js";
/** @import { CatalogueGame, Settings, SeatSetting } from "../types/bridge" */
/** @import { Setup, LinkProblem } from "../types/ui" */
/** @import { VNode } from "./dom.js" */
/** @typedef {{min: number, max: number, colours: string[]}} SeatRange */

/** @type {(s: Setup) => CatalogueGame} the game chosen in `s` (the catalogue's entry; the first game's for an unknown id) */
const chosen = (s) => gameOf(s.game) || games()[0];
/** @type {(g: CatalogueGame, key: string, vars?: Record<string, unknown>) => string} a game's own text if it has one ("<game>:key"), else the page's */
const gameText = (g, key, vars) => (has(`${g.id}:${key}`) ? t(`${g.id}:${key}`, vars) : t(key, vars));
/** @type {(v: CatalogueGame["variants"][number]) => SeatRange} */
const seatRange = (v) => ({ min: v.players[0], max: v.players[1], colours: v.colours });
/** @type {(s: Setup, g: CatalogueGame) => string} the variant chosen in `s` for `g` */
const variantIn = (s, g) => String(s[g.variant_setting] ?? "");

/**
 * The seat range and colours of the game and variant chosen in `s`.
 * @param {Setup} s
 * @returns {SeatRange}
 */
export function seatInfo(s) {
  const g = chosen(s);
  const v = g ? variantOf(g.id, variantIn(s, g)) || g.variants[0] : null;
  return v ? seatRange(v) : { min: 3, max: 5, colours: ["red"] };
}
/** @type {(s: Setup) => string[]} */
const seatKinds = (s) => [...(chosen(s) || { levels: ["normal"] }).levels, "human"]; // "human": hot-seat (web/ui/hotseat.js)
export const SPEEDS = ["0", "0.5", "1", "2"];
/** The largest seed the engine takes: the largest integer a JS number (and JSON) carries exactly. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * A seed the engine takes, or empty (a random deal). Larger numbers would reach it rounded, and refused.
 * @param {unknown} seed
 */
export function seedOk(seed) {
  const s = String(seed ?? "").trim();
  return s === "" || (/^\d+$/.test(s) && BigInt(s) <= BigInt(MAX_SEED));
}

/**
 * The form's first values: the catalogue's first game, each game's first variant and default options.
 * @param {string} lang
 * @returns {Setup}
 */
export function defaultSetup(lang) {
  /** @type {Setup} */
  const s = { game: games()[0] ? games()[0].id : "", players: 3, colour: "red", levels: ["normal", "normal", "normal", "normal"],
    lang, seed: "", speed: "1", options: {} };
  for (const g of games()) {
    s[g.variant_setting] = g.variants[0].id;
    s.options[g.id] = { ...g.options };
  }
  return s;
}

/**
 * A change of the game's own controls: the game, its variant or one of its options; false for another name.
 * @param {Setup} s
 * @param {string} name
 * @param {HTMLInputElement | HTMLSelectElement} el
 */
export function setGameControl(s, name, el) {
  if (name === "game") {
    if (gameOf(el.value)) s.game = el.value;
    return true;
  }
  const g = chosen(s);
  if (!g) return false;
  if (name === g.variant_setting) {
    if (variantOf(g.id, el.value)) s[name] = el.value;
    return true;
  }
  if (Object.hasOwn(g.options, name)) {
    s.options = { ...s.options, [g.id]: { ...s.options[g.id], [name]: "checked" in el && Boolean(el.checked) } };
    return true;
  }
  return false;
}

/**
 * The form after a resumed game: its game and variant (the engine's settings).
 * @param {Setup} s
 * @param {Settings | undefined} settings
 * @returns {Setup}
 */
export function withSettings(s, settings) {
  const g = settings ? gameOf(settings.game) : null;
  return g && settings ? { ...s, game: g.id, [g.variant_setting]: settings[g.variant_setting] ?? s[g.variant_setting] } : s;
}

/**
 * Remembered choices (web/ui/prefs.js) that the catalogue still offers; the others are `base`'s.
 * @param {Setup} s
 * @param {Setup} base
 * @returns {Setup}
 */
export function checkedSetup(s, base) {
  /** @type {Setup} */
  const out = { ...s, options: { ...base.options } };
  if (!gameOf(out.game)) out.game = base.game;
  for (const g of games()) {
    if (!variantOf(g.id, String(out[g.variant_setting]))) out[g.variant_setting] = base[g.variant_setting];
    const saved = s.options && typeof s.options === "object" ? s.options[g.id] : null;
    for (const k of Object.keys(base.options[g.id] || {})) {
      if (saved && typeof saved === "object" && typeof saved[k] === "boolean") out.options[g.id] = { ...out.options[g.id], [k]: saved[k] };
    }
  }
  out.levels = base.levels.map((d, i) => (Array.isArray(s.levels) && seatKinds(out).includes(s.levels[i]) ? s.levels[i] : d));
  if (!SPEEDS.includes(out.speed)) out.speed = base.speed;
  if (!Number.isInteger(out.players)) out.players = base.players;
  const info = seatInfo(out);
  out.players = Math.min(info.max, Math.max(info.min, out.players));
  if (!info.colours.includes(out.colour)) out.colour = info.colours[0];
  return out;
}

/**
 * Read ?game=&edition= (or the game's own variant: &set=)&players=&seed=&bots=&lang=&speed=&colour= and
 * the game's options (&hidden_gold=1). `start` is true if a game should begin now: a link that asks for a
 * game, nothing of which is out of range. A value this page does not offer (a misspelt edition, 9
 * players, an unknown bot level or colour, a seed it cannot deal) is never used: `problems` names each one
 * and no game starts, so the form says what the link got wrong instead of dealing another game (D222).
 * The language and the animation speed only fall back to what the device uses.
 * @param {URLSearchParams} params
 * @param {Setup} base
 * @returns {{setup: Setup, start: boolean, problems: LinkProblem[]}}
 */
export function fromParams(params, base) {
  /** @type {Setup} */
  const s = { ...base, levels: [...base.levels], options: { ...base.options } };
  /** @type {LinkProblem[]} */
  const problems = [];
  /** @type {(key: string, value: string, more?: Record<string, string | number>, game?: string) => void} */
  const refuse = (key, value, more = {}, game) => {
    problems.push({ key, vars: { value: value.slice(0, 40), ...more }, ...(game ? { game } : {}) });
  };
  let start = false;
  const game = params.get("game");
  if (game && gameOf(game)) { s.game = game; start = game !== base.game; } // ?game= of the first game: its form
  else if (game) refuse("link.game", game);
  const g = chosen(s);
  const asked = params.get(g.variant_setting);
  const variant = g.variants.find((v) => v.id.toLowerCase() === String(asked || "").toLowerCase());
  if (variant) { s[g.variant_setting] = variant.id; start = true; }
  else if (asked) refuse("link.variant", asked, { setting: g.variant_setting }, g.id); // named in g's own texts
  for (const name of Object.keys(g.options)) {
    const value = params.get(name);
    if (value != null) s.options[g.id] = { ...s.options[g.id], [name]: value === "1" || value === "true" };
  }
  const info = seatInfo(s);
  const players = params.get("players");
  if (players != null) {
    const p = /^\d{1,3}$/.test(players.trim()) ? Number(players) : NaN;
    if (p >= info.min && p <= info.max) { s.players = p; start = true; }
    else {
      refuse("link.players", players, { min: info.min, max: info.max });
      if (Number.isInteger(p)) s.players = p; // the form offers the nearest count
    }
  }
  s.players = Math.min(info.max, Math.max(info.min, s.players));
  const seed = params.get("seed");
  if (seed != null && seed.trim()) { s.seed = seed.trim(); start = true; } // one the engine refuses: flagged at its field
  const bots = params.get("bots");
  if (bots) {
    const asks = bots.split(",").map((b) => b.trim()).filter(Boolean); // "hard," as "hard"
    const wrong = asks.filter((b) => !seatKinds(s).includes(b));
    if (wrong.length) refuse("link.bots", wrong.join(", "));
    else {
      // With no player count asked, a list longer than the bot seats describes the table: a level a seat;
      // more levels than the game seats are named. With a count asked, the count wins and the first levels
      // seat its bots (a link made for several tables, as blogs and tests share them, keeps working).
      if (players == null && asks.length >= s.players) {
        if (asks.length < info.max) s.players = asks.length + 1;
        else refuse("link.bots_count", String(asks.length), { seats: info.max - 1 });
      }
      s.levels = s.levels.map((_, i) => asks[Math.min(i, asks.length - 1)]);
      start = true;
    }
  }
  const colour = params.get("colour") || params.get("color");
  if (colour && info.colours.includes(colour)) s.colour = colour;
  else if (colour) refuse("link.colour", colour);
  if (!info.colours.includes(s.colour)) s.colour = info.colours[0];
  const speed = params.get("speed");
  if (speed != null && Number.isFinite(Number(speed))) s.speed = String(Math.max(0, Math.min(4, Number(speed))));
  // A seed out of range: the form, with the seed and what is wrong with it, instead of a game.
  return { setup: s, start: start && !problems.length && seedOk(s.seed), problems };
}

/**
 * What a link got wrong, in one sentence (empty if nothing).
 * @param {LinkProblem[]} problems
 */
export function linkProblemText(problems) {
  const words = problems.map((p) => {
    const game = p.game ? gameOf(p.game) : null; // its control's name, in its own texts once they are here
    return t(p.key, game ? { ...p.vars, setting: gameText(game, String(p.vars.setting)) } : p.vars);
  });
  return words.length ? t("link.problems", { list: words.join(t("listSep")) }) : "";
}

/**
 * The settings object for engine.newGame: you in the first seat with your colour.
 * @param {Setup} s
 * @returns {Settings}
 */
export function settingsOf(s) {
  const info = seatInfo(s);
  const others = info.colours.filter((c) => c !== s.colour);
  const colours = [s.colour, ...others.slice(0, s.players - 1)];
  /** @type {SeatSetting[]} */
  const seats = [{ kind: "human" }];
  for (let i = 1; i < s.players; i++) seats.push(s.levels[i - 1] === "human" ? { kind: "human" } : { kind: "bot", level: s.levels[i - 1] || "normal" });
  const text = String(s.seed ?? "").trim();
  const seed = text !== "" && seedOk(text) ? Number(text) : null;
  const g = chosen(s);
  return { game: g.id, [g.variant_setting]: s[g.variant_setting], ...s.options[g.id], players: s.players, seed, seats, colours };
}

/**
 * The game chooser, the game's variant (with each one's player range when they differ) and its options.
 * @param {Setup} s
 */
function gameFields(s) {
  const g = chosen(s);
  const setting = g.variant_setting;
  const ranges = new Set(g.variants.map((v) => v.players.join("-")));
  const label = (/** @type {CatalogueGame["variants"][number]} */ v) => gameText(g, `${setting}.${v.id}`) +
    (ranges.size > 1 ? ` · ${t("playersRange", { min: v.players[0], max: v.players[1] })}` : "");
  return [
    games().length > 1 ? field(t("game"), select("game", g.id, games().map((x) => [x.id, x.title])), "wide game-field") : null,
    has(`${g.id}:tagline`) ? h("p", { class: "field wide ltagline" }, t(`${g.id}:tagline`)) : null,
    field(gameText(g, setting), select(setting, variantIn(s, g), g.variants.map((v) => [v.id, label(v)])), ranges.size > 1 ? "wide" : ""),
    Object.keys(g.options).map((name) => h("label", { class: "field check-field", key: `option-${name}` },
      h("input", { type: "checkbox", name, "data-setup": name, checked: Boolean(s.options[g.id] && s.options[g.id][name]) }),
      h("span", {}, gameText(g, `option.${name}`)))),
  ];
}

/**
 * @param {string} label
 * @param {VNode} control
 * @param {string} [cls]
 */
function field(label, control, cls = "") {
  return h("label", { class: `field ${cls}` }, h("span", { class: "field-label" }, label), control);
}

/**
 * @param {string} name
 * @param {string | number} value
 * @param {[string | number, string][]} options
 */
function select(name, value, options) {
  return h("select", { name, "data-setup": name },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)));
}

/**
 * The seed input; a seed the engine would refuse is flagged, with what a seed must be.
 * @param {string} seed
 */
function seedField(seed) {
  const bad = !seedOk(seed);
  return [
    field(t("seed"), h("input", { name: "seed", "data-setup": "seed", inputmode: "numeric", pattern: "[0-9]*", value: seed,
      autocomplete: "off", placeholder: "42", "aria-invalid": bad ? "true" : null, "aria-describedby": bad ? "seed-error" : null })),
    bad ? h("p", { id: "seed-error", class: "field wide field-error", role: "alert", "data-testid": "seed-error" },
      t("seedRange", { max: MAX_SEED })) : null,
  ];
}

/**
 * @param {Setup} s
 * @param {VNode | null} boot the boot bar
 * @param {VNode | null} [learn] the Learn offer and the statistics (learn.js)
 * @param {VNode | null} [switches] the device's theme and sound switches (chrome.js deviceSwitches)
 * @param {LinkProblem[]} [linkProblems] what the page's link asked for that is not offered (D222)
 */
export function setupScreen(s, boot, canResume = false, learn = null, switches = null, linkProblems = []) {
  const problems = linkProblemText(linkProblems);
  const info = seatInfo(s);
  /** @type {[number, string][]} */
  const playerOpts = [];
  for (let n = info.min; n <= info.max; n++) playerOpts.push([n, String(n)]);
  const bots = [];
  for (let i = 1; i < s.players; i++) {
    bots.push(field(s.levels[i - 1] === "human" ? t("humanSeat", { n: i + 1 }) : t("botSeat", { n: i }),
      select(`level-${i}`, s.levels[i - 1], seatKinds(s).map((l) => [l, l === "human" ? t("human") : t(`level.${l}`)])), "bot-field"));
  }
  return h("main", { class: "setup", key: "setup", "data-testid": "setup" },
    h("div", { class: "setup-card" },
      switches,
      h("h1", { class: "logo" }, t("title")),
      h("p", { class: "tagline" }, t("tagline")),
      learn,
      canResume ? h("button", { type: "button", class: "btn resume", "data-ui": "resume", "data-testid": "resume" }, t("resume")) : null,
      h("form", { class: "setup-form", "data-ui": "setup-form" },
        problems ? h("p", { class: "field wide field-error link-problems", role: "alert", "data-testid": "link-problems" },
          problems) : null,
        gameFields(s),
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
