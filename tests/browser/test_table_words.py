"""Words of the table: plural forms, shared wins, German tokens, a steal target's name (no engine needed)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

WORDS_JS = """async (lang) => {
  const i18n = await import('./web/i18n/index.js');
  await i18n.setLang(lang);
  const { endDialog } = await import('./web/ui/oriflamme/index.js');
  const { patch } = await import('./web/ui/dom.js');
  const winner = (viewer) => {
    const div = document.createElement('div');
    const u = { ranking: [['red', 'green'], ['blue']], scores: { red: 9, green: 9, blue: 4 }, view: {} };
    patch(div, [endDialog(u, { viewer, title: 'x', scoreLabel: 'p', tieNote: () => '' })]);
    return div.querySelector('.winner').textContent;
  };
  return {
    tokens: [0, 1, 2, 5].map((n) => i18n.t('tokens', { n })),
    added: i18n.t('ev.token_added', { pos: 2, n: 1 }),
    points: [1, 3].map((n) => i18n.t('pointsWords', { n })),
    others: winner('blue'), shared: winner('red'),
  };
}"""

STEAL_JS = """async () => {
  await (await import('./web/i18n/index.js')).setLang('en');
  const { table, parseLegal } = await import('./web/ui/oriflamme/index.js');
  const { patch } = await import('./web/ui/dom.js');
  const seats = ['red', 'blue', 'green'];
  const view = { game: 'oriflamme', viewer: 'red', edition: 'retail', seats, round: 2, rounds: 6,
    first: 'blue', direction: 'ltr', to_act: 'red', cursor: 1, scores: { red: 2, blue: 1, green: 5 },
    hand: [], aside: [],
    hand_sizes: { red: 5, blue: 5, green: 5 }, aside_sizes: { red: 3, blue: 3, green: 3 },
    discard: { red: [], blue: [], green: [] }, is_over: false,
    queue: [[{ card: 'spy', owner: 'red', face_up: true, tokens: 0 }]],
    decision: { kind: 'steal', player: 'red', ability: 'spy', position: 1 } };
  const legal = ['steal blue', 'steal green'];
  const div = document.createElement('div');
  patch(div, [table(view, parseLegal(legal), { handIdx: null, moveSrc: null, chooseA: null },
    { viewer: 'red', seats: [], legal, lastText: '', tokens: true })]);
  return Array.from(div.querySelectorAll('[data-action^="steal"]'), (b) => b.getAttribute('aria-label'));
}"""

EXPECTED = {
    "en": (
        ["0 tokens", "1 token", "2 tokens", "5 tokens"],
        "1 token.",
        ["1 point", "3 points"],
        "Red and Green win.",
        "You share the win with Green!",
    ),
    "fr": (
        ["0 jeton", "1 jeton", "2 jetons", "5 jetons"],
        "1 jeton.",
        ["1 point", "3 points"],
        "Rouge et Vert gagnent.",
        "Vous partagez la victoire avec Vert\u00a0!",  # no break before "!"
    ),
    "de": (
        ["0 Münzen", "1 Münze", "2 Münzen", "5 Münzen"],
        "1 Münze.",
        ["1 Punkt", "3 Punkte"],
        "Rot und Grün gewinnen.",
        "Du teilst dir den Sieg mit Grün!",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_plural_forms_and_shared_wins(strict_page: Any, site_url: str, lang: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?lang={lang}")
    page.wait_for_selector('[data-testid="setup"]')
    got = page.evaluate(WORDS_JS, lang)
    tokens, added, points, others, shared = EXPECTED[lang]
    assert got["tokens"] == tokens
    assert got["added"].endswith(added)
    assert got["points"] == points
    assert got["others"] == others
    assert got["shared"] == shared


def test_german_tokens_are_never_points(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?lang=de")
    page.wait_for_selector('[data-testid="setup"]')
    texts = page.evaluate("""async () => {
      const de = (await import('./web/i18n/de.js')).default;
      // a counted text is an object of plural forms: every form is checked
      return [de.t.stayToken, de.t.tokens, de.t['ev.token_added'], de.t['why.tokens'],
        de.abilities.retail.decree, de.abilities.retail.ambush, ...de.rules.common]
        .flatMap((x) => (typeof x === 'string' ? [x] : Object.values(x)));
    }""")
    for text in texts:
        assert "Einflusspunkt" not in text and "Punkt(e)" not in text, text
    assert "Münze" in texts[0]


def test_a_steal_target_is_named_by_the_choice(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('[data-testid="setup"]')
    assert page.evaluate(STEAL_JS) == ["Take 1: Blue, 1 point", "Take 1: Green, 5 points"]



# The focused offered choice's outline, and the colour offered choices are drawn in (--focus, resolved).
FOCUS_JS = """() => {
  const el = document.activeElement;
  if (!el || !el.matches('[data-testid=queue] [data-action]')) return null;
  const probe = document.createElement('span');
  probe.style.color = 'var(--focus)';
  document.body.appendChild(probe);
  const choice = getComputedStyle(probe).color;
  probe.remove();
  const s = getComputedStyle(el);
  return { style: s.outlineStyle, ring: s.outlineColor, choice };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_is_not_the_colour_of_a_choice(strict_page: Any, site_url: str, scheme: str) -> None:
    """A keyboard player must tell the place they are on from the places they may choose."""
    page = strict_page
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_url}?edition=retail&players=3&seed=42&bots=normal&lang=en&speed=0")
    page.wait_for_selector('#app[data-busy="0"] [data-select-card]', timeout=60_000)
    page.locator("[data-select-card]").first.focus()
    page.keyboard.press("Enter")  # a hand card: its places in the queue are offered
    page.wait_for_selector("[data-testid=queue] [data-action]")
    got = None
    for _ in range(40):
        page.keyboard.press("Tab")
        got = page.evaluate(FOCUS_JS)
        if got:
            break
    assert got is not None, "Tab never reached an offered place in the queue"
    assert got["style"] == "solid"
    assert got["ring"] != got["choice"], got
