"""The command-line flags that choose a game, its variant and its options, from the registry."""

from __future__ import annotations

import argparse
from typing import Any

from .. import registry


def add_game_arguments(ap: argparse.ArgumentParser) -> None:
    specs = [registry.get(g) for g in registry.ids()]
    ap.add_argument("--game", choices=registry.ids(), default=registry.default().id)
    variants = "; ".join(f"{s.id}: {', '.join(v.id for v in s.variants)}" for s in specs)
    names = sorted({f"--{s.variant_setting}" for s in specs})
    ap.add_argument(*names, dest="variant", default=None, help=f"the game's variant ({variants})")
    for s in specs:
        for o in s.options:
            flag = "--" + o.name.replace("_", "-")
            if isinstance(o.default, bool):
                ap.add_argument(flag, dest=o.name, action="store_true", default=None, help=f"({s.id})")
            else:
                ap.add_argument(flag, dest=o.name, type=type(o.default), default=None, help=f"({s.id})")


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options given on the command line (the game refuses one that is not its own)."""
    names = {o.name for g in registry.ids() for o in registry.get(g).options}
    return {n: getattr(args, n) for n in sorted(names) if getattr(args, n, None) is not None}
