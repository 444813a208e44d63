// Run the engine test suite (tests/engine/) inside real Pyodide under Node.js.
//
//   node tests/pyodide/run.mjs [--shard=K/N] [extra pytest args...]
//
// Loads Pyodide from node_modules (the version pinned in package.json), mounts the
// repository and the pure-Python test tools (.cache/pyodide-site/, filled by
// scripts/setup.sh from requirements-pyodide.txt) with NODEFS, and runs
// `pytest tests/engine -q -p no:cacheprovider`. Exits with pytest's exit code
// (so "no tests collected" = 5 is a failure too).
//
// Inside Pyodide the tests play a reduced volume of random games and cases (see
// tests/engine/volume.py: every module, game, table size, phase and action kind; about
// 1.5 minutes on an idle machine); `KORTBORDET_VOLUME=full node tests/pyodide/run.mjs`
// plays CPython's full volume (about 15 minutes). Every KORTBORDET_* variable of Node's
// environment is passed into Pyodide's.
//
// --shard=K/N (1 <= K <= N) keeps only every N-th collected test, starting with the K-th
// (the tests of one xdist_group mark count as one), and deselects the rest: N such runs
// together run the whole suite once, each test in one of them, so they can run side by
// side (a full-volume run on several cores; tests/test_pyodide.py runs one unsharded run,
// since each shard pays the start-up and the collection again).
import { loadPyodide } from "pyodide";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SITE = resolve(ROOT, ".cache", "pyodide-site");
const MOUNT_REPO = "/kortbordet";
const MOUNT_SITE = "/pyodide-site";
// Bytecode compiled by Pyodide's Python (the test tools, game/, and the test modules as
// rewritten by pytest's assertion rewriting), kept between runs and shared by the shards
// that run side by side: without it every shard compiled them all again (about half of
// a shard's start-up; the whole start-up was ~22 s CPU). Python checks each .pyc against
// its source's time and size, as in __pycache__; one folder per checkout, because the
// sources are mounted at the same path (/kortbordet) whichever checkout runs.
const PYCACHE = resolve(ROOT, ".cache", "pyodide-pycache",
                        createHash("sha256").update(ROOT).digest("hex").slice(0, 12));
const MOUNT_PYCACHE = "/pyodide-pycache";

if (!existsSync(resolve(SITE, "pytest"))) {
  console.error(`run.mjs: ${SITE} has no pytest: run scripts/setup.sh first`);
  process.exit(2);
}

const started = Date.now();
// The tests' own settings (KORTBORDET_VOLUME, KORTBORDET_CONFORMANCE_GAMES, ...: see
// tests/engine/volume.py) pass from Node's environment into Pyodide's; nothing else does.
const settings = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name.startsWith("KORTBORDET_")));
const pyodide = await loadPyodide({
  env: {
    HOME: "/home/pyodide",
    PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1",
    PYTHONHASHSEED: "0",
    ...settings,
  },
});
// Raw writes (not line-batched) so pytest's progress dots stay on one line.
pyodide.setStdout({ write: (buf) => (process.stdout.write(buf), buf.length) });
pyodide.setStderr({ write: (buf) => (process.stderr.write(buf), buf.length) });
const { FS } = pyodide;
mkdirSync(PYCACHE, { recursive: true });
for (const [host, mount] of [[ROOT, MOUNT_REPO], [SITE, MOUNT_SITE], [PYCACHE, MOUNT_PYCACHE]]) {
  FS.mkdirTree(mount);
  FS.mount(FS.filesystems.NODEFS, { root: host }, mount);
}

let shard = [1, 1];
const extra = [];
for (const arg of process.argv.slice(2)) {
  const m = /^--shard=(\d+)\/(\d+)$/.exec(arg);
  if (m && 1 <= +m[1] && +m[1] <= +m[2]) shard = [+m[1], +m[2]];
  else if (arg.startsWith("--shard")) {
    console.error(`run.mjs: bad ${arg}: use --shard=K/N with 1 <= K <= N`);
    process.exit(2);
  } else extra.push(arg);
}
const args = ["tests/engine", "-q", "-p", "no:cacheprovider", ...extra];
pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(args));
pyodide.globals.set("SHARD", pyodide.toPy(shard));
const code = await pyodide.runPythonAsync(`
import os, platform, sys
sys.dont_write_bytecode = False  # Pyodide sets it
sys.pycache_prefix = ${JSON.stringify(MOUNT_PYCACHE)}
sys.path[:0] = [${JSON.stringify(MOUNT_REPO)}, ${JSON.stringify(MOUNT_SITE)}]
os.chdir(${JSON.stringify(MOUNT_REPO)})
print(f"Pyodide {sys.modules['pyodide'].__version__ if 'pyodide' in sys.modules else '?'}:"
      f" Python {platform.python_version()} ({sys.platform}) in WebAssembly,"
      f" volume {os.environ.get('KORTBORDET_VOLUME') or 'reduced'} (tests/engine/volume.py)")
import pytest

class Shard:
    """Keep the K-th of every N units of collected tests (K, N = SHARD, 1-based), as
    pytest-xdist's --dist loadgroup would: the tests of one xdist_group mark stay
    together (they share module state), every other test is a unit of its own."""

    def __init__(self, k, n):
        self.k, self.n = k, n

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        if self.n == 1:
            return
        units = {}
        for item in items:
            mark = item.get_closest_marker("xdist_group")
            key = ("group", mark.args[0] if mark.args else mark.kwargs["name"]) if mark else item.nodeid
            units.setdefault(key, []).append(item)
        mine = {key for u, key in enumerate(units) if u % self.n == self.k - 1}
        keep = [item for key, unit in units.items() if key in mine for item in unit]
        drop = [item for key, unit in units.items() if key not in mine for item in unit]
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
        print(f"run.mjs: shard {self.k}/{self.n}: {len(keep)} of {len(items) + len(drop)} tests")

int(pytest.main(list(PYTEST_ARGS), plugins=[Shard(*SHARD)]))
`);
console.log(`run.mjs: pytest exit code ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
