// pyview's Firefox driver: puppeteer-core over WebDriver BiDi, driving the machine's Firefox (never a download).
// The Python side (pyview/_tooling/testing/_engine_firefox.py) starts `node engine_firefox.mjs PUPPETEER_DIR` and talks JSON
// lines over stdin/stdout: {"id", "op", ...} in, {"id", "ok": value} or {"id", "error": text} out, one at a time.
//
// Ops: launch {executablePath} -> version; newPage -> page id; goto {page, url}; evaluate {page, view, script, arg};
// waitFor {page, view, script, arg, timeout}; click {page, selector}; closePage {page}; close.
// `script` is the source of a JS function of one argument; `view` runs it in the View's frame (the first iframe of
// the host page) instead of the page.
import { createRequire } from "node:module";
import readline from "node:readline";

const puppeteer = createRequire(`${process.argv[2]}/`)("puppeteer-core");
let browser = null;
const pages = new Map();
let nextPage = 1;

const viewFrame = async (page, timeout = 10_000) => {
  const deadline = Date.now() + timeout;
  for (;;) {
    const frame = page.mainFrame().childFrames()[0];
    if (frame && !frame.detached) return frame;
    if (Date.now() > deadline) throw new Error("the View's frame was never attached");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const call = (script, arg) => `(${script})(${JSON.stringify(arg ?? null)})`;
const target = async (request) => {
  const page = pages.get(request.page);
  if (!page) throw new Error(`no page ${request.page}`);
  return request.view ? viewFrame(page) : page.mainFrame();
};

const ops = {
  async launch({ executablePath }) {
    browser = await puppeteer.launch({ browser: "firefox", executablePath, headless: true });
    return browser.version();
  },
  async newPage() {
    const id = nextPage++;
    pages.set(id, await browser.newPage());
    return id;
  },
  async goto({ page, url }) {
    await pages.get(page).goto(url, { waitUntil: "load" });
    return null;
  },
  async evaluate(request) {
    return (await target(request)).evaluate(call(request.script, request.arg));
  },
  async waitFor(request) {
    const deadline = Date.now() + request.timeout;
    for (;;) { // the frame can be replaced (a re-mount) while waiting: look it up again on each failure
      const frame = await target({ ...request, view: request.view });
      try {
        const remaining = Math.max(1, deadline - Date.now());
        const handle = await frame.waitForFunction(call(request.script, request.arg), { timeout: remaining, polling: 50 });
        return await handle.jsonValue();
      } catch (error) {
        if (Date.now() >= deadline || !frame.detached) throw error;
      }
    }
  },
  async click({ page, selector }) {
    await (await viewFrame(pages.get(page))).click(selector);
    return null;
  },
  async closePage({ page }) {
    await pages.get(page)?.close();
    pages.delete(page);
    return null;
  },
  async close() {
    await browser?.close();
    browser = null;
    return null;
  },
};

const lines = readline.createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on("line", (line) => {
  const request = JSON.parse(line);
  queue = queue.then(async () => {
    let reply;
    try {
      const value = await ops[request.op](request);
      reply = { id: request.id, ok: value === undefined ? null : value };
    } catch (error) {
      reply = { id: request.id, error: `${error?.message || error}` };
    }
    process.stdout.write(`${JSON.stringify(reply)}\n`);
    if (request.op === "close") process.exit(0);
  });
});
lines.on("close", () => browser?.close().finally(() => process.exit(0)));
