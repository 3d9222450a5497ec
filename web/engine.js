// The JS bridge to the Python engine running in a PyScript worker (docs/WEB.md).
//
// index.html must contain, in this order (do NOT load PyScript's core.js yourself):
//   <script type="module" src="./web/boot/boot.js"></script>
//   <script type="py" worker name="engine" src="./py/engine_worker.py" config="./pyscript.json"></script>
//   <script type="module" src="./web/ui/main.js"></script>      (your UI; imports this module)
//
// Usage:
//   import { connectEngine } from "../engine.js";
//   const engine = await connectEngine((p) => bar.value = p.fraction);   // p.stage, p.label, p.loaded/total
//   let u = await engine.newGame({edition: "retail", players: 3, seed: null, seats: [...]});
//   u = await engine.act(u.legal[0]);  u = await engine.botStep();   // → update objects (or {error})
//   const h = await engine.hint();   // {action: one of u.legal} — the hard bot's suggestion, nothing played
//   const s = await engine.save();  await engine.load(s);  await engine.replay(s);  await engine.update(colour);
import { boot, RUNTIME_SIZES } from "./boot/boot.js";
/** @import { Engine, Progress } from "./types/bridge" */
/** @typedef {Progress["stage"]} Stage */

/** @type {Record<Stage, {fraction: number, label: string}>} */
const STAGES = {
  loading: { fraction: 0.02, label: "Loading the page…" },
  runtime: { fraction: 0.05, label: "Downloading the Python runtime…" },
  python: { fraction: 0.8, label: "Starting Python…" },
  engine: { fraction: 0.95, label: "Engine loaded" },
  ready: { fraction: 1, label: "Ready" },
};
/** @type {Stage[]} */
const ORDER = ["loading", "runtime", "python", "engine", "ready"];

/** Draw a seed the way every new game must: from the browser's CSPRNG (never Python's boot RNG). */
export function randomSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo; // < 2**53: exact in JSON and in JS numbers
}

/** @param {((progress: Progress) => void) | undefined} onProgress */
function progressTracker(onProgress) {
  /** @type {Record<string, number>} */
  const sizes = RUNTIME_SIZES || {};
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const done = new Set();
  /** @type {Stage} */
  let stage = "loading";
  let loaded = 0;
  let best = 0;
  const emit = () => {
    const idx = ORDER.indexOf(stage);
    let fraction = STAGES[stage].fraction;
    if (stage === "runtime" && total > 0) {
      fraction = STAGES.runtime.fraction + (STAGES.python.fraction - STAGES.runtime.fraction) * (loaded / total);
    }
    best = Math.max(best, fraction);  // monotonic
    try {
      onProgress?.({ stage, fraction: best, loaded, total, label: STAGES[stage].label, elapsed: performance.now() - boot.started });
    } catch (err) {
      console.warn("engine: progress callback failed", err);
    }
    return idx;
  };
  const setStage = (/** @type {Stage} */ s) => {
    if (ORDER.indexOf(s) > ORDER.indexOf(stage)) { stage = s; emit(); }
  };
  const onMessage = (/** @type {Event} */ event) => {
    /** @type {BootMessage | {type?: undefined}} */
    const msg = (event instanceof MessageEvent && event.data) || {};
    if (msg.type === "resource" && msg.file in sizes && !done.has(msg.file)) {
      done.add(msg.file);
      loaded += sizes[msg.file];
      setStage("runtime");
      emit();
      if (done.size === Object.keys(sizes).length) setStage("python");
    } else if (msg.type === "stage") {
      if (msg.stage === "worker") setStage("runtime");
      else if (msg.stage === "python") setStage("python");
      else if (msg.stage === "engine") setStage("engine");
    }
  };
  boot.channel?.addEventListener("message", onMessage);
  boot.bus?.addEventListener("message", onMessage);  // what the page itself prepared (boot.js)
  emit();
  return {
    setStage,
    stop() {
      boot.channel?.removeEventListener("message", onMessage);
      boot.bus?.removeEventListener("message", onMessage);
    },
  };
}

/**
 * PyScript's worker behind the `<script type="py" worker>` element, once PyScript has created it.
 * @param {string} selector
 * @param {number} timeoutMs
 * @returns {Promise<XWorker>}
 */
