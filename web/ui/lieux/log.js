// Château, Village & Port events (already redacted for the viewer) told in words.
import { lt, hasLt, charName, placeName, rewardLong, who, abilityName } from "./i18n.js";

/** The text of one event for the log; "" for events not worth a line. */
export function lieuxEventText(ev, meta) {
  const v = meta.viewer;
  const p = (c) => who(c, v);
  switch (ev.type) {
    case "round_started":
      return lt("ev.round_started", { round: ev.round, first: p(ev.first) });
    case "turn_started":
      return lt("ev.turn_started", { turn: ev.turn, first: p(ev.first) });
    case "selected":
      if (ev.colour === v && ev.value != null) return lt("ev.selected.you", { card: charName(ev.value), value: ev.value });
      return lt("ev.selected", { player: p(ev.colour) });
    case "revealing":
      return lt("ev.revealing");
    case "placed":
      return lt(ev.forced ? "ev.placed.forced" : "ev.placed",
        { player: p(ev.colour), card: charName(ev.value), value: ev.value, place: placeName(ev.place) });
    case "effect":
      if (ev.copied) return lt("ev.effect.copied", { player: p(ev.colour), ability: abilityName(ev.ability) });
      return lt("ev.effect", { player: p(ev.colour), card: charName(ev.value) });
    case "no_effect":
      return lt("ev.no_effect", { player: p(ev.colour), card: charName(ev.value) });
    case "copied":
      return lt("ev.copied", { player: p(ev.colour), owner: p(ev.owner), card: charName(ev.copied_value) });
    case "moved":
      return lt("ev.moved", { player: p(ev.colour), owner: p(ev.owner), card: charName(ev.value), value: ev.value,
        from: placeName(ev.from), to: placeName(ev.to) });
    case "discarded": {
      const vars = { player: p(ev.colour), owner: p(ev.owner), card: charName(ev.value), value: ev.value, place: placeName(ev.place) };
      if (ev.reason === "hunter") return lt("ev.discarded.hunter", vars);
      if (ev.reason === "king") return lt("ev.discarded.king", vars);
      if (ev.reason === "rewarded") return lt("ev.discarded.rewarded", vars);
      return lt("ev.discarded", vars);
    }
    case "stolen": {
      const reward = ev.reason === "reward" ? ".reward" : "";
      const hidden = ev.amount == null ? ".hidden" : "";
      return lt(`ev.stolen${reward}${hidden}`, { player: p(ev.colour), victim: p(ev.victim), amount: ev.amount });
    }
    case "swapped":
      if (ev.target === v && ev.old != null) {
        return lt("ev.swapped.you", { player: p(ev.colour), old: `${charName(ev.old)} (${ev.old})`, new: `${charName(ev.new)} (${ev.new})` });
      }
      return lt("ev.swapped", { player: p(ev.colour), target: p(ev.target) });
    case "forced":
      return lt("ev.forced", { player: p(ev.colour), target: p(ev.target), place: placeName(ev.place) });
    case "token_passed":
      return lt("ev.token_passed", { from: p(ev.from), to: p(ev.to) });
    case "round_scoring":
      return lt("ev.round_scoring", { round: ev.round });
    case "place_scoring":
      return lt("ev.place_scoring", { place: placeName(ev.place) });
    case "reward":
      return lt("ev.reward", { place: placeName(ev.place), rank: ev.rank, owner: p(ev.owner), card: charName(ev.value),
        value: ev.value, reward: rewardLong(ev.reward) + (ev.doubled ? ` ×2` : "") });
    case "gold": {
      if (ev.amount == null) return lt("ev.gold.hidden", { player: p(ev.colour) });
      const key = ev.reason === "princess" || ev.reason === "merchant" ? `ev.gold.${ev.reason}` : "ev.gold";
      const amount = ev.amount > 0 ? `+${ev.amount}` : ev.amount < 0 ? `−${-ev.amount}` : "0";
      return lt(key, { player: p(ev.colour), amount, total: ev.gold ?? "?" });
    }
    case "round_ended":
      return lt("ev.round_ended", { round: ev.round });
    case "drew":
      if (!ev.count) return "";
      if (ev.colour === v && Array.isArray(ev.cards)) {
        return lt("ev.drew.you", { cards: ev.cards.map((c) => `${charName(c)} (${c})`).join(", ") });
      }
      return lt("ev.drew", { player: p(ev.colour), count: ev.count });
    case "game_over":
      return lt("ev.game_over");
    default: {
      const key = `ev.${ev.type}`;
      return hasLt(key) ? lt(key, ev) : String(ev.type || "").replace(/_/g, " ");
    }
  }
}
