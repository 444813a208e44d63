// Compile Python sources to bytecode with the pinned Pyodide's own Python (run under Node
// by scripts/build_bundle.py; not meant to be run by hand).
//
//   node scripts/compile_pyc.mjs <root> <outdir> <rel/path.py>...
//
// Each <root>/<rel/path.py> becomes <outdir>/<rel/path.pyc>: an unchecked-hash pyc (PEP
// 552: never compared with a source file at import), compiled with optimize=2 (docstrings
// and asserts left out: nothing in game/ reads a __doc__ or asserts for its logic, and the
// page never shows a docstring; tests/test_bundle_pyodide.py checks the first) and with
// co_filename = <rel/path.py>,
// so tracebacks name our files and lines. Prints one JSON line on stdout:
// {"pyodide": version, "python": "3.x.y", "magic": hex of importlib.util.MAGIC_NUMBER}.
import { loadPyodide } from "pyodide";
import { resolve } from "node:path";

const [root, outdir, ...files] = process.argv.slice(2);
if (!root || !outdir || !files.length) {
  console.error("usage: node scripts/compile_pyc.mjs <root> <outdir> <rel/path.py>...");
  process.exit(2);
}
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
const { FS } = pyodide;
for (const [host, mount] of [[resolve(root), "/src"], [resolve(outdir), "/out"]]) {
  FS.mkdirTree(mount);
  FS.mount(FS.filesystems.NODEFS, { root: host }, mount);
}
pyodide.globals.set("FILES", pyodide.toPy(files));
const info = pyodide.runPython(`
import importlib.util, json, os, platform, py_compile, sys
for rel in FILES:
    out = "/out/" + rel[:-3] + ".pyc"
    os.makedirs(os.path.dirname(out), exist_ok=True)
    py_compile.compile("/src/" + rel, cfile=out, dfile=rel, doraise=True, optimize=2,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
json.dumps({"pyodide": sys.modules["pyodide"].__version__,
            "python": platform.python_version(),
            "magic": importlib.util.MAGIC_NUMBER.hex()})
`);
process.stdout.write(info + "\n");
