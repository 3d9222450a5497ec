// Sorts the engine's legal action strings (NOTATION.md) by what they point at, so the table can hang
// each whole action string on the element it concerns. No rule is decided here: only what `legal` says.

export function parseLegal(legal) {
  const P = {
    place: new Map(), // card → [{where: "first"|"last"|"on", pos, action}]
    reveal: null,
    stay: null,
    eliminate: new Map(), // position → action
    copy: new Map(),
    steal: new Map(), // colour → action
    move: new Map(), // source position → [{gap} | {onto}, action]
    choose: new Map(), // first position → Map(second position → action)
    other: [],
  };
  for (const action of legal || []) {
    const w = action.split(" ");
    const n = (i) => Number.parseInt(w[i], 10);
    if (w[0] === "place" && w.length >= 3) {
      const list = P.place.get(w[1]) || [];
      if (w[2] === "on") list.push({ where: "on", pos: n(3), action });
      else list.push({ where: w[2], action });
      P.place.set(w[1], list);
    } else if (action === "reveal") P.reveal = action;
    else if (action === "stay") P.stay = action;
    else if (w[0] === "eliminate") P.eliminate.set(n(1), action);
    else if (w[0] === "copy") P.copy.set(n(1), action);
    else if (w[0] === "steal") P.steal.set(w[1], action);
    else if (w[0] === "move" && (w[2] === "to" || w[2] === "onto")) {
      const list = P.move.get(n(1)) || [];
      list.push(w[2] === "to" ? { gap: n(3), action } : { onto: n(3), action });
      P.move.set(n(1), list);
    } else if (w[0] === "choose") {
      const m = P.choose.get(n(1)) || new Map();
      m.set(n(2), action);
      P.choose.set(n(1), m);
    } else P.other.push(action);
  }
  return P;
}

/**
 * Keep the two-step selections valid: a hand card, a Decree's source, an Assassin's first card.
 * Each defaults to the first offered, so the second step always carries whole action strings.
 */
export function settleSelection(P, hand, sel) {
  const out = { ...sel };
  const handOk = out.handIdx != null && hand[out.handIdx] != null && P.place.has(hand[out.handIdx]);
  if (!handOk) {
    out.handIdx = null;
    for (let i = 0; i < hand.length; i++) if (P.place.has(hand[i])) { out.handIdx = i; break; }
  }
  if (out.moveSrc == null || !P.move.has(out.moveSrc)) out.moveSrc = P.move.size ? P.move.keys().next().value : null;
  if (out.chooseA == null || !P.choose.has(out.chooseA)) out.chooseA = P.choose.size ? P.choose.keys().next().value : null;
  return out;
}
