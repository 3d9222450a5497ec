// web/ui/oriflamme/actions.js: the engine's legal action strings sorted by what they point at. Every string given
// comes out exactly once, on the element it concerns; nothing is invented.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseLegal, settleSelection } from "../../web/ui/oriflamme/actions.js";

const LEGAL = [
  "place archer first", "place archer last", "place soldier on 2", "reveal", "stay", "eliminate 3",
  "copy 1", "steal red", "move 2 to 0", "move 2 onto 4", "move 5 to 1", "choose 1 3", "choose 1 4",
  "choose 2 3", "pass",
];

/**
 * Every action string the parse holds, wherever it put it.
 * @param {import("../../web/ui/oriflamme/actions.js").Legal} P
 */
function allActions(P) {
  /** @type {string[]} */
  const out = [];
  for (const list of P.place.values()) out.push(...list.map((p) => p.action));
  if (P.reveal) out.push(P.reveal);
  if (P.stay) out.push(P.stay);
  for (const m of [P.eliminate, P.copy, P.steal]) out.push(...m.values());
  for (const list of P.move.values()) out.push(...list.map((m) => m.action));
  for (const m of P.choose.values()) out.push(...m.values());
  out.push(...P.other);
  return out;
}

test("each legal action lands exactly once", () => {
  const P = parseLegal(LEGAL);
  assert.deepEqual(allActions(P).sort(), [...LEGAL].sort());
});

test("placements are grouped by card, with where and position", () => {
  const P = parseLegal(LEGAL);
  assert.deepEqual(P.place.get("archer"), [
    { where: "first", action: "place archer first" }, { where: "last", action: "place archer last" }]);
  assert.deepEqual(P.place.get("soldier"), [{ where: "on", pos: 2, action: "place soldier on 2" }]);
});

test("targets are keyed by position or colour", () => {
  const P = parseLegal(LEGAL);
  assert.equal(P.eliminate.get(3), "eliminate 3");
  assert.equal(P.copy.get(1), "copy 1");
  assert.equal(P.steal.get("red"), "steal red");
  assert.deepEqual(P.move.get(2), [{ gap: 0, action: "move 2 to 0" }, { onto: 4, action: "move 2 onto 4" }]);
  assert.equal(P.choose.get(1)?.get(4), "choose 1 4");
  assert.equal(P.choose.get(2)?.get(3), "choose 2 3");
  assert.deepEqual(P.other, ["pass"]);
});

test("no legal actions, or none given, parse to nothing", () => {
  for (const legal of [[], null, undefined]) assert.deepEqual(allActions(parseLegal(legal)), []);
});

test("unknown or malformed strings are kept whole in `other`, never dropped", () => {
  const odd = ["place archer", "move 1 sideways 2", "fly 3"];
  assert.deepEqual(parseLegal(odd).other, odd);
});

test("the selection defaults to the first offered hand card, Decree source and first choice", () => {
  const P = parseLegal(LEGAL);
  const sel = settleSelection(P, ["spy", "soldier", "archer"], { handIdx: 0, moveSrc: 9, chooseA: null });
  assert.deepEqual(sel, { handIdx: 1, moveSrc: 2, chooseA: 1 });
});

test("a still-valid selection is kept, and the given one is not changed", () => {
  const P = parseLegal(LEGAL);
  const given = { handIdx: 2, moveSrc: 5, chooseA: 2 };
  const sel = settleSelection(P, ["spy", "soldier", "archer"], given);
  assert.deepEqual(sel, { handIdx: 2, moveSrc: 5, chooseA: 2 });
  assert.notEqual(sel, given);
});

test("nothing offered clears the selection", () => {
  const sel = settleSelection(parseLegal(["reveal"]), ["spy"], { handIdx: 0, moveSrc: 1, chooseA: 1 });
  assert.deepEqual(sel, { handIdx: null, moveSrc: null, chooseA: null });
});
