// Kortbordet's interpreter module for PyScript (pyscript.toml `interpreter`): the vendored
// Pyodide (static/vendor/pyodide/pyodide.mjs), started from a memory snapshot.
//
// static/build/snapshot.bin.gz (scripts/build_bundle.py, scripts/make_snapshot.mjs) is
// Pyodide's memory after starting Python and importing the game's engine modules from
// static/build/game.zip, made by the same Pyodide under Node. Restoring it replaces
// starting Python, most of what a bare PyScript page spends its boot on. Checks:
// - Pyodide refuses a snapshot of another build of itself (build id); then, as when the
//   snapshot is missing or cannot be read, Python starts the ordinary way;
// - the snapshot froze the random module's state, which would deal every visitor the same
//   games: it is re-seeded from the browser (os.urandom: crypto.getRandomValues) first;
// - the loader in index.html compares the snapshot's bundle (KORTBORDET_BUNDLE) with the
//   game.zip it got and forgets the snapshot's game modules if they differ.
// (str hashes keep the snapshot's hash seed: the same for every visitor of a release.)
import * as pyodide from "../vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
// The page names the snapshot with its content hash (index.html's preload hint, stamped by
// scripts/stamp.py: ?v=...): the same URL here, so the preloaded response is the one used
// and no cache can hand over another release's snapshot. Without the hint, the plain name.
function snapshotURL() {
  const plain = new URL("../build/snapshot.bin.gz", import.meta.url);
  const hints = typeof document === "undefined" ? []
    : document.querySelectorAll('link[rel="preload"][href*="snapshot.bin.gz"]');
  for (const link of hints) {
    const href = new URL(link.href);
    if (href.origin === plain.origin && href.pathname === plain.pathname) return href.href;
  }
  return plain.href;
}
const SNAPSHOT_URL = snapshotURL();

// Fetched from the moment this module is imported (index.html preloads it too), in
// parallel with the runtime's own downloads; gunzipped as it streams in.
async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`${SNAPSHOT_URL}: HTTP ${response.status}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const snapshot = typeof DecompressionStream === "function"
  ? fetchSnapshot()
  : Promise.reject(new Error("no DecompressionStream"));
snapshot.catch(() => {});  // reported once, below

// The trimmed standard library (static/build/python_stdlib.zip, scripts/build_stdlib.py),
// the zip the snapshot was made with, under the URL the page preloads (stamped like the
// snapshot's: an older release's zip would not match the snapshot's zipimport cache).
function preloadedURL(rel) {
  const plain = new URL(rel, import.meta.url);
  const hints = typeof document === "undefined" ? []
    : document.querySelectorAll('link[rel="preload"]');
  for (const link of hints) {
    const href = new URL(link.href);
    if (href.origin === plain.origin && href.pathname === plain.pathname) return href.href;
  }
  return plain.href;
}
const STDLIB_URL = preloadedURL("../build/python_stdlib.zip");

export async function loadPyodide(options = {}) {
  const base = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  try {
    const py = await pyodide.loadPyodide({ ...base, _loadSnapshot: snapshot });
    py.runPython("import random; random.seed()");
    globalThis.kortbordetSnapshot = true;
    return py;
  } catch (e) {
    console.warn("Kortbordet: starting Python without the memory snapshot:", e && (e.message || e));
  }
  return pyodide.loadPyodide(base);
}
