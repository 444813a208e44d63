// Issue 17: the Durak endgame solver and hard player timed inside Pyodide under Node.
//
//   node bench/durak_pyodide.mjs [POSITIONS] [HARD_DECISIONS] [CHECKED]
//
// Loads Pyodide from node_modules as tests/pyodide/run.mjs does, mounts the repository
// and runs bench/bots.py's durak_solver (POSITIONS random 12-card endgames, default 100)
// and durak_hard_times (HARD_DECISIONS hard decisions, default 40). The solver's times are
// Pyodide's time.process_time (in WebAssembly: wall time of the single thread); the hard
// decisions' are CPU time from Node's process.cpuUsage() (not inflated by other load).
// CHECKED > 0 also runs bench/durak_solver.py on the first CHECKED endgames of each part of
// its fixed set (values asserted equal to the old solver's, times in Pyodide's clock).
// The solver searches in WebAssembly as on the page (game/web/native_solver.py); with
// SEARCH=python in the environment, in Python (the figures before the native search).
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const positions = +(process.argv[2] || 100);
const decisions = +(process.argv[3] || 40);
const checked = +(process.argv[4] || 0);
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONHASHSEED: "0" } });
pyodide.setStdout({ write: (buf) => (process.stdout.write(buf), buf.length) });
pyodide.FS.mkdirTree("/kortbordet");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/kortbordet");
await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/kortbordet", "/kortbordet/bench"]
os.chdir("/kortbordet")
import bots as bench
print("Pyodide:", sys.version.split()[0])
if ${JSON.stringify(process.env.SEARCH || "native")} == "native":
    from game.web import native_solver
    native_solver.load_now()
    print("search: native (WebAssembly)")
else:
    print("search: Python")
if ${positions} > 0: bench.durak_solver(${positions})
if ${decisions} > 0: bench.durak_hard_times(${decisions})
if ${checked} > 0:
    import durak_solver
    durak_solver.run(None, ${checked}, old=False)
`);
