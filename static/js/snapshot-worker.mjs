// Makes the memory snapshot a return visit starts Python from (static/js/interpreter.mjs
// starts this worker once the page is ready and Python did not come from a snapshot of
// the current game.zip).
//
// Message in: {options: loadPyodide's options (indexURL, stdLibURL), bundleURL: game.zip as the
// page named it, cache: Cache Storage name, key: the URL to keep the snapshot under}.
// Message out: {bytes: the snapshot's size before gzip} or {error: "why"}.
//
// The interpreter is started as the page starts it (HOME=/home/pyodide, cwd there), the
// bundle is written to /home/pyodide/game.zip (where PyScript's [files] puts it in the
// page), put on sys.path, and every engine module listed in its bundle.json is imported:
// all outside game/web/, which never touch the browser (the snapshot is restored in
// another JavaScript world, the page's). os.environ["KORTBORDET_BUNDLE"] is the bundle's
// id (its zip comment): the page's loader checks it against the game.zip it got.
// pyodide.makeMemorySnapshot() is then the whole WebAssembly memory (plus the few
// JavaScript handles Pyodide itself keeps); it is kept gzipped (about 6 MB, 30 MB raw).
// Every file comes from the HTTP cache, where the page's boot just put it.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const IMPORT_ENGINE = `
import importlib, json, os, sys, zipimport
os.chdir("/home/pyodide")
os.environ["KORTBORDET_BUNDLE"] = BUNDLE_ID
bundle = os.path.abspath("game.zip")
sys.path.insert(0, bundle)
sources = json.loads(zipimport.zipimporter(bundle).get_data("bundle.json"))["sources"]
for rel in sorted(sources):
    if rel.endswith(".py") and not rel.startswith("game/web/"):
        importlib.import_module(rel[:-3].replace("/", ".").removesuffix(".__init__"))
if "pyscript" in sys.modules:
    raise RuntimeError("pyscript imported into the snapshot")
del BUNDLE_ID, bundle, sources, rel
`;

// The id in game.zip's comment, its last bytes: "kortbordet-bundle <64 hex digits>".
function bundleId(zip) {
  const tail = new TextDecoder("latin1").decode(zip.subarray(Math.max(0, zip.length - 128)));
  const found = /kortbordet-bundle ([0-9a-f]{64})$/.exec(tail);
  if (!found) throw new Error("game.zip carries no bundle id");
  return found[1];
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function make({ options, bundleURL, cache, key }) {
  const [py, zip] = await Promise.all([
    loadPyodide({ ...options, _makeSnapshot: true }),
    fetchBytes(bundleURL),
  ]);
  const id = bundleId(zip);
  py.FS.writeFile("/home/pyodide/game.zip", zip);
  py.globals.set("BUNDLE_ID", id);
  py.runPython(IMPORT_ENGINE);
  const raw = py.makeMemorySnapshot();
  const gzipped = await new Response(
    new Blob([raw]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
  await (await caches.open(cache)).put(key, new Response(gzipped, {
    headers: {
      "Content-Type": "application/gzip",
      "X-Kortbordet-Bundle": id,
      "X-Kortbordet-Stdlib": options.stdLibURL,  // restored only over the same zip
    },
  }));
  return raw.length;
}

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ bytes: await make(data) });
  } catch (e) {
    self.postMessage({ error: String((e && (e.message || e)) || "unknown") });
  }
};
