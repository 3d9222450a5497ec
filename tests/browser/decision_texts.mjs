// Every decision sentence of each game in each language (Oriflamme's dec.* keys, Château, Village & Port's
// lieux:dec.*), filled with every name the table can put in it (cards, players, places; an Alchemist's
// copied effect), as JSON: tests/browser/test_decision_texts_fit.py lays them out.
const out = [];
/** @type {Record<string, number>} the card of each effect a player chooses for (Château, Village & Port) */
const EFFECTS = { guard: 12, thief: 11, alchemist: 10, courtesan: 9, strategist: 8, warrior: 5, bard: 4 };
/** @type {(tpl: string, values: Record<string, string[]>) => string[]} every filling of tpl's placeholders */
const fillings = (tpl, values) => {
  let texts = [tpl];
  for (const [name, options] of Object.entries(values)) {
    if (!tpl.includes(`{${name}}`)) continue;
    texts = texts.flatMap((s) => options.map((o) => s.replaceAll(`{${name}}`, o)));
  }
  return [...new Set(texts)];
};
for (const lang of ["en", "fr", "de"]) {
  const load = async (/** @type {string} */ file) => (await import(new URL(`../../web/i18n/${file}.js`, import.meta.url).href)).default;
  const L = await load(lang);
  const players = Object.values(L.colours).flatMap((c) => [c, `${c} (${L.t.youShort})`]);
  const cards = [...new Set(Object.values(L.cards).flatMap((c) => Object.values(c)))];
  for (const [key, tpl] of Object.entries(L.t)) {
    if (key.startsWith("dec.") && typeof tpl === "string")
      out.push({ game: "oriflamme", lang, key, mine: key.startsWith("dec.you."),
        texts: fillings(tpl, { card: cards, ability: cards, player: players, pos: ["10"] }) });
  }
  const P = await load(`lieux-${lang}`);
  const chars = Object.values(P.chars);
  for (const [key, tpl] of Object.entries(P.t)) {
    if (!key.startsWith("dec.") || typeof tpl !== "string") continue;
    // an effect's prompt names its card, or the Alchemist (10) copying it (never another Alchemist)
    const value = EFFECTS[key.split(".")[2]];
    const source = value ? [P.chars[value]] : [];
    if (value && value !== 10) source.push(P.t.copiedAs.replaceAll("{card}", P.chars[10]).replaceAll("{ability}", P.chars[value]));
    out.push({ game: "lieux", lang, key, mine: key.startsWith("dec.you."),
      texts: fillings(tpl, { source, card: chars, ability: chars, player: players, value: ["15"],
        place: Object.values(P.places) }) });
  }
}
process.stdout.write(JSON.stringify(out));
