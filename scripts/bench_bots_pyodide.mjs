// Hard-bot speed in Pyodide (Node, same wasm runtime as the browser):
//   node scripts/bench_bots_pyodide.mjs [budget_ms] [moves]
// Loads py/oriflamme into Pyodide's file system and times hard-bot moves on positions of random
// 3-player retail games: search iterations per second and milliseconds per move.
import { loadPyodide } from "pyodide";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const budget = Number(process.argv[2] ?? 600);
const moves = Number(process.argv[3] ?? 20);
const py = await loadPyodide();
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
copyTree(new URL("../py/oriflamme", import.meta.url).pathname, "/home/pyodide/oriflamme");
const out = py.runPython(`
import random, time, json
from oriflamme import new_game
from oriflamme.bots import make_bot
rng = random.Random(1)
res = []
for edition, players in (("retail", 3), ("prototype", 3)):
    its, secs, worst, n, seed = 0, 0.0, 0.0, 0, 0
    while n < ${moves}:
        g = new_game(edition, players, seed=seed); seed += 1
        bot = make_bot("hard", seed=seed, budget_ms=${budget})
        while not g.is_over and n < ${moves}:
            legal = g.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                t = time.perf_counter()
                bot.choose(g.view(g.to_act), legal)
                dt = time.perf_counter() - t
                its += bot.last_iterations; secs += dt; worst = max(worst, dt); n += 1
            g.play(rng.choice(legal))
    res.append(dict(edition=edition, players=players, moves=n, iterations_per_s=round(its / secs),
                    mean_ms=round(1000 * secs / n), worst_ms=round(1000 * worst)))
json.dumps(res)
`);
console.log(`pyodide ${py.version}, budget ${budget} ms`);
for (const r of JSON.parse(out)) console.log(r);
