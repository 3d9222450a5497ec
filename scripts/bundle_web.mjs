// Bundle the page's own modules of a built dist/web in place (D101), called by scripts/build.py.
// Over a line every module is a request, and each level of imports a round trip: ~30 modules in a chain
// five deep held HTTP/1.1's six connections while the runtime worker's wasm request queued behind them.
// esbuild bundles from the entries given (index.html's scripts and every module imported by path: the
// on-demand ones of D89 keep their own files and names) with code splitting: what several entries share
// goes into web/chunks/, so each module still runs once. The modules given as separate stay files of
// their own, imported where they are (early.js must stay the page's first, self-contained request, and
// the runtime worker it starts is shared with boot.js; the workers import snapshot-format.js).
// Usage: node scripts/bundle_web.mjs WEB_DIR '{"entries": [...], "separate": [...]}' (paths under WEB_DIR)
// Prints {"outputs": [...], "removed": [...]}: the files written, and the modules now inside them.
import * as esbuild from "esbuild";
import fs from "node:fs";
import path from "node:path";

const web = path.resolve(process.argv[2]);
const { entries, separate } = /** @type {{entries: string[], separate: string[]}} */ (JSON.parse(process.argv[3]));
// A module's own URL, and a separate module's, are written as this marker plus the path under web/, then
// made relative to the file the code ends up in (an entry in its folder or a chunk in web/chunks/).
const MARK = "@web@/";

/** @param {string} file */
const underWeb = (file) => path.relative(web, file).split(path.sep).join("/");

/** @type {esbuild.Plugin} */
const paths = {
  name: "module-urls",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const rel = underWeb(path.resolve(args.resolveDir, args.path));
      return separate.includes(rel) ? { path: MARK + rel, external: true } : undefined;
    });
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const self = JSON.stringify(MARK + underWeb(args.path));
      const text = fs.readFileSync(args.path, "utf8").replaceAll("import.meta.url", `new URL(${self}, import.meta.url).href`);
      return { contents: text, loader: "js" };
    });
  },
};

const result = await esbuild.build({
  entryPoints: entries.map((e) => path.join(web, e)),
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: "es2023",
  charset: "utf8",
  legalComments: "none",
  tsconfigRaw: {}, // (the repo's tsconfig.json is the type check's: its `strict` would add "use strict")
  outdir: web,
  outbase: web,
  absWorkingDir: web, // chunk hashes hold input paths relative to this: the same wherever dist is built
  entryNames: "[dir]/[name]",
  chunkNames: "chunks/[name]-[hash]",
  allowOverwrite: true,
  write: false,
  metafile: true,
  plugins: [paths],
  logLevel: "warning",
  // PyScript's core and the fake IndexedDB are imported from URLs computed at run time: left as they are.
  logOverride: { "unsupported-dynamic-import": "silent" },
});

const outputs = result.outputFiles.map((f) => underWeb(f.path));
const inputs = Object.keys(result.metafile.inputs).map((i) => underWeb(path.resolve(web, i))); // (relative to web)
const removed = inputs.filter((i) => !outputs.includes(i) && !separate.includes(i));
for (const rel of removed) fs.rmSync(path.join(web, rel));
for (const file of result.outputFiles) {
  const dir = path.dirname(file.path);
  const text = file.text.replaceAll(new RegExp(`"${MARK}([^"]+)"`, "g"), (_, rel) => {
    const url = path.relative(dir, path.join(web, rel)).split(path.sep).join("/");
    return JSON.stringify(url.startsWith(".") ? url : `./${url}`);
  });
  if (text.includes(MARK)) throw new Error(`${file.path}: a module URL left unresolved`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file.path, text);
}
console.log(JSON.stringify({ outputs, removed }));
