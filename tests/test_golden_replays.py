"""Engine optimisations must not change behaviour: replay the golden random games identically.

The fixture was recorded by `tests/fixtures/make_golden_replays.py`; regenerate it only for a deliberate
rule fix, never to make this test pass after an optimisation.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from oriflamme import engine, new_game

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_golden_replays", FIXTURES / "make_golden_replays.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


GEN = _generator()
GAMES: list[dict[str, Any]] = json.loads((FIXTURES / "golden_replays.json").read_text())["games"]
CONFIGS = sorted({(g["edition"], g["players"]) for g in GAMES})


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_string_api_replays_identically(edition: str, players: int) -> None:
    for want in (g for g in GAMES if (g["edition"], g["players"]) == (edition, players)):
        got = GEN.record(edition, players, want["seed"])
        assert got == want, f"{edition} {players}p seed {want['seed']} diverged from the golden replay"


@pytest.mark.parametrize(("edition", "players"), CONFIGS)
def test_fast_path_reaches_the_same_positions(edition: str, players: int) -> None:
    """legal_moves + apply(events=None), cloning at every step, ends where the string API ended."""
    for want in (g for g in GAMES if (g["edition"], g["players"]) == (edition, players)):
        rnd = random.Random(want["seed"])
        game = new_game(edition=edition, players=players, seed=want["seed"])
        s = game.state
        n = 0
        while s.to_act is not None:
            moves = engine.legal_moves(s)
            m = moves[rnd.randrange(len(moves))]
            c = s.clone()
            engine.apply(c, m, None)
            s = c
            n += 1
        game.state = s
        assert n == want["decisions"]
        assert game.scores == want["scores"]
        assert _sha(game.to_json()) == want["final_sha256"], f"{edition} {players}p seed {want['seed']}"
