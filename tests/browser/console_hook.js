// Test-only page hook (tests/browser/other_browsers.py serves it and puts it first in <head>; never
// shipped in dist/): WebDriver classic gives no console, so the page records what the console would
// show — console.error/warn, uncaught errors and rejections, resources that failed to load, CSP
// violations, errors a worker raised — and when the first decision became clickable.
(() => {
  if (window.__testHook) return;
  const hook = (window.__testHook = { errors: [], warnings: [], readyAt: null });
  const text = (x) => {
    if (x instanceof Error) return `${x.name}: ${x.message}`;
    if (typeof x === "string") return x;
    try { return JSON.stringify(x); } catch { return String(x); }
  };
  for (const [level, list] of [["error", hook.errors], ["warn", hook.warnings]]) {
    const original = console[level];
    console[level] = function (...args) {
      list.push(`console.${level}: ${args.map(text).join(" ")}`);
      return original.apply(this, args);
    };
  }
  addEventListener("error", (e) => {
    const el = e.target;
    if (el && el !== window && el.tagName) hook.errors.push(`failed to load: <${el.tagName.toLowerCase()}> ${el.src || el.href || ""}`);
    else hook.errors.push(`page error: ${e.message} @ ${e.filename}:${e.lineno}`);
  }, true);
  addEventListener("unhandledrejection", (e) => hook.errors.push(`unhandled rejection: ${text(e.reason)}`));
  document.addEventListener("securitypolicyviolation", (e) =>
    hook.errors.push(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} @ ${e.sourceFile}:${e.lineNumber}`));
  // A worker's uncaught error reaches the page only as an event on its Worker object.
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class extends NativeWorker {
      constructor(...args) {
        super(...args);
        this.addEventListener("error", (e) => hook.errors.push(`worker error: ${e.message} @ ${e.filename}:${e.lineno}`));
      }
    };
  }
  const ready = () => {
    if (hook.readyAt === null && document.querySelector('#app[data-busy="0"] [data-action]')) {
      hook.readyAt = performance.now();
    }
  };
  new MutationObserver(ready).observe(document, { subtree: true, childList: true, attributes: true });
})();
