"""A short soak in CI: one game of every configuration, every invariant after every decision."""

from __future__ import annotations

import soak


def test_a_short_soak_plays_every_configuration_without_breaking_an_invariant() -> None:
    r = soak.soak(games=len(soak.CONFIGS), seconds=None, base_seed=20261126)
    assert r.failure is None, r.failure
    assert r.per_config == dict.fromkeys(soak.CONFIGS, 1)


def test_a_broken_invariant_stops_the_soak_and_says_how_to_reproduce(monkeypatch) -> None:
    def broken(edition: str, players: int, seed: int, quick: bool = False) -> int:
        raise AssertionError("an invariant")

    monkeypatch.setattr(soak, "oriflamme_game", broken)
    r = soak.soak(games=3, seconds=None, start=2)
    assert r.games == 0 and r.failure is not None
    assert "--start 2 --games 1" in r.failure and "an invariant" in r.failure


def test_a_quick_soak_checks_every_configuration_at_the_end_of_each_game() -> None:
    r = soak.soak(games=2 * len(soak.CONFIGS), seconds=None, base_seed=7, quick=True)
    assert r.failure is None, r.failure
    assert r.per_config == dict.fromkeys(soak.CONFIGS, 2)


def test_an_interrupted_soak_reports_what_it_played(monkeypatch) -> None:
    played = []

    def interrupted(edition: str, players: int, seed: int, quick: bool = False) -> int:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(seed)
        return 10

    monkeypatch.setattr(soak, "oriflamme_game", interrupted)
    r = soak.soak(games=5, seconds=None)
    assert r.stopped and r.failure is None
    assert (r.games, r.decisions) == (2, 20)
    assert "(stopped)" in soak.summary(r)
