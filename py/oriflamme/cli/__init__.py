"""The command line: `python -m oriflamme play | simulate | show`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from . import play, simulate
from .tables import draw_all, lieux_module
from .textview import Style, render_view


def show(path: str, inp: TextIO, out: TextIO, tty: bool) -> int:
    """Draw a position (a file, or `-` for stdin) as text, every card visible."""
    try:
        if path == "-":
            text = inp.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        out.write(f"error: {e}\n")
        return 2
    style = Style(tty)
    try:
        from ..game import load_game
        g = load_game(text)  # validates (nesting bounded), naming a bad field; either game by its format
        if g.game == "lieux":
            out.write(str(lieux_module().render_text(text)) + "\n")
            return 0
        data = json.loads(text)
    except ValueError as e:
        out.write(f"invalid position: {e}\n")
        return 2
    # Draw the position as written (load_game may already have resolved automatic effects at the
    # cursor); the decision and legal actions are those of the loaded game.
    v = g.view(None)
    v["queue"] = data["queue"]
    v["scores"] = data["scores"]
    v["discard"] = data["discard"]
    v["hand_sizes"] = {c: len(h) for c, h in data["hands"].items()}
    v["round"], v["first"], v["direction"], v["phase"] = data["round"], data["first"], data["direction"], \
        data["phase"]
    v["cursor"] = data.get("cursor")
    out.write(render_view(v, style, hands=data["hands"], asides=data["aside"]) + "\n")
    if g.to_act is not None:
        legal = g.legal_actions()
        more = " …" if len(legal) > 40 else ""
        out.write(f"Legal for {g.to_act}: " + " | ".join(legal[:40]) + more + "\n")
    return 0


def main(argv: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    inp = inp if inp is not None else sys.stdin
    out = out if out is not None else sys.stdout
    tty = out is sys.stdout and sys.stdout.isatty()
    ap = argparse.ArgumentParser(prog="python -m oriflamme",
                                 description="Oriflamme in the terminal: play, simulate, show.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play against bots, or hot-seat")
    play.add_arguments(p)
    s = sub.add_parser("simulate", help="random or bot games with statistics")
    simulate.add_arguments(s)
    w = sub.add_parser("show", help="draw a position (JSON file, or - for stdin) as text")
    w.add_argument("position")
    args = ap.parse_args(argv)
    try:
        if args.command == "play":
            return play.run(args, inp, out, tty)
        if args.command == "simulate":
            return simulate.run(args, out)
        return show(args.position, inp, out, tty)
    except KeyboardInterrupt:
        out.write("\n")
        return 130
    except BrokenPipeError:
        return 0


__all__ = ["draw_all", "main"]
