// Development only: web/dev/devserver.py serves this file as /web/engine.js — the bridge API of
// web/engine.js, answered by the same tabletop.bridge.api in CPython. Never part of the built site.
/**
 * @param {string} fn
 * @param {string | null} [arg]
 */
async function call(fn, arg) {
  const r = await fetch(`/api/${fn}`, { method: "POST", body: arg == null ? "" : arg });
  return r.json();
}

/** @param {(progress: {stage: string, fraction: number, label: string}) => void} [onProgress] */
export async function connectEngine(onProgress) {
  onProgress && onProgress({ stage: "ready", fraction: 1, label: "ready" });
  return {
    newGame: (/** @type {unknown} */ settings) => call("new_game", JSON.stringify(settings)),
    act: (/** @type {string} */ action) => call("act", action),
    botStep: () => call("bot_step"),
    hint: () => call("hint"),
    save: () => call("save"),
    load: (/** @type {string} */ s) => call("load", s),
    update: (/** @type {string} */ c) => call("update", c),
    log: (/** @type {string} */ c) => call("log", c),
    catalogue: () => call("catalogue"),
    replay: (/** @type {unknown} */ s) => call("replay", typeof s === "string" ? s : JSON.stringify(s)),
    ping: () => call("ping"),
  };
}
