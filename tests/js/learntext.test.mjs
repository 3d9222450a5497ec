// web/ui/learntext.js: the sentences of hints and the review, built from the engine's ids and numbers, in
// every language — complete tables, a face-down card named as such, amounts with their game's unit.
import { test } from "node:test";
import assert from "node:assert/strict";

// learntext.js imports the page's preferences, which set the theme on the document at load; Château,
// Village & Port's adapter looks for its stylesheet (found: nothing added).
globalThis.document = /** @type {any} */ ({ documentElement: { dataset: {}, lang: "en" }, querySelector: () => ({}) });
const { TEXT, namer, hintSentence, moveText, loadNames } = await import("../../web/ui/learntext.js");
const { setLang } = await import("../../web/i18n/index.js");

const placeholders = (/** @type {string} */ text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

for (const code of ["fr", "de"]) {
  test(`learn texts: ${code} says everything English says, with the same placeholders`, () => {
    const en = /** @type {Record<string, string>} */ (TEXT.en);
    const mine = /** @type {Record<string, string>} */ (TEXT[/** @type {"fr" | "de"} */ (code)]);
    assert.deepEqual(Object.keys(mine).filter((k) => !(k in en)), []);
    assert.deepEqual(Object.keys(en).filter((k) => !(k in mine)), []);
    for (const [key, text] of Object.entries(en)) assert.deepEqual(placeholders(mine[key]), placeholders(text), key);
  });
}

// An Archer's hint at an opponent's face-down card: the engine names no card, so none may be invented.
const SHOT = {
  action: "eliminate 4",
  move: { kind: "eliminate", owner: "green", position: 4 },
  effects: [{ kind: "eliminate", victim: "green", player: "red" }],
  reason: 0,
  points: { red: 1 },
};

for (const code of ["en", "fr", "de"]) {
  test(`${code}: a face-down target is named as one, not as "your card" or "the a card"`, async () => {
    await setLang(code);
    const N = namer("oriflamme", "prototype", "red");
    const text = hintSentence(SHOT, N, "red");
    const words = /** @type {Record<string, string>} */ (TEXT[/** @type {"en" | "fr" | "de"} */ (code)]);
    assert.ok(!text.includes(words.yourCard) && !text.includes(words.aCard), text);
    assert.match(text, { en: /the face-down card of Green/, fr: /la carte face cachée de Vert/,
      de: /die verdeckte Karte von Grün/ }[code] ?? /$^/);
    assert.match(moveText({ kind: "move", owner: "blue", position: 2, to: 4 }, N), /\b4\b/);
  });
}

test("amounts carry their game's unit: points in Oriflamme, gold in Château, Village & Port", async () => {
  await setLang("en");
  const steal = { action: "x", move: { kind: "steal", victim: "blue" }, reason: 0, points: { red: 1 },
    effects: [{ kind: "steal", player: "red", victim: "blue", amount: 1 }] };
  assert.equal(hintSentence(steal, namer("oriflamme", "retail", "red"), "red"),
    "Take a point from Blue: it takes 1 point from Blue.");
  await loadNames("lieux");
  const gain = { action: "x", move: { kind: "put", value: 4, place: "port" }, reason: 0, points: { red: 3 },
    effects: [{ kind: "gain", player: "red", amount: 3 }] };
  assert.match(hintSentence(gain, namer("lieux", "A", "red"), "red"), /: you score 3 gold\.$/);
});

test("a key moment names who took or gained, even when another player's move set it off", async () => {
  const { momentText } = await import("../../web/ui/review.js");
  await setLang("en");
  await loadNames("lieux");
  const N = namer("lieux", "B", "red");
  // Green's card ends a turn; at the scoring the reward of Blue's card takes 1 gold from the leader, Green.
  const moment = { step: 40, round: 3, actor: "green", from_leader: true, decisive: false,
    effect: { kind: "steal", player: "blue", victim: "green", amount: 1 } };
  assert.equal(momentText(moment, N), "Round 3: Blue takes 1 gold from the leader, Green");
  const paid = { step: 50, round: 4, actor: "blue", effect: { kind: "gain", reason: "conspiracy", player: "green", amount: 6 } };
  assert.equal(momentText(paid, namer("oriflamme", "retail", "red")), "Round 4: the Conspiracy of Green pays 6 points");
});

test("a player who walks into their own Ambush is told so, not sprung on by themselves", async () => {
  const { momentText } = await import("../../web/ui/review.js");
  const N = namer("oriflamme", "retail", "red");
  for (const [code, own] of [["en", /Blue walks into their own Ambush/], ["fr", /Bleu tombe dans sa propre Embuscade/],
    ["de", /Blau läuft in den eigenen Hinterhalt/]]) {
    await setLang(/** @type {string} */ (code));
    const m = { step: 9, round: 6, actor: "blue", effect: { kind: "ambush", player: "blue", attacker: "blue" } };
    assert.match(momentText(m, N), /** @type {RegExp} */ (own));
  }
  await setLang("en");
});

test("a decisive moment says from where the winner leads, even when the step's gain is another player's", async () => {
  const { momentText } = await import("../../web/ui/review.js");
  const N = namer("oriflamme", "retail", "red");
  // Blue's gain is the step's biggest effect; Green, the winner, is ahead from that step to the end.
  const m = { step: 30, round: 5, actor: "blue", decisive: true, leader: "green",
    effect: { kind: "gain", player: "blue", amount: 3 } };
  for (const [code, end] of [["en", /^Round 5: Blue .* — from here on, Green leads to the end$/],
    ["fr", /^Manche 5\u00a0: Bleu .* — dès lors, Vert mène jusqu'à la fin$/], ["de", /^Runde 5: Blau .* — ab hier führt Grün bis zum Ende$/]]) {
    await setLang(/** @type {string} */ (code));
    assert.match(momentText(m, N), /** @type {RegExp} */ (end));
  }
  await setLang("en");
});

test("points a card scores are told with the card's name in the edition's words, in hints and key moments", async () => {
  const { momentText } = await import("../../web/ui/review.js");
  // The Heir is "Nachfahre" in German: the sentence must use the table's name, never a word of its own.
  const heir = { kind: "gain", reason: "heir", card: "heir", player: "red", amount: 2 };
  const hint = { action: "reveal", move: { kind: "reveal", card: "heir", position: 2 }, reason: 0, points: { red: 2 },
    effects: [heir] };
  const moment = { step: 12, round: 3, actor: "red", decisive: true, leader: "red", effect: heir };
  const cases = [
    { code: "en", said: /your Heir scores 2 points/, told: /^Round 3: the Heir of Red \(you\) scores 2 points — /, plays: / plays/ },
    { code: "fr", said: /votre Héritier marque 2 points/, told: /^Manche 3\u00a0: la carte Héritier de Rouge \(vous\) rapporte 2 points — /,
      plays: / joue/ },
    { code: "de", said: /deine Karte Nachfahre bringt 2 Punkte/, told: /^Runde 3: die Karte Nachfahre von Rot \(du\) bringt 2 Punkte — /,
      plays: / spielt/ },
  ];
  for (const { code, said, told, plays } of cases) {
    await setLang(code);
    const N = namer("oriflamme", "retail", "red");
    assert.match(hintSentence(hint, N, "red"), said);
    assert.match(momentText(moment, N), told);
    // Tokens cashed name no card, and say more than "Red plays".
    assert.doesNotMatch(momentText({ ...moment, effect: { kind: "gain", reason: "tokens", player: "red", amount: 2 } }, N), plays);
  }
  await setLang("en");
});

test("one's own card is named as one's own in a hint or a review, not as another player's", async () => {
  const cases = [
    { code: "en", mine: "Eliminate your Shapeshifter at position 3", theirs: "Eliminate the Shapeshifter of Blue at position 3" },
    { code: "fr", mine: "Éliminez votre Changeforme en position 3", theirs: "Éliminez la carte Changeforme de Bleu en position 3" },
    { code: "de", mine: "Schalte deine Karte Formwandlerin an Position 3 aus",
      theirs: "Schalte die Karte Formwandlerin von Blau an Position 3 aus" },
  ];
  for (const { code, mine, theirs } of cases) {
    await setLang(code);
    const N = namer("oriflamme", "retail", "red");
    assert.equal(moveText({ kind: "eliminate", owner: "red", card: "shapeshifter", position: 3 }, N), mine);
    assert.equal(moveText({ kind: "eliminate", owner: "blue", card: "shapeshifter", position: 3 }, N), theirs);
    assert.doesNotMatch(moveText({ kind: "move", owner: "red", card: "lord", position: 2, to: 4 }, N), /Red|Rouge|Rot/);
    // Speaking to nobody (a hot-seat review, a replay), a decision's own player is still "your".
    const nobody = { ...namer("oriflamme", "retail", null), me: "red" };
    assert.equal(moveText({ kind: "eliminate", owner: "red", card: "shapeshifter", position: 3 }, nobody), mine);
  }
  await setLang("en");
});

test("French results do not stand for the card with a feminine pronoun (a Soldat, a Décret royal are masculine)", async () => {
  await setLang("fr");
  const N = namer("oriflamme", "retail", "red");
  const stay = { action: "stay", move: { kind: "stay", card: "decree", position: 2 }, reason: 0, points: {},
    effects: [{ kind: "token", player: "red", tokens: 1 }] };
  const shot = { action: "eliminate 3", move: { kind: "eliminate", owner: "blue", card: "lord", position: 3 }, reason: 0,
    points: { red: 1 }, effects: [{ kind: "eliminate", player: "red", victim: "blue", card: "lord" }] };
  for (const hint of [stay, shot]) assert.doesNotMatch(hintSentence(hint, N, "red"), /\belle\b/);
  assert.equal(hintSentence(stay, N, "red"), "Laissez votre Décret royal face cachée\u00a0: un jeton s'y ajoute (1 dessus).");
  await setLang("en");
});
