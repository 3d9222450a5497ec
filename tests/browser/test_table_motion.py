"""Motion follows what the engine showed: placed cards travel, reveals flip, removed cards fly away.

Every Web Animation the page starts is recorded (Element.prototype.animate wrapped before the page
loads). At normal speed a few decisions of a real game must have moved cards with transforms; with
prefers-reduced-motion the same game only fades (opacity, never a transform); at speed 0 nothing moves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytestmark = pytest.mark.browser

ACTIONS = '#app[data-busy="0"] [data-action]'
HAND = '#app[data-busy="0"] [data-select-card]'
FINAL = '[data-testid="final-scores"]'
RECORD_JS = """
window.__motion = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, opts) {
  window.__motion.push({ cls: String(this.className || ''), frames: JSON.stringify(frames) });
  return animate.call(this, frames, opts);
};
"""


def play(page: Any, seed: int, decisions: int) -> list[dict[str, str]]:
    rng = random.Random(seed)
    for _ in range(decisions):
        page.wait_for_selector(f"{ACTIONS}, {FINAL}", timeout=60_000)
        if page.locator(FINAL).count():
            break
        hand = page.locator(HAND)
        if hand.count() > 1:
            hand.nth(rng.randrange(hand.count())).click()
        actions = page.locator(ACTIONS)
        actions.nth(rng.randrange(actions.count())).click()
    page.wait_for_selector(f"{ACTIONS}, {FINAL}", timeout=60_000)
    motion: list[dict[str, str]] = page.evaluate("window.__motion")
    return [m for m in motion if "card" in m["cls"].split()]


def test_cards_move_at_normal_speed(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.add_init_script(RECORD_JS)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}?edition=retail&players=3&seed=301&bots=easy&lang=en&speed=0.5&test=1")
    motion = play(page, 301, 5)
    travelled = [m for m in motion if "translate" in m["frames"] and "scale(0.4)" in m["frames"]]
    assert travelled, "no card travelled from its owner's badge"
    assert any("rotateY" in m["frames"] for m in motion), "no reveal flipped"
    # A queue card moves from where it was; it does not also fade in as a new element would (CSS appear).
    names = page.evaluate("""() => Array.from(document.querySelectorAll('[data-testid=queue] .stack .card'),
      (c) => getComputedStyle(c).animationName)""")
    assert names and "appear" not in names, names


def test_reduced_motion_only_fades(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORD_JS)
    page.goto(f"{site_url}?edition=retail&players=3&seed=301&bots=easy&lang=en&speed=0.5&test=1")
    motion = play(page, 301, 5)
    assert motion, "nothing faded in"
    assert all("transform" not in m["frames"] for m in motion), motion


def test_instant_speed_moves_nothing(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.add_init_script(RECORD_JS)
    page.goto(f"{site_url}?edition=retail&players=3&seed=301&bots=easy&lang=en&speed=0&test=1")
    assert play(page, 301, 5) == []


# Two drawn tables (`before` offering `legal`, then `after`) and the motion between them: what flies to a
# discard (ghosts) and how each card of the second table moves (its keyframes).
TWO_TABLES_JS = """async ({ before, decision, legal, after, scores }) => {
  await (await import('./web/i18n/index.js')).setLang('en');
  const { table, parseLegal, measure, animate } = await import('./web/ui/oriflamme/index.js');
  const { patch } = await import('./web/ui/dom.js');
  const root = document.createElement('div');
  document.body.appendChild(root);
  const seats = ['red', 'blue', 'green'];
  const each = (n) => ({ red: n, blue: n, green: n });
  const view = (queue, decision) => ({ game: 'oriflamme', viewer: 'red', edition: 'retail', seats, round: 2,
    rounds: 6, first: 'blue', direction: 'ltr', to_act: 'red', cursor: 1, scores: each(2), hand: [],
    aside: [], hand_sizes: each(5), aside_sizes: each(3), discard: { red: [], blue: [], green: [] },
    is_over: false, queue: queue.map((c) => [c]), decision });
  const none = { handIdx: null, moveSrc: null, chooseA: null };
  const draw = (v, legal) => patch(root, [table(v, parseLegal(legal), none,
    { viewer: 'red', seats: [], legal, lastText: '', tokens: true, announce: '' })]);
  const v1 = view(before, decision);
  draw(v1, legal);
  const measured = measure(root, v1);
  const v2 = { ...view(after, null), scores: scores || each(2) };
  draw(v2, []);
  animate(root, measured, v2, { speed: 1 });
  const ghosts = Array.from(document.querySelectorAll('body > .ghost'));
  const cards = Array.from(root.querySelectorAll('[data-testid=queue] .stack .card'));
  return {
    ghosts: ghosts.map((g) => ({ cls: g.className, text: g.textContent, action: g.hasAttribute('data-action'),
      moving: g.getAnimations().length })),
    cards: cards.map((c) => ({ cls: c.className,
      frames: c.getAnimations().map((a) => JSON.stringify(a.effect.getKeyframes())).join(' ') })),
    scores: Object.fromEntries(seats.map((c) => [c,
      root.querySelector(`[data-testid=score-${c}]`).getAnimations()
        .map((a) => JSON.stringify(a.effect.getKeyframes())).join(' ')])),
  };
}"""
SOLDIER = {"card": "soldier", "owner": "red", "face_up": True, "tokens": 0}


def hidden(owner: str) -> dict[str, Any]:
    return {"card": None, "owner": owner, "face_up": False, "tokens": 1}


def test_a_removed_card_flies_away_as_a_card_not_as_a_choice(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('[data-testid="setup"]')
    ghosts = page.evaluate(TWO_TABLES_JS, {
        "before": [SOLDIER, hidden("blue"), hidden("green")], "legal": ["eliminate 2"],
        "decision": {"kind": "eliminate", "player": "red", "ability": "soldier", "position": 1},
        "after": [SOLDIER, hidden("green")]})["ghosts"]
    assert len(ghosts) == 1 and ghosts[0]["moving"] == 1, ghosts
    ghost = ghosts[0]
    assert "c-blue" in ghost["cls"].split() and not ghost["action"]
    assert "target" not in ghost["cls"].split() and "Remove" not in ghost["text"], ghost


def test_a_decree_slides_the_moved_card_instead_of_discarding_it(strict_page: Any, site_url: str) -> None:
    # Red's Decree moves green's face-down card from position 2 to the end, then goes to red's discard.
    page = strict_page
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('[data-testid="setup"]')
    decree = {"card": "decree", "owner": "red", "face_up": True, "tokens": 0}
    drawn = page.evaluate(TWO_TABLES_JS, {
        "before": [decree, hidden("green"), hidden("blue")], "legal": ["move 2 to 4", "move 3 to 1"],
        "decision": {"kind": "move", "player": "red", "ability": "decree", "position": 1},
        "after": [hidden("blue"), hidden("green")]})
    assert [g["cls"].split().count("c-red") for g in drawn["ghosts"]] == [1], drawn["ghosts"]
    green = next(c for c in drawn["cards"] if "c-green" in c["cls"].split())
    assert "translate" in green["frames"] and "scale(0.4)" not in green["frames"], green


def test_a_changed_score_pops_and_the_others_do_not(strict_page: Any, site_url: str) -> None:
    # Red's Soldier leaves, blue's card is revealed and blue scores two points.
    page = strict_page
    page.goto(f"{site_url}?lang=en")
    page.wait_for_selector('[data-testid="setup"]')
    drawn = page.evaluate(TWO_TABLES_JS, {
        "before": [SOLDIER, hidden("blue")], "legal": [], "decision": None,
        "after": [{**hidden("blue"), "face_up": True, "card": "lord"}],
        "scores": {"red": 2, "blue": 4, "green": 2}})
    assert "scale(1.7)" in drawn["scores"]["blue"], drawn["scores"]
    assert drawn["scores"]["red"] == drawn["scores"]["green"] == "", drawn["scores"]
