// The hard players' decision times inside real Pyodide under Node.js:
//
//   node bench/hard_pyodide.mjs [--positions N] [--game G ...]
//
// Loads Pyodide from node_modules (as tests/pyodide/run.mjs does), mounts the repository
// and runs bench/hard_times.py there with the given arguments; compare with
// `python3 bench/hard_times.py` (same positions, same work) for CPython.
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/kortbordet";
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONHASHSEED: "0" } });
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
pyodide.FS.mkdirTree(MOUNT);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, MOUNT);
pyodide.globals.set("ARGS", pyodide.toPy(process.argv.slice(2)));
await pyodide.runPythonAsync(`
import os, sys
os.chdir("${MOUNT}")
sys.path.insert(0, "${MOUNT}")
sys.dont_write_bytecode = True
import runpy
sys.argv = ["bench/hard_times.py", *ARGS]
try:
    runpy.run_path("bench/hard_times.py", run_name="__main__")
except SystemExit as exc:
    if exc.code:
        raise
`);
