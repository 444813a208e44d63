// Firefox for the browser tests: a long-running Node process that drives Firefox with
// puppeteer-core over WebDriver BiDi and answers JSON lines on stdin/stdout, one request
// at a time. tests/firefox/firefox_page.py wraps it in the subset of Playwright's sync Page
// API that the DOM drivers of tests/e2e/ use, so the same game-playing code runs in both
// browsers.
//
//   request:  {"id": 7, "cmd": "click", "page": 1, "chain": [["css", ".hand .card"], ["nth", 2]], ...}
//   answer:   {"id": 7, "ok": true, "value": ...}   or   {"id": 7, "ok": false, "error": "..."}
//
// A chain is a Playwright-like locator: ["css", selector] finds the descendants of every
// element found so far, ["nth", i] keeps the i-th (negative from the end). Nothing is
// downloaded: the Firefox is the one given by "executablePath" (scripts/firefox.py).
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const pages = new Map(); // id -> {page, context, problems, origin}
let browser = null;
let nextPage = 1;

// --------------------------------------------------------------- page-side functions
// The resolver is prepended to every function run in the page, so it needs no global.
const RESOLVE = `
  const resolve = (chain) => {
    let els = [document];
    for (const [op, v] of chain) {
      if (op === "css") {
        const found = new Set();
        for (const e of els) for (const x of e.querySelectorAll(v)) found.add(x);
        els = [...found].sort((a, b) =>
          a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
      } else if (op === "nth") {
        const i = v < 0 ? els.length + v : v;
        els = i >= 0 && i < els.length ? [els[i]] : [];
      }
    }
    return els;
  };
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden";
  };`;

const pageFn = (params, body) => new Function(...params, RESOLVE + body);

const STATE = pageFn(["chain"], `
  const els = resolve(chain);
  return {n: els.length, visible: els.length > 0 && visible(els[0]),
          enabled: els.length > 0 && !els[0].disabled};`);
const FIRST = pageFn(["chain"], "return resolve(chain)[0];");
// Where to click, checked like Playwright's actionability checks: the element is visible,
// stable (the same rectangle in two consecutive animation frames: not a card still
// travelling across the table) and receives the click (the topmost element at the point
// is the element or inside it: nothing flying over it or covering it). The point is its
// centre, or position from its top-left corner. {n, visible, ready, x, y, hit}.
const AsyncFunction = (async () => {}).constructor;
const POINT = new AsyncFunction("chain", "position", "force", RESOLVE + `
  const els = resolve(chain);
  if (els.length !== 1) return {n: els.length};
  const e = els[0];
  if (!force && !visible(e)) return {n: 1, visible: false};
  e.scrollIntoView({block: "nearest", inline: "nearest"});
  const frame = () => new Promise((done) => {
    requestAnimationFrame(() => done());
    setTimeout(done, 100);  // no frame comes in a hidden page
  });
  const box = () => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const first = box();
  await frame();
  const r = e.getBoundingClientRect();
  const x = r.left + (position ? position.x : r.width / 2);
  const y = r.top + (position ? position.y : r.height / 2);
  if (force) return {n: 1, visible: true, ready: true, x, y};
  const stable = e.isConnected && box().every((v, i) => Math.abs(v - first[i]) < 0.5);
  const top = document.elementFromPoint(x, y);
  const hit = !!top && (top === e || e.contains(top));
  const what = (el) => el ? el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : "") +
    (el.dataset && el.dataset.card ? "[data-card=" + el.dataset.card + "]" : "") : "nothing";
  return {n: 1, visible: true, ready: stable && hit, x, y,
          why: !stable ? "not stable (moving)" : hit ? "" : "covered by " + what(top)};`);
const QUERY = pageFn(["chain", "op", "arg"], `
  const els = resolve(chain);
  const e = els[0];
  switch (op) {
    case "count": return els.length;
    case "innerText": return e.innerText;
    case "allInnerTexts": return els.map((x) => x.innerText);
    case "textContent": return e.textContent;
    case "getAttribute": return e.getAttribute(arg);
    case "isVisible": return els.length > 0 && visible(e);
    case "isDisabled": return !!e.disabled;
    case "inputValue": return e.value;
    case "boundingBox": {
      if (!visible(e)) return null;
      const r = e.getBoundingClientRect();
      return {x: r.x, y: r.y, width: r.width, height: r.height};
    }
    case "evaluate": return (0, eval)("(" + arg[0] + ")")(e, arg[1]);
    case "evaluateAll": return (0, eval)("(" + arg[0] + ")")(els, arg[1]);
    case "fill": {
      e.focus();
      e.value = arg;
      e.dispatchEvent(new Event("input", {bubbles: true}));
      e.dispatchEvent(new Event("change", {bubbles: true}));
      return null;
    }
    case "selectOption": {
      e.value = arg;
      e.dispatchEvent(new Event("input", {bubbles: true}));
      e.dispatchEvent(new Event("change", {bubbles: true}));
      return e.value === arg;
    }
    default: throw new Error("unknown query " + op);
  }`);

