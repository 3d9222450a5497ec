"""PyScript worker entry (dist/py/engine_worker.py): exports the JSON bridge to the page.

The page reaches these through `(await el.xworker.ready).sync.<name>(...)`; see web/engine.js and
docs/WEB.md. Stages are reported to the page's progress bar through web/boot/worker-prelude.js.
"""

from __future__ import annotations


def _report(stage: str) -> None:
    try:
        import js  # type: ignore[import-not-found]  # Pyodide only

        js.oriflammeBootReport(stage)
    except Exception:  # not in a browser worker, or no prelude: no progress, no harm
        pass


_report("python")

from oriflamme import webapi  # noqa: E402  (after the first report on purpose)

ping = webapi.ping
new_game = webapi.new_game
act = webapi.act
bot_step = webapi.bot_step
update = webapi.update
save = webapi.save
load = webapi.load
replay = webapi.replay
hint = webapi.hint

__export__ = ["act", "bot_step", "hint", "load", "new_game", "ping", "replay", "save", "update"]

_report("engine")
