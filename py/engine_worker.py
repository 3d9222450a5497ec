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

from tabletop.bridge import api  # noqa: E402  (after the first report on purpose)

ping = api.ping
catalogue = api.catalogue
new_game = api.new_game
act = api.act
bot_step = api.bot_step
update = api.update
log = api.log
save = api.save
load = api.load
replay = api.replay
hint = api.hint
undo = api.undo
tutorial = api.tutorial
review_start = api.review_start
review_next = api.review_next

__export__ = list(api.EXPORTS)

_report("engine")