// Playwright's rule: a string that looks like a function is called (with the argument);
// anything else is evaluated as an expression.
const FUNCTION_LIKE = /^\s*(async\s+)?((\([^)]*\)|[\w$]+)\s*=>|function\b)/;

function asFunction(src) {
  if (FUNCTION_LIKE.test(src)) return new Function("arg", `return (${src})(arg);`);
  return new Function("arg", `return eval(${JSON.stringify(src)});`);
}

// --------------------------------------------------------------- problem recording
function origin(url) {
  try { return new URL(url).origin; } catch { return ""; }
}

function record(entry) {
  const problems = {console_errors: [], page_errors: [], foreign_requests: [],
                    failed_requests: [], requests: 0};
  const {page} = entry;
  page.on("console", (msg) => {
    if (msg.type() === "error") {
      const loc = msg.location();
      problems.console_errors.push(`${msg.text()} @ ${loc && loc.url ? loc.url : ""}`);
    }
  });
  page.on("pageerror", (err) => problems.page_errors.push(String(err && err.message || err)));
  page.on("request", (req) => {
    problems.requests += 1;
    const url = req.url();
    if (/^(data|blob|about):/.test(url)) return;
    if (origin(url) !== entry.origin) problems.foreign_requests.push(`${req.method()} ${url}`);
  });
  page.on("requestfailed", (req) => {
    const text = (req.failure() && req.failure().errorText) || "failed";
    if (/ABORTED/i.test(text)) return; // cancelled by a navigation or reload
    problems.failed_requests.push(`${req.method()} ${req.url()}: ${text}`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) problems.failed_requests.push(`HTTP ${res.status()} ${res.url()}`);
  });
  return problems;
}

// --------------------------------------------------------------- commands
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function get(msg) {
  const entry = pages.get(msg.page);
  if (!entry) throw new Error(`no page ${msg.page}`);
  return entry;
}

// Wait until the chain finds exactly one element (more is an error, like Playwright's
// strict locators) that is visible unless force; return its handle.
async function actionable(page, chain, {force = false, timeout = 30000, visible = true} = {}) {
  const deadline = Date.now() + timeout;
  let state = null;
  for (;;) {
    state = await page.evaluate(STATE, chain);
    if (state.n > 1) {
      throw new Error(`strict mode: ${JSON.stringify(chain)} matches ${state.n} elements`);
    }
    if (state.n === 1 && (force || !visible || state.visible)) break;
    if (Date.now() > deadline) {
      throw new Error(`timeout ${timeout} ms waiting for ${JSON.stringify(chain)} ` +
                      `(found ${state.n}, visible ${state.visible})`);
    }
    await sleep(25);
  }
  return page.evaluateHandle(FIRST, chain);
}

