"""What drawing an engine answer costs the page: elements kept, layouts done (counted, never timed).

Two tables are drawn with the page's own modules (table.js through dom.js's patch), the second being
the answer to a decision taken on the first. An answer keeps the elements of the cards it did not
change (a card put at the front of the queue, or played from the hand, re-creates no other), and it
makes the browser lay the page out once — for the motion's read of the new places — not also in the
middle of the patch (Chromium's LayoutCount, from the DevTools protocol's Performance metrics).
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

# Two views of the same table and a draw(view, legal) into a root inside #app; window.__t keeps them.
TABLES_JS = """async () => {
  const { screen } = await import('./web/ui/oriflamme/index.js');
  const { patch } = await import('./web/ui/dom.js');
  const root = document.createElement('div');
  document.getElementById('app').appendChild(root);
  const seats = ['red', 'blue', 'green'];
  const up = (card, owner) => ({ card, owner, face_up: true, tokens: 0 });
  const each = (n) => ({ red: n, blue: n, green: n });
  const view = (queue, hand, decision) => ({ game: 'oriflamme', viewer: 'red', edition: 'retail', seats,
    round: 2, rounds: 6, first: 'blue', direction: 'ltr', to_act: 'red', cursor: 1, scores: each(2), hand,
    aside: [], hand_sizes: each(hand.length), aside_sizes: each(3), discard: { red: [], blue: [], green: [] },
    is_over: false, queue, decision });
  const ui = { sel: { handIdx: null, moveSrc: null, chooseA: null }, endHidden: false, lastText: '' };
  const update = (v, legal) => ({ view: v, legal, events: [], viewer: 'red', seats: [], over: false });
  const ctx = { log: null, hint: null, withShare: (x) => x };
  const draw = (v, legal) => patch(root, screen(update(v, legal), ui, ctx));
  const queue = [[up('soldier', 'blue')], [up('archer', 'green')], [up('spy', 'blue')]];
  const hand = ['lord', 'heir', 'spy', 'lord'];
  window.__t = {
    root, draw,
    // red reveals (or not) the card at position 1: the decision's buttons are the choices
    first: view(queue, hand, { kind: 'reveal', player: 'red', position: 1 }),
    // the answer: red's heir is at the front of the queue, out of the hand; blue is to decide
    second: view([[up('heir', 'red')], ...queue], ['lord', 'spy', 'lord'],
      { kind: 'reveal', player: 'blue', position: 2 }),
  };
}"""

MARK_JS = """() => {
  const { root } = window.__t;
  // every queue card and hand card, named by what it shows (the queue's by the card and its owner)
  const copies = new Map();
  const copy = (card) => { copies.set(card, (copies.get(card) || 0) + 1); return copies.get(card); };
  const owner = (el) => el.className.match(/c-\\w+/)[0];
  const all = (sel) => Array.from(root.querySelectorAll(sel));
  const named = () => { copies.clear(); return new Map([
    ...all('.stack .card').map((el) => [`queue ${el.dataset.card} ${owner(el)}`, el]),
    ...all('.hand .card').map((el) => [`hand ${el.dataset.card} ${copy(el.dataset.card)}`, el]),
  ]); };
  window.__t.named = named;
  window.__t.before = named();
}"""


def tables(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('[data-testid="setup"]')
    # The tables are drawn inside #app (whose click handler takes the choices) once the engine is up:
    # the setup screen then stays as it is, and the page draws nothing over them.
    page.wait_for_selector('[data-testid="boot"]', state="detached", timeout=60_000)
    page.wait_for_timeout(400)
    page.evaluate(TABLES_JS)


def test_an_answer_keeps_the_elements_of_the_cards_it_did_not_change(strict_page: Any, site_url: str) -> None:
    page = strict_page
    tables(page, site_url)
    page.evaluate("() => window.__t.draw(window.__t.first, ['reveal', 'stay'])")
    page.evaluate(MARK_JS)
    page.evaluate("() => window.__t.draw(window.__t.second, [])")
    # the same card drawn by the same element, before and after
    kept = page.evaluate("""() => {
      const { before, named } = window.__t;
      const after = named();
      return Array.from(before.entries(), ([name, el]) => [name, after.get(name) === el]);
    }""")
    queue = {name: same for name, same in kept if name.startswith("queue")}
    assert queue == {
        "queue soldier c-blue": True,
        "queue archer c-green": True,
        "queue spy c-blue": True,
    }, kept
    # the heir left the hand: the lord before it, and the spy and lord after it, keep their elements
    hand = [same for name, same in kept if name.startswith("hand") and "heir" not in name]
    assert hand == [True, True, True], kept


def test_an_answer_to_a_click_lays_the_page_out_once(strict_page: Any, site_url: str) -> None:
    page = strict_page
    tables(page, site_url)
    page.evaluate("() => window.__t.draw(window.__t.first, ['reveal', 'stay'])")
    # The player clicks a choice with the pointer (which focuses a button in Chromium); #app's click
    # handler takes it (no game is in play, so nothing is sent to the engine).
    page.locator('[data-action="reveal"]').click()
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def layouts() -> int:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return int(next(m["value"] for m in metrics if m["name"] == "LayoutCount"))

    page.evaluate("() => document.body.offsetHeight")  # nothing left to lay out from the click
    before = layouts()
    # The answer drawn (the clicked choice is gone), then read once as the motion reads the new places.
    page.evaluate("""() => { window.__t.draw(window.__t.second, []);
      return window.__t.root.querySelector('.stack .card').getBoundingClientRect().top; }""")
    assert layouts() - before == 1
    assert page.evaluate("() => window.__t.root.isConnected")
