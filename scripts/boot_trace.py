"""What the web game imports, traced inside Pyodide at build time (run by scripts/precompile.mjs).

The build runs this in the very Pyodide we ship, booted on the full precompiled stdlib, after PyScript's
own `pyscript` package was imported the way its worker does (JS modules stood in for), then calls
`trace(worker_source)`: it runs py/engine_worker.py as PyScript runs it and plays through the bridge
(web/engine.js's calls) everything the page can ask for — every edition and both games, every bot
level, moves, an illegal move, a hint, a hand-over view, a save, a load, a replay, a bad save — and
returns the name of every module then loaded from the stdlib zip. The web build ships just those,
compiled (scripts/precompile.py); any other stdlib module is imported on demand
(py/stdlib_on_demand.py). The zip's `sitecustomize` has bound every stdlib module lazily
(stdlib_on_demand.bind_lazily(trace=True)) before Pyodide's start-up: those imported but never executed
are returned apart ("lazy"), left out of the zip and bound lazily at run time too.
"""

from __future__ import annotations

import json
import sys
from typing import Any

ZIP = "/lib/python"  # every module from the stdlib zip has its origin under /lib/python3XY.zip/


def _play(webapi: Any, settings: dict[str, Any], moves: int) -> dict[str, Any] | None:
    """Start a game, then play up to `moves` actions (the human takes its first legal one); None when
    the game cannot have that many players."""
    u: dict[str, Any] = json.loads(webapi.new_game(json.dumps(settings)))
    if "error" in u:
        return None
    for _ in range(moves):
        if u["over"]:
            break
        if u["to_act_kind"] == "bot":
            u = json.loads(webapi.bot_step())
        else:
            json.loads(webapi.act("not an action"))  # the illegal-move path
            u = json.loads(webapi.act(u["legal"][0]))
        assert "error" not in u, u
    return u


def _setups() -> list[dict[str, Any]]:
    """Every game and variant; the last variant of a game with switches turns them on."""
    from tabletop import registry

    games: list[dict[str, Any]] = []
    for gid in registry.ids():
        spec = registry.get(gid)
        for v in spec.variants:
            on = v is spec.variants[-1]
            options = {o.name: (not o.default) if on and isinstance(o.default, bool) else o.default
                       for o in spec.options}
            games.append({"game": gid, spec.variant_setting: v.id, **options})
    return games


def trace(worker_source: str) -> dict[str, list[str]]:
    namespace: dict[str, Any] = {"__name__": "__main__"}
    exec(compile(worker_source, "engine_worker.py", "exec"), namespace)  # as PyScript runs it
    webapi = sys.modules["tabletop.bridge.api"]
    from tabletop import registry

    json.loads(webapi.catalogue())
    # A Python error that reaches the page: Pyodide formats its traceback, PyScript prints it.
    import io
    import traceback

    try:
        json.loads("{")
    except ValueError as e:
        traceback.format_exception(e)
        traceback.print_exception(e, file=io.StringIO())
    for setup in _setups():
        for players in range(2, 6):  # each count the game allows (every edition's deck)
            _play(webapi, {**setup, "players": players, "seed": players}, 2)
        levels = registry.get(setup["game"]).levels
        for level in levels:
            seats = [{"kind": "human"}, {"kind": "bot", "level": level}, {"kind": "bot", "level": level}]
            # Random bots play to the end (the scores, the end screen's replay); the others a few moves.
            u = _play(webapi, {**setup, "players": 3, "seed": 7, "seats": seats},
                      10_000 if level == "random" else 4)
            assert u is not None, setup
            json.loads(webapi.update(u["seats"][0]["colour"]))
            json.loads(webapi.log(u["seats"][0]["colour"]))
            if not u["over"] and u["to_act_kind"] == "human" and level == levels[-1]:
                json.loads(webapi.hint())
            saved = webapi.save()
            json.loads(webapi.load(saved))
            if u["over"]:
                json.loads(webapi.replay(saved))
        json.loads(webapi.load('{"format": "nonsense"}'))
    from stdlib_on_demand import LazyBinder

    binder = next((f for f in sys.meta_path if isinstance(f, LazyBinder)), None)
    # Imported, never executed; read without touching them (an attribute would run their code).
    lazy = [] if binder is None else sorted(
        n + ("/" if object.__getattribute__(sys.modules[n], "__spec__").submodule_search_locations is not None
             else "")
        for n in binder.names if n in sys.modules and n not in binder.executed)
    unused = {n.rstrip("/") for n in lazy}
    loaded = []
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if name not in unused and origin.startswith(ZIP):
            loaded.append(name)
    return {"modules": sorted(loaded), "lazy": lazy}
