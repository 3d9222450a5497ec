// Which stack of the queue drawn before an update is which stack after it, from the two views alone
// (motion.js animates the answer; table.js keeps the paired stacks' elements, stackKeys). No rule here:
// two stacks are "the same" when they look the same to the viewer (owner, depth, and the card if it was
// shown), so the pairing may swap two cards that nobody can tell apart, which draws the same thing.
/** @import { Colour } from "../../types/bridge" */
/** @import { QueueCard } from "./view" */
/** @typedef {{owner: Colour, card: string | null, depth: number}} StackSig */

/** @type {(stack: QueueCard[]) => QueueCard} the card on top of a (never empty) stack */
export const topOf = (stack) => stack[stack.length - 1];
/** @type {(stack: QueueCard[]) => StackSig} one stack of a view as the alignment compares it */
const sig = (stack) => ({ owner: topOf(stack).owner, card: topOf(stack).card, depth: stack.length });
/** @type {(a: StackSig, b: StackSig) => boolean} a face-down card seen before may be shown after */
const same = (a, b) => a.owner === b.owner && a.depth === b.depth && (a.card == null || a.card === b.card);

/**
 * Pairs [old index, new index] of the stacks that stayed: first the longest common subsequence (the
 * queue closing a gap keeps the order), then, among what is left, stacks that look the same — a card
 * taken out of the order and put back elsewhere (a Decree's move) slides there instead of leaving for
 * its owner's discard while an identical card arrives from the owner's badge.
 * @param {QueueCard[][]} before
 * @param {QueueCard[][]} after
 * @returns {[number, number][]} sorted by new index
 */
export function alignStacks(before, after) {
  const a = before.map(sig);
  const b = after.map(sig);
  const n = a.length;
  const m = b.length;
  const L = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) L[i][j] = same(a[i], b[j]) ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  }
  /** @type {[number, number][]} */
  const pairs = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (same(a[i], b[j])) { pairs.push([i, j]); i++; j++; } else if (L[i + 1][j] >= L[i][j + 1]) i++; else j++;
  }
  const oldLeft = a.map((_, i) => i).filter((i) => !pairs.some(([pi]) => pi === i));
  const newLeft = new Set(b.map((_, j) => j).filter((j) => !pairs.some(([, pj]) => pj === j)));
  for (const i of oldLeft) {
    const j = [...newLeft].find((k) => same(a[i], b[k]));
    if (j !== undefined) { pairs.push([i, j]); newLeft.delete(j); }
  }
  return pairs.sort((x, y) => x[1] - y[1]);
}

/** @type {QueueCard[][]} */
let keyedQueue = [];
/** @type {string[]} */
let queueKeys = [];
let nextKey = 0;
/**
 * A key per stack of `queue` for the virtual DOM: the key of the stack it pairs with in the queue drawn
 * before, else a new one. A card placed at the front or taken out then moves no other stack's element:
 * the others keep their nodes, and only what changed is patched.
 * @param {QueueCard[][]} queue
 * @returns {string[]}
 */
export function stackKeys(queue) {
  if (queue === keyedQueue) return queueKeys;
  /** @type {(string | null)[]} */
  const keys = queue.map(() => null);
  for (const [i, j] of alignStacks(keyedQueue, queue)) keys[j] = queueKeys[i];
  keyedQueue = queue;
  queueKeys = keys.map((k) => k ?? `stack-${nextKey++}`);
  return queueKeys;
}
