// Kortbordet's interpreter module for PyScript (pyscript.toml `interpreter`): the vendored
// Pyodide (static/vendor/pyodide/pyodide.mjs), started from a memory snapshot that this
// browser made itself.
//
// A snapshot is Pyodide's memory after starting Python and importing the game's engine
// modules from static/build/game.zip: restoring it replaces starting Python, most of what a
// bare PyScript page spends its boot on. No snapshot is downloaded (issue 33: 6.3 MB gzip,
// a phone's first visit paid more for it than it saved). Instead:
// - a first visit starts Python the ordinary way;
// - once the page is ready and quiet, a worker (static/js/snapshot-worker.mjs) starts a
//   second Pyodide, imports the same modules from the same game.zip, makes the snapshot
//   and keeps it gzipped in Cache Storage ("kortbordet-snapshot"); nothing goes over the
//   wire (the worker's files come from the HTTP cache);
// - a return visit (online or offline) restores it.
// Checks:
// - Pyodide refuses a snapshot of another build of itself (build id); then, as when none
//   is kept or it cannot be read, Python starts the ordinary way;
// - the snapshot froze the random module's state: it is re-seeded from the browser
//   (os.urandom: crypto.getRandomValues) first;
// - the loader in index.html compares the snapshot's bundle (KORTBORDET_BUNDLE) with the
//   game.zip it got, forgets the snapshot's game modules if they differ, and says so
//   (window.kortbordetSnapshotModules): a new release's first visit makes a new snapshot.
import * as pyodide from "../vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_CACHE = "kortbordet-snapshot";
// The key the snapshot is kept under: a URL of this site that the server never serves.
const SNAPSHOT_KEY = new URL("../build/local-snapshot.bin.gz", import.meta.url).href;
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url).href;
// After the page is ready: wait this long, then for the browser to be idle, so making the
// snapshot never competes with the first taps.
const MAKE_AFTER_MS = 2000;

// The URL the page names a file of ours under (its preload hint, stamped with the file's
// content hash by scripts/stamp.py: ?v=...), so the worker gets the very file the page
// got from the HTTP cache; without a hint, the plain name.
function pageURL(relative) {
  const plain = new URL(relative, import.meta.url);
  const hints = typeof document === "undefined" ? []
    : document.querySelectorAll('link[rel="preload"]');
  for (const link of hints) {
    const href = new URL(link.href);
    if (href.origin === plain.origin && href.pathname === plain.pathname) return href.href;
  }
  return plain.href;
}

// loadPyodide's options, the same in the page and in the snapshot worker: the runtime, and
// the trimmed standard library (static/build/python_stdlib.zip, scripts/build_stdlib.py)
// under the URL the page preloads. A snapshot is only restored over the very zip it was
// made with (zipimport keeps the zip's table of contents in the snapshot): the kept one
// carries that URL, content hash included, and is passed over when it differs.
//
// str hashes are not randomized (PYTHONHASHSEED=0): a snapshot freezes its hash seed anyway,
// and with one for every visitor and either way of starting, the computer players choose
// alike wherever they walk a set, so a seed plays the same game everywhere (a shared deal,
// a bug report, the tests). Hash flooding, what the randomization guards against, needs a
// server to attack.
const OPTIONS = {
  indexURL: INDEX_URL,
  stdLibURL: pageURL("../build/python_stdlib.zip"),
  env: { PYTHONHASHSEED: "0" },
};

// The snapshot this browser keeps (a gzip Response), or null: looked up at once, while
// the runtime downloads.
async function keptSnapshot() {
  if (typeof caches === "undefined" || typeof DecompressionStream !== "function") return null;
  const response = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
  if (response && response.headers.get("X-Kortbordet-Stdlib") !== OPTIONS.stdLibURL) {
    console.info("Kortbordet: the kept memory snapshot is of another release:"
      + " starting Python the ordinary way; a new one is made once the page is ready");
    return null;
  }
  return response || null;
}

