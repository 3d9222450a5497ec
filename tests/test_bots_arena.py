"""The arena's statistics on a small fixed match, against a hand computation."""

from __future__ import annotations

import gzip
import math
import time
from typing import Any

import pytest

from tabletop import registry
from tabletop.arena import entry_names, make_entry, play_deal
from tabletop.arena_stats import GameResult, margins, normal_sf, paired, summarize, win_shares

MATCH = [
    GameResult(0, {"A": 10, "B": 8, "C": 8}, [["A"], ["B", "C"]]),
    GameResult(0, {"A": 5, "B": 7, "C": 7}, [["B", "C"], ["A"]]),
    GameResult(1, {"A": 9, "B": 9, "C": 3}, [["A", "B"], ["C"]]),
    GameResult(1, {"A": 4, "B": 6, "C": 5}, [["B"], ["C"], ["A"]]),
]


def test_shares_and_margins() -> None:
    assert win_shares([["B", "C"], ["A"]]) == {"A": 0.0, "B": 0.5, "C": 0.5}
    assert margins({"A": 9, "B": 9, "C": 3}) == {"A": 0, "B": 0, "C": -6}


def test_summary_by_hand() -> None:
    s = {x.entry: x for x in summarize(MATCH)}
    a = s["A"]
    # A's shares: deal 0 -> (1 + 0) / 2 = 0.5, deal 1 -> (0.5 + 0) / 2 = 0.25.
    assert (a.games, a.deals) == (4, 2)
    assert a.win_share == pytest.approx(0.375)
    # Sample variance over deals: (0.125² + 0.125²) / 1 = 0.03125; standard error sqrt(0.03125 / 2) = 0.125.
    assert a.ci_low == pytest.approx(0.375 - 1.96 * 0.125)
    assert a.ci_high == pytest.approx(0.375 + 1.96 * 0.125)
    assert a.mean_margin == pytest.approx((2 - 2 + 0 - 2) / 4)
    assert a.p_value == pytest.approx(0.5 * math.erfc((0.375 - 1 / 3) / 0.125 / math.sqrt(2)))
    b = s["B"]
    # B: deal 0 -> (0 + 0.5) / 2 = 0.25, deal 1 -> (0.5 + 1) / 2 = 0.75; mean 0.5.
    assert b.win_share == pytest.approx(0.5)
    assert b.mean_margin == pytest.approx((-2 + 0 + 0 + 1) / 4)
    assert sum(x.win_share for x in s.values()) == pytest.approx(1.0)  # shares of a game sum to 1
    assert normal_sf(0.0) == pytest.approx(0.5)
    assert normal_sf(1.96) == pytest.approx(0.025, abs=1e-4)


def test_duplicate_deal_rotates_seats() -> None:
    assert entry_names(["normal", "random", "random"]) == ["normal", "random", "random#2"]
    results = play_deal(("oriflamme", "retail", ["normal", "random", "random"], 1, 0, None, None))
    assert len(results) == 3  # one game per rotation of the line-up
    assert all(set(r.scores) == {"normal", "random", "random#2"} for r in results)
    for e in ("normal", "random", "random#2"):  # every entry sat in every seat of the deal
        assert {r.seats[e] for r in results if r.seats} == {"red", "blue", "green"}
    again = play_deal(("oriflamme", "retail", ["normal", "random", "random"], 1, 0, None, None))
    assert [r.scores for r in again] == [r.scores for r in results]  # bots' seeds are fixed too


def test_search_bots_can_think_for_equal_cpu_time() -> None:
    """A deal played with a CPU-time budget (the task's seventh field) gives search bots the same
    thinking time each, counted on this process's CPU clock."""
    from oriflamme.bots import make_bot

    assert make_bot("expert", budget_ms=5, cpu_clock=True).clock is time.process_time  # type: ignore[attr-defined]
    assert make_bot("hard", budget_ms=5).clock is time.perf_counter  # type: ignore[attr-defined]
    results = play_deal(("oriflamme", "prototype", ["expert", "hard"], 1, 0, 2.0, None, True))
    assert len(results) == 2 and all(set(r.scores) == {"expert", "hard"} for r in results)


