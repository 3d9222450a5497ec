// web/ui/setup.js: the URL's parameters and the setup form become engine settings. Ranges and colours
// come from the engine's catalogue (a small one is given here); a seed the engine would round is
// refused (D45); you always sit first, in your colour.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadCatalogue } from "../../web/ui/catalogue.js";
import { defaultSetup, fromParams, settingsOf, seedOk, setGameControl, withSettings, checkedSetup, linkProblemText, MAX_SEED } from "../../web/ui/setup.js";

const FIVE = ["red", "blue", "green", "yellow", "black"];
const CATALOGUE = {
  games: [
    { id: "oriflamme", title: "Oriflamme", variant_setting: "edition", options: {},
      levels: ["random", "easy", "normal", "hard", "expert"],
      variants: [{ id: "retail", players: [3, 5], colours: FIVE }, { id: "prototype", players: [2, 4], colours: ["red", "green", "black", "blue"] }] },
    { id: "lieux", title: "Château, Village & Port", variant_setting: "set", options: { hidden_gold: false },
      levels: ["random", "easy", "normal", "hard", "expert"],
      variants: ["A", "B", "C"].map((id) => ({ id, players: [3, 5], colours: FIVE })) },
  ],
};
await loadCatalogue(async () => /** @type {any} */ ({ catalogue: async () => CATALOGUE }));

const parse = (/** @type {string} */ query) => fromParams(new URLSearchParams(query), defaultSetup("en"));

test("no parameters: the form, no game", () => {
  const { setup, start } = parse("");
  assert.equal(start, false);
  assert.deepEqual(setup, defaultSetup("en"));
});

test("an edition, players and bots in the URL start that game", () => {
  const { setup, start } = parse("?edition=prototype&players=2&bots=hard&seed=42&colour=black&speed=0");
  assert.equal(start, true);
  const settings = settingsOf(setup);
  assert.deepEqual(settings, { game: "oriflamme", edition: "prototype", players: 2, seed: 42,
    seats: [{ kind: "human" }, { kind: "bot", level: "hard" }], colours: ["black", "red"] });
});

test("players out of the edition's range, or a colour it lacks: the form, nearest values, no game (D222)", () => {
  for (const [query, players] of [["?edition=retail&players=9", 5], ["?edition=prototype&players=1", 2],
    ["?edition=retail&players=3.5", 3], ["?edition=retail&players=1e1", 3]]) {
    const { setup, start, problems } = parse(/** @type {string} */ (query));
    assert.equal(setup.players, players, /** @type {string} */ (query));
    assert.equal(start, false, /** @type {string} */ (query));
    assert.deepEqual(problems.map((p) => p.key), ["link.players"], /** @type {string} */ (query));
  }
  const yellow = parse("?edition=prototype&colour=yellow");  // not a prototype colour
  assert.equal(yellow.setup.colour, "red");
  assert.deepEqual([yellow.start, yellow.problems.map((p) => p.key)], [false, ["link.colour"]]);
  assert.equal(parse("?colour=green").setup.colour, "green");
  assert.equal(parse("?edition=retail&players=4").start, true);
});

test("unknown or hostile values are never used, and each is named", () => {
  for (const [query, key] of [["?edition=__proto__", "link.variant"], ["?edition=constructor", "link.variant"],
    ["?game=__proto__", "link.game"], ["?bots=root,__proto__", "link.bots"], ["?players=abc", "link.players"],
    ["?speed=fast", null], ["?colour=toString", "link.colour"]]) {
    const { setup, start, problems } = parse(/** @type {string} */ (query));
    assert.equal(setup.edition, "retail", /** @type {string} */ (query));
    assert.equal(setup.game, "oriflamme", /** @type {string} */ (query));
    assert.deepEqual(setup.levels, ["normal", "normal", "normal", "normal"], /** @type {string} */ (query));
    assert.equal(setup.speed, "1", /** @type {string} */ (query));
    assert.equal(setup.colour, "red", /** @type {string} */ (query));
    assert.equal(start, false, /** @type {string} */ (query));
    assert.deepEqual(problems.map((p) => p.key), key ? [key] : [], /** @type {string} */ (query));
  }
});

