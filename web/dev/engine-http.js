// Development only: web/dev/devserver.py serves this file as /web/engine.js — the bridge API of
// web/engine.js, answered by the same tabletop.bridge.api in CPython. Never part of the built site.
/** @import { Engine, Progress } from "../types/bridge" */

/**
 * @param {string} fn
 * @param {string | null} [arg]
 * @returns {Promise<any>} the bridge's answer (docs/WEB.md), parsed
 */
async function call(fn, arg) {
  const r = await fetch(`/api/${fn}`, { method: "POST", body: arg == null ? "" : arg });
  return r.json();
}

/** A save as the bridge takes it: its JSON text (web/engine.js accepts the parsed object too). */
const saveText = (/** @type {string | object} */ s) => (typeof s === "string" ? s : JSON.stringify(s));

/**
 * The same engine as web/engine.js's connectEngine, over HTTP.
 * @param {(progress: Progress) => void} [onProgress]
 * @returns {Promise<Engine>}
 */
export async function connectEngine(onProgress) {
  onProgress && onProgress({ stage: "ready", fraction: 1, label: "ready" });
  return {
    storageAvailable: false,  // no PyScript here, so no IndexedDB store of its own
    newGame: (settings) => call("new_game", JSON.stringify(settings ?? {})),
    act: (action) => call("act", action),
    botStep: () => call("bot_step"),
    hint: () => call("hint"),
    // Text, as web/engine.js gives it: the page stores and shares it as it is.
    save: async () => JSON.stringify(await call("save")),
    load: (s) => call("load", saveText(s)),
    update: (c) => call("update", c ?? null),
    log: (c) => call("log", c ?? null),
    catalogue: () => call("catalogue"),
    replay: (s) => call("replay", saveText(s)),
    ping: () => call("ping"),
    undo: () => call("undo"),
    tutorial: (game) => call("tutorial", game),
    reviewStart: (s) => call("review_start", s == null ? null : saveText(s)),
    reviewNext: () => call("review_next"),
  };
}
