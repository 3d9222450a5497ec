// Modules imported at paths that exist only in the built site (dist/).

// The self-hosted Pyodide, at a path scripts/build.py fills in: the npm package's module and types.
declare module "*/pyodide.mjs" {
  export * from "pyodide";
}
// Bundled by scripts/build.py from npm's fake-indexeddb (web/boot/fake-indexeddb.entry.js): it only
// installs globalThis.indexedDB.
declare module "*/fake-indexeddb.js" {}
