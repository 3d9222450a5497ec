"""Learning in the page: the guided first game, the hint's sentence, undo against bots, the post-game
review and the statistics on the device."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from session_helpers import ACTIONS, READY, click_one

from tabletop.bridge import saves

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 120_000
SHOTS = Path("/tmp/learn/shots")
WELCOME = {"en": "Welcome!", "fr": "Bienvenue\u00a0!", "de": "Willkommen!"}
DONE = {"en": "Play a real game", "fr": "Jouer une vraie partie", "de": "Eine echte Partie spielen"}


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _last(page: Any) -> Any:
    return page.evaluate("() => window.__oriflamme.received.at(-1)")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_new_visitor_completes_the_guided_game_by_following_its_prompts(strict_page: Any, site_url: str,
                                                                          lang: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?lang={lang}&speed=0&test=1")
    learn = page.locator('[data-testid="learn"]')
    learn.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    assert "learn-big" in (learn.get_attribute("class") or "")  # prominent for a first visit
    learn.click()
    note = page.locator('[data-testid="tutorial"] .tutorial-note').first
    note.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    assert note.inner_text().startswith(WELCOME[lang])
    shot = 0
    for _ in range(200):
        try:
            page.wait_for_selector(f'{ACTIONS}, [data-testid="learn-done"]', timeout=60_000)
        except Exception:
            _shot(page, f"tutorial-stuck-{lang}")
            print(_last(page))
            raise
        if page.locator('[data-testid="learn-done"]').count():
            break
        u = _last(page)
        prompt = page.locator('[data-testid="tutorial-do"]')
        assert prompt.is_visible() and prompt.inner_text()  # the move to make, in words
        assert len(u["legal"]) == 1  # only the taught move is offered
        if lang == "en":  # ... which teaches no rule (a Conspiracy kept hidden "cannot be revealed")
            assert "cannot be revealed" not in page.locator('[data-testid="decision"]').inner_text()
        target = page.locator(f'{ACTIONS}[data-action="{u["legal"][0]}"]')
        assert target.count() >= 1
        if shot < 2 and lang == "en":
            _shot(page, f"tutorial-{shot}")
            shot += 1
        target.first.click()
    else:
        raise AssertionError("the guided game did not end")
    done = page.locator('[data-testid="learn-done"]')
    assert done.inner_text() == DONE[lang]
    assert _last(page)["over"]
    if lang == "en":
        _shot(page, "tutorial-end")
    done.click()
    page.locator('[data-testid="learn"]').wait_for(state="visible")
    assert "learn-small" in (page.locator('[data-testid="learn"]').get_attribute("class") or "")
    stats = page.evaluate("() => localStorage.getItem('oriflamme.stats')")
    assert stats is None  # a guided game is not counted


def test_the_lieux_guided_game_hands_over_to_the_bots(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?lang=en&speed=0&test=1")
    page.locator('[data-setup="game"]').wait_for(state="visible", timeout=BOOT_TIMEOUT)
    page.select_option('[data-setup="game"]', "lieux")
    learn = page.locator('[data-testid="learn"][data-game="lieux"]')  # once the game's texts are in
    learn.wait_for(state="visible", timeout=30_000)
    learn.click()
    for _ in range(60):
        try:
            page.wait_for_selector(ACTIONS, timeout=BOOT_TIMEOUT)
        except Exception:
            _shot(page, "lieux-stuck")
            print(_last(page))
            raise
        u = _last(page)
        if len(u["legal"]) > 1:
            break
        page.locator('[data-testid="tutorial-do"]').wait_for(state="visible")
        page.locator(f'{ACTIONS}[data-action="{u["legal"][0]}"]').first.click()
    else:
        raise AssertionError("the script never ended")
    assert u["view"]["round"] == 2
    assert "round_end" in page.locator('[data-testid="tutorial"]').inner_html()


def _hidden_from(position: dict[str, Any], viewer: str) -> set[tuple[int, str]]:
    """(position, card) of every top card of another player that is face down in the true position."""
    out = set()
    for i, stack in enumerate(position["queue"]):
        top = stack[-1]
        if top["owner"] != viewer and not top["face_up"]:
            out.add((i + 1, top["card"]))
    return out


def test_the_hint_says_the_move_in_words_and_names_no_hidden_card(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=11&bots=easy&lang=de&speed=0&test=1")
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
        if page.locator('[data-testid="final-scores"]').count():
            break
        u = _last(page)
        if len(u["legal"]) > 1 and checked < 4:
            page.locator('[data-testid="decision"] [data-ui="hint"]').click()
            text = page.locator('[data-testid="hint-text"]')
            text.wait_for(state="visible", timeout=30_000)
            sentence = text.inner_text()
            hinted = page.locator(".hinted[data-action]").get_attribute("data-action")
            assert hinted in u["legal"] and hinted not in sentence and "Vorschlag" not in sentence
            assert sentence.endswith(".")
            # What the sentence was made from: every opponent's card it names is face up in the true game.
            record = json.loads(page.evaluate("() => window.__oriflamme.engine.save()"))
            truth = json.loads(saves.rebuild(record).game.to_json())
            hint = page.evaluate("() => window.__oriflamme.engine.hint()")
            hidden = _hidden_from(truth, u["viewer"])
            named = [(e.get("position"), e.get("card")) for e in [hint["move"], *hint["effects"]]
                     if e.get("card") and e.get("victim", e.get("owner", u["viewer"])) != u["viewer"]]
            for pos, card in named:
                assert (pos, card) not in hidden
            checked += 1
        click_one(page, rng)
    assert checked == 4


def test_undo_restores_exactly_the_previous_decision(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=5&bots=normal&lang=en&speed=0&test=1")
    page.wait_for_selector(ACTIONS, timeout=BOOT_TIMEOUT)
    assert page.locator('[data-testid="undo"]').count() == 0  # nothing to take back yet
    before = _last(page)
    log_before = page.evaluate(f"() => window.__oriflamme.engine.log('{before['viewer']}')")
    page.locator(ACTIONS).first.click()
    page.wait_for_function(f"() => window.__oriflamme.received.at(-1).actions > {before['actions']}"
                           " && window.__oriflamme.received.at(-1).to_act_kind === 'human'", timeout=60_000)
    page.wait_for_selector(ACTIONS)
    _shot(page, "undo-offered")
    page.locator('[data-testid="undo"]').click()
    page.wait_for_function(f"() => window.__oriflamme.received.at(-1).actions === {before['actions']}",
                           timeout=60_000)
    after = _last(page)
    for key in ("legal", "view", "to_act", "scores", "actions"):
        assert after[key] == before[key], key
    log_after = page.evaluate(f"() => window.__oriflamme.engine.log('{before['viewer']}')")
    assert log_after["entries"][: len(log_before["entries"])] == log_before["entries"]
    assert log_after["entries"][-1]["events"][0]["type"] == "taken_back"
    assert "took back a move" in page.locator('[data-testid="log"]').inner_text()
    saved = json.loads(page.evaluate("() => window.__oriflamme.engine.save()"))
    assert len(saved["actions"]) == before["actions"]


def _finish(page: Any, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT)
        if page.locator('[data-testid="final-scores"]').count():
            return
        click_one(page, rng)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["oriflamme", "lieux"])
def test_the_review_shows_chart_moments_and_decisions_then_opens_the_replay(strict_page: Any, site_url: str,
                                                                             game: str) -> None:
    page = strict_page
    query = "edition=retail" if game == "oriflamme" else "game=lieux&set=A"
    page.goto(f"{site_url}?{query}&players=3&seed=21&bots=normal&lang=en&speed=0&test=1")
    _finish(page, 21)
    page.locator('[data-testid="score-chart"] svg polyline').first.wait_for(state="visible", timeout=60_000)
    assert page.locator('[data-testid="score-chart"] svg polyline').count() == 3
    assert page.locator('[data-testid="key-moments"]').is_visible()
    page.locator('[data-testid="review-decisions"]').wait_for(state="visible", timeout=120_000)
    ms = page.evaluate("() => window.__reviewMs")
    print(f"review of a 3-player {game} game in the browser: {ms} ms")
    (SHOTS.parent / f"review_ms_{game}.txt").write_text(str(ms))
    _shot(page, f"review-{game}")
    costly = page.locator('[data-testid="costly"]')
    assert costly.count() <= 3
    # Every amount a key moment names carries its game's unit ("scores 7 points", "takes 2 gold").
    unit = "points?" if game == "oriflamme" else "gold"
    amounts = 0
    for text in page.locator('[data-testid="moment"]').all_inner_texts():
        body = re.sub(r"^Round \d+: ", "", text)
        for number in re.finditer(r"\d+", body):
            assert re.match(rf"\d+ {unit}\b", body[number.start():]), text
            amounts += 1
    assert amounts > 0  # the seed's game has a gain or a steal among its key moments
    moments = page.locator('[data-testid="moment"]')
    if moments.count():
        moments.first.click()
        page.locator('[data-testid="replay"]').wait_for(state="visible", timeout=60_000)
        assert page.locator('[data-testid="rp-step"]').inner_text().startswith("Step ")
    else:
        page.locator('[data-testid="watch-replay"]').click()
        page.locator('[data-testid="replay"]').wait_for(state="visible", timeout=60_000)


def _open_stats_first_row(page: Any) -> list[str]:
    """Opens the statistics dialog and reads its first row's cells, once drawn: the dialog's module is
    imported when it first opens, so the row comes a moment after the click."""
    page.locator('[data-testid="stats-open"]').click()
    row = page.locator('[data-testid="stats"] tbody tr').first
    row.wait_for(state="visible", timeout=30_000)
    return row.locator("td").all_inner_texts()


# What this device's statistics hold at the moment the end screen is first drawn (a MutationObserver's
# callback runs once the task that drew it is done): a player who reloads or leaves at once keeps the game.
STATS_AT_END = """
new MutationObserver((_, obs) => {
  if (!document.querySelector('[data-testid="final-scores"]')) return;
  window.__statsAtEnd = localStorage.getItem("oriflamme.stats");
  obs.disconnect();
}).observe(document, {childList: true, subtree: true});
"""


def test_statistics_survive_a_reload_and_reset(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.add_init_script(STATS_AT_END)
    page.goto(f"{site_url}?edition=retail&players=3&seed=8&bots=easy&lang=fr&speed=0&test=1")
    _finish(page, 8)
    u = _last(page)
    me = u["viewer"]
    won = me in u["ranking"][0]
    at_end = json.loads(page.evaluate("() => window.__statsAtEnd") or "[]")
    assert [(r["key"], r["score"], r["win"]) for r in at_end] == [(f"8:{u['actions']}", u["scores"][me], won)]
    page.goto(f"{site_url}?lang=fr&test=1")
    cells = _open_stats_first_row(page)
    assert cells[0] == "1" and cells[1] == ("1" if won else "0") and cells[3] == str(u["scores"][me])
    page.reload()
    assert _open_stats_first_row(page) == cells
    _shot(page, "stats")
    page.locator('[data-testid="stats-reset"]').click()
    assert page.locator('[data-testid="stats-empty"]').is_visible()
