// Baseline for `make bench-web`: the stock Pyodide files we ship, on the main thread, running 1+1.
import { loadPyodide } from "../runtime/pyodide-@PYODIDE_VERSION@/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("../runtime/pyodide-@PYODIDE_VERSION@/", import.meta.url).href });
const out = document.createElement("output");
out.id = "result";
out.textContent = String(pyodide.runPython("1+1"));
document.body.append(out);
performance.mark("bare-first-output");
