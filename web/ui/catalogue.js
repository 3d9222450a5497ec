// The games as the engine describes them (tabletop.bridge.api.catalogue): variants with their player
// ranges and colours, options, bot levels, per-card facts (tokens, timing, ability) and tie-break rules.
// The build writes it into index.html (<script type="application/json" id="catalogue">) so that the
// setup screen has it while the engine boots; a page without it (the development server) asks the engine.

/** @import { Catalogue, CatalogueGame, Engine } from "../types/bridge" */

/** @type {Catalogue | null} */
let data = null;

/**
 * Read the catalogue (once): from the page if the build put it there, else from the engine.
 * @param {() => Promise<Engine | null>} engineReady
 * @returns {Promise<Catalogue>}
 */
export async function loadCatalogue(engineReady) {
  if (data) return data;
  const el = typeof document !== "undefined" ? document.getElementById("catalogue") : null;
  if (el && el.textContent) data = /** @type {Catalogue} */ (JSON.parse(el.textContent));
  else {
    const engine = await engineReady();
    const answer = engine ? await engine.catalogue() : null;
    data = answer && !("error" in answer) && Array.isArray(answer.games) ? answer : { games: [] };
  }
  return data;
}

/** @type {() => CatalogueGame[]} */
export const games = () => (data ? data.games : []);
export const gameIds = () => games().map((g) => g.id);
/** A game's entry, or null for an id the catalogue does not list. */
/** @type {(id: string | null | undefined) => CatalogueGame | null} */
export const gameOf = (id) => games().find((g) => g.id === id) || null;

/**
 * A variant of a game ({id, players: [min, max], colours}), or null.
 * @param {string | null | undefined} gameId
 * @param {string | null | undefined} variantId
 */
export function variantOf(gameId, variantId) {
  const g = gameOf(gameId);
  return (g && g.variants.find((v) => v.id === variantId)) || null;
}
