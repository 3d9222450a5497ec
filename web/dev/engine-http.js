// Development only: web/dev/devserver.py serves this file as /web/engine.js — the bridge API of
// web/engine.js, answered by the same tabletop.bridge.api in CPython. Never part of the built site.
async function call(fn, arg) {
  const r = await fetch(`/api/${fn}`, { method: "POST", body: arg == null ? "" : arg });
  return r.json();
}

export async function connectEngine(onProgress) {
  onProgress && onProgress({ stage: "ready", fraction: 1, label: "ready" });
  return {
    newGame: (settings) => call("new_game", JSON.stringify(settings)),
    act: (action) => call("act", action),
    botStep: () => call("bot_step"),
    hint: () => call("hint"),
    save: () => call("save"),
    load: (s) => call("load", s),
    update: (c) => call("update", c),
  };
}
