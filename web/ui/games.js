// One adapter per game: the module that draws its table (screen), its rules help (rules), tells its
// events (tell), maps a hinted action to a first selection (hintSelection) and draws its side of the
// replay viewer (replayTitle, replayRows, replayBoard). Oriflamme's is part of the first screen; the
// others are fetched when their game is chosen, resumed, played or replayed.
import * as oriflamme from "./oriflamme/index.js";
/** @import { Adapter } from "../types/ui" */

/** The game of a page, link or save that names none (the engine's registry default too). */
export const DEFAULT_GAME = oriflamme.id;

/** @type {Record<string, Adapter>} */
const loaded = { oriflamme };
/** @type {Record<string, () => Promise<Adapter>>} */
const loaders = { lieux: () => import("./lieux/index.js") };
/** @type {Record<string, Promise<Adapter>>} */
const loading = {};

/**
 * A game's adapter if it is loaded, else null.
 * @param {string | null | undefined} game
 * @returns {Adapter | null}
 */
export const adapterOf = (game) => (Object.hasOwn(loaded, game || DEFAULT_GAME) ? loaded[game || DEFAULT_GAME] : null);

/**
 * A game's adapter, fetched the first time (Oriflamme's for an id that names no game).
 * @param {string | null | undefined} game
 * @returns {Promise<Adapter>}
 */
export function loadAdapter(game) {
  const id = game && (Object.hasOwn(loaders, game) || Object.hasOwn(loaded, game)) ? game : DEFAULT_GAME;
  if (loaded[id]) return Promise.resolve(loaded[id]);
  loading[id] ||= loaders[id]().then((m) => { loaded[id] = m; return m; });
  return loading[id];
}
