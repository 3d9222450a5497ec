// Every Oriflamme decision sentence (web/i18n's dec.* keys) in each language, filled with each card name and
// each player label the table can show, as JSON: tests/browser/test_decision_texts_fit.py lays them out.
const out = [];
for (const lang of ["en", "fr", "de"]) {
  const L = (await import(new URL(`../../web/i18n/${lang}.js`, import.meta.url).href)).default;
  const names = [...new Set(Object.values(L.cards).flatMap((c) => Object.values(c)))];
  const players = Object.values(L.colours).flatMap((c) => [c, `${c} (${L.t.youShort})`]);
  for (const [key, tpl] of Object.entries(L.t)) {
    if (!key.startsWith("dec.") || typeof tpl !== "string") continue;
    const texts = new Set();
    for (const card of /\{(card|ability)\}/.test(tpl) ? names : [""])
      for (const player of tpl.includes("{player}") ? players : [""])
        texts.add(tpl.replaceAll(/\{(\w+)\}/g, (_, /** @type {string} */ k) =>
          /** @type {Record<string, string>} */ ({ card, ability: card, player, pos: "10" })[k] ?? ""));
    out.push({ lang, key, mine: key.startsWith("dec.you."), texts: [...texts] });
  }
}
process.stdout.write(JSON.stringify(out));
