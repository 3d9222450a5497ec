"""`python -m oriflamme play | simulate | show`: the terminal front end of every game (`tabletop.cli`)."""

from tabletop.cli import main

raise SystemExit(main())