test("a link that gets several things wrong says each in one sentence, the values as typed, in every language", async () => {
  // setLang marks the document's language: a stand-in document for node.
  globalThis.document = globalThis.document || /** @type {any} */ ({ documentElement: { dataset: {}, lang: "en" } });
  const { setLang } = await import("../../web/i18n/index.js");
  const { problems, start, setup } = parse("?edition=retial&players=99&bots=genius,hard&colour=pink&seed=7");
  assert.equal(start, false);
  assert.equal(setup.seed, "7");  // what the link got right is kept in the form
  assert.deepEqual(problems.map((p) => p.key), ["link.variant", "link.players", "link.bots", "link.colour"]);
  for (const code of ["en", "fr", "de"]) {
    await setLang(code);
    const text = linkProblemText(problems);
    for (const value of ["retial", "99", "genius", "pink"]) assert.ok(text.includes(value), `${code}: ${value} in ${text}`);
    assert.doesNotMatch(text, /\{\w+\}|link\./, code);  // every placeholder filled, no bare key
  }
  await setLang("en");
  assert.equal(linkProblemText([]), "");
  const long = parse(`?edition=${"x".repeat(500)}`).problems[0].vars.value;
  assert.equal(String(long).length, 40);  // a hostile link cannot fill the screen
});

test("a seed the engine cannot take is kept in the form, flagged there, and deals nothing", () => {
  for (const seed of ["-3", "abc", "1.5"]) {
    const { setup, start } = parse(`?edition=retail&seed=${seed}`);
    assert.equal(setup.seed, seed);
    assert.equal(start, false);
    assert.equal(seedOk(setup.seed), false);
  }
  assert.equal(parse("?edition=retail&seed=").start, true);  // an empty seed: a random deal
});

test("a seed past 2^53 − 1 opens the form instead of dealing another game (D45)", () => {
  assert.equal(seedOk(String(MAX_SEED)), true);
  assert.equal(seedOk((BigInt(MAX_SEED) + 1n).toString()), false);
  assert.equal(seedOk(""), true);
  assert.equal(seedOk("-1"), false);
  const { setup, start } = parse(`?edition=retail&seed=${BigInt(MAX_SEED) + 1n}`);
  assert.equal(start, false);
  assert.equal(settingsOf(setup).seed, null);
  assert.equal(parse(`?edition=retail&seed=${MAX_SEED}`).start, true);
});

test("a bot list with a stray comma or spaces is read as the levels it names", () => {
  const { setup, start, problems } = parse("?edition=retail&players=3&bots=hard,%20easy,");
  assert.deepEqual([start, problems], [true, []]);
  assert.deepEqual(settingsOf(setup).seats?.slice(1), [{ kind: "bot", level: "hard" }, { kind: "bot", level: "easy" }]);
});

test("a bot list shorter than the table repeats its last level; 'human' seats are hot-seat", () => {
  const { setup } = parse("?edition=retail&players=5&bots=easy,human");
  assert.deepEqual(settingsOf(setup).seats, [
    { kind: "human" }, { kind: "bot", level: "easy" }, { kind: "human" }, { kind: "human" }, { kind: "human" }]);
});

