"""The web build's pure-Python parts: the engine zip, the served headers, the site's dist/ layout."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from build_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def test_engine_zip_is_deterministic_and_complete() -> None:
    build = load_script("build")
    a = build.engine_zip()
    b = build.engine_zip()
    assert a == b
    names = zipfile.ZipFile(io.BytesIO(a)).namelist()
    for module in ("tabletop/bridge/api.py", "tabletop/registry.py", "oriflamme/__init__.py",
                   "lieux/__init__.py"):
        assert module in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
    sources = {p.relative_to(ROOT / "py").as_posix() for pkg in build.engine_packages()
               for p in pkg.rglob("*.py") if "__pycache__" not in p.parts}
    assert sources <= set(names)


def test_netlify_headers_as_served() -> None:
    serve = load_script("serve")
    rules = serve.netlify_rules(ROOT / "netlify.toml")

    def headers(path: str) -> dict[str, str]:
        merged: dict[str, str] = {}
        for pattern, values in rules:
            if pattern.match(path):
                merged.update(values)
        return merged

    assert "default-src 'self'" in headers("/")["Content-Security-Policy"]
    assert headers("/")["Cache-Control"] == "no-cache"
    assert headers("/index.html")["Cache-Control"] == "no-cache"
    assert headers("/sw.js")["Cache-Control"] == "no-cache"
    assert headers("/pyscript.json")["Cache-Control"] == "no-cache"
    assert "immutable" in headers("/runtime/pyodide-314.0.7/pyodide.asm.wasm")["Cache-Control"]
    assert headers("/runtime/pyodide-314.0.7/pyodide.asm.wasm")["Content-Type"] == "application/wasm"
    assert serve.MIME[".wasm"] == "application/wasm"
    # The wasm compressed at build time (D200) goes as is, typed as what it is: never as a wasm, nor with
    # an encoding the browser would undo before the runtime worker's decoder sees it.
    packed = headers("/runtime/pyodide-314.0.7/pyodide.asm-0123456789ab.wasm.zst")
    assert packed["Content-Type"] == serve.MIME[".zst"] == "application/zstd"
    assert "immutable" in packed["Cache-Control"]
    assert "Content-Encoding" not in packed
    # Cross-origin isolation on every response, documents and worker scripts alike (a worker under an
    # isolated page needs its own COEP): see docs/PERFORMANCE.md for why.
    for path in ("/", "/index.html", "/web/boot/runtime-worker.js", "/runtime/pyodide-1/pyodide.asm.mjs"):
        assert headers(path)["Cross-Origin-Opener-Policy"] == "same-origin", path
        assert headers(path)["Cross-Origin-Embedder-Policy"] == "require-corp", path


def test_package_json_pins_exact_versions() -> None:
    pkg = json.loads((ROOT / "package.json").read_text())
    deps = {**pkg["dependencies"], **pkg["devDependencies"]}
    assert deps["pyodide"] == "314.0.7" and deps["@pyscript/core"] == "0.7.31"
    for name in ("fake-indexeddb", "workbox-build", "esbuild"):
        assert name in deps
    for name, version in deps.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), (name, version)
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == "314.0.7"


DIST = ROOT / "dist"


@pytest.mark.skipif(not (DIST / "pyscript.json").exists(), reason="dist/ not built (make build)")
def test_dist_only_refers_to_its_own_origin() -> None:
    config = json.loads((DIST / "pyscript.json").read_text())
    assert "files" not in config  # the engine rides in the stdlib zip (scripts/precompile.py)
    urls = [config["interpreter"]]
    assert all(u.startswith("./") for u in urls), urls
    for url in urls:
        assert (DIST / url.split("?")[0]).exists(), url
    index = (DIST / "index.html").read_text()
    assert "://" not in re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", index)
    assert not re.search(r"\bsrc=[\"']https?:|\bhref=[\"']https?:", index)
    boot = (DIST / "web" / "boot" / "boot.js").read_text()
    assert "@PYSCRIPT_VERSION@" not in boot and "@RUNTIME_SIZES@" not in boot and "@SNAPSHOT@" not in boot


@pytest.mark.skipif(not (DIST / "pyscript.json").exists(), reason="dist/ not built (make build)")
def test_dist_ships_no_development_files() -> None:
    """web/dev/ (the development server's bridge), web/types/ and *.d.ts (the type check's
    declarations) and esbuild's entry points stay out of the site, and so out of the precache."""
    shipped = [p.relative_to(DIST / "web").as_posix() for p in (DIST / "web").rglob("*") if p.is_file()]
    assert shipped
    assert not [p for p in shipped if p.startswith(("dev/", "types/")) or p.endswith((".d.ts", ".entry.js"))]
    sw = (DIST / "sw.js").read_text()
    assert ".d.ts" not in sw and "web/dev/" not in sw


