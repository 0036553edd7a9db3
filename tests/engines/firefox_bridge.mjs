// Firefox for the cross-engine tests (tests/engines/drivers.py): puppeteer-core drives the
// installed Firefox ESR over WebDriver BiDi (it downloads no browser). One JSON command a
// line on stdin, one JSON answer a line on stdout: {id, ok, value} or {id, ok: false, error}.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  protocol: "webDriverBiDi",
  // Service workers in a private profile, as in a normal window; no first-run pages.
  extraPrefsFirefox: { "dom.serviceWorkers.testing.enabled": false, "browser.shell.checkDefaultBrowser": false },
});
const contexts = new Map();
const pages = new Map();
let next = 0;

const ops = {
  version: async () => browser.version(),
  profile: async () => {
    const id = `c${++next}`;
    contexts.set(id, await browser.createBrowserContext());
    return id;
  },
  page: async (context) => {
    const id = `p${++next}`;
    const page = await contexts.get(context).newPage();
    page.setDefaultTimeout(30000);
    pages.set(id, page);
    return id;
  },
  goto: async (page, url) => { await pages.get(page).goto(url, { waitUntil: "load", timeout: 60000 }); },
  // `source` is a function's source, called with `args`.
  call: async (page, source, args) => pages.get(page).evaluate(`(${source})(...${JSON.stringify(args)})`),
  fill: async (page, selector, text) => {
    const field = await pages.get(page).waitForSelector(selector);
    await field.click({ count: 3 });
    await field.evaluate((element) => element.select?.());
    await pages.get(page).keyboard.press("Backspace");
    if (text) await field.type(text);
  },
  click: async (page, selector) => { await (await pages.get(page).waitForSelector(selector)).click(); },
  focus: async (page, selector) => { await pages.get(page).focus(selector); },
  upload: async (page, selector, path) => { await (await pages.get(page).$(selector)).uploadFile(path); },
  viewport: async (page, width, height) => { await pages.get(page).setViewport({ width, height }); },
  screenshot: async (page, path) => { await pages.get(page).screenshot({ path }); },
  closePage: async (page) => { await pages.get(page).close(); pages.delete(page); },
  closeProfile: async (context) => { await contexts.get(context).close(); contexts.delete(context); },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, op, args } = JSON.parse(line);
  try {
    const value = await ops[op](...args);
    process.stdout.write(`${JSON.stringify({ id, ok: true, value: value ?? null })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ id, ok: false, error: String(error?.stack || error) })}\n`);
  }
}
await browser.close();