test("a bot list longer than the table: with no player count it seats one player a level; a count asked wins", async () => {
  const seated = parse("?edition=retail&bots=hard,expert,easy");
  assert.deepEqual([seated.start, seated.problems], [true, []]);
  assert.deepEqual(settingsOf(seated.setup).seats?.slice(1).map((x) => x.level), ["hard", "expert", "easy"]);
  const counted = parse("?edition=retail&players=3&bots=hard,expert,easy");  // a link shared by several tables
  assert.deepEqual([counted.start, counted.problems], [true, []]);
  assert.deepEqual(settingsOf(counted.setup).seats?.slice(1).map((x) => x.level), ["hard", "expert"]);
  for (const [query, seats] of [["?edition=retail&bots=hard,hard,hard,hard,hard", 4], ["?edition=prototype&bots=hard,easy,hard,easy", 3]]) {
    const { start, problems } = parse(/** @type {string} */ (query));
    assert.equal(start, false, /** @type {string} */ (query));
    assert.deepEqual(problems.map((p) => [p.key, p.vars.value, p.vars.seats]),
      [["link.bots_count", String(String(query).split("bots=")[1].split(",").length), seats]], /** @type {string} */ (query));
  }
  const { setLang } = await import("../../web/i18n/index.js");
  const { problems } = parse("?edition=prototype&bots=hard,easy,hard,easy");
  for (const code of ["en", "fr", "de"]) {
    await setLang(code);
    const text = linkProblemText(problems);
    assert.match(text, /4\D+3/, `${code}: ${text}`);  // the levels listed, then the most bot seats there are
    assert.doesNotMatch(text, /\{\w+\}|link\./, code);
  }
  await setLang("en");
});

test("Château, Village & Port: its set and hidden gold, the same seats and seed", () => {
  const { setup, start } = parse("?game=lieux&set=b&hidden_gold=1&players=4&seed=7&bots=normal");
  assert.equal(start, true);
  assert.deepEqual(settingsOf(setup), { game: "lieux", players: 4, seed: 7,
    seats: [{ kind: "human" }, { kind: "bot", level: "normal" }, { kind: "bot", level: "normal" }, { kind: "bot", level: "normal" }],
    colours: ["red", "blue", "green", "yellow"], set: "B", hidden_gold: true });
  const z = parse("?game=lieux&set=Z");
  assert.deepEqual([z.setup.set, z.start, z.problems.map((p) => p.key)], ["A", false, ["link.variant"]]);
});

test("the form's own controls: a variant the catalogue lists, an option's checkbox, nothing else", () => {
  const s = parse("?game=lieux").setup;
  const el = (/** @type {string} */ value, checked = false) => /** @type {any} */ ({ value, checked });
  assert.equal(setGameControl(s, "set", el("C")), true);
  assert.equal(s.set, "C");
  assert.equal(setGameControl(s, "set", el("__proto__")), true);
  assert.equal(s.set, "C");  // not a set of the catalogue: unchanged
  assert.equal(setGameControl(s, "hidden_gold", el("on", true)), true);
  assert.deepEqual(s.options.lieux, { hidden_gold: true });
  assert.equal(setGameControl(s, "players", el("4")), false);  // not the game's own: the form's
});

test("a resumed game's settings bring back its game and variant, and nothing unknown", () => {
  const base = defaultSetup("en");
  assert.equal(withSettings(base, { game: "oriflamme", edition: "prototype" }).edition, "prototype");
  assert.equal(withSettings(base, { game: "lieux", set: "B" }).set, "B");
  assert.equal(withSettings(base, { game: "lieux", set: "B" }).game, "lieux");
  assert.equal(withSettings(base, { game: "chess" }), base);
  assert.equal(withSettings(base, undefined), base);
});

test("remembered choices are kept only where the catalogue still offers them", () => {
  const base = defaultSetup("en");
  const kept = checkedSetup({ ...base, game: "lieux", set: "C", players: 4, colour: "green", speed: "0.5",
    levels: ["hard", "human", "easy", "normal"], options: { lieux: { hidden_gold: true } } }, base);
  assert.deepEqual([kept.game, kept.set, kept.players, kept.colour, kept.speed], ["lieux", "C", 4, "green", "0.5"]);
  assert.deepEqual(kept.levels, ["hard", "human", "easy", "normal"]);
  assert.deepEqual(kept.options.lieux, { hidden_gold: true });
  const stale = checkedSetup(/** @type {any} */ ({ ...base, game: "chess", edition: "deluxe", players: 9, colour: "pink",
    speed: "fast", levels: ["godlike"], options: { lieux: { hidden_gold: "yes" } } }), base);
  assert.deepEqual([stale.game, stale.edition, stale.players, stale.colour, stale.speed], ["oriflamme", "retail", 5, "red", "1"]);
  assert.deepEqual(stale.levels, base.levels);
  assert.deepEqual(stale.options, base.options);
});
