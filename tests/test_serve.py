"""scripts/serve.py answers like the production host: a folder without index.html is a 404, not a listing."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from build_scripts import load_script


def test_folders_are_not_listed(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>home</title>")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "secret-name.js").write_text("export {};")
    server = load_script("serve").make_server(tmp_path, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with urllib.request.urlopen(base) as resp:
            assert b"home" in resp.read()
        for path in ("web/", "web"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(base + path)
            assert refused.value.code == 404
            assert b"secret-name" not in refused.value.read()
        with urllib.request.urlopen(base + "web/secret-name.js") as resp:
            assert resp.status == 200
    finally:
        server.shutdown()
        server.server_close()
