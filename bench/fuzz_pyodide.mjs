// Issue 13: the slowest single inputs of every entry point, timed inside the pinned
// Pyodide under Node (bench/fuzz_worst.py's main; the same script runs in CPython).
//
//   node bench/fuzz_pyodide.mjs [fuzz_worst.py options, e.g. --candidates 60 --sample 50]
//
// Loads Pyodide from node_modules as tests/pyodide/run.mjs does and mounts the
// repository. Prints each case's handling time and the slowest; exits 1 when one input
// took over 250 ms (a figure for the note, not a test: the machine's load counts).
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONHASHSEED: "0" } });
pyodide.setStdout({ write: (buf) => (process.stdout.write(buf), buf.length) });
pyodide.setStderr({ write: (buf) => (process.stderr.write(buf), buf.length) });
pyodide.FS.mkdirTree("/kortbordet");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/kortbordet");
pyodide.globals.set("ARGS", pyodide.toPy(process.argv.slice(2)));
const slowest = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/kortbordet", "/kortbordet/bench"]
os.chdir("/kortbordet")
import fuzz_worst
fuzz_worst.main(list(ARGS))
`);
process.exit(slowest > 250 ? 1 : 0);