def test_fixed_strategies_for_the_exploit_check() -> None:
    results = play_deal(("oriflamme", "retail", ["normal", "fixed-stay", "fixed-first"], 2, 0, None, None))
    assert all(set(r.scores) == {"normal", "fixed-stay", "fixed-first"} for r in results)
    from oriflamme.bots.simple import FixedBot

    assert FixedBot("stay", 1).choose({}, ["reveal", "stay"]) == "stay"
    assert FixedBot("first", 1).choose({}, ["eliminate 3", "eliminate 1"]) == "eliminate 3"
    with pytest.raises(ValueError, match="strategy"):
        FixedBot("last", 1)


def test_the_arena_plays_the_second_game_too() -> None:
    results = play_deal(("lieux", None, ["normal", "random", "hard"], 1, 0, None, 4))
    assert len(results) == 3
    for e in ("normal", "random", "hard"):
        assert {r.seats[e] for r in results if r.seats} == {"red", "blue", "green"}


def test_an_entry_can_have_its_own_budget() -> None:
    """`hard@40,hard@20`: two hard bots with their own iteration caps (the compute-scaling matches)."""
    assert entry_names(["hard@40", "hard@20"]) == ["hard@40", "hard@20"]
    results = play_deal(("oriflamme", "prototype", ["hard@40", "hard@20"], 1, 0, None, None))
    assert all(set(r.scores) == {"hard@40", "hard@20"} for r in results)


def test_an_entry_can_be_a_variant_of_a_level() -> None:
    """`expert:horizon=1:exploration=0.5@40`: the expert with two parameters changed and its own cap
    (screening variants at the same budget); a switch takes 0 or 1; a name that is not a number
    parameter or switch is refused."""
    spec = registry.get("oriflamme")
    bot = make_entry(spec, "expert:horizon=1:exploration=0.5@40", 3, None, None, False)
    plain = make_entry(spec, "expert", 3, None, None, False)
    assert (bot.horizon, bot.exploration, bot.iterations) == (1, 0.5, 40)
    assert (plain.horizon, plain.exploration) == (0, 0.7)
    assert isinstance(bot.horizon, int)
    assert make_entry(spec, "expert:hide_opponents=1", 3, None, None, False).hide_opponents is True
    assert make_entry(spec, "hard:hide_opponents=0", 3, None, None, False).hide_opponents is False
    for bad in ("expert:level=hard", "expert:nothing=1", "expert:horizon", "normal:horizon=1",
                "expert:hide_opponents=2"):
        with pytest.raises(ValueError):
            make_entry(spec, bad, 3, None, None, False)
    results = play_deal(("oriflamme", "prototype", ["expert:horizon=1@30", "hard@30"], 1, 0, None, None))
    assert all(set(r.scores) == {"expert:horizon=1@30", "hard@30"} for r in results)


def test_a_match_logged_game_by_game_gives_the_same_table(tmp_path: Any, capsys: Any) -> None:
    """`--log` keeps every game of a match as it is played (a match cut short keeps its whole deals),
    `--pool` prints the same table from the log, two seeds' logs pool as separate deals, and
    `--first-deal` continues a match with the same games."""
    from tabletop.arena import main

    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["--edition", "retail", "--bots", "normal,random,random", "--games", "6", "--workers", "1"]
    assert main([*args, "--seed", "1", "--log", str(one)]) == 0
    table = capsys.readouterr().out.split("\n", 1)[1].split("\n\n")[0]
    assert len(one.read_text().splitlines()) == 6
    assert main(["--pool", str(one)]) == 0
    assert capsys.readouterr().out.split("\n", 1)[1].strip() == table.strip()
    kept = tmp_path / "one.jsonl.gz"  # a log kept gzipped (docs/arena_logs/) pools the same
    kept.write_bytes(gzip.compress(one.read_bytes()))
    assert main(["--pool", str(kept)]) == 0
    assert capsys.readouterr().out.split("\n", 1)[1].strip() == table.strip()
    assert main([*args, "--seed", "2", "--log", str(two)]) == 0
    capsys.readouterr()
    assert main(["--pool", str(one), str(two)]) == 0
    assert capsys.readouterr().out.startswith(f"12 games, 4 deals from {one}, {two}")
    rest = tmp_path / "rest.jsonl"
    assert main([*args, "--seed", "1", "--first-deal", "1", "--log", str(rest)]) == 0
    capsys.readouterr()
    assert rest.read_text().splitlines() == one.read_text().splitlines()[3:]


