// The hard players' decision times inside real Pyodide under Node.js:
//
//   node bench/hard_pyodide.mjs [--positions N] [--game G ...]
//   node bench/hard_pyodide.mjs bench/SCRIPT.py [its arguments]
//
// Loads Pyodide from node_modules (as tests/pyodide/run.mjs does), mounts the repository
// and runs bench/hard_times.py there with the given arguments; compare with
// `python3 bench/hard_times.py` (same positions, same work) for CPython. A first argument
// ending in ".py" (a script of this repository, from the current directory or from the
// repository's root) names another bench script to run instead, e.g. `node bench/hard_pyodide.mjs bench/hard_slices.py --game dunka --games 1`;
// it gets the remaining arguments as its sys.argv[1:].
import { loadPyodide } from "pyodide";
import { existsSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/kortbordet";
const given = process.argv.slice(2);
let script = "bench/hard_times.py";
if (given.length && given[0].endsWith(".py")) {
  // relative to the current directory if it names a file there, else to the repository
  const path = given.shift();
  script = relative(ROOT, existsSync(resolve(path)) ? resolve(path) : resolve(ROOT, path));
  if (script.startsWith("..") || !existsSync(resolve(ROOT, script))) {
    console.error(`hard_pyodide.mjs: ${path} is no script of this repository (${ROOT})`);
    process.exit(2);
  }
}
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONHASHSEED: "0" } });
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
pyodide.FS.mkdirTree(MOUNT);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, MOUNT);
pyodide.globals.set("SCRIPT", script);
pyodide.globals.set("ARGS", pyodide.toPy(given));
await pyodide.runPythonAsync(`
import os, sys
os.chdir("${MOUNT}")
sys.path.insert(0, "${MOUNT}")
sys.dont_write_bytecode = True
import runpy
sys.argv = [SCRIPT, *ARGS]
try:
    runpy.run_path(SCRIPT, run_name="__main__")
except SystemExit as exc:
    if exc.code:
        raise
`);
