// Session features drawn around the game: the "Install" button, the new-version banner, the
// "Embed" dialog and ?embed=1 compact layout, the "Share" dialog, and one-line notices.
// main.js adds these vnodes to its render; clicks on their [data-ui] are handled here.
import { h } from "./dom.js";
import { t } from "../i18n/index.js";
import { pwa, install, reloadIntoUpdate, onPwaChange } from "../pwa/pwa.js";
import { shareLink } from "./share.js";
/** @import { Engine } from "../types/bridge" */
/** @import { VNode } from "./dom.js" */

const params = new URLSearchParams(location.search);
export const EMBED = params.get("embed") === "1";
if (EMBED) document.documentElement.classList.add("embed");

/** @type {{dialog: "embed" | "share" | null, link: string, copied: boolean, notice: string | null}} */
const X = { dialog: null, link: "", copied: false, notice: null };
let rerender = () => {};
/** @type {() => Engine | null} */
let getEngine = () => null;

/**
 * Wire the extras to the page: its render function and the engine (once booted).
 * @param {HTMLElement} app
 * @param {{render: () => void, engine: () => Engine | null}} page
 */
export function initExtras(app, { render, engine }) {
  rerender = render;
  getEngine = engine;
  onPwaChange(() => rerender());
  app.addEventListener("click", onClick);
}

export function setNotice(/** @type {string} */ text) { X.notice = text; rerender(); }

/** Where the full game lives (this page without ?embed and without a fragment). */
function fullGameUrl() {
  const url = new URL(location.href);
  url.searchParams.delete("embed");
  url.hash = "";
  return url.href;
}

function embedSnippet() {
  const url = new URL(location.href);
  url.search = "?embed=1";
  url.hash = "";
  return `<iframe src="${url.href}" width="400" height="700" style="border:0;max-width:100%" ` +
    `title="Oriflamme" loading="lazy"></iframe>`;
}

/** @param {string} text */
async function copy(text) {
  try { await navigator.clipboard.writeText(text); X.copied = true; } catch { X.copied = false; }
  rerender();
}

async function share() {
  const engine = getEngine();
  if (!engine) return;
  const text = await engine.save();
  X.link = await shareLink(text);
  X.dialog = "share";
  X.copied = false;
  rerender();
}

/** @param {MouseEvent} ev */
function onClick(ev) {
  const el = ev.target instanceof Element ? /** @type {HTMLElement | null} */ (ev.target.closest("[data-ui]")) : null;
  if (!el) return;
  switch (el.dataset.ui) {
    case "install": install().then(() => rerender()); break;
    case "pwa-reload": reloadIntoUpdate(); break;
    case "embed": X.dialog = "embed"; X.copied = false; rerender(); break;
    case "share": share(); break;
    case "x-copy": copy(X.dialog === "embed" ? embedSnippet() : X.link); break;
    case "x-close": X.dialog = null; rerender(); break;
    case "x-backdrop": if (ev.target === el) { X.dialog = null; rerender(); } break;
    case "notice-close": X.notice = null; rerender(); break;
    default: break;
  }
}

/** The row under the setup form: Install (when the browser offers it), Embed. */
export function setupExtras() {
  /** @type {VNode[]} */
  const items = [];
  if (pwa.installPrompt) {
    items.push(h("button", { key: "install", type: "button", class: "btn", "data-ui": "install", "data-testid": "install",
      title: t("installHint") }, `⤓ ${t("install")}`));
  }
  if (!EMBED) items.push(h("button", { key: "embed", type: "button", class: "btn", "data-ui": "embed", "data-testid": "embed" }, `</> ${t("embed")}`));
  return h("div", { class: "extras", key: "extras" }, items);
}

/** A Share button for the end screen (finished games only). */
export const shareButton = () =>
  h("button", { key: "share", type: "button", class: "btn", "data-ui": "share", "data-testid": "share" }, t("share"));

/**
 * Append the Share button to the end screen's button row (the final-scores dialog of either game).
 * @param {VNode} endVnode
 */
export function withShare(endVnode) {
  /** @type {(v: VNode | string, inEnd: boolean) => boolean} */
  const walk = (v, inEnd) => {
    if (!v || typeof v !== "object") return false;
    const end = inEnd || v.props?.["data-testid"] === "final-scores";
    if (end && String(v.props?.class || "").split(" ").includes("dialog-buttons")) { v.children.push(shareButton()); return true; }
    return (v.children || []).some((c) => walk(c, end));
  };
  walk(endVnode, false);
  return endVnode;
}

/** Everything global: notices, the update banner, dialogs, the embed's link to the full game. */
export function extrasOverlay() {
  /** @type {VNode[]} */
  const out = [];
  if (X.notice) {
    out.push(h("div", { key: "x-notice", class: "toast notice", role: "status", "data-testid": "notice" },
      h("span", {}, X.notice), " ",
      h("button", { type: "button", class: "btn small", "data-ui": "notice-close", "aria-label": t("close") }, "✕")));
  }
  if (pwa.waiting) {
    out.push(h("div", { key: "x-update", class: "toast update", role: "status", "data-testid": "update-ready" },
      h("span", {}, t("updateReady")), " ",
      h("button", { type: "button", class: "btn primary small", "data-ui": "pwa-reload" }, t("reload"))));
  }
  if (EMBED) {
    out.push(h("p", { key: "x-full", class: "embed-full" },
      h("a", { href: fullGameUrl(), target: "_blank", rel: "noopener", "data-testid": "open-full" }, t("openFull"))));
  }
  if (X.dialog) {
    const isEmbed = X.dialog === "embed";
    const text = isEmbed ? embedSnippet() : X.link;
    out.push(h("div", { key: "x-dialog", class: "overlay", "data-ui": "x-backdrop" },
      h("div", { class: "dialog x-dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": "x-title",
        "data-testid": isEmbed ? "embed-dialog" : "share-dialog" },
        h("h2", { id: "x-title" }, isEmbed ? t("embedTitle") : t("shareTitle")),
        h("p", {}, isEmbed ? t("embedHelp") : t("shareHelp")),
        h("textarea", { class: "x-code", readonly: true, rows: isEmbed ? "4" : "3", value: text, spellcheck: "false",
          "data-testid": isEmbed ? "embed-code" : "share-link" }),
        h("div", { class: "dialog-buttons" },
          h("button", { type: "button", class: "btn primary", "data-ui": "x-copy" }, X.copied ? t("copied") : t("copyCode")),
          isEmbed ? null : h("a", { class: "btn", href: text, target: "_blank", rel: "noopener" }, t("replay")),
          h("button", { type: "button", class: "btn", "data-ui": "x-close" }, t("close"))))));
  }
  return out;
}
