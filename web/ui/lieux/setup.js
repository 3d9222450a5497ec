// The game chooser and the options of Château, Village & Port on the setup screen, and its URL parameters
// (?game=lieux&players=&set=&hidden_gold=1&seed=&bots=&lang=&speed=). The engine checks everything again.
import { h } from "../dom.js";
import { t } from "../../i18n/index.js";
import { gameIds, gameOf } from "../catalogue.js";
import "./i18n.js"; // its texts (the game chooser's names among them) load with the page's language

const GAMES = () => gameIds();
const SETS = () => (gameOf("lieux") || { variants: [] }).variants.map((v) => v.id);

/** Read the lieux parameters into the setup `s` (mutated); true if the URL asks for a game now. */
export function lieuxParams(params, s) {
  s.game = s.game || "oriflamme";
  s.set = s.set || "A";
  s.hiddenGold = Boolean(s.hiddenGold);
  let start = false;
  const game = params.get("game");
  if (game && GAMES().includes(game)) { s.game = game; start = game === "lieux"; }
  const set = (params.get("set") || "").toUpperCase();
  if (SETS().includes(set)) s.set = set;
  const hidden = params.get("hidden_gold") ?? params.get("hidden");
  if (hidden != null) s.hiddenGold = hidden === "1" || hidden === "true";
  return start;
}

/** The engine settings of a lieux game, from the Oriflamme ones (same seats, colours and seed). */
export function lieuxSettings(base, s) {
  return { game: "lieux", players: base.players, seed: base.seed, seats: base.seats, colours: base.colours,
    set: SETS().includes(s.set) ? s.set : "A", hidden_gold: Boolean(s.hiddenGold) };
}

/** A change on a lieux control of the setup screen; returns false if `name` is not one of ours. */
export function lieuxSetupChange(s, name, el) {
  if (name === "game") {
    s.game = GAMES().includes(el.value) ? el.value : "oriflamme";
    return true;
  }
  if (name === "set") { s.set = SETS().includes(el.value) ? el.value : "A"; return true; }
  if (name === "hidden_gold") { s.hiddenGold = Boolean(el.checked); return true; }
  return false;
}

/** The game chooser (first field of the setup form). */
export function gameField(s, field, select) {
  return [
    field(t("lieux:game"), select("game", s.game || "oriflamme", GAMES().map((g) => [g, t(`lieux:game.${g}`)])), "wide game-field"),
    s.game === "lieux" ? h("p", { class: "field wide ltagline" }, t("lieux:tagline")) : null,
  ];
}

/** The lieux options: place set and hidden gold. */
export function lieuxFields(s, field, select) {
  return [
    field(t("lieux:set"), select("set", s.set || "A", SETS().map((x) => [x, t(`lieux:set.${x}`)]))),
    h("label", { class: "field check-field" },
      h("input", { type: "checkbox", name: "hidden_gold", "data-setup": "hidden_gold", checked: Boolean(s.hiddenGold) }),
      h("span", {}, t("lieux:hiddenGold"))),
  ];
}
