// Make a memory snapshot of the pinned Pyodide with the game's engine modules imported
// (run under Node by scripts/build_bundle.py; not meant to be run by hand).
//
//   node scripts/make_snapshot.mjs <game.zip> <stdlib.zip> <bundle id> <out.bin> <module>...
//
// The interpreter is started as the browser starts it (HOME=/home/pyodide, cwd there),
// with the page's standard library <stdlib.zip> (static/build/python_stdlib.zip,
// scripts/build_stdlib.py: zipimport keeps the zip's table of contents in the snapshot, so
// the page must restore it with the very same zip),
// the bundle is written to /home/pyodide/game.zip (where PyScript's [files] puts it in the
// page), put on sys.path, and each <module> imported: only modules that never touch the
// browser (no js/pyscript), since the snapshot is restored in another JavaScript world.
// pyodide.makeMemorySnapshot() is then the whole WebAssembly memory (plus the few
// JavaScript handles Pyodide itself keeps), restored by static/js/interpreter.mjs.
// os.environ["KORTBORDET_BUNDLE"] is set to <bundle id> (the id in game.zip's comment: the
// page's loader compares it with the game.zip it got, and forgets the snapshot's modules if
// they differ).
// Prints one JSON line: {"bytes": n, "modules": [...], "ms": import time}.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

const [zipPath, stdlibPath, bundleId, outPath, ...modules] = process.argv.slice(2);
if (!zipPath || !stdlibPath || !/^[0-9a-f]{64}$/.test(bundleId || "") || !outPath || !modules.length) {
  console.error("usage: node scripts/make_snapshot.mjs <game.zip> <stdlib.zip> <bundle id> <out.bin> <module>...");
  process.exit(2);
}
const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: stdlibPath });
pyodide.FS.writeFile("/home/pyodide/game.zip", readFileSync(zipPath));
pyodide.globals.set("MODULES", pyodide.toPy(modules));
pyodide.globals.set("BUNDLE_ID", bundleId);
const started = performance.now();
const imported = pyodide.runPython(`
import importlib, os, sys
os.chdir("/home/pyodide")
os.environ["KORTBORDET_BUNDLE"] = BUNDLE_ID
sys.path.insert(0, os.path.abspath("game.zip"))
for name in MODULES:
    importlib.import_module(name)
del MODULES, BUNDLE_ID
for name in ("js", "pyscript", "pyodide.ffi.wrappers"):
    assert name not in sys.modules or name == "js", f"{name} imported into the snapshot"
sorted(m for m in sys.modules if m == "game" or m.startswith("game."))
`).toJs();
const ms = Math.round(performance.now() - started);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outPath, snapshot);
process.stdout.write(JSON.stringify({ bytes: snapshot.length, modules: imported, ms }) + "\n");
