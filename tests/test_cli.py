"""The command line: `play` driven through scripted stdin, `simulate` statistics, `show` drawings."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from oriflamme import load_game, new_game
from oriflamme.text import render_queue
from tabletop import registry
from tabletop.cli import main
from tabletop.terminal import Style

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    rc = main(argv, inp=io.StringIO(stdin), out=out)
    return rc, out.getvalue()


# ---------------------------------------------------------------- play

BAD_THEN_PLAY = ["", "foo bar", "99", "0", "place", "help", "board", "log"] + ["reveal", "2", "1"] * 300


@pytest.mark.parametrize("bots", ["random", "normal"])
def test_play_a_whole_game_against_bots_with_bad_input(bots: str) -> None:
    rc, out = run(["play", "--seed", "4", "--bots", bots], "\n".join(BAD_THEN_PLAY) + "\n")
    assert rc == 0
    assert "Type a number from 1 to" in out  # empty line
    assert "Not a legal action here: 'foo bar' — " in out  # and 'reveal' during a placement
    assert "illegal action" not in out  # the refusal is said once, not twice
    assert "No action number 99" in out and "No action number 0" in out
    assert "could be" in out  # 'place' is ambiguous
    assert "Commands:" in out  # help
    assert "═══ Game over ═══" in out and "Final ranking:" in out
    assert "1. " in out
    assert out.count("Your options:") >= 15  # every human decision was asked
    assert "Traceback" not in out
    assert "\x1b[" not in out  # no colours when not on a terminal
    # every score change names its unit: "red gains 1 point (eliminate) → 2"
    gains = re.findall(r" gains (\d+) (\w+) \(", out)
    assert gains and all(unit == ("point" if n == "1" else "points") for n, unit in gains)
    assert not re.search(r" gains \d+ \(", out)


def test_play_accepts_action_text_and_saves_after_every_move(tmp_path: Path) -> None:
    g = new_game(edition="retail", players=3, seed=9)
    first = g.to_act
    assert first is not None
    action = g.legal_actions()[3]  # e.g. "place soldier last"
    save = tmp_path / "game.json"
    # hot-seat: Enter at the pass screen, the action as text, Enter for the next player, end of input
    rc, out = run(["play", "--seed", "9", "--hotseat", "--save", str(save)], "\n" + action + "\n\n")
    assert rc == 0
    assert "Game left; saved to" in out
    saved = load_game(save.read_text())
    g.play(action)
    assert saved.to_json() == g.to_json()
    # the next player is told of the placement without the card's name
    assert f"{first} places a card face down" in out
    card = action.split()[1]
    assert f"{first} places {card}" not in out


def test_unique_prefix_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    rc, out = run(["play", "--seed", "2", "--bots", "random", "--save", str(save)], "1\n")
    assert rc == 0 and save.exists()
    before = json.loads(save.read_text())
    rc, out = run(["play", "--load", str(save), "--bots", "random"], "")
    assert rc == 0 and "Game left" in out
    assert f"--load {save} --save {save}" in out  # says how to keep what is played after loading
    assert json.loads(save.read_text()) == before  # leaving without a move changed nothing


def test_eof_and_quit_leave_cleanly() -> None:
    rc, out = run(["play", "--seed", "1", "--bots", "random"], "")
    assert rc == 0 and "Game left" in out
    rc, out = run(["play", "--seed", "1", "--bots", "random"], "quit\n")
    assert rc == 0 and "Game left" in out


def test_play_is_the_default_command() -> None:
    """Without a command, or with play's options first, the command line plays (`python -m oriflamme
    --players 4` was refused as "invalid choice: '4'")."""
    for argv in ([], ["--players", "4", "--seed", "2", "--bots", "random"]):
        rc, out = run(argv, "quit\n")
        assert rc == 0 and "Game left" in out
    assert "4 players" in run(["--players", "4", "--bots", "random"], "quit\n")[1]
    with pytest.raises(SystemExit) as e:  # the top-level help still lists the commands
        run(["--help"])
    assert e.value.code == 0


def test_hotseat_passes_the_terminal_between_players() -> None:
    rc, out = run(["play", "--seed", "5", "--hotseat"], "\n1\n\n1\n")
    assert rc == 0
    passes = [line for line in out.splitlines() if line.startswith("Pass the terminal to")]
    assert len(passes) >= 2 and passes[0] != passes[1]
    # after the second pass screen, only the second player's hand is drawn
    second = out.split(passes[1])[1]
    assert second.count("Your hand:") == 1


def test_play_refuses_bad_settings() -> None:
    rc, out = run(["play", "--edition", "nope"], "")
    assert rc == 2 and "edition" in out
    rc, out = run(["play", "--players", "9"], "")
    assert rc == 2 and "players" in out
    rc, out = run(["play", "--colour", "purple"], "")
    assert rc == 2 and "colour" in out
    rc, out = run(["play", "--bots", "genius"], "")
    assert rc == 2 and "bot level" in out


def test_play_as_another_colour_in_the_prototype_two_player_mode() -> None:
    rc, out = run(["play", "--edition", "prototype", "--players", "2", "--colour", "blue", "--seed", "3",
                   "--bots", "random"], "1\n" * 400)
    assert rc == 0
    assert "you are blue" in out and "═══ Game over ═══" in out


def test_play_lieux() -> None:
    pytest.importorskip("lieux")
    rc, out = run(["play", "--game", "lieux", "--seed", "3", "--bots", "random"], "1\n" * 400)
    assert rc == 0 and "═══ Game over ═══" in out and "Traceback" not in out



HINTED = re.compile(r"Hint \((\w+) bot, from what you can see\): (\d+)\) ([^.]+)\.")


@pytest.mark.parametrize("game", ["oriflamme", "lieux"])
def test_hint_names_one_of_the_offered_actions_and_plays_nothing(game: str) -> None:
    pytest.importorskip(game)
    rc, out = run(["play", "--game", game, "--seed", "5", "--bots", "random"], "hint\n1\nhint\n1\nquit\n")
    assert rc == 0 and "Traceback" not in out
    asked = out.split("Your options:")[1:]  # each decision's option list, then what was typed there
    hinted = [HINTED.search(block) for block in asked[:2]]
    assert all(hinted), out
    for block, m in zip(asked[:2], hinted, strict=True):
        assert m is not None and m.group(1) == registry.get(game).levels[-1]  # the strongest level
        assert f"{m.group(2)}) {m.group(3)}" in block.split("Hint (")[0]  # listed under that number
    # asking for a hint is not a move: the first decision's action was the one typed after it
    assert out.count("Your options:") == 3


# ---------------------------------------------------------------- simulate

def test_simulate_prints_statistics() -> None:
    rc, out = run(["simulate", "--edition", "pegasus", "--players", "4", "--games", "20", "--seed", "3"])
    assert rc == 0
    for words in ("20 games", "win share", "Game length", "cards revealed", "eliminations"):
        assert words in out
    shares = [float(line.split()[1].rstrip("%")) for line in out.splitlines()
              if line.startswith("  ") and line.split()[0] in ("red", "blue", "green", "yellow")]
    assert len(shares) == 4 and abs(sum(shares) - 100) < 0.5


def test_simulate_several_bot_levels_rotate_seats() -> None:
    rc, out = run(["simulate", "--games", "4", "--seed", "1", "--bots", "random,easy"])
    assert rc == 0 and "Per bot level" in out and "random" in out and "easy" in out


def test_simulate_is_reproducible() -> None:
    a = run(["simulate", "--games", "10", "--seed", "7"])[1]
    b = run(["simulate", "--games", "10", "--seed", "7"])[1]
    assert a.splitlines()[3:] == b.splitlines()[3:]  # all but the timing lines


def test_simulate_lieux() -> None:
    pytest.importorskip("lieux")
    rc, out = run(["simulate", "--game", "lieux", "--games", "5"])
    assert rc == 0 and "win share" in out


# ---------------------------------------------------------------- show

def test_show_draws_every_card(tmp_path: Path) -> None:
    g = new_game(edition="retail", players=3, seed=2)
    for _ in range(10):
        g.play(g.legal_actions()[-1])
    path = tmp_path / "p.json"
    path.write_text(g.to_json())
    rc, out = run(["show", str(path)])
    assert rc == 0
    data = json.loads(g.to_json())
    for stack in data["queue"]:
        for card in stack:
            assert f"{card['owner']} {card['card']}" in out  # face-down cards too
    for c, hand in data["hands"].items():
        assert f"Hand of {c}: {', '.join(hand)}" in out
    assert "?" not in out.split("Queue")[1].split("Hand of")[0].replace("? hidden from you", "")


def test_show_reads_stdin_and_names_a_bad_field() -> None:
    g = new_game(edition="prototype", players=2, seed=1)
    rc, out = run(["show", "-"], g.to_json())
    assert rc == 0 and "Oriflamme (prototype)" in out
    bad = json.loads(g.to_json())
    bad["scores"]["red"] = -1
    rc, out = run(["show", "-"], json.dumps(bad))
    assert rc == 2 and "invalid position" in out and "score" in out
    rc, out = run(["show", "/nonexistent/x.json"])
    assert rc == 2 and "error" in out


def test_queue_is_drawn_in_resolution_direction() -> None:
    view = {"queue": [[{"card": "archer", "owner": "red", "face_up": True, "tokens": 0}],
                      [{"card": None, "owner": "blue", "face_up": False, "tokens": 2}]],
            "direction": "ltr", "phase": "resolution", "cursor": 2}
    ltr = render_queue(view, Style(False), width=100)[2]
    assert ltr.index("red archer") < ltr.index("blue ?")
    assert "●2" in ltr
    view["direction"] = "rtl"
    rtl = render_queue(view, Style(False), width=100)[2]
    assert rtl.index("red archer") > rtl.index("blue ?")
    coloured = "\n".join(render_queue(view, Style(True), width=100))
    assert "\x1b[31m" in coloured or "\x1b[1;31m" in coloured


def test_module_entry_point() -> None:
    r = subprocess.run([sys.executable, "-m", "oriflamme", "simulate", "--games", "2"],
                       capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert "win share" in r.stdout


def test_end_screen_explains_tie_breaks() -> None:
    from oriflamme.text import tie_break_lines
    view = {"ranking": [["red", "blue"], ["green"]], "scores": {"red": 9, "blue": 9, "green": 4}}
    shared = "\n".join(tie_break_lines(view, {"red": 2, "blue": 2, "green": 1}))
    assert "1. red and blue: 9 points" in shared and "share the place" in shared
    assert "3. green: 4 points" in shared
    view = {"ranking": [["blue"], ["red"], ["green"]], "scores": {"red": 9, "blue": 9, "green": 4}}
    broken = "\n".join(tie_break_lines(view, {"red": 1, "blue": 3, "green": 1}))
    assert "1. blue: 9 points" in broken and "2. red: 9 points" in broken
    assert "Tie on 9 points broken by cards of the family left in the queue" in broken
    assert "blue 3" in broken and "red 1" in broken


@pytest.mark.parametrize("seed", range(4))
def test_play_survives_random_input(seed: int) -> None:
    import random
    rnd = random.Random(seed)
    words = ["", "  ", "reveal", "stay", "place", "place spy", "eliminate", "eliminate 1", "move 1 to 3",
             "steal red", "copy 2", "-1", "3.5", "1e9", "board", "log", "help", "💥", "\t7",
             "PLACE ARCHER LAST"]
    lines = [rnd.choice(words) if rnd.random() < 0.4 else str(rnd.randint(0, 30)) for _ in range(3000)]
    argv = ["play", "--seed", str(seed), "--bots", "random"]
    if seed % 2:
        argv += ["--edition", "prototype", "--players", "4"]
    rc, out = run(argv, "\n".join(lines) + "\n")
    assert rc == 0 and "Traceback" not in out
    assert "═══ Game over ═══" in out or "Game left" in out


class _Scripted:
    """A bot that plays the k-th legal action first, then leaves the game (Ctrl-C) at its next turn."""

    needs_view = False
    level = "scripted"

    def __init__(self, k: int) -> None:
        self.k = k
        self.turns = 0

    def choose(self, view: dict, legal: list[str]) -> str:
        self.turns += 1
        if self.turns > 1:
            raise KeyboardInterrupt
        return legal[min(self.k, len(legal) - 1)]


@pytest.mark.parametrize("game", ["oriflamme", "lieux"])
@pytest.mark.parametrize("mode", [["--watch"], ["--colour", "HUMAN"]])
def test_bots_hidden_choices_are_never_printed(monkeypatch: pytest.MonkeyPatch, game: str,
                                               mode: list[str]) -> None:
    """Two runs whose bots choose different hidden cards print the same text until a card is shown."""
    from tabletop.cli import play

    seed = 9
    g = registry.get(game).new_game(None, 3, seed)
    # the human (if any) is the last to decide, so every bot has chosen before the human's prompt
    first = g.seats.index(g.to_act)
    human = g.seats[(first - 1) % 3]
    argv = ["play", "--game", game, "--seed", str(seed), *[human if a == "HUMAN" else a for a in mode]]
    outs = []
    for k in (0, 2):
        monkeypatch.setattr(play, "make_chooser", lambda level, seed, game_id, k=k: _Scripted(k))
        rc, out = run(argv, "")
        assert rc == 0 and "Traceback" not in out
        outs.append(out)
    assert outs[0] == outs[1]
    assert outs[0].count("(scripted):") >= 2


def test_a_spy_that_picks_its_owner_is_told_that_nothing_changes() -> None:
    say = registry.get("oriflamme").renderer.event
    spied = {"type": "stolen", "player": "red", "amount": 0, "score": 3}
    mine = say({**spied, "victim": "red", "victim_score": 3})
    empty = say({**spied, "victim": "blue", "victim_score": 0})
    assert mine is not None and "nothing changes" in mine and "takes nothing" not in mine
    assert empty is not None and "takes nothing from blue" in empty


# ---------------------------------------------------------------- the review after a game

class _ThenReview(io.StringIO):
    """Scripted input: the first action at every turn, then 'review' once the game is over."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out

    def readline(self, size: int = -1) -> str:
        return "review\n" if "═══ Game over ═══" in self.out.getvalue() else "1\n"


def _offered(out: str) -> list[int]:
    """How many actions each prompt offered, in order."""
    blocks = out.split("Your options:")[1:]
    return [len(re.findall(r"^\s*\d+\) ", block.split("> ")[0], re.M)) for block in blocks]


def test_the_review_is_offered_at_the_end_and_judges_every_decision_with_a_choice() -> None:
    out = io.StringIO()
    rc = main(["play", "--seed", "4", "--bots", "normal"], inp=_ThenReview(out), out=out)
    text = out.getvalue()
    assert rc == 0 and "Traceback" not in text
    assert "Type 'review' for the strongest bot's review" in text
    review = text.split("═══ Review ═══", 1)[1]
    g = new_game(edition="retail", players=3, seed=4)
    # the score table ends on the final scores, one row per seat
    ranking = dict(re.findall(r"^\s+\d\. (\w+): (\d+) points", text, re.M))
    rows = {m[0]: m[1].split() for m in re.findall(r"^\s+(red|blue|green)\s+([\d ]+)$", review, re.M)}
    assert set(rows) == set(g.seats) and {c: r[-1] for c, r in rows.items()} == ranking
    assert 1 <= len(re.findall(r"^\s+\d\. Round \d: ", review, re.M)) <= 5
    judged = int(re.search(r"Your decisions: (\d+) reviewed by the expert bot", review)[1])
    assert judged == sum(1 for n in _offered(text) if n > 1)
    for played, best in re.findall(r"played '([^']+)', better '([^']+)'", review):
        assert played != best


def test_without_an_answer_the_game_ends_without_a_review() -> None:
    rc, out = run(["play", "--seed", "4", "--bots", "random"], "\n".join(["1"] * 300) + "\n")
    assert rc == 0 and "═══ Game over ═══" in out
    assert "═══ Review ═══" not in out and "Game left" not in out


def test_a_hot_seat_review_names_each_players_decisions() -> None:
    rc, out = run(["play", "--seed", "2", "--hotseat", "--players", "3", "--review"],
                  "\n".join(["1"] * 600) + "\n")
    assert rc == 0 and "Traceback" not in out
    review = out.split("═══ Review ═══", 1)[1]
    assert "The players' decisions:" in review and "from what each player could see" in review
    for grade in re.findall(r"^\s+\S+ (?:Blunder|Mistake|Inaccuracy) \((\w+), round \d\)", review, re.M):
        assert grade in ("red", "blue", "green")


def test_a_review_of_chateau_village_port_counts_gold() -> None:
    rc, out = run(["play", "--game", "lieux", "--seed", "3", "--bots", "random", "--review"],
                  "\n".join(["1"] * 400) + "\n")
    assert rc == 0 and "Traceback" not in out
    review = out.split("═══ Review ═══", 1)[1]
    amounts = re.findall(r"(\d+) (points?|gold)\b", review)
    assert amounts and all(unit == "gold" for _, unit in amounts)
    assert "Your decisions:" in review


def test_key_moments_in_words() -> None:
    from tabletop.cli.review import moment_line
    own = {"round": 2, "actor": "red", "effect": {"kind": "ambush", "player": "red", "attacker": "red"}}
    assert moment_line(own, "red") == "Round 2: you walk into your own ambush"
    assert moment_line(own, None) == "Round 2: red walks into their own ambush"
    sprung = {"round": 4, "actor": "blue", "decisive": True, "leader": "red",
              "effect": {"kind": "ambush", "player": "red", "attacker": "blue"}}
    assert moment_line(sprung, "red") == ("Round 4: your ambush springs on blue — "
                                           "from here on, you lead to the end")
    steal = {"round": 3, "actor": "green", "from_leader": True,
             "effect": {"kind": "steal", "player": "green", "victim": "red", "amount": 1}}
    assert moment_line(steal, "red") == "Round 3: green takes 1 point from the leader, you"
    gone = {"round": 5, "actor": "red", "effect": {"kind": "eliminate", "player": "red", "victim": "blue",
                                                  "card": "heir"}}
    assert moment_line(gone, "red") == "Round 5: you eliminate blue's heir"
    paid = {"round": 6, "actor": "blue", "effect": {"kind": "gain", "player": "blue", "amount": 8,
                                                   "reason": "conspiracy"}}
    assert moment_line(paid, "red") == "Round 6: blue's conspiracy pays 8 points"
    heir = {"round": 3, "actor": "red", "decisive": True, "leader": "red",
            "effect": {"kind": "gain", "player": "red", "amount": 2, "reason": "heir", "card": "heir"}}
    assert moment_line(heir, "red") == ("Round 3: your heir scores 2 points — "
                                        "from here on, you lead to the end")
    cashed = {"round": 4, "actor": "green", "effect": {"kind": "gain", "player": "green", "amount": 3,
                                                       "reason": "tokens"}}
    assert moment_line(cashed, "red") == "Round 4: green collects 3 points from a card's tokens"


def test_a_resumed_game_is_reviewed_from_where_it_was_loaded(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run(["play", "--seed", "5", "--save", str(save)], "1\n" * 8)
    at_load = json.loads(save.read_text())["round"]
    rc, out = run(["play", "--load", str(save), "--save", str(save), "--review"], "1\n" * 300)
    assert rc == 0 and "Traceback" not in out
    review = out.split("═══ Review ═══", 1)[1]
    assert "Score by round (since the game was resumed):" in review
    heads = re.search(r"^\s+resumed((?:\s+R\d)+)$", review, re.M)
    assert heads is not None and heads[1].split()[0] == f"R{at_load}"
    # the game ended and was saved: loaded as it was, it has nothing to review, and is not offered one
    rc, out = run(["play", "--load", str(save)], "review\n")
    assert rc == 0 and "review" not in out.lower().split("final ranking", 1)[1]
