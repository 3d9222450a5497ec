"""D203: the build's edit of Pyodide's dynamic linker (scripts/pyodide_edits.py ASM_EDITS): the main module's
GOT entries are made when the first side module loads, not at every boot. It applies to the pinned
pyodide.asm.mjs or stops the build in words; the shipped edited file boots Python without those entries,
and a side module that links against a main-module function still gets a table slot that calls it.

Oracles: the pinned npm package's own pyodide.asm.mjs, run in node beside the edited copy the build ships;
a side module written here byte by byte (a `dylink.0` section and a `GOT.func` import).
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from build_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
VERSIONS = ROOT / "dist" / "web" / "boot" / "versions.json"
edits = load_script("pyodide_edits")


def stock_asm() -> str:
    return (PYODIDE / edits.ASM_MJS).read_text()


def test_the_linker_edits_apply_to_the_pinned_pyodide_or_stop_the_build_in_words() -> None:
    stock = stock_asm()
    edited = edits.edit_asm_mjs(stock)
    assert "updateGOT(origExports);" in stock and "updateGOT(origExports);" not in edited
    assert "deferMainGOT(origExports);" in edited and "localScope,handle)=>{flushMainGOT();" in edited
    upgraded = stock.replace("updateGOT(origExports);LDSO.init();", "updateGOT(origExports,1);LDSO.init();")
    with pytest.raises(edits.EditError, match=r"pyodide\.asm\.mjs no longer matches edit 2 .*is not in it"):
        edits.edit_asm_mjs(upgraded)


# A side module: dylink.0 (no memory, no table), imports GOT.func.PyList_New (a main-module export), and
# exports f() returning that GOT entry's value: the table slot the linker gave PyList_New.
SIDE_MODULE = [
    0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00,
    0x00, 0x0F, 0x08, *b"dylink.0", 0x01, 0x04, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7F,  # type: () -> i32
    0x02, 0x18, 0x01, 0x08, *b"GOT.func", 0x0A, *b"PyList_New", 0x03, 0x7F, 0x01,  # import: mutable i32
    0x03, 0x02, 0x01, 0x00,  # one function of type 0
    0x07, 0x05, 0x01, 0x01, *b"f", 0x00, 0x00,  # export "f"
    0x0A, 0x06, 0x01, 0x04, 0x00, 0x23, 0x00, 0x0B,  # f: global.get 0
]

LINK_JS = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, asm, side] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const createPyodideModule = (await import(pathToFileURL(asm).href)).default;
const py = await loadPyodide({ indexURL: pyodideDir + "/", createPyodideModule,
                               stdout: () => {}, stderr: () => {} });
const m = py._module;
const r = { booted: { got: Object.keys(m.GOT).length, main_export: "PyList_New" in m.GOT,
                      table: m.wasmTable.length } };
r.python = py.runPython("import json; json.dumps([1, 2])");
const lib = await m.loadWebAssemblyModule(Uint8Array.from(JSON.parse(side)),
                                          { loadAsync: true, nodelete: true }, "side.so", {});
const slot = lib.f();
r.linked = { got: Object.keys(m.GOT).length, slot_is_got: slot === m.GOT.PyList_New.value,
             new_list: m.wasmTable.get(slot)(0) !== 0 };
console.log(JSON.stringify(r));
"""


def link(asm: Path) -> dict[str, Any]:
    proc = subprocess.run(["node", "--input-type=module", "-e", LINK_JS, str(PYODIDE), str(asm),
                           json.dumps(SIDE_MODULE)], capture_output=True, text=True, cwd=ROOT, timeout=180)
    assert proc.returncode == 0, re.findall(r"\w*Error\b.{0,300}", proc.stderr)[-5:]
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.skipif(not VERSIONS.exists(), reason="dist/ not built (make build)")
def test_the_shipped_linker_makes_the_main_modules_got_when_a_side_module_loads() -> None:
    pyodide_dir = ROOT / "dist" / "runtime" / f"pyodide-{json.loads(VERSIONS.read_text())['pyodide']}"
    (shipped,) = pyodide_dir.glob("pyodide.asm-*.mjs")
    assert shipped.read_text() == edits.edit_asm_mjs(stock_asm())
    stock, edited = link(PYODIDE / edits.ASM_MJS), link(shipped)
    # The stock linker made an entry (and a table slot) per exported function at boot; the edited one
    # only those the main module's own imports name.
    assert stock["booted"]["main_export"] and not edited["booted"]["main_export"]
    assert edited["booted"]["got"] < 1000 < stock["booted"]["got"]
    assert edited["booted"]["table"] < stock["booted"]["table"]
    assert stock["python"] == edited["python"] == "[1, 2]"
    # A side module linked against PyList_New gets a slot that calls it, with either linker, and afterwards
    # the GOT holds what the stock linker's did.
    for result in (stock, edited):
        assert result["linked"]["slot_is_got"] and result["linked"]["new_list"], result
    assert edited["linked"]["got"] == stock["linked"]["got"]
