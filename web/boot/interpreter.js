// Our `interpreter` module for PyScript (pyscript.json: "interpreter": "./web/boot/interpreter.js").
//
// PyScript (polyscript) imports the module named by `interpreter` — any URL starting with ./, ../, / or
// a scheme — and calls its `loadPyodide(options)` with its own options; `version` keys its package cache.
// This wrapper re-exports Pyodide's and adds what makes the boot fast (issue 7, docs/PERFORMANCE.md):
// - indexURL: our self-hosted Pyodide folder (PyScript would derive it from this module's URL);
// - stdLibURL: the stdlib zip with .pyc precompiled at build time inside this very Pyodide
//   (scripts/precompile.mjs), so CPython compiles nothing from source at start-up.
// The @...@ placeholders are filled in by scripts/build.py and scripts/precompile.py.
import * as pyodide from "../../runtime/pyodide-@PYODIDE_VERSION@/pyodide.mjs";

const indexURL = new URL("../../runtime/pyodide-@PYODIDE_VERSION@/", import.meta.url).href;
const STDLIB = "@STDLIB_ZIP@";
// Unbuilt (placeholder left): the stock stdlib, compiled from source at each boot as before.
const stdLibURL = new URL(STDLIB.startsWith("@") ? "python_stdlib.zip" : STDLIB, indexURL).href;

export const version = pyodide.version;

export function loadPyodide(options = {}) {
  return pyodide.loadPyodide({ ...options, indexURL, stdLibURL });
}
