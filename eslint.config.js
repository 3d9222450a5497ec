// ESLint (flat config): the recommended rules on every JS file we write, with each file's real globals
// (page, worker, service worker, node). Types are tsc's job (tsconfig*.json); this catches the rest.
import js from "@eslint/js";
import globals from "globals";

/** @type {import("eslint").Linter.Config[]} */
export default [
  {
    // Built or installed, not ours.
    ignores: ["dist/**", "build/**", "node_modules/**", "test-results/**", ".venv/**"],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
      "no-implicit-globals": "error",
      "no-shadow": "off",
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  { files: ["web/**/*.js", "scripts/bench/*.js"], languageOptions: { globals: globals.browser } },
  {
    files: ["web/boot/worker-prelude.js", "web/boot/runtime-worker.js", "web/boot/interpreter.js"],
    languageOptions: { globals: globals.worker },
  },
  { files: ["web/pwa/sw.js"], languageOptions: { globals: globals.serviceworker } },
  {
    files: ["scripts/**/*.mjs", "tests/**/*.mjs", "eslint.config.js"],
    languageOptions: { globals: globals.node },
  },
  // Run inside the page by the browser tests (Playwright's add_init_script, puppeteer's evaluate).
  { files: ["tests/browser/*.js"], languageOptions: { globals: globals.browser } },
];
