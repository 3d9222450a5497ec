// Motion between two drawn tables. Before an update is drawn the queue's stacks, the badges and the
// scores are measured; once it is drawn the two views are lined up stack by stack (align.js: stacks
// that look the same, in order first) and what changed moves: a new card travels from
// its owner's badge to its place, a card turned face up flips, a card gone flies to its owner's
// discard, every other card slides from where it was (the queue closing a gap, a Decree's move), and
// scores count up. The UI learns no rule here: it only compares what the engine showed before and after.
// Transforms and opacity only (the compositor's work, no layout per frame); `prefers-reduced-motion`
// gets fades; speed 0 gets nothing. follow.js hooks it to the game loop. Nothing here reads the page's
// state: a page that draws a table of its own (the browser tests) animates it the same way.
import { alignStacks, topOf } from "./align.js";
/** @import { Colour } from "../../types/bridge" */
/** @import { OriflammeView } from "./view" */
/** @typedef {{rect: DOMRect, ghost: HTMLElement | null}} DrawnStack */
/** @typedef {{view: OriflammeView, stacks: DrawnStack[], badges: Record<Colour, DOMRect>, scores: Record<Colour, number>}} Measured */

const STACK = "[data-testid=queue] .stack[data-pos]";

/**
 * What must be known of the drawn table before the next update is drawn.
 * @param {HTMLElement} root
 * @param {OriflammeView | null | undefined} view
 * @returns {Measured | null}
 */
export function measure(root, view) {
  if (!view || !view.queue) return null;
  const stacks = Array.from(root.querySelectorAll(STACK)).map((el) => {
    const card = el.querySelector(".card");
    return { rect: card ? card.getBoundingClientRect() : el.getBoundingClientRect(),
      ghost: card ? /** @type {HTMLElement} */ (card.cloneNode(true)) : null };
  });
  /** @type {Record<Colour, DOMRect>} */
  const badges = {};
  for (const b of root.querySelectorAll(".badge")) {
    const c = Array.from(b.classList).find((k) => k.startsWith("c-"));
    if (c) badges[c.slice(2)] = (b.querySelector(".discard") || b).getBoundingClientRect();
  }
  return { view, stacks, badges, scores: { ...(view.scores || {}) } };
}

const POP = [{ transform: "scale(1.7)", color: "#fff" }, { transform: "none" }];

/** @type {(r: DOMRect) => [number, number]} */
const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

/**
 * Animates the freshly drawn table from `before` (measure()'s answer). Returns the longest duration.
 * @param {HTMLElement} root
 * @param {Measured | null} before
 * @param {OriflammeView | null | undefined} view
 * @param {{speed?: number, reduced?: boolean}} [opts]
 */
