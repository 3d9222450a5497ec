"""`python -m oriflamme play | simulate | show` — see `oriflamme.cli`."""

from oriflamme.cli import main

raise SystemExit(main())