def test_two_matches_that_differ_by_one_entry_are_compared_deal_by_deal(tmp_path: Any, capsys: Any) -> None:
    """`--paired A B`: the variant's share minus the level's, per deal both matches played (by hand:
    deal 1 1/2 - 1/2, deal 2 1/2 - 0, deal 3 1 - 0, deal 4 only in one match)."""
    from tabletop.arena import log_line, main

    def game(deal: int, first: list[str], others: list[str]) -> GameResult:
        return GameResult(deal, {e: 0 for e in first + others}, [first, others])

    a = [game(1, ["x"], ["h"]), game(1, ["h"], ["x"]), game(2, ["h"], ["x"]), game(2, ["h"], ["x"]),
         game(3, ["h"], ["x"]), game(4, ["x"], ["h"])]
    b = [game(1, ["y"], ["h"]), game(1, ["h"], ["y"]), game(2, ["y"], ["h"]), game(2, ["h"], ["y"]),
         game(3, ["y"], ["h"])]
    r = paired(a, "x", b, "y")
    ds = [0.0, 0.5, 1.0]
    se = math.sqrt(sum((d - 0.5) ** 2 for d in ds) / 2 / 3)
    assert (r.deals, r.share_a, r.share_b) == (3, pytest.approx(1 / 6), pytest.approx(2 / 3))
    assert (r.diff, r.ci_low, r.ci_high) == (pytest.approx(0.5), pytest.approx(0.5 - 1.96 * se),
                                             pytest.approx(0.5 + 1.96 * se))
    assert r.p_value == pytest.approx(2 * normal_sf(0.5 / se))
    with pytest.raises(ValueError):
        paired(a, "x", b[:2], "y")
    for path, rs in (("a.jsonl", a), ("b.jsonl", b)):
        (tmp_path / path).write_text("".join(log_line(1, g) + "\n" for g in rs))
    assert main(["--paired", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 0
    assert capsys.readouterr().out.startswith("3 deals in common: x 0.167, y 0.667; y minus x: +0.500 [")
    (tmp_path / "none.jsonl").write_text("")
    with pytest.raises(SystemExit, match="no game in"):
        main(["--paired", str(tmp_path / "a.jsonl"), str(tmp_path / "none.jsonl")])
    # Either side may be several logs of its line-up, joined by commas: the same comparison.
    (tmp_path / "b1.jsonl").write_text("".join(log_line(1, g) + "\n" for g in b[:2]))
    (tmp_path / "b2.jsonl").write_text("".join(log_line(1, g) + "\n" for g in b[2:]))
    b_parts = f"{tmp_path / 'b1.jsonl'},{tmp_path / 'b2.jsonl'}"
    assert main(["--paired", str(tmp_path / "a.jsonl"), b_parts]) == 0
    assert capsys.readouterr().out.startswith("3 deals in common: x 0.167, y 0.667; y minus x: +0.500 [")
    # Logs of another line-up (the variant under an older name) are refused in words, naming the file.
    (tmp_path / "z.jsonl").write_text(log_line(1, game(5, ["z"], ["h"])) + "\n")
    both = (tmp_path / "b.jsonl").read_text() + (tmp_path / "z.jsonl").read_text()
    (tmp_path / "yz.jsonl").write_text(both)
    for argv in (["--pool", str(tmp_path / "b.jsonl"), str(tmp_path / "z.jsonl")],
                 ["--paired", str(tmp_path / "a.jsonl"), str(tmp_path / "yz.jsonl")]):
        with pytest.raises(SystemExit, match=r"z\.jsonl holds a game of \['h', 'z'\], not of \['h', 'y'\]"):
            main(argv)


def test_a_logged_game_replays_and_its_points_add_up_by_reason(tmp_path: Any, capsys: Any) -> None:
    """The arena logs each game's actions, so `oriflamme.bots.points` replays it from its deal's seed:
    each entry's points by reason (its starting score, what it gained, minus what Spies took) add up
    to its logged final score, and the table prints them per entry."""
    from oriflamme.bots.points import main as points_main
    from oriflamme.bots.points import points_by_reason
    from tabletop.arena import main, read_logs

    log = tmp_path / "m.jsonl"
    assert main(["--edition", "prototype", "--bots", "normal,easy", "--games", "6", "--seed", "2",
                 "--workers", "1", "--log", str(log)]) == 0
    capsys.readouterr()
    games = read_logs([str(log)])
    assert len(games) == 6
    for r in games:
        pts = points_by_reason("prototype", r)
        assert {e: sum(d.values()) for e, d in pts.items()} == r.scores
        assert {e: d["start"] for e, d in pts.items()} == {"normal": 1, "easy": 1}
    points_main(["prototype", "normal", str(log)])
    out = capsys.readouterr().out.splitlines()
    assert "start" in out[0].split()
    assert [row.split()[:3] for row in out[1:3]] == [["easy", "(all)", "6"], ["normal", "(all)", "6"]]
    with pytest.raises(SystemExit, match=r"python -m oriflamme\.bots\.points"):
        points_main(["prototype", "normal"])  # no log: the usage, not a traceback
    # --rounds: each entry's score at the end of every round, the last one its logged final score.
    from oriflamme.bots.points import scores_by_round
    rounds = [f"r{k}" for k in range(1, 8)]  # the prototype plays seven
    for r in games:
        by_round = scores_by_round("prototype", r)
        assert {e: list(d) for e, d in by_round.items()} == {e: rounds for e in r.scores}
        assert {e: d["r7"] for e, d in by_round.items()} == r.scores
    points_main(["prototype", "normal", str(log), "--rounds"])
    head, *rows = capsys.readouterr().out.splitlines()
    assert head.split()[-7:] == rounds
    mean_final = {e: sum(r.scores[e] for r in games) / len(games) for e in ("easy", "normal")}
    shown = {row.split()[0]: float(row.split()[-1]) for row in rows[:2]}
    assert shown == pytest.approx(mean_final, abs=0.005)


def test_logged_games_tell_who_walked_into_the_ambushes(tmp_path: Any, capsys: Any) -> None:
    """`oriflamme.bots.ambushes` replays logged games: the Ambushes each entry triggered are the ones the
    games' own events show (counted here while the arena's games replay independently), per level."""
    from oriflamme.bots.ambushes import count
    from oriflamme.bots.ambushes import main as ambushes_main
    from oriflamme.game import new_game
    from tabletop.arena import main, read_logs

    log = tmp_path / "a.jsonl"
    assert main(["--edition", "retail", "--bots", "normal,easy,random", "--games", "12", "--seed", "3",
                 "--workers", "1", "--log", str(log)]) == 0
    capsys.readouterr()
    games = read_logs([str(log)])
    expected: dict[str, int] = {}
    for r in games:
        assert r.actions is not None and r.seats is not None
        g = new_game("retail", len(r.seats), seed=r.deal)
        level = {c: e.partition("#")[0] for e, c in r.seats.items()}
        for a in r.actions:
            for ev in g.play(a):
                if ev["type"] == "ambushed" and ev["attacker"] != ev["player"]:
                    expected[level[ev["attacker"]]] = expected.get(level[ev["attacker"]], 0) + 1
        assert g.ranking()[0]  # the replay reached the end
    assert sum(expected.values()) > 0  # twelve games spring some Ambushes
    n, hits, shots = count("retail", games)
    assert n == 12
    assert {who: c["hits"] for who, c in hits.items()} == expected
    assert all(c["chosen"] + c["forced"] == c["hits"] for c in hits.values())
    assert all(s[k, "ambush"] <= s[k, "shots"] for s in shots.values() for k in range(3))
    ambushes_main(["retail", str(log)])
    out = capsys.readouterr().out
    assert out.startswith("12 games") and "random:" in out


def test_paired_margins_are_compared_deal_by_deal() -> None:
    """`--paired`'s second line: the entry's margin over the best other score, per deal (by hand: deal 1
    (+2 - 1) / 2 = 0.5 for x, (+4 + 0) / 2 = 2 for y; deal 2 -3 for x, -1 for y)."""
    def game(deal: int, scores: dict[str, int]) -> GameResult:
        return GameResult(deal, scores, [[max(scores, key=lambda e: scores[e])], []])

    a = [game(1, {"x": 5, "h": 3}), game(1, {"x": 4, "h": 5}), game(2, {"x": 2, "h": 5})]
    b = [game(1, {"y": 7, "h": 3}), game(1, {"y": 5, "h": 5}), game(2, {"y": 4, "h": 5})]
    r = paired(a, "x", b, "y", margin=True)
    assert (r.deals, r.share_a, r.share_b) == (2, pytest.approx((0.5 - 3) / 2), pytest.approx((2 - 1) / 2))
    assert r.diff == pytest.approx((1.5 + 2) / 2)
