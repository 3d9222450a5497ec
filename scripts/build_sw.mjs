// Write dist/sw.js: web/pwa/sw.js with its precache list (the files of the built site a visit uses, hashed chunk
// names included, a content revision for each) generated here by workbox-build's injectManifest, so
// each build is a new service-worker version. Called by scripts/build_pwa.py once dist/ is complete.
// Usage: node scripts/build_sw.mjs DIST
import { injectManifest } from "workbox-build";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.resolve(process.argv[2] || path.join(root, "dist"));
// What a later visit, offline, needs: not the bench pages, nor what the boot never downloads: the stock
// stdlib archive (the boot's compiled zip replaces it; it is fetched only for a module that zip left out,
// see py/stdlib_on_demand.py) and Pyodide's lock file (its header is inline in interpreter.js). The
// memory snapshot is kept by the page itself in Cache Storage (web/boot/boot.js keepSnapshot).
const ignores = ["sw.js", "bench/**", "web/pwa/sw.js", "web/pwa/manifest.webmanifest", "runtime/*/snapshot-*.bin",
  "runtime/*/pyodide-lock.json"];
// Of PyScript's bundle, only the files a boot loads (listed by scripts/build.py in versions.json): its
// editor, terminal, game and MicroPython plugins (~370 KB gzip) would be downloaded for nothing.
const versions = JSON.parse(fs.readFileSync(path.join(dist, "web", "boot", "versions.json"), "utf8"));
const pyscriptDir = path.dirname(versions.pyscript_core).replace(/^\.\//, "");
for (const file of fs.readdirSync(path.join(dist, pyscriptDir))) {
  if (!versions.pyscript_boot.includes(file)) ignores.push(`${pyscriptDir}/${file}`);
}
for (const dir of fs.readdirSync(path.join(dist, "runtime"))) {
  const files = fs.readdirSync(path.join(dist, "runtime", dir));
  if (files.includes("python_stdlib.zip") && files.some((f) => /^python_stdlib-[0-9a-f]+\.zip$/.test(f))) {
    ignores.push(`runtime/${dir}/python_stdlib.zip`);
  }
  // The wasm shipped compressed (D200): the runtime worker keeps the copy it inflated (Cache Storage) and
  // inflates the precached .zst again only if that copy is gone; precaching the plain file too would
  // download the wasm a second time (3.5 MB gzip) in the background.
  if (files.includes("pyodide.asm.wasm") && files.some((f) => /^pyodide\.asm-[0-9a-f]+\.wasm\.zst$/.test(f))) {
    ignores.push(`runtime/${dir}/pyodide.asm.wasm`);
  }
  // Pyodide's JS as the build edited it (D203) is what the game loads; the stock file is the bare
  // benchmark page's.
  if (files.includes("pyodide.asm.mjs") && files.some((f) => /^pyodide\.asm-[0-9a-f]+\.mjs$/.test(f))) {
    ignores.push(`runtime/${dir}/pyodide.asm.mjs`);
  }
}
const { count, size, warnings } = await injectManifest({
  swSrc: path.join(dist, "web", "pwa", "sw.js"), // the build's minified copy (scripts/build.py)
  swDest: path.join(dist, "sw.js"),
  globDirectory: dist,
  globPatterns: ["**/*"],
  // bench/ is a developer page; the service worker's own source is not needed by the page.
  globIgnores: ignores,
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024, // pyodide.asm.wasm (its .zst, when built)
  // Versioned paths are immutable: their URL is their revision.
  dontCacheBustURLsMatching: /^runtime\//,
});
for (const w of warnings) console.warn(`build_sw: ${w}`);
console.log(`build_sw: ${count} files precached, ${(size / 1e6).toFixed(1)} MB`);
