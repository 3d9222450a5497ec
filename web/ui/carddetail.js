// The card sheet: a card's name and ability, readable without a mouse. A tap on a card that offers no
// choice opens it, a long press on any card (even one that offers a choice), or "i" on a focused card;
// Escape, a tap or the close button close it. It reads only what the table drew (data-card, the card's
// colour class, the edition class of the table): an opponent's face-down card is shown as just that.
import { t, cardName, ability, colourName } from "../i18n/index.js";
import { emblemSvg, BACK_SVG } from "../art/emblems.js";

const LONG_PRESS_MS = 450;
const CARD = ".card, .mini[data-card], .chip[data-card]";
/** @type {HTMLElement | null} */
let sheet = null; // the open sheet's element
/** @type {Element | null} */
let returnFocus = null;
let swallowClick = false; // the click that ends a long press does not also act

/**
 * The value after `prefix` of the first class starting with it, on `el` or its nearest ancestor that has one.
 * @param {Element} el
 * @param {string} prefix
 */
function classValue(el, prefix) {
  for (let e = /** @type {Element | null} */ (el); e && e.classList; e = e.parentElement) {
    const c = Array.from(e.classList).find((k) => k.startsWith(prefix));
    if (c) return c.slice(prefix.length);
  }
  return "";
}

/** @param {HTMLElement} el a drawn card */
function describe(el) {
  const edition = classValue(el, "ed-") || "retail";
  // a card in your hand or aside has no family class of its own: it is yours
  const owner = classValue(el, "c-") || classValue(document.querySelector(".badge.me") || el, "c-");
  const id = el.dataset.card || null;
  const down = el.classList.contains("down");
  const tokens = Number(el.querySelector(".tokens")?.textContent || 0);
  const pos = /** @type {HTMLElement | null} */ (el.closest("[data-pos]"))?.dataset.pos;
  return { edition, owner, id, down, tokens, pos };
}

/**
 * Appends a `tag` element with `value` as its text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {HTMLElement} el
 * @param {K} tag
 * @param {string} cls
 * @param {string} value
 * @returns {HTMLElementTagNameMap[K]}
 */
function text(el, tag, cls, value) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  e.textContent = value;
  el.appendChild(e);
  return e;
}

/**
 * Opens the sheet for a drawn card element.
 * @param {HTMLElement} el
 */
export function openCardDetail(el) {
  closeCardDetail(false);
  const d = describe(el);
  returnFocus = document.activeElement;
  const back = document.createElement("div");
  back.className = "sheet-backdrop";
  back.dataset.ui = "card-detail-close";
  const box = document.createElement("div");
  box.className = `sheet c-${d.owner || "none"}`;
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-labelledby", "card-detail-name");
  box.dataset.testid = "card-detail";
  const art = document.createElement("span");
  art.className = `sheet-art ${d.id ? "up" : "down"}`;
  art.setAttribute("aria-hidden", "true");
  art.innerHTML = d.id ? emblemSvg(d.id) : BACK_SVG; // our own SVG strings (web/art/emblems.js)
  box.appendChild(art);
  const body = document.createElement("div");
  body.className = "sheet-body";
  const name = text(body, "h2", "sheet-name", d.id ? cardName(d.edition, d.id) : t("faceDown"));
  name.id = "card-detail-name";
  const facts = [];
  if (d.owner) facts.push(colourName(d.owner));
  if (d.pos) facts.push(t("position", { p: d.pos }));
  if (d.down) facts.push(t("faceDown"));
  if (d.tokens) facts.push(t("tokens", { n: d.tokens }));
  if (facts.length) text(body, "p", "sheet-facts", facts.join(" · "));
  if (d.id) text(body, "p", "sheet-ability", ability(d.edition, d.id));
  const close = text(body, "button", "btn sheet-close", t("close"));
  close.type = "button";
  close.dataset.ui = "card-detail-close";
  box.appendChild(body);
  back.appendChild(box);
  document.body.appendChild(back);
  sheet = back;
  close.focus({ preventScroll: true });
}

export function closeCardDetail(restore = true) {
  if (!sheet) return;
  sheet.remove();
  sheet = null;
  if (restore && returnFocus instanceof HTMLElement && document.contains(returnFocus)) returnFocus.focus({ preventScroll: true });
  returnFocus = null;
}

export const cardDetailOpen = () => sheet != null;

/** The card element an event happened on, if any. */
const cardAt = (/** @type {Event} */ ev) =>
  ev.target instanceof Element ? /** @type {HTMLElement | null} */ (ev.target.closest(CARD)) : null;

/**
 * Listens on `root` (the page's #app): taps, long presses and keys on cards.
 * @param {HTMLElement} root
 */
export function initCardDetail(root) {
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let timer = 0;
  /** @type {{x: number, y: number} | null} */
  let start = null;
  const cancel = () => { clearTimeout(timer); timer = 0; start = null; };
  document.addEventListener("pointerdown", () => { swallowClick = false; }, true);
  document.addEventListener("click", (ev) => {
    if (swallowClick) { swallowClick = false; ev.stopPropagation(); ev.preventDefault(); }
  }, true);
  root.addEventListener("pointerdown", (ev) => {
    const el = cardAt(ev);
    if (!el || !root.contains(el) || ev.button > 0) return;
    start = { x: ev.clientX, y: ev.clientY };
    timer = setTimeout(() => { timer = 0; swallowClick = true; openCardDetail(el); }, LONG_PRESS_MS);
  });
  root.addEventListener("pointermove", (ev) => {
    if (start && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) > 10) cancel();
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) root.addEventListener(type, cancel);
  // A long press must not also open the phone's context menu or act on the card.
  root.addEventListener("contextmenu", (ev) => { if (cardAt(ev)) ev.preventDefault(); });
  root.addEventListener("click", (ev) => {
    const el = cardAt(ev);
    if (!el || !root.contains(el) || el.closest("[data-action],[data-select-card],[data-select-move],[data-select-choose]")) return;
    ev.stopPropagation(); // the table's own click handler does not see it
    openCardDetail(el);
  }, true);
  document.addEventListener("click", (ev) => {
    if (sheet && ev.target instanceof Node && sheet.contains(ev.target)) closeCardDetail();
  });
  document.addEventListener("keydown", (ev) => {
    if (sheet) {
      if (ev.key === "Escape") { ev.preventDefault(); ev.stopImmediatePropagation(); closeCardDetail(); }
      else if (ev.key === "Tab") { ev.preventDefault(); /** @type {HTMLElement | null} */ (sheet.querySelector(".sheet-close"))?.focus(); } // one control: Tab stays on it
      return;
    }
    if ((ev.key === "i" || ev.key === "I") && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      const el = /** @type {HTMLElement | null} */ (document.activeElement?.closest(CARD) ?? null);
      if (el && root.contains(el)) { ev.preventDefault(); openCardDetail(el); }
    }
  }, true);
}
