// Hint's times in Pyodide (the runtime the page ships), under Node: boots it, mounts the
// engine and bench/ from this checkout and runs bench/hint_agreement.py --times-only
// there, with the arguments given (e.g. --hands 24 --caps 240,720).
//
//   nice -n 19 node bench/hint_pyodide.mjs [--hands 24] [--caps 120,240,480,720]
//
// Node's Pyodide runs about as fast as the page's worker in Chromium (both V8); run the
// same command under CPython (PYTHONPATH=engine python bench/hint_agreement.py
// --times-only ...) for the ratio on this machine.

import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = path.join(root, "web", "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: (line) => console.log(line) });
for (const dir of ["engine", "bench"]) {
  pyodide.FS.mkdirTree(`/pdk/${dir}`);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.join(root, dir) }, `/pdk/${dir}`);
}
const args = JSON.stringify(["hint_agreement.py", "--times-only", ...process.argv.slice(2)]);
pyodide.runPython(`
import sys
sys.path[:0] = ["/pdk/engine", "/pdk/bench"]
sys.argv = ${args}
sys.dont_write_bytecode = True
import runpy
try:
    runpy.run_path("/pdk/bench/hint_agreement.py", run_name="__main__")
except SystemExit:
    pass
`);
