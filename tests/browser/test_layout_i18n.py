"""Every text of the page exists in English, French and German, and every card has a name per edition."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
RETAIL = ["archer", "soldier", "spy", "heir", "assassination"]
RETAIL += ["decree", "lord", "shapeshifter", "ambush", "conspiracy"]
PROTOTYPE = ["archer", "assassin", "soldier", "spy", "heir"]
PROTOTYPE += ["mercenaries", "queen", "lord", "shapeshifter", "ambush"]
FAMILIES = {"retail": RETAIL, "pegasus": RETAIL, "prototype": PROTOTYPE}


def load(lang: str) -> Any:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    url = (ROOT / "web" / "i18n" / f"{lang}.js").as_uri()
    script = f"const m = await import({json.dumps(url)}); console.log(JSON.stringify(m.default));"
    out = subprocess.run(
        [node, "--input-type=module", "-e", script], check=True, capture_output=True, text=True, timeout=60
    )
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def tables() -> dict[str, Any]:
    return {lang: load(lang) for lang in ("en", "fr", "de")}


def test_same_keys_everywhere(tables: dict[str, Any]) -> None:
    en = set(tables["en"]["t"])
    for lang in ("fr", "de"):
        assert set(tables[lang]["t"]) == en, lang
        assert set(tables[lang]["colours"]) == set(tables["en"]["colours"])
        for key, text in tables[lang]["t"].items():
            # Same placeholders as the English text.
            assert _placeholders(text) == _placeholders(tables["en"]["t"][key]), (lang, key)


def _placeholders(text: str | dict[str, str]) -> set[str]:
    """The {names} a text fills in; a counted text ({one, other, …}) is the union over its plural forms,
    as one form may leave the count out ("a token")."""
    import re

    forms = text.values() if isinstance(text, dict) else [text]
    return {name for form in forms for name in re.findall(r"\{(\w+)\}", form)}


def test_every_card_named_and_explained(tables: dict[str, Any]) -> None:
    for lang, table in tables.items():
        for edition, cards in FAMILIES.items():
            for card in cards:
                assert table["cards"][edition][card], (lang, edition, card)
                assert len(table["abilities"][edition][card]) > 20, (lang, edition, card)
            assert table["rules"][edition], (lang, edition)


def test_rulebook_card_names(tables: dict[str, Any]) -> None:
    assert tables["en"]["cards"]["retail"]["decree"] == "Royal Decree"
    assert tables["fr"]["cards"]["retail"]["shapeshifter"] == "Changeforme"
    assert tables["de"]["cards"]["pegasus"]["archer"] == "Bogenschützin"
    assert tables["de"]["cards"]["pegasus"]["heir"] == "Nachfahre"
    proto_fr = tables["fr"]["cards"]["prototype"]
    assert [proto_fr[c] for c in PROTOTYPE] == [
        "Archer", "Assassin", "Soldat", "Espion", "Héritier",
        "Mercenaires", "Reine", "Seigneur", "Changeforme", "Embuscade",
    ]