function waitForXWorker(selector, timeoutMs) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const tick = () => {
      const el = /** @type {(Element & {xworker?: XWorker}) | null} */ (document.querySelector(selector));
      if (el && el.xworker) return resolve(el.xworker);
      if (boot.error) return reject(boot.error);
      if (performance.now() - started > timeoutMs) {
        return reject(new Error(el ? "the engine worker did not start" : `no ${selector} in the page`));
      }
      setTimeout(tick, 10);
    };
    tick();
  });
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} message the error's, when `ms` pass first
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, message) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** @type {Promise<Engine> | null} */
let connecting = null;

/**
 * Connect to the engine worker; resolves once Python has loaded the engine and answered.
 * Calling it again returns the same engine.
 * @param {(progress: Progress) => void} [onProgress]
 * @param {{selector?: string, timeoutMs?: number}} [options]
 * @returns {Promise<Engine>}
 */
export function connectEngine(onProgress, { selector = 'script[type="py"][name="engine"]', timeoutMs = 180000 } = {}) {
  if (connecting) return connecting;
  connecting = (async () => {
    const tracker = progressTracker(onProgress);
    try {
      const xworker = await waitForXWorker(selector, timeoutMs);
      tracker.setStage("runtime");
      const w = await withTimeout(xworker.ready, timeoutMs, "the Python engine did not start in time");
      tracker.setStage("engine");
      const pong = JSON.parse(await w.sync.ping());
      if (!pong.ok) throw new Error("the engine did not answer");
      tracker.setStage("ready");
      return makeEngine(w.sync);
    } finally {
      tracker.stop();
    }
  })();
  connecting.catch(() => { connecting = null; });
  return connecting;
}

/**
 * @param {EngineSync} sync the worker's exports (py/engine_worker.py), called synchronously there
 * @returns {Engine}
 */
function makeEngine(sync) {
  let queue = Promise.resolve();
  // Calls are answered in order, one at a time.
  /** @type {(name: keyof EngineSync, ...args: (string | null)[]) => Promise<any>} JSON of the documented shapes */
  const call = (name, ...args) => {
    const run = queue.then(async () => {
      try {
        return JSON.parse(await sync[name](...args));
      } catch (err) {
        return { error: `engine ${name} failed: ${err instanceof Error ? err.message : String(err)}` };
      }
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    storageAvailable: boot.storage === true,
    newGame(settings = {}) {
      const s = { ...settings }; // no game named: the engine starts its registry's default
      if (s.seed === null || s.seed === undefined || s.seed === "") s.seed = randomSeed();
      return call("new_game", JSON.stringify(s));
    },
    act(action) { return call("act", String(action)); },
    botStep() { return call("bot_step"); },
    update(viewer = null) { return call("update", viewer); },
    /** The whole log as `viewer` may read it: {viewer, entries: [{action, actor, events}]}. */
    log(viewer = null) { return call("log", viewer); },
    /** Games, variants (player ranges, colours), options, bot levels, card facts, tie-break rules. */
    catalogue() { return call("catalogue"); },
    /** What the hard bot would play in the place of the human to act (nothing is played): {action} or {error}. */
    hint() { return call("hint"); },
    /** The save as a JSON string (store it as is); '{"error": ...}' when there is no game. */
    save() { return call("save").then((obj) => JSON.stringify(obj)); },
    load(saveText) { return call("load", typeof saveText === "string" ? saveText : JSON.stringify(saveText)); },
    replay(saveText) { return call("replay", typeof saveText === "string" ? saveText : JSON.stringify(saveText)); },
    ping() { return call("ping"); },
    /** Take back the lone human's last decision and the bots' replies since: an update, or {error}. */
    undo() { return call("undo"); },
    /** A guided first game of `game`: an update whose `tutorial` holds the script and its note keys. */
    tutorial(/** @type {string} */ game) { return call("tutorial", String(game)); },
    /** Begin the review of a finished game (the current one, or a save text): chart, moments, hands. */
    reviewStart(saveText = null) {
      return call("review_start", saveText == null || typeof saveText === "string" ? saveText : JSON.stringify(saveText));
    },
    /** Judge the next decision of the review: {done, total, item}, the last with {costliest, judged}. */
    reviewNext() { return call("review_next"); },
  };
}
