"""No label of the table is cut at 360 px, in English, French and German, for every edition's cards.

The table module draws a made-up position holding every card of the edition face up in the queue
and in the hand, with the placement slots and "on top" labels offered, at 360 px; every label's
content must fit its box (scrollWidth/scrollHeight against clientWidth/clientHeight).
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

RETAIL = ["archer", "soldier", "spy", "heir", "assassination"]
RETAIL += ["decree", "lord", "shapeshifter", "ambush", "conspiracy"]
PROTOTYPE = ["archer", "assassin", "soldier", "spy", "heir"]
PROTOTYPE += ["mercenaries", "queen", "lord", "shapeshifter", "ambush"]

CUT_JS = """async ([lang, edition, cards]) => {
  const { setLang } = await import('./web/i18n/index.js');
  await setLang(lang);
  const { table, parseLegal } = await import('./web/ui/oriflamme/index.js');
  const { patch } = await import('./web/ui/dom.js');
  const seats = ['red', 'blue', 'green', 'yellow'];
  const queue = cards.map((card, i) => [{ card, owner: seats[i % 4], face_up: true, tokens: i % 3 }]);
  const first = cards[0];
  const legal = [`place ${first} first`, `place ${first} last`];
  queue.forEach((s, i) => { if (s[0].owner === 'red') legal.push(`place ${first} on ${i + 1}`); });
  const view = {
    game: 'oriflamme', viewer: 'red', edition, seats, round: 3, rounds: 6, first: 'blue', direction: 'ltr',
    to_act: 'red', cursor: null, scores: { red: 12, blue: 3, green: 10, yellow: 0 },
    hand: cards, aside: cards.slice(0, 3), hand_sizes: { red: 10, blue: 4, green: 4, yellow: 4 },
    aside_sizes: { red: 3, blue: 3, green: 3, yellow: 3 },
    discard: { red: cards.slice(0, 9), blue: [], green: cards.slice(3, 5), yellow: [] },
    queue, decision: { kind: 'place', player: 'red', ability: null, position: null }, is_over: false,
  };
  const seat = (c) => ({ colour: c, kind: c === 'red' ? 'human' : 'bot', level: 'expert' });
  const meta = { viewer: 'red', seats: seats.map(seat), legal, lastText: '', tokens: true };
  const div = document.createElement('div');
  div.className = 'game';
  document.getElementById('app').replaceChildren(div);
  patch(div, [table(view, parseLegal(legal), { handIdx: 0, moveSrc: null, chooseA: null }, meta)]);
  const cut = [];
  const sel = ['.card-name', '.act-label', '.slot', '.slot-label', '.pname', '.kind', '.counts', '.tb-btn',
    '.btn', '.section-title', '.round', '.chip'].join(', ');
  for (const el of div.querySelectorAll(sel)) {
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      cut.push(`${el.className}: ${el.textContent}`);
    }
  }
  return cut;
}"""


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_no_label_cut_at_360px(strict_page: Any, site_url: str, lang: str) -> None:
    page = strict_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}?lang={lang}")
    page.wait_for_selector('[data-testid="setup"]')
    for edition, cards in (("retail", RETAIL), ("pegasus", RETAIL), ("prototype", PROTOTYPE)):
        assert page.evaluate(CUT_JS, [lang, edition, cards]) == [], (lang, edition)
