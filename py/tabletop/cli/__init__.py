"""The command line for every registered game: `python -m oriflamme play | simulate | show`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from .. import registry
from ..terminal import Style
from . import play, simulate


def show(path: str, inp: TextIO, out: TextIO, tty: bool) -> int:
    """Draw a position of any game (a file, or `-` for stdin) as text, every card visible."""
    try:
        if path == "-":
            text = inp.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        out.write(f"error: {e}\n")
        return 2
    spec = registry.game_of_position(text)
    try:
        g = spec.load(text)  # validates, naming a bad field
        out.write(spec.renderer.position(text, Style(tty)) + "\n")
    except ValueError as e:
        out.write(f"invalid position: {e}\n")
        return 2
    if g.to_act is not None:
        legal = g.legal_actions()
        more = " …" if len(legal) > 40 else ""
        out.write(f"Legal for {g.to_act}: " + " | ".join(legal[:40]) + more + "\n")
    return 0


def main(argv: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None,
         prog: str = "python -m oriflamme") -> int:
    inp = inp if inp is not None else sys.stdin
    out = out if out is not None else sys.stdout
    tty = out is sys.stdout and sys.stdout.isatty()
    args_given = list(sys.argv[1:] if argv is None else argv)
    if not args_given or (args_given[0].startswith("-") and args_given[0] not in ("-h", "--help")):
        args_given.insert(0, "play")  # what most people run it for: `python -m oriflamme --players 4` plays
    ap = argparse.ArgumentParser(prog=prog, description="The games in the terminal: play (the default), "
                                 "simulate, show.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play against bots, or hot-seat")
    play.add_arguments(p)
    s = sub.add_parser("simulate", help="random or bot games with statistics")
    simulate.add_arguments(s)
    w = sub.add_parser("show", help="draw a position (JSON file, or - for stdin) as text")
    w.add_argument("position")
    args = ap.parse_args(args_given)
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


__all__ = ["main", "show"]
