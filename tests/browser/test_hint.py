"""The Hint button: the expert bot's suggestion for the human, highlighted on the table, then played."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 120_000
ACTIONS = '#app[data-busy="0"] [data-action]'


def _legal(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__oriflamme.received.at(-1).legal"))


def test_hint_highlights_an_offered_action(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?edition=retail&players=3&seed=7&bots=easy&lang=en&speed=0&test=1")
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    legal = _legal(page)
    assert legal
    actions_before = page.evaluate("() => window.__oriflamme.received.at(-1).actions")
    button = page.locator('[data-testid="decision"] [data-ui="hint"]')
    assert button.inner_text() == "Hint"
    button.click()
    hinted = page.locator(".hinted[data-action]")
    hinted.wait_for(state="visible", timeout=30_000)
    assert hinted.count() == 1
    action = hinted.get_attribute("data-action")
    assert action in legal
    sentence = page.locator('[data-testid="hint-text"]').inner_text()  # the move in words, not the action
    assert action not in sentence and sentence.endswith(".")
    assert sentence.startswith(("Place your", "Reveal", "Leave"))
    assert button.inner_text() == "Hint" and button.is_enabled()
    # Asking changed nothing: no new update, the same offered actions.
    assert page.evaluate("() => window.__oriflamme.received.at(-1).actions") == actions_before
    assert _legal(page) == legal
    hinted.click()
    page.wait_for_function(
        f"() => {{ const r = window.__oriflamme.received; const u = r.at(-1);"
        f" return u.actions > {actions_before} && (u.over || u.to_act_kind === 'human'); }}",
        timeout=60_000,
    )
    played = page.evaluate(
        f"() => window.__oriflamme.received.find((u) => u.actions === {actions_before} + 1).action"
    )
    assert played == action
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=60_000)
    assert page.locator(".hinted").count() == 0
    assert page.locator('[data-testid="hint-text"]').count() == 0


def test_hint_in_lieux_and_in_french(strict_page: Any, site_url: str) -> None:
    page = strict_page
    page.goto(f"{site_url}?game=lieux&players=3&set=A&hidden_gold=0&seed=5&bots=easy&lang=fr&speed=0&test=1")
    page.locator(ACTIONS).first.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    legal = _legal(page)
    button = page.locator('[data-testid="decision"] [data-ui="hint"]')
    assert button.inner_text() == "Conseil"
    button.click()
    hinted = page.locator(".hinted[data-action]")
    hinted.wait_for(state="visible", timeout=30_000)
    action = hinted.get_attribute("data-action")
    assert action in legal
    sentence = page.locator('[data-testid="hint-text"]').inner_text()
    assert action not in sentence and sentence.startswith(("Choisissez votre", "Placez votre")), sentence
    before = page.evaluate("() => window.__oriflamme.received.at(-1).actions")
    hinted.click()
    page.wait_for_function(f"() => window.__oriflamme.received.at(-1).actions > {before}", timeout=60_000)
    played = page.evaluate(f"() => window.__oriflamme.received.find((u) => u.actions === {before} + 1)")
    assert played["action"] == action and played["actor"] == played["viewer"]