const COMMANDS = {
  async launch(msg) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: msg.executablePath,
      headless: true,
      protocolTimeout: msg.protocolTimeout || 180000,
      extraPrefsFirefox: msg.prefs || {},
    });
    return browser.version();
  },

  async newPage(msg) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultTimeout(msg.timeout || 30000);
    await page.setViewport(msg.viewport || {width: 1280, height: 720});
    if (msg.initScript) await page.evaluateOnNewDocument(msg.initScript);
    const id = nextPage++;
    const entry = {page, context, origin: msg.origin};
    entry.problems = record(entry);
    pages.set(id, entry);
    return id;
  },

  async closePage(msg) {
    const entry = get(msg);
    pages.delete(msg.page);
    await entry.context.close();
    return null;
  },

  async problems(msg) {
    return get(msg).problems;
  },

  async goto(msg) {
    await get(msg).page.goto(msg.url, {waitUntil: msg.waitUntil || "load", timeout: msg.timeout});
    return null;
  },

  async reload(msg) {
    await get(msg).page.reload({waitUntil: msg.waitUntil || "load", timeout: msg.timeout});
    return null;
  },

  async url(msg) {
    return get(msg).page.url();
  },

  async evaluate(msg) {
    return get(msg).page.evaluate(asFunction(msg.src), msg.arg === undefined ? null : msg.arg);
  },

  async waitForFunction(msg) {
    const {page} = get(msg);
    await page.waitForFunction(asFunction(msg.src), {timeout: msg.timeout, polling: msg.polling || 100},
                               msg.arg === undefined ? null : msg.arg);
    return null;
  },

  async query(msg) {
    const {page} = get(msg);
    if (msg.wait) await (await actionable(page, msg.chain, {visible: false, timeout: msg.timeout})).dispose();
    const needsOne = !["count", "allInnerTexts", "isVisible", "evaluateAll"].includes(msg.op);
    if (needsOne && !msg.wait) {
      const state = await page.evaluate(STATE, msg.chain);
      if (state.n === 0) throw new Error(`no element for ${JSON.stringify(msg.chain)}`);
    }
    return page.evaluate(QUERY, msg.chain, msg.op, msg.arg === undefined ? null : msg.arg);
  },

  async waitFor(msg) {
    const {page} = get(msg);
    const deadline = Date.now() + (msg.timeout || 30000);
    const want = msg.state || "visible";
    for (;;) {
      const s = await page.evaluate(STATE, msg.chain);
      const ok = want === "attached" ? s.n > 0
        : want === "detached" ? s.n === 0
          : want === "hidden" ? !s.visible : s.visible;
      if (ok) return null;
      if (Date.now() > deadline) {
        throw new Error(`timeout waiting for ${JSON.stringify(msg.chain)} to be ${want}`);
      }
      await sleep(25);
    }
  },

  async click(msg) {
    // One script finds the element, scrolls it into view if needed, checks that it is
    // stable and would receive the click, and returns the point; one input action clicks
    // there (like Playwright: a real pointer event). Retried until the timeout.
    const {page} = get(msg);
    const started = Date.now();
    const deadline = started + (msg.timeout || 30000);
    let waited = "";
    for (;;) {
      const at = await page.evaluate(POINT, msg.chain, msg.position || null, !!msg.force);
      if (at.n === 1 && !at.ready && at.why) waited = at.why;
      if (at.n > 1) {
        throw new Error(`strict mode: ${JSON.stringify(msg.chain)} matches ${at.n} elements`);
      }
      if (at.n === 1 && at.ready) {
        if (waited) {  // in the bridge's log (tests/firefox/conftest.py names it)
          process.stderr.write(`click ${JSON.stringify(msg.chain)} waited ` +
                               `${Date.now() - started} ms: ${waited}\n`);
        }
        await page.mouse.click(at.x, at.y);
        return null;
      }
      if (Date.now() > deadline) {
        throw new Error(`timeout waiting to click ${JSON.stringify(msg.chain)} ` +
                        `(found ${at.n}, visible ${!!at.visible}${at.why ? ", " + at.why : ""})`);
      }
      await sleep(25);
    }
  },

  async mouseClick(msg) {
    await get(msg).page.mouse.click(msg.x, msg.y);
    return null;
  },

  async pdf(msg) {
    const data = await get(msg).page.pdf({format: msg.format || "A4", printBackground: false,
                                          preferCSSPageSize: true, timeout: 60000});
    return Buffer.from(data).toString("base64");
  },

  async setViewport(msg) {
    await get(msg).page.setViewport(msg.viewport);
    return null;
  },

  async close() {
    if (browser) await browser.close();
    browser = null;
    return null;
  },
};

// --------------------------------------------------------------- the loop
const send = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
const lines = createInterface({input: process.stdin});
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch (err) {
      send({id: null, ok: false, error: `bad JSON: ${err.message}`});
      return;
    }
    const fn = COMMANDS[msg.cmd];
    try {
      if (!fn) throw new Error(`unknown command ${msg.cmd}`);
      const value = await fn(msg);
      send({id: msg.id, ok: true, value: value === undefined ? null : value});
    } catch (err) {
      send({id: msg.id, ok: false, error: String(err && err.stack || err)});
    }
  });
});
lines.on("close", async () => {
  await queue;
  if (browser) await browser.close().catch(() => {});
  process.exit(0);
});
