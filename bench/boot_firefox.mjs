// Firefox half of bench/boot.py: loads the pages bench/boot.py names in Firefox ESR
// (puppeteer-core over WebDriver BiDi, as tests/firefox/bridge.mjs drives it; downloads
// nothing) and prints one JSON line of figures per load.
//
//   node bench/boot_firefox.mjs '<json>'
//   json: {"executablePath", "runs", "timeoutMs", "selector", "pages": [[name, url, kind]]}
//
// Each run loads every page in turn (alternating, like the Chromium half), each in a fresh
// browser context (Firefox keys its HTTP cache by context: cold), then once more in the
// same context (warm; for the game, once the first load has made its memory snapshot:
// a return visit). Service workers are off (pref), so both load through the HTTP
// cache. Times are read in the page (performance.now(), ms since navigation start): "game"
// is ready when the selector first matches (a MutationObserver notes the moment), "bare"
// at py:all-done; "paint" is the first contentful paint, "bytes" the transferred sizes of
// the document and every resource.
//   out:  {"name", "phase": "cold"|"warm", "ready", "paint", "bytes"}  or  {"name", "error"}
import puppeteer from "puppeteer-core";

const args = JSON.parse(process.argv[2]);

const INIT = (selector) => `
  window.__readyAt = null;
  window.__pyAllDoneAt = null;
  window.addEventListener("py:all-done", () => { window.__pyAllDoneAt = performance.now(); });
  new MutationObserver((_, observer) => {
    if (document.querySelector(${JSON.stringify(selector)})) {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, {childList: true, subtree: true, attributes: true});`;

const READY = (kind) => kind === "bare"
  ? "window.__pyAllDoneAt"
  : "window.__readyAt || (document.querySelector('.py-error') ? 'py-error' : null)";

const FIGURES = () => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const nav = performance.getEntriesByType("navigation")[0];
  let bytes = nav ? nav.transferSize : 0;
  for (const e of performance.getEntriesByType("resource")) bytes += e.transferSize;
  return {paint: paint ? paint.startTime : null, bytes};
};

async function load(page, url, kind) {
  await page.goto(url, {waitUntil: "domcontentloaded", timeout: args.timeoutMs});
  const handle = await page.waitForFunction(READY(kind), {timeout: args.timeoutMs, polling: 50});
  const ready = await handle.jsonValue();
  if (ready === "py-error") throw new Error(`${kind}: PyScript showed an error (.py-error)`);
  return {ready, ...(await page.evaluate(FIGURES))};
}

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: args.executablePath,
  headless: true,
  protocolTimeout: args.timeoutMs + 60000,
  extraPrefsFirefox: {"dom.serviceWorkers.enabled": false},
});
const failed = new Set();
try {
  for (let run = 0; run < args.runs; run++) {
    for (const [name, url, kind] of args.pages) {
      if (failed.has(name)) continue;
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.setViewport({width: 1280, height: 720});
        await page.evaluateOnNewDocument(INIT(args.selector));
        for (const phase of ["cold", "warm"]) {
          const figures = await load(page, url, kind);
          console.log(JSON.stringify({name, phase, ...figures}));
          // the game's warm load is a return visit: from the snapshot the first one made
          if (kind === "game" && phase === "cold") {
            await page.waitForFunction(
              "window.kortbordetSnapshot === true || window.kortbordetSnapshotMade !== undefined",
              {timeout: args.timeoutMs, polling: 250});
          }
        }
      } catch (e) {
        failed.add(name);
        console.log(JSON.stringify({name, error: String(e && e.message || e)}));
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
