"""`python -m oriflamme play`: a terminal game of any registered game against bots, or hot-seat.

Bad input is refused with a reason and asked again; end of input (EOF, Ctrl-D) or Ctrl-C leaves
cleanly. With `--save FILE` the position is written after every move, so a game is never lost;
`--load FILE` resumes it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from .. import hints, registry
from ..errors import IllegalAction, quote
from ..terminal import Style
from .options import add_game_arguments, game_options
from .players import Chooser, make_chooser, parse_levels
from .review import Record, review_lines
from .tables import draw, draw_all, log_lines, ranking_lines, seat_colours, start, title

HELP = """Commands: a number from the list, or the action text (e.g. 'reveal', 'place spy last');
  a unique beginning of an action is enough. 'board' redraws the table, 'log' shows the whole log,
  'hint' asks the strongest bot what it would play from your view, 'help' this text,
  'quit' leaves the game."""

HINT_BUDGET_MS = 600  # as the browser's Hint: the strongest bot's thinking time


class Quit(Exception):
    """The player left (quit, EOF, Ctrl-C)."""


class Session:
    def __init__(self, g: Any, humans: list[str], bots: dict[str, Chooser], inp: TextIO, out: TextIO,
                 style: Style, hotseat: bool, save: Path | None, resumed: bool = False,
                 review: bool = False) -> None:
        self.g = g
        self.humans = humans
        self.bots = bots
        self.inp = inp
        self.out = out
        self.style = style
        self.hotseat = hotseat
        self.save = save
        self.log: dict[str, list[str]] = {c: [] for c in humans}  # everything each human was told
        self.unseen: dict[str, list[str]] = {c: [] for c in humans}  # hot-seat: since their last turn
        self.at_screen: str | None = None if hotseat or not humans else humans[0]
        self.record = Record()  # every step and the humans' decisions, for the review after the game
        self.resumed = resumed
        self.review = review  # review the game at its end without asking

    # ---- output
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def tell(self, events: list[dict[str, Any]]) -> None:
        """Each human hears the events as they may see them; hot-seat players hear them on their turn; with
        no human (bots only), the terminal is told what a spectator sees."""
        if not self.humans:
            for line in log_lines(self.g, events, None):
                self.say("  " + line)
        for c in self.humans:
            lines = log_lines(self.g, events, c)
            self.log[c] += lines
            if self.hotseat:
                self.unseen[c] += lines
            else:
                for line in lines:
                    self.say("  " + line)

    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise Quit("end of input")
        if not (hasattr(self.inp, "isatty") and self.inp.isatty()):
            self.out.write(line if line.endswith("\n") else line + "\n")  # echo scripted input
        return line.strip()

    # ---- turns
    def run(self) -> int:
        g = self.g
        self.tell(g.start_events)
        self.record.begin(g, g.start_events)
        while g.to_act is not None:
            c = g.to_act
            if c in self.bots:
                bot = self.bots[c]
                view = g.view(c) if getattr(bot, "needs_view", True) else {}
                action = bot.choose(view, g.legal_actions())
                if not self.hotseat:  # not the action: it may name a face-down card; the events tell it
                    self.say(self.style.paint(f"{c} ({bot.level}):", c))
                self.act(action)
            else:
                self.human_turn(c)
        self.end_screen()
        return 0

    def act(self, action: str) -> None:
        g = self.g
        actor = g.to_act
        decision = self.record.decision(g, action) if actor in self.humans else None  # the view before it
        events = g.play(action)
        self.record.after(g, actor, action, events, decision)
        self.tell(events)
        if self.save is not None:
            self.save.write_text(self.g.to_json() + "\n")

    def pass_screen(self, c: str) -> None:
        if self.at_screen == c:
            return
        if self.style.colour:
            self.out.write("\x1b[2J\x1b[H")
        else:
            self.say("\n" + "=" * 60)
        self.say(f"Pass the terminal to {self.style.paint(c, c, True)}. (The previous hand is hidden.)")
        self.ask(f"{c}, press Enter when you are ready (or type quit)… ")
        self.at_screen = c

    def human_turn(self, c: str) -> None:
        g = self.g
        if self.hotseat:
            self.pass_screen(c)
            if self.unseen[c]:
                self.say("Since your last turn:")
                for line in self.unseen[c][-40:]:
                    self.say("  " + line)
                self.unseen[c] = []
        self.say("")
        self.say(draw(g, c, self.style))
        legal = g.legal_actions()
        self.show_actions(legal)
        while True:
            text = self.ask(f"{self.style.paint(c, c, True)}> ")
            low = " ".join(text.lower().split())
            if low in ("quit", "exit", "q"):
                raise Quit("quit")
            if low in ("help", "?", "h"):
                self.say(HELP)
                continue
            if low in ("board", "b"):
                self.say(draw(g, c, self.style))
                self.show_actions(legal)
                continue
            if low == "log":
                for line in self.log[c]:
                    self.say("  " + line)
                continue
            if low == "hint":
                self.say(self.hint(c, legal))
                continue
            action = self.parse(low, legal)
            if action is None:
                continue
            try:
                self.act(action)
            except IllegalAction as e:  # the game is unchanged; ask again
                # The error's own text starts "illegal action 'x': …": say it once, in the CLI's words.
                self.say(f"Not a legal action here: {quote(e.action)} — {e.reason}.")
                continue
            return

    def hint(self, c: str, legal: list[str]) -> str:
        """The strongest level's choice from `c`'s view only (as the browser's Hint), with the score changes
        it is sure of — the same on every deal of the hidden cards tried."""
        spec = registry.get(self.g.game)
        view = self.g.view(c)
        bot = spec.make_bot(spec.levels[-1], seed=hints.view_seed(view), budget_ms=HINT_BUDGET_MS)
        choice = bot.choose(view, legal)
        number = legal.index(choice) + 1
        text = f"Hint ({spec.levels[-1]} bot, from what you can see): {number}) {choice}."
        if spec.explainer is None:
            return text
        points = hints.explain(spec, view, choice)["points"]
        sure = [f"{'you' if who == c else who} {d:+d}" for who, d in points.items() if d]
        return text + (f" Sure to change the scores: {', '.join(sure)}." if sure else "")

    def parse(self, low: str, legal: list[str]) -> str | None:
        """The legal action meant by the input, or None after saying what is wrong."""
        n = len(legal)
        if not low:
            self.say(f"Type a number from 1 to {n} or an action ('help' for commands).")
            return None
        if low.isascii() and low.isdigit():
            if len(low) <= 6 and 1 <= int(low) <= n:
                return legal[int(low) - 1]
            self.say(f"No action number {low if len(low) <= 12 else low[:12] + '…'}: choose from 1 to {n}.")
            return None
        if low in legal:
            return low
        starts = [a for a in legal if a.startswith(low)]
        if len(starts) == 1:
            return starts[0]
        if len(starts) > 1:
            self.say(f"'{low}' could be {len(starts)} actions: {', '.join(starts[:6])}"
                     + (" …" if len(starts) > 6 else "") + ". Be more precise.")
            return None
        return low  # the engine explains why it is not legal

    def show_actions(self, legal: list[str]) -> None:
        self.say("Your options:")
        items = [f"{i:>2}) {a}" for i, a in enumerate(legal, start=1)]
        if len(items) <= 10:
            for it in items:
                self.say("  " + it)
            return
        w = max(len(it) for it in items) + 3
        per_row = max(1, 96 // w)
        for k in range(0, len(items), per_row):
            self.say("  " + "".join(it.ljust(w) for it in items[k:k + per_row]).rstrip())

    def end_screen(self) -> None:
        g = self.g
        if self.hotseat:
            for c in self.humans:
                if self.unseen[c]:
                    self.unseen[c] = []
        self.say("")
        self.say(self.style.bold("═══ Game over ═══"))
        self.say(draw_all(g, self.style))
        self.say("")
        self.say("Final ranking:")
        for line in ranking_lines(g):
            self.say(line)
        winners = g.ranking()[0]
        if not self.hotseat and len(self.humans) == 1:
            me = self.humans[0]
            self.say("You win!" if winners == [me] else
                     "You share the win!" if me in winners else "You did not win this time.")
        self.offer_review()

    def offer_review(self) -> None:
        """The strongest bot's review of the humans' decisions, with the scores and key moments (as the
        page's end screen has it); asked for, since judging every decision takes a few seconds."""
        spec = registry.get(self.g.game)
        if spec.explainer is None or not self.humans or len(self.record.steps) < 2:
            return  # nothing to review: no game spoken to, or a finished game loaded as it was
        if not self.review:
            self.say("")
            try:
                answer = self.ask("Type 'review' for the strongest bot's review of this game, "
                                  "or press Enter to leave: ")
            except Quit:
                return
            if answer.lower() not in ("review", "r", "y", "yes"):
                return
        self.say("")
        self.say(self.style.bold("═══ Review ═══"))
        me = None if self.hotseat else self.humans[0]
        tty = hasattr(self.out, "isatty") and self.out.isatty()

        def progress(done: int, total: int) -> None:  # on a terminal: a counter, erased when done
            end = "\r\x1b[K" if done == total else ""
            self.out.write(f"\rReviewing the decisions… {done}/{total}{end}")
            self.out.flush()

        try:
            for line in review_lines(spec, self.record, self.g.ranking(), me, progress if tty else None,
                                     self.resumed):
                self.say(line)
        except KeyboardInterrupt:
            self.say("\nReview stopped.")


def add_arguments(ap: argparse.ArgumentParser) -> None:
    add_game_arguments(ap)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--bots", default="normal",
                    help="level of the bots: random, easy, normal, hard, expert; a comma list gives one per "
                         "opponent in seat order")
    ap.add_argument("--hotseat", action="store_true", help="every seat is a human at this terminal")
    ap.add_argument("--watch", action="store_true", help="bots only: watch them play, as a spectator")
    ap.add_argument("--colour", "--color", dest="colour", default=None, help="your colour")
    ap.add_argument("--save", type=Path, default=None, help="write the position here after every move")
    ap.add_argument("--load", type=Path, default=None, help="resume a saved position")
    ap.add_argument("--no-colour", "--no-color", dest="no_colour", action="store_true")
    ap.add_argument("--review", action="store_true",
                    help="at the end, review the game (the strongest bot on your decisions) without asking")


def run(args: argparse.Namespace, inp: TextIO, out: TextIO, tty: bool) -> int:
    style = Style(tty and not args.no_colour)
    try:
        if args.load is not None:
            g = registry.load_game(args.load.read_text())
            levels = parse_levels(args.bots, g.game)
            seats = list(g.seats)
            if args.colour is not None and args.colour not in seats:
                raise ValueError(f"--colour: {args.colour!r} does not play in this game ({', '.join(seats)})")
        else:
            levels = parse_levels(args.bots, args.game)
            seats = seat_colours(args.game, args.variant, args.players, args.colour)
            g = start(args.game, args.variant, seats, args.seed, **game_options(args))
    except (ValueError, OSError) as e:
        out.write(f"error: {e}\n")
        return 2
    humans = list(seats) if args.hotseat else [] if args.watch else \
        [args.colour if args.colour is not None else seats[0]]
    levels = levels or ["normal"]
    opponents = [c for c in seats if c not in humans]
    base = args.seed if args.seed is not None else 0
    bots = {c: make_chooser(levels[i % len(levels)], base * 7919 + i + 1, g.game)
            for i, c in enumerate(opponents)}
    session = Session(g, humans, bots, inp, out, style, args.hotseat, args.save,
                      resumed=args.load is not None, review=args.review)
    described = [f"{c} is {'an' if b.level[0] in 'aeiou' else 'a'} {b.level} bot" for c, b in bots.items()]
    bots_text = ", ".join(described)
    who = ("hot-seat: " + ", ".join(humans) if args.hotseat else
           f"watching: {bots_text}" if not humans else f"you are {humans[0]}; {bots_text}")
    session.say(f"{title(g)}, {len(seats)} players — {who}. Type 'help' for commands.")
    try:
        return session.run()
    except (Quit, KeyboardInterrupt, EOFError):
        session.say("")
        if args.save is not None:
            session.say(f"Game left; saved to {args.save}. "
                        f"Resume: python -m oriflamme play --load {args.save}")
        elif args.load is not None:  # the file still holds the game as it was loaded
            session.say(f"Game left; the moves since loading are not saved ({args.load} is as it was). "
                        f"To keep them: python -m oriflamme play --load {args.load} --save {args.load}")
        else:
            session.say("Game left (not saved; use --save FILE to keep games).")
        return 0
