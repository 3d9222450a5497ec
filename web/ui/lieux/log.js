// Château, Village & Port events (already redacted for the viewer) told in words.
import { t, has } from "../../i18n/index.js";
import { charName, placeName, rewardLong, who, abilityName } from "./i18n.js";

/** @import { Colour, GameEvent } from "../../types/bridge" */

/**
 * The text of one event for the log; "" for events not worth a line.
 * @param {GameEvent} ev
 * @param {{viewer?: Colour | null}} meta
 * @returns {string}
 */
export function lieuxEventText(ev, meta) {
  const v = meta.viewer;
  const p = (/** @type {Colour | null | undefined} */ c) => who(c, v);
  switch (ev.type) {
    case "round_started":
      return t("lieux:ev.round_started", { round: ev.round, first: p(ev.first) });
    case "turn_started":
      return t("lieux:ev.turn_started", { turn: ev.turn, first: p(ev.first) });
    case "selected":
      if (ev.colour === v && ev.value != null) return t("lieux:ev.selected.you", { card: charName(ev.value), value: ev.value });
      return t("lieux:ev.selected", { player: p(ev.colour) });
    case "revealing":
      return t("lieux:ev.revealing");
    case "placed":
      return t(ev.forced ? "lieux:ev.placed.forced" : "lieux:ev.placed",
        { player: p(ev.colour), card: charName(ev.value), value: ev.value, place: placeName(ev.place) });
    case "effect":
      if (ev.copied) return t("lieux:ev.effect.copied", { player: p(ev.colour), ability: abilityName(ev.ability) });
      return t("lieux:ev.effect", { player: p(ev.colour), card: charName(ev.value) });
    case "no_effect":
      return t("lieux:ev.no_effect", { player: p(ev.colour), card: charName(ev.value) });
    case "copied":
      return t("lieux:ev.copied", { player: p(ev.colour), owner: p(ev.owner), card: charName(ev.copied_value) });
    case "moved":
      return t("lieux:ev.moved", { player: p(ev.colour), owner: p(ev.owner), card: charName(ev.value), value: ev.value,
        from: placeName(ev.from), to: placeName(ev.to) });
    case "discarded": {
      const vars = { player: p(ev.colour), owner: p(ev.owner), card: charName(ev.value), value: ev.value, place: placeName(ev.place) };
      if (ev.reason === "hunter") return t("lieux:ev.discarded.hunter", vars);
      if (ev.reason === "king") return t("lieux:ev.discarded.king", vars);
      if (ev.reason === "rewarded") return t("lieux:ev.discarded.rewarded", vars);
      return t("lieux:ev.discarded", vars);
    }
    case "stolen": {
      const reward = ev.reason === "reward" ? ".reward" : "";
      const hidden = ev.amount == null ? ".hidden" : "";
      return t(`lieux:ev.stolen${reward}${hidden}`, { player: p(ev.colour), victim: p(ev.victim), amount: ev.amount });
    }
    case "swapped":
      if (ev.target === v && ev.old != null) {
        return t("lieux:ev.swapped.you", { player: p(ev.colour), old: `${charName(ev.old)} (${ev.old})`, new: `${charName(ev.new)} (${ev.new})` });
      }
      return t("lieux:ev.swapped", { player: p(ev.colour), target: p(ev.target) });
    case "forced":
      return t("lieux:ev.forced", { player: p(ev.colour), target: p(ev.target), place: placeName(ev.place) });
    case "token_passed":
      return t("lieux:ev.token_passed", { from: p(ev.from), to: p(ev.to) });
    case "round_scoring":
      return t("lieux:ev.round_scoring", { round: ev.round });
    case "place_scoring":
      return t("lieux:ev.place_scoring", { place: placeName(ev.place) });
    case "reward":
      return t("lieux:ev.reward", { place: placeName(ev.place), rank: ev.rank, owner: p(ev.owner), card: charName(ev.value),
        value: ev.value, reward: rewardLong(ev.reward) + (ev.doubled ? ` ×2` : "") });
    case "gold": {
      if (ev.amount == null) return t("lieux:ev.gold.hidden", { player: p(ev.colour) });
      const key = ev.reason === "princess" || ev.reason === "merchant" ? `ev.gold.${ev.reason}` : "ev.gold";
      const amount = ev.amount > 0 ? `+${ev.amount}` : ev.amount < 0 ? `−${-ev.amount}` : "0";
      return t(`lieux:${key}`, { player: p(ev.colour), amount, total: ev.gold ?? "?" });
    }
    case "round_ended":
      return t("lieux:ev.round_ended", { round: ev.round });
    case "drew":
      if (!ev.count) return "";
      if (ev.colour === v && Array.isArray(ev.cards)) {
        return t("lieux:ev.drew.you", { cards: ev.cards.map((/** @type {number} */ c) => `${charName(c)} (${c})`).join(", ") });
      }
      return t("lieux:ev.drew", { player: p(ev.colour), count: ev.count });
    case "game_over":
      return t("lieux:ev.game_over");
    case "taken_back":
      return t("ev.taken_back", { player: p(ev.player) });
    default: {
      const key = `ev.${ev.type}`;
      return has(`lieux:${key}`) ? t(`lieux:${key}`, ev) : String(ev.type || "").replace(/_/g, " ");
    }
  }
}
