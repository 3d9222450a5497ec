// Search-bot speed in Pyodide (Node, the same wasm runtime as the browser):
//   node scripts/bench_bots_pyodide.mjs [iterations_per_move] [moves] [budget_ms|none] [level] [games]
// Loads py/tabletop and py/oriflamme into Pyodide's file system and runs hard-bot moves on positions of random
// games: `games` lists edition:players (default retail:3,prototype:3; prototype:2 is the two-player mode). Iterations per second are counted against the Node process's CPU
// time (so a busy machine does not distort them); with a budget, it also reports wall milliseconds per move.
import { loadPyodide } from "pyodide";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const iterations = Number(process.argv[2] ?? 1000);
const moves = Number(process.argv[3] ?? 10);
const budget = process.argv[4] && process.argv[4] !== "none" ? Number(process.argv[4]) : null;
const level = process.argv[5] ?? "hard";
const games = (process.argv[6] ?? "retail:3,prototype:3").split(",").map((g) => g.split(":"));
const py = await loadPyodide();
/**
 * @param {string} src
 * @param {string} dst
 */
function copyTree(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of readdirSync(src)) {
    const s = join(src, name);
    if (statSync(s).isDirectory()) {
      if (name !== "__pycache__") copyTree(s, `${dst}/${name}`);
    } else if (name.endsWith(".py") || name.endsWith(".json")) {
      py.FS.writeFile(`${dst}/${name}`, readFileSync(s));
    }
  }
}
for (const pkg of ["tabletop", "oriflamme"]) {
  copyTree(new URL(`../py/${pkg}`, import.meta.url).pathname, `/home/pyodide/${pkg}`);
}
py.runPython("from oriflamme.bots.bench import positions, run");
console.log(`pyodide ${py.version}; ${level}, ${iterations} iterations per move` +
  `${budget ? `, budget ${budget} ms` : ""}`);
for (const [edition, players] of games) {
  py.runPython(`ps = positions("${edition}", ${players}, ${moves})`);
  const c0 = process.cpuUsage();
  const r = py.runPython(`run(ps, ${iterations}, ${budget ?? "None"}, "${level}")`).toJs();  // CPU time taken in JS
  const c1 = process.cpuUsage(c0);
  const cpu = (c1.user + c1.system) / 1e6;
  console.log(`${edition} ${players}p: ${r[0]} iterations in ${cpu.toFixed(2)} s CPU = ` +
    `${Math.round(r[0] / cpu)} iterations/s; wall per move mean ${Math.round(r[2])} ms, ` +
    `worst ${Math.round(r[3])} ms`);
}
