"""What the web game imports, traced inside Pyodide at build time (run by scripts/precompile.mjs).

The build runs this in the very Pyodide we ship, booted on the full precompiled stdlib, with the JS
modules PyScript registers stood in for; it runs py/engine_worker.py as PyScript's worker does
(runPythonAsync), then calls `trace()`, which plays through the bridge (web/engine.js's calls) everything
the page can ask for — every edition and both games, every bot level, moves, an illegal move, a hint, a
hand-over view, a save, a load, a replay, a bad save — and returns the name of every module then loaded
from the stdlib zip. The web build ships just those, compiled (scripts/precompile.py); any other stdlib
module is imported on demand (py/stdlib_on_demand.py). The zip's `sitecustomize` has bound every stdlib
module lazily (stdlib_on_demand.bind_lazily(trace=True)) before Pyodide's start-up: those imported but
never executed are returned apart ("lazy"), left out of the zip and bound lazily at run time too.

The trace runs in two phases (D83). Phase 1 is what a first visit needs before its first decision: the
boot, then a new game of the default game (each of its editions, each player count, bots of the page's
default level) until a human is to act, and the save the page keeps then. Phase 2 is everything else the
page can ask for. The build ships the modules executed in phase 1 in the boot's zip and those executed
only in phase 2 in a second, "later" archive (scripts/precompile.py); the engine's modules are bound
lazily in the trace too, so that a module imported at boot but first used in phase 2 (the review's
search, the tutorials) is told apart ("deferred") and bound lazily at boot. PyScript's own `pyscript`
package is imported in phase 2 (D119): the worker no longer imports it at boot (D105,
web/boot/worker-prelude.js), so it and what only it runs ride in the later archive, for code that
imports it.
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


def _first_decisions(webapi: Any) -> None:
    """Phase 1: what the page does up to a new game's first decision, for each edition of the default
    game (the registry's first; the page's default level: the session's default seats) and each player
    count: a new game, the bots' moves until a human is to act, the save the page keeps then."""
    from tabletop import registry

    json.loads(webapi.ping())
    spec = registry.get(registry.ids()[0])
    for v in spec.variants:
        for players in range(v.min_players, v.max_players + 1):
            u = json.loads(webapi.new_game(json.dumps({"game": spec.id, spec.variant_setting: v.id,
                                                       "players": players, "seed": players})))
            while not u["over"] and u["to_act_kind"] == "bot":
                u = json.loads(webapi.bot_step())
            assert "error" not in u, u
            webapi.save()


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


def _binder() -> Any:
    from stdlib_on_demand import LazyBinder

    return next((f for f in sys.meta_path if isinstance(f, LazyBinder)), None)


def _is_package(name: str) -> bool:
    # Read without touching the module (an attribute of a lazy module would run its code).
    return object.__getattribute__(sys.modules[name], "__spec__").submodule_search_locations is not None


def _from_zip(name: str) -> bool:
    origin = getattr(getattr(sys.modules[name], "__spec__", None), "origin", None) or ""
    return origin.startswith(ZIP)


def trace() -> dict[str, list[str]]:
    webapi = sys.modules["tabletop.bridge.api"]  # (imported by the worker's source)
    _first_decisions(webapi)
    binder = _binder()
    bound: set[str] = set() if binder is None else binder.names
    executed: set[str] = set() if binder is None else binder.executed
    first = {n for n in sys.modules if n not in bound or n in executed}
    imported_first = {n for n in sys.modules if n in bound and n not in executed}
    # Phase 2: everything else the page can ask for; and PyScript's package, which the boot no longer
    # imports (D105) but code may (its JS modules are stood in for by scripts/precompile.mjs).
    import pyscript  # noqa: F401

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
    _later_features(webapi)
    # Imported, never executed.
    lazy = sorted(n + ("/" if _is_package(n) else "")
                  for n in bound if n in sys.modules and n not in executed)
    unused = {n.rstrip("/") for n in lazy}
    loaded = sorted(n for n in list(sys.modules) if n not in unused and _from_zip(n))
    return {"modules": loaded, "lazy": lazy,
            "first": sorted(n for n in first if n in loaded),
            "deferred": sorted(n + ("/" if _is_package(n) else "") for n in imported_first if n in loaded)}


def _later_features(webapi: Any) -> None:
    """The guided games, the take-back and the review of a finished game (a short review: a few
    decisions judged)."""
    from tabletop import registry

    for gid in registry.ids():
        u = json.loads(webapi.tutorial(gid))
        if "error" not in u and u["to_act_kind"] == "human":
            json.loads(webapi.act(u["legal"][0]))
    for gid in registry.ids():
        spec = registry.get(gid)
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]
        u = _play(webapi, {"game": gid, "players": 3, "seed": 5, "seats": seats}, 6)
        json.loads(webapi.undo())
        u = _play(webapi, {"game": gid, "players": 3, "seed": 5, "seats": seats}, 10_000)
        assert u is not None and u["over"], (gid, spec.id)
        summary = json.loads(webapi.review_start())
        if "error" not in summary:
            json.loads(webapi.review_next())
