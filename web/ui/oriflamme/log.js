// Events (already redacted for the viewer) told in words.
import { t, has, cardName, colourName } from "../../i18n/index.js";
/** @import { Colour, GameEvent } from "../../types/bridge" */

/**
 * An event told in words ("" for one the log does not show).
 * @param {GameEvent} ev
 * @param {string} edition
 * @param {{viewer?: Colour | null}} meta
 * @returns {string}
 */
export function eventText(ev, edition, meta) {
  /** @type {(c: Colour | null | undefined) => string} */
  const who = (c) => (c == null ? "?" : c === meta.viewer ? `${colourName(c)} (${t("youShort")})` : colourName(c));
  /** @type {(c: string | null | undefined) => string} */
  const card = (c) => (c ? cardName(edition, c) : t("aCard"));
  /** @type {(c: string | null | undefined) => string} */
  const named = (c) => (c ? cardName(edition, c) : t("hiddenCard"));
  /** @type {(n: number | undefined) => string} */
  const points = (n) => t("pointsWords", { n: n ?? 0 });
  switch (ev.type) {
    case "placed": {
      const key = `ev.placed.${ev.where}`;
      return t(has(key) ? key : "ev.placed", { player: who(ev.player), card: card(ev.card), pos: ev.position });
    }
    case "revealed":
      return t("ev.revealed", { player: who(ev.player), card: card(ev.card), pos: ev.position });
    case "stayed":
      return t("ev.stayed", { player: who(ev.player), pos: ev.position });
    case "token_added":
      return t("ev.token_added", { pos: ev.position, n: ev.tokens });
    case "gained": {
      const why = has(`why.${ev.reason}`) ? t(`why.${ev.reason}`) : ev.reason ? cardName(edition, ev.reason) : null;
      return t(why ? "ev.gained.why" : "ev.gained", { player: who(ev.player), amount: points(ev.amount), why });
    }
    case "stolen":
      if (ev.victim === ev.player) return t("ev.stolen.self", { player: who(ev.player) });  // the Spy picked its owner
      return ev.amount
        ? t("ev.stolen", { player: who(ev.player), victim: who(ev.victim), amount: points(ev.amount) })
        : t("ev.stolen.none", { player: who(ev.player), victim: who(ev.victim) });
    case "eliminated":
      return ev.by
        ? t("ev.eliminated.by", { by: who(ev.by), owner: who(ev.player), card: named(ev.card), pos: ev.position })
        : t("ev.eliminated", { owner: who(ev.player), card: named(ev.card), pos: ev.position });
    case "discarded":
      return t("ev.discarded", { owner: who(ev.player), card: named(ev.card) });
    case "moved":
      return ev.onto != null
        ? t("ev.moved.onto", { owner: who(ev.player), card: named(ev.card), from: ev.from, to: ev.onto })
        : t("ev.moved", { owner: who(ev.player), card: named(ev.card), from: ev.from, to: ev.to });
    case "copied":
      return t("ev.copied", { player: who(ev.player), shifter: cardName(edition, "shapeshifter"), target: named(ev.card), pos: ev.target });
    case "ambushed":
      return t("ev.ambushed", { owner: who(ev.player), attacker: who(ev.attacker), card: named(ev.card) });
    case "round_started":
      return t("ev.round_started", { round: ev.round, first: who(ev.first) });
    case "round_ended":
      return t("ev.round_ended", { round: ev.round });
    case "resolution_started":
      return t("ev.resolution_started", { round: ev.round });
    case "game_over":
      return t("ev.game_over");
    case "taken_back":
      return t("ev.taken_back", { player: who(ev.player) });
    default: {
      const key = `ev.${ev.type}`;
      return has(key) ? t(key, ev) : ev.type.replace(/_/g, " ");
    }
  }
}

/**
 * Which position and player an event draws attention to (for a short highlight).
 * @param {GameEvent} ev
 * @returns {{pos: number | null, player: Colour | null}}
 */
export function eventFocus(ev) {
  const pos = ev.type === "moved" ? (ev.onto ?? ev.to) : ev.position;
  return { pos: Number.isInteger(pos) ? pos : null, player: ev.player || null };
}