export function animate(root, before, view, { speed = 1, reduced = false } = {}) {
  if (!before || !view || !view.queue || speed <= 0 || typeof Element.prototype.animate !== "function") return 0;
  const ms = Math.round(480 * speed);
  const old = before.view.queue || [];
  const pairs = alignStacks(old, view.queue);
  const els = Array.from(root.querySelectorAll(STACK));
  const matchedOld = new Set(pairs.map(([i]) => i));
  const matchedNew = new Set(pairs.map(([, j]) => j));
  const ease = "cubic-bezier(.2,.7,.3,1)";
  const fade = (/** @type {Element} */ el) => el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, easing: "ease-out" });
  // a number that changed (a score, a card's tokens) pops, so the change catches the eye
  const pop = (/** @type {Element | null} */ el) => { if (el && !reduced) el.animate(POP, { duration: ms * 1.4, easing: "ease-out" }); };
  // Every position is read first, then every animation starts: a read after a write would make the
  // browser lay the page out again for each card.
  const cardAt = (/** @type {number} */ j) => (els[j] ? els[j].querySelector(".card") : null);
  const kept = pairs.map(([i, j]) => {
    const card = cardAt(j);
    return { i, j, card, now: card && before.stacks[i] ? card.getBoundingClientRect() : null };
  });
  const added = view.queue.map((stack, j) => ({ j, stack, card: matchedNew.has(j) ? null : cardAt(j) }))
    .filter((x) => x.card).map((x) => ({ ...x, now: /** @type {Element} */ (x.card).getBoundingClientRect() }));
  for (const { i, j, card, now } of kept) { // slides and flips, one animation per card (so the compositor runs it)
    if (!card || !now) continue;
    const was = before.stacks[i].rect;
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    const flip = !topOf(old[i]).face_up && topOf(view.queue[j]).face_up;
    if (topOf(view.queue[j]).tokens > topOf(old[i]).tokens) pop(card.querySelector(".tokens"));
    if (reduced) { if (flip) fade(card); continue; }
    const moved = Math.abs(dx) > 1 || Math.abs(dy) > 1;
    if (!moved && !flip) continue;
    const from = `${moved ? `translate(${dx}px, ${dy}px)` : ""} ${flip ? "perspective(400px) rotateY(90deg)" : ""}`.trim();
    card.animate([{ transform: from }, { transform: "none" }], { duration: ms, easing: flip && !moved ? "ease-out" : ease });
  }
  for (const { stack, card, now } of added) { // new cards come from their owner's badge
    const from = before.badges[topOf(stack).owner];
    if (!card) continue;
    if (reduced || !from) { fade(card); continue; }
    const [fx, fy] = centre(from);
    const [tx, ty] = centre(now);
    card.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px) scale(0.4)`, opacity: 0.3 }, { transform: "none", opacity: 1 }],
      { duration: ms * 1.2, easing: ease });
  }
  old.forEach((stack, i) => { // cards gone fly to their owner's discard
    if (matchedOld.has(i) || !before.stacks[i] || !before.stacks[i].ghost) return;
    const was = before.stacks[i].rect;
    const ghost = before.stacks[i].ghost;
    ghost.classList.add("ghost");
    // the card that leaves, not the choice it was: no "Remove" label, outline or pulse on its way out
    ghost.classList.remove("target", "cursor", "picked", "flash");
    ghost.querySelectorAll(".act-label").forEach((el) => el.remove());
    ghost.removeAttribute("data-action");
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.cssText = `position:fixed;left:${was.left}px;top:${was.top}px;margin:0;pointer-events:none;z-index:25;`;
    document.body.appendChild(ghost);
    const to = before.badges[topOf(stack).owner];
    const [fx, fy] = centre(was);
    const [tx, ty] = to ? centre(to) : [fx, fy + 40];
    const frames = reduced
      ? [{ opacity: 1 }, { opacity: 0 }]
      : [{ transform: "none", opacity: 1 }, { transform: `translate(${(tx - fx) * 0.15}px, ${(ty - fy) * 0.15 - 16}px) rotate(-8deg)`, opacity: 1, offset: 0.3 },
        { transform: `translate(${tx - fx}px, ${ty - fy}px) scale(0.3) rotate(12deg)`, opacity: 0.2 }];
    ghost.animate(frames, { duration: ms * 1.4, easing: "ease-in" }).finished.then(() => ghost.remove(), () => ghost.remove());
  });
  countScores(root, before.scores, view.scores || {}, ms, pop);
  return ms * 1.4;
}

/**
 * Scores that changed count from the old value to the new one.
 * @param {HTMLElement} root
 * @param {Record<Colour, number>} from
 * @param {Record<Colour, number>} to
 * @param {number} ms
 * @param {(el: Element) => void} pop
 */
function countScores(root, from, to, ms, pop) {
  for (const [colour, value] of Object.entries(to)) {
    const start = from[colour];
    const el = root.querySelector(`[data-testid="score-${colour}"]`);
    if (!el || start == null || start === value) continue;
    pop(el);
    const t0 = performance.now();
    const step = (/** @type {number} */ now) => {
      const k = Math.min(1, (now - t0) / ms);
      if (!el.isConnected) return;
      el.textContent = String(Math.round(start + (value - start) * k));
      if (k < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }
}
