"""The sentence above the buttons says what to do; the table keeps it to two lines (taller texts are cut, so
that the hand below does not jump). Every decision sentence of both games, in every language, with every
name the table can put in it, must fit those two lines on a small phone (360 px wide): before, the French
and German "your face-down card is up" prompts lost their last words there, and so did two French ones of
Château, Village & Port."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent

LAY_OUT = """(data) => {
  const e = document.querySelector('.decision-text');
  const panel = e.parentElement;
  const cut = [];
  for (const d of data) {
    panel.classList.toggle('mine', d.mine);  // a bot's turn adds a 'thinking' dot after the text
    panel.classList.toggle('waiting', !d.mine);
    for (const t of d.texts) { e.textContent = t; if (e.scrollHeight > e.clientHeight + 2) cut.push(t); }
  }
  return cut;
}"""


GAMES = {"oriflamme": "edition=retail&players=3&bots=easy&seed=3",
         "lieux": "game=lieux&set=A&players=3&bots=easy&seed=3"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_decision_sentence_fits_two_lines_on_a_small_phone(browser: Any, page_guard: Any, site_url: str,
                                                                 game: str) -> None:
    out = subprocess.run(["node", str(HERE / "decision_texts.mjs")], capture_output=True, text=True,
                         check=True)
    data = [d for d in json.loads(out.stdout) if d["game"] == game]
    assert {d["lang"] for d in data} == {"en", "fr", "de"} and sum(len(d["texts"]) for d in data) > 100
    longest = {"oriflamme": "Changeforme", "lieux": "Alchimiste en Courtisane"}[game]  # fr
    assert any(longest in t for d in data for t in d["texts"])  # the longest names are laid out
    with page_guard.new_page(browser, viewport={"width": 360, "height": 740}, has_touch=True,
                             is_mobile=True) as page:
        page.goto(f"{site_url}?{GAMES[game]}&speed=0&lang=en")
        page.wait_for_selector('#app[data-busy="0"] [data-action]', timeout=120_000)
        assert page.evaluate(LAY_OUT, [{"mine": True, "texts": ["x " * 200]}]) != []  # the check can fail
        assert page.evaluate(LAY_OUT, data) == []
