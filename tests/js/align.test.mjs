// web/ui/oriflamme/align.js: which queue stack drawn before an update is which after it, from the two
// views only. Views here are written as the engine sends them (positions in queue order).
import { test } from "node:test";
import assert from "node:assert/strict";
import { alignStacks } from "../../web/ui/oriflamme/align.js";

/** @type {(owner: string, card?: string | null, up?: boolean) => import("../../web/ui/oriflamme/view").QueueCard[]} */
const stack = (owner, card = null, up = false) => [{ owner, card, face_up: up, tokens: 0 }];

test("a Decree's move pairs the moved card with itself, out of order", () => {
  // red's face-up Decree moves green's face-down card from position 2 to the end, then leaves
  const before = [stack("red", "decree", true), stack("green"), stack("blue")];
  const after = [stack("blue"), stack("green")];
  assert.deepEqual(alignStacks(before, after), [[2, 0], [1, 1]]);
});

test("the queue closing a gap keeps every other card and drops the one that left", () => {
  const before = [stack("red", "spy", true), stack("green"), stack("blue", "archer", true), stack("green")];
  const after = [stack("red", "spy", true), stack("blue", "archer", true), stack("green")];
  assert.deepEqual(alignStacks(before, after), [[0, 0], [2, 1], [3, 2]]);
});

test("a new card is paired with nothing, and a card turned face up is still itself", () => {
  const before = [stack("red"), stack("blue")];
  const after = [stack("red"), stack("blue", "soldier", true), stack("green")];
  assert.deepEqual(alignStacks(before, after), [[0, 0], [1, 1]]);
});

test("cards that look different are never paired", () => {
  const before = [stack("red", "lord", true), stack("blue")];
  const after = [stack("green"), stack("red", "heir", true)];
  assert.deepEqual(alignStacks(before, after), []);
});
