"""web/boot/worker-prelude.js drops the block of PyScript's codeBeforeRun hook that writes the `pyscript`
package's sources (the compiled copy in the stdlib zip is imported instead). It recognises the block by
two exact strings, WRITE_START and WRITE_END: this guards a PyScript upgrade that changes the block (the
rewrite would then silently stop, and each boot would pay for writing the package again).

The hook's text is rebuilt in node from the installed @pyscript/core sources (src/stdlib.js, joined the
way src/hooks.js does it: each part dedented, then joined by newlines), and the prelude's own
skipPackageWrite is cut out of its text and run on it.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PRELUDE = ROOT / "web" / "boot" / "worker-prelude.js"
CORE = ROOT / "node_modules" / "@pyscript" / "core"

NODE_SCRIPT = r"""
import { pathToFileURL } from "node:url";
const [stdlibJs, dedentJs, skipSource] = process.argv.slice(1);
const { stdlib } = await import(pathToFileURL(stdlibJs).href);
const { default: dedent } = await import(pathToFileURL(dedentJs).href);
const tail = "print('worker code before run')\n";
// src/hooks.js, codeFor(branch, "py"): [pylib, ...branch(key)].map(dedent).join("\n")
const hook = [stdlib, tail].map(dedent).join("\n");
const reports = [];
globalThis.oriflammeBootReport = (stage) => reports.push(stage);
const skipPackageWrite = new Function(`${skipSource}\nreturn skipPackageWrite;`)();
const other = "import os as _os\nprint(1)\n";
console.log(JSON.stringify({
  hook, tail,
  rewritten: skipPackageWrite(hook),
  reports,
  other: skipPackageWrite(other) === other,
  nonString: skipPackageWrite(undefined) === undefined,
}));
"""


def prelude_constants() -> dict[str, str]:
    text = PRELUDE.read_text()
    found = {}
    for name in ("WRITE_START", "WRITE_END"):
        m = re.search(rf'^const {name} = ("(?:[^"\\]|\\.)*");$', text, re.M)
        assert m, f"worker-prelude.js: no `const {name} = \"...\";`"
        found[name] = json.loads(m.group(1))
    return found


def skip_function_source() -> str:
    """The constants and skipPackageWrite, as written in the prelude (up to the function's closing brace
    at the start of a line)."""
    text = PRELUDE.read_text()
    m = re.search(r"^const WRITE_START = .*?^function skipPackageWrite\(code\) \{.*?^\}$", text, re.M | re.S)
    assert m, "worker-prelude.js: skipPackageWrite not found"
    return m.group(0)


def run_hook() -> dict[str, Any]:
    args = [str(CORE / "src" / "stdlib.js"), str(ROOT / "node_modules" / "codedent" / "esm" / "index.js"),
            skip_function_source()]
    proc = subprocess.run(["node", "--input-type=module", "-e", NODE_SCRIPT, *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def test_pyscript_hook_block_is_the_one_the_prelude_recognises() -> None:
    marks = prelude_constants()
    r = run_hook()
    hook: str = r["hook"]
    assert hook.startswith(marks["WRITE_START"]), hook[:200]
    end = hook.find(marks["WRITE_END"])
    assert end > 0, "PyScript's block no longer ends with the prelude's WRITE_END"
    assert hook.count(marks["WRITE_END"]) == 1
    # What lies between is only the writing of the package's files (nothing else to keep).
    block = hook[len(marks["WRITE_START"]):end].splitlines()
    writing = ("_path = _Path(", "_path.write_text(", "if not _os.path.exists(", "    _path.mkdir(")
    assert block and all(line.startswith(writing) for line in block), [
        line[:80] for line in block if not line.startswith(writing)][:5]
    assert hook[end + len(marks["WRITE_END"]):].lstrip("\n") == r["tail"]  # then the worker's own code


def test_prelude_rewrite_drops_the_block_and_its_import_and_keeps_the_rest() -> None:
    """D105: nor is the package imported at boot (in a worker, its import makes synchronous round trips to
    the page's main thread); the zip still carries it for code that imports it."""
    r = run_hook()
    rewritten: str = r["rewritten"]
    assert r["reports"] == []  # the listener reports the stage once per boot, not the function
    assert "write_text" not in rewritten and "_Path" not in rewritten
    assert "pyscript" not in rewritten
    assert rewritten.lstrip("\n") == r["tail"]
    compile(rewritten, "<codeBeforeRun>", "exec")  # still valid Python
    assert r["other"] is True and r["nonString"] is True  # anything else is left as it is


def test_shipped_bundle_builds_the_same_block() -> None:
    """The browser runs PyScript's bundled dist/, not src/: it builds the block from the same lines."""
    marks = prelude_constants()
    bundle = "".join(p.read_text() for p in sorted((CORE / "dist").glob("core-*.js")))
    start_lines = marks["WRITE_START"].rstrip("\n").split("\n")
    assert json.dumps(start_lines, separators=(",", ":"))[1:-1] in bundle
    end_lines = marks["WRITE_END"].rstrip("\n").split("\n")
    assert f'push("{end_lines[0]}")' in bundle
    dels = [line.removeprefix("del ") for line in end_lines[1:]]
    assert all(line.startswith("del ") for line in end_lines[1:])
    assert json.dumps(dels, separators=(",", ":")) in bundle


POLYSCRIPT_PYODIDE = ROOT / "node_modules" / "polyscript" / "esm" / "interpreter" / "pyodide.js"


def test_pyscript_calls_loadpyodide_with_its_streams_and_index_url_only() -> None:
    """D206: web/boot/interpreter.js starts Python in the engine worker before PyScript calls its
    loadPyodide, with forwarders to the output streams PyScript passes then. That is all PyScript passes
    with our config: {stderr, stdout} and {indexURL} (which interpreter.js replaces); `packages` (and a
    lock file) only when the config names packages, and the build's pyscript.json names none (the
    interpreter would then boot Python again, with them, and say so in the console)."""
    src = POLYSCRIPT_PYODIDE.read_text()
    assert "const options = { indexURL };" in src
    assert "loadPyodide({ stderr, stdout, ...options })" in src
    # every other key of `options` is set inside `if (packages)`, from the config
    assert set(re.findall(r"options\.(\w+) =", src)) == {"packages", "lockFileURL", "lockFileContents"}
    assert "if (packages) {" in src
    bundle = "".join(p.read_text() for p in sorted((CORE / "dist").glob("core-*.js")))
    m = re.search(r"(\w)=\{indexURL:\w\}", bundle)  # the browser runs the bundle: the same call there
    assert m
    assert re.search(r"\(\{stderr:\w,stdout:\w,\.\.\." + m.group(1) + r"\}\)", bundle)
    build = (ROOT / "scripts" / "build.py").read_text()
    assert 'config = {"interpreter": "./web/boot/interpreter.js"}' in build
