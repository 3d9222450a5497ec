// Installable, offline game: registers the service worker (./sw.js, built by
// scripts/build_sw.mjs) once the game has booted, tells the page when a new version is waiting, and
// keeps the browser's install prompt for an "Install" button.
// Everything here tolerates browsers (and cross-site iframes) where service workers or storage are
// denied: the game then simply runs online, without a word.
import { boot, keepSnapshot } from "../boot/boot.js";

/**
 * @typedef {object} PwaState
 * @property {BeforeInstallPromptEvent | null} installPrompt
 * @property {ServiceWorker | null} waiting
 * @property {boolean} controlled
 * @property {boolean} registered
 * @property {{files: number, bytes: number, transferred: number} | null} precache
 */
/** @type {PwaState} */
const state = {
  installPrompt: null, // the deferred beforeinstallprompt event
  waiting: null,       // a new service worker, installed, waiting for the page's go-ahead
  controlled: false,   // this page is served by the service worker (works offline)
  registered: false,
  precache: null,      // {files, bytes, transferred} once the service worker has precached the site
};
/** @type {Set<(state: PwaState) => void>} */
const listeners = new Set();
const notify = () => { for (const fn of listeners) { try { fn(state); } catch (err) { console.warn("pwa:", err); } } };

export const pwa = state;
/**
 * Calls `fn` whenever the state changes; returns the function that stops it.
 * @param {(state: PwaState) => void} fn
 */
export function onPwaChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

const swContainer = () => {
  try { return "serviceWorker" in navigator ? navigator.serviceWorker : null; } catch { return null; }
};

addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault(); // our own button asks, not the browser's mini-infobar
  state.installPrompt = event;
  notify();
});
addEventListener("appinstalled", () => { state.installPrompt = null; notify(); });

/** Show the browser's install dialog (from a click). Resolves to "accepted" | "dismissed" | null. */
export async function install() {
  const prompt = state.installPrompt;
  if (!prompt) return null;
  state.installPrompt = null;
  notify();
  try {
    await prompt.prompt();
    const choice = await prompt.userChoice;
    return choice ? choice.outcome : null;
  } catch {
    return null;
  }
}

/** Switch to the waiting version: the page reloads once the new service worker controls it. */
export function reloadIntoUpdate() {
  const sw = swContainer();
  if (!state.waiting || !sw) { location.reload(); return; }
  let reloaded = false;
  sw.addEventListener("controllerchange", () => { if (!reloaded) { reloaded = true; location.reload(); } });
  state.waiting.postMessage({ type: "SKIP_WAITING" });
}

/**
 * @param {ServiceWorkerRegistration} reg
 * @param {ServiceWorkerContainer} sw
 */
function watch(reg, sw) {
  const offer = (/** @type {ServiceWorker | null} */ worker) => {
    // Only an update if a version already controls this page; the first install needs no reload.
    if (worker && sw.controller) { state.waiting = worker; notify(); }
  };
  if (reg.waiting) offer(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
  });
  // Look for a new version when the player comes back to the tab (and hourly while it stays open).
  const check = () => { reg.update().catch(() => { /* offline */ }); };
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") check(); });
  setInterval(check, 3600 * 1000);
}

let started = false;
/** Ask the engine's worker to fetch the later archive (the modules a first decision does not run, D83:
 * web/boot/interpreter.js), keep the runtime's memory snapshot for the next visits (boot.js
 * keepSnapshot), then register ./sw.js. Called once the page is idle after the human's first decision is
 * drawn (main.js precacheWhenIdle), so no download competes with the boot, the first table or the bots'
 * first moves. */
export async function registerServiceWorker() {
  if (started) return;
  started = true;
  try { boot.channel?.postMessage({ type: "later-archive" }); } catch { /* no worker listens */ }
  await keepSnapshot();
  const sw = swContainer();
  if (!sw) return;
  // ?sw=0 never registers (debugging). A browser driven by automation (navigator.webdriver: the
  // browser tests) registers only with ?sw=1, so tests about other things do not precache the site.
  const q = new URLSearchParams(location.search);
  if (q.get("sw") === "0" || ((navigator.webdriver || q.get("test") === "1") && q.get("sw") !== "1")) return;
  try {
    const scope = new URL("../../", import.meta.url).href;
    const reg = await sw.register(new URL("../../sw.js", import.meta.url).href, { scope });
    state.registered = true;
    state.controlled = !!sw.controller;
    sw.addEventListener("controllerchange", () => { state.controlled = true; notify(); });
    sw.addEventListener("message", ({ data }) => {
      if (data?.type === "PRECACHED") { state.precache = { files: data.files, bytes: data.bytes, transferred: data.transferred }; notify(); }
    });
    watch(reg, sw);
    notify();
  } catch {
    // Denied (cross-site iframe, private mode, file://): the game still works online.
  }
}
