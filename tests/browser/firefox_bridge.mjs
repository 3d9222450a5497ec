// Firefox for the Python browser tests (tests/browser/other_browsers.py): Debian's firefox-esr driven by
// puppeteer-core over WebDriver BiDi (Debian has no geckodriver, and no browser can be downloaded here).
// One JSON command per line on stdin, one JSON answer per line on stdout:
//   {"cmd": "goto", "url": …} | {"cmd": "evaluate", "expression": …} | {"cmd": "click", "selector": …,
//   "index": n} | {"cmd": "viewport", "width": w, "height": h} | {"cmd": "screenshot", "path": png} |
//   {"cmd": "errors"} (console errors and uncaught page errors seen so far, then forgotten) |
//   {"cmd": "close"}
// answered {"ok": true, "value": …} or {"ok": false, "error": "…"}.
// Usage: node tests/browser/firefox_bridge.mjs [--executable /usr/bin/firefox-esr]
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const flag = process.argv.indexOf("--executable");
const executablePath = flag > 0 ? process.argv[flag + 1] : "/usr/bin/firefox-esr";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  defaultViewport: { width: 1280, height: 800 },
  timeout: 120_000,  // the start, on a machine that may be busy (default 30 s)
});
const page = await browser.newPage();
/** @type {string[]} */
const errors = [];
page.on("console", (msg) => {
  if (msg.type() !== "error") return;
  const where = msg.location();
  errors.push(`console.error: ${msg.text()} @ ${where?.url ?? ""}:${where?.lineNumber ?? ""}`);
});
page.on("pageerror", (err) => errors.push(`page error: ${err instanceof Error ? err.message : err}`));

const commands = {
  /** @param {{url: string}} args */
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    return null;
  },
  /** @param {{expression: string}} args */
  async evaluate({ expression }) {
    return await page.evaluate(expression);
  },
  /** @param {{selector: string, index: number}} args */
  async click({ selector, index }) {
    const found = await page.$$(selector);
    if (index >= found.length) throw new Error(`no element ${index} of ${selector} (${found.length} found)`);
    await found[index].click();
    return null;
  },
  /** @param {{width: number, height: number}} args */
  async viewport({ width, height }) {
    await page.setViewport({ width, height });
    return null;
  },
  /** @param {{path: `${string}.png`}} args */
  async screenshot({ path }) {
    await page.screenshot({ path });
    return null;
  },
  async errors() {
    return errors.splice(0);
  },
  async version() {
    return await browser.version();
  },
};

const send = (/** @type {{ok: boolean, value?: unknown, error?: string}} */ answer) => process.stdout.write(`${JSON.stringify(answer)}\n`);
send({ ok: true, value: "ready" });
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { cmd, ...args } = JSON.parse(line);
  if (cmd === "close") break;
  try {
    if (!Object.hasOwn(commands, cmd)) throw new Error(`unknown command: ${cmd}`);
    const run = commands[/** @type {keyof typeof commands} */ (cmd)];
    send({ ok: true, value: (await run(args)) ?? null });
  } catch (err) {
    send({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
}
await browser.close();
send({ ok: true, value: "closed" });
process.exit(0);  // stdin may still be open