// Whether the kept snapshot is of this release (its standard library, and the game.zip the
// page's loader read: window.kortbordetBundle): another tab or frame may have made it since
// this page started.
async function keptIsCurrent() {
  const response = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
  return !!response && response.headers.get("X-Kortbordet-Stdlib") === OPTIONS.stdLibURL
    && response.headers.get("X-Kortbordet-Bundle") === globalThis.kortbordetBundle;
}

async function gunzip(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Python's random module is seeded from these bytes once Python has started, whether from a
// snapshot (whose random state every visitor would otherwise share) or not: read before the
// runtime reads any, so the same browser randomness deals the same games either way (the
// tests fix it: tests/e2e/browser_harness.py FIXED_RANDOM_SCRIPT). 2,496 bytes are what
// random.seed() reads (the Mersenne Twister's 624 words); seeded with the same bytes as an
// int, it takes the same state.
const SEED_HEX = Array.from(crypto.getRandomValues(new Uint8Array(2496)),
  (b) => b.toString(16).padStart(2, "0")).join("");

function seedRandom(py) {
  py.runPython(`import random; random.seed(int.from_bytes(bytes.fromhex("${SEED_HEX}"), "little"))`);
}

const kept = keptSnapshot().catch((e) => {
  console.info("Kortbordet: Cache Storage unreadable:", e && (e.message || e));
  return null;
});

export async function loadPyodide(options = {}) {
  const base = { ...options, ...OPTIONS };
  whenReady(keepSnapshotCurrent);
  const response = await kept;
  if (response) {
    try {
      const py = await pyodide.loadPyodide({ ...base, _loadSnapshot: gunzip(response) });
      seedRandom(py);
      globalThis.kortbordetSnapshot = true;
      return py;
    } catch (e) {
      console.warn("Kortbordet: the kept memory snapshot cannot be used (" + (e && (e.message || e))
        + "): starting Python the ordinary way; a new one is made once the page is ready");
    }
  }
  const py = await pyodide.loadPyodide(base);
  seedRandom(py);
  return py;
}

function whenReady(callback) {
  if (typeof document === "undefined") return;
  const html = document.documentElement;
  if (html.getAttribute("data-boot") === "ready") {
    callback();
    return;
  }
  const watch = new MutationObserver(() => {
    if (html.getAttribute("data-boot") === "ready") {
      watch.disconnect();
      callback();
    }
  });
  watch.observe(html, { attributes: true, attributeFilter: ["data-boot"] });
}

// Once the page is ready: unless Python came from a kept snapshot of this very game.zip,
// make one in a worker, one at a time per site (Web Locks: the frames of a teaching page
// or two tabs do not each make one).
function keepSnapshotCurrent() {
  const current = globalThis.kortbordetSnapshot === true
    && globalThis.kortbordetSnapshotModules === true;
  if (current || typeof caches === "undefined" || typeof Worker === "undefined"
      || typeof CompressionStream !== "function" || !navigator.locks) return;
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 0));
  setTimeout(() => idle(() => {
    navigator.locks.request(SNAPSHOT_CACHE, { ifAvailable: true }, async (lock) => {
      if (!lock) return;
      if (await keptIsCurrent()) globalThis.kortbordetSnapshotMade = true;  // by another tab
      else await makeSnapshot();
    }).catch((e) => console.info("Kortbordet: no memory snapshot made:", e && (e.message || e)));
  }, { timeout: 5000 }), MAKE_AFTER_MS);
}

// Runs the worker to its end; resolves when the snapshot is kept (or it failed: said on
// the console, the next visit starts Python the ordinary way and tries again).
function makeSnapshot() {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, { type: "module", name: "kortbordet-snapshot" });
    const done = (message) => {
      worker.terminate();
      if (message) console.info("Kortbordet: no memory snapshot made:", message);
      globalThis.kortbordetSnapshotMade = !message;
      resolve();
    };
    worker.onmessage = ({ data }) => done(data && data.error);
    worker.onerror = (event) => { event.preventDefault(); done(event.message || "worker error"); };
    worker.postMessage({
      options: OPTIONS,
      bundleURL: pageURL("../build/game.zip"),
      cache: SNAPSHOT_CACHE,
      key: SNAPSHOT_KEY,
    });
  });
}