@pytest.mark.skipif(not (DIST / "sw.js").exists(), reason="dist/ not built (make build)")
def test_the_precache_holds_only_the_pyscript_files_a_boot_loads() -> None:
    """PyScript ships plugins this page never loads (editor, terminal, game, MicroPython): a visitor's
    service worker does not download them, while everything the boot loads is precached."""
    versions = json.loads((DIST / "web" / "boot" / "versions.json").read_text())
    folder = versions["pyscript_core"].removeprefix("./").rpartition("/")[0]
    boot = set(versions["pyscript_boot"])
    assert "core.js" in boot and any(f.startswith("error-") for f in boot)
    precached = set(re.findall(r'"url":"' + re.escape(folder) + r'/([^"]+)"', (DIST / "sw.js").read_text()))
    assert precached == boot
    assert {f.name for f in (DIST / folder).iterdir()} - boot, "PyScript's other plugins are still in dist/"


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make build)")
def test_the_page_carries_the_engines_catalogue() -> None:
    from tabletop.bridge import api

    page = (DIST / "index.html").read_text()
    m = re.search(r'<script type="application/json" id="catalogue">(.*?)</script>', page)
    assert m, "no catalogue in dist/index.html"
    assert json.loads(m.group(1)) == json.loads(api.catalogue())


def test_no_js_file_opts_out_of_the_type_check() -> None:
    """`make lint` type-checks every file under web/: a file may not switch the checker off for itself."""
    opted_out = [p.relative_to(ROOT).as_posix() for p in (ROOT / "web").rglob("*.js")
                 if re.search(r"@ts-(nocheck|ignore)", p.read_text(encoding="utf-8"))]
    assert opted_out == []


@pytest.mark.skipif(not (DIST / "pyscript.json").exists(), reason="dist/ not built (make build)")
def test_each_header_of_each_file_comes_from_one_rule_and_the_hashed_chunks_are_immutable() -> None:
    """The host applies every [[headers]] rule whose path matches, and two rules' values for one header
    may be joined with a comma (a Cache-Control saying both no-cache and immutable): no file of the site
    may get a header from two rules. The bundle's chunks, named by a hash of their content, are cached
    for good; every other file of web/ is revalidated, so a deploy is seen at once."""
    import threading
    import urllib.request

    serve = load_script("serve")
    rules = serve.netlify_rules(ROOT / "netlify.toml")
    files = sorted("/" + f.relative_to(DIST).as_posix() for f in DIST.rglob("*")
                   if f.is_file() and not f.name.startswith("."))
    chunks = [f for f in files if f.startswith("/web/chunks/")]
    assert chunks and all(re.fullmatch(r"/web/chunks/chunk-[A-Z0-9]{8}\.js", c) for c in chunks), chunks
    for path in ["/", *files]:
        setters: dict[str, int] = {}
        for pattern, values in rules:
            if pattern.match(path):
                for key in values:
                    setters[key.lower()] = setters.get(key.lower(), 0) + 1
        twice = [key for key, n in setters.items() if n > 1]
        assert not twice, (path, twice)
    server = serve.make_server(DIST)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        for path in [f for f in files if f.startswith("/web/")]:
            with urllib.request.urlopen(base + path) as response:
                cache = response.headers["Cache-Control"]
            expected = "public, max-age=31536000, immutable" if path in chunks else "no-cache"
            assert cache == expected, (path, cache)
    finally:
        server.shutdown()
        server.server_close()


def test_the_hosts_build_installs_the_zstandard_the_dev_extra_pins() -> None:
    import tomllib

    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    pins = [d for d in dev if d.startswith("zstandard")]
    netlify = tomllib.loads((ROOT / "netlify.toml").read_text())["build"]["command"]
    assert len(pins) == 1 and re.fullmatch(r"zstandard==\d+\.\d+\.\d+", pins[0]) and pins[0] in netlify, pins


