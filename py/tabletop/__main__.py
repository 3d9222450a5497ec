"""`python -m tabletop play | simulate | show`: the same command line as `python -m oriflamme`."""

from tabletop.cli import main

raise SystemExit(main(prog="python -m tabletop"))