def test_the_packed_wasm_is_deterministic_and_inflates_to_the_wasm(tmp_path: Path) -> None:
    """D200: pyodide.asm-<hash>.wasm.zst is a function of the wasm alone (its name the hash of its bytes),
    and zstd gives the wasm back exactly."""
    import zstandard

    build = load_script("build")
    wasm = bytes(range(256)) * 4000 + b"\0asm" * 1000
    names = []
    for run in ("a", "b"):
        folder = tmp_path / run
        folder.mkdir()
        (folder / "pyodide.asm.wasm").write_bytes(wasm)
        names.append(build.pack_wasm(folder))
        packed = (folder / names[-1]).read_bytes()
        assert zstandard.ZstdDecompressor().decompress(packed) == wasm
        assert len(packed) < len(wasm) // 10
    assert names[0] == names[1] and re.fullmatch(r"pyodide\.asm-[0-9a-f]{12}\.wasm\.zst", names[0]), names


def test_the_bundles_chunk_names_do_not_depend_on_where_the_site_is_built(tmp_path: Path) -> None:
    """The chunks are cached for good under names esbuild hashes from their inputs, paths included;
    `make build` bundles in build/dist-new-<pid>/, so paths relative to the process's directory gave every
    build new names, and every return visit after a deploy fetched all the chunks again. The same web/
    bundled in two places gives the same files."""
    import shutil

    build = load_script("build")
    trees = []
    for place in ("a", "b/dist-new-1234"):
        web = tmp_path / place / "web"
        shutil.copytree(ROOT / "web", web)
        build.bundle_web(web)
        trees.append({p.relative_to(web).as_posix(): p.read_bytes() for p in web.rglob("*.js")})
    chunks = sorted(name for name in trees[0] if name.startswith("chunks/"))
    assert chunks and sorted(name for name in trees[1] if name.startswith("chunks/")) == chunks
    assert trees[0] == trees[1]


# The shipped decoder (fzstd, as the build copies it) inflating the built file pushed in 64 KB parts, as the
# runtime worker does while it streams: prints the inflated length and its SHA-256.
INFLATE_MJS = """
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
const { Decompress } = await import(process.argv[1]);
const packed = readFileSync(process.argv[2]);
const hash = createHash("sha256");
let length = 0;
const decoder = new Decompress((chunk) => { hash.update(chunk); length += chunk.length; });
for (let at = 0; at < packed.length; at += 65536) decoder.push(packed.subarray(at, at + 65536));
decoder.push(new Uint8Array(0), true);
console.log(length, hash.digest("hex"));
"""


@pytest.mark.skipif(not (DIST / "sw.js").exists(), reason="dist/ not built (make build)")
def test_the_built_packed_wasm_inflates_with_the_shipped_decoder_and_only_it_is_precached() -> None:
    """The site ships the wasm compressed (D200) with its decoder and the decoder's licence; the decoder
    gives this build's wasm back byte for byte; the service worker precaches the compressed file, not the
    plain one (the runtime worker keeps its own inflated copy: the plain file would be a second download)."""
    import hashlib
    import subprocess

    versions = json.loads((DIST / "web" / "boot" / "versions.json").read_text())
    packed = DIST / versions["wasm_packed"].removeprefix("./")
    wasm = packed.parent / "pyodide.asm.wasm"
    assert packed.exists() and packed.stat().st_size < 0.35 * wasm.stat().st_size
    decoders = sorted((DIST / "runtime").glob("fzstd-*/fzstd.js"))
    assert len(decoders) == 1 and (decoders[0].parent / "LICENSE").exists()
    node = ["node", "--input-type=module", "-e", INFLATE_MJS, decoders[0].as_uri(), str(packed)]
    out = subprocess.run(node, check=True, capture_output=True, text=True).stdout.split()
    assert out == [str(wasm.stat().st_size), hashlib.sha256(wasm.read_bytes()).hexdigest()]
    early = (DIST / "web" / "boot" / "early.js").read_text()
    assert "@WASM_PACKED@" not in early and "@ZSTD_DECODER@" not in early and packed.name in early
    sw = (DIST / "sw.js").read_text()
    assert f"/{packed.name}" in sw and decoders[0].relative_to(DIST).as_posix() in sw
    assert "pyodide.asm.wasm" not in sw
