// Bare Pyodide: the npm package as it comes (its whole standard library and
// lockfile, served by the bench under /__bare/pyodide/), booted and nothing else.
import { loadPyodide } from "../__bare/pyodide/pyodide.mjs";
import { downloads } from "./downloads.js";

const base = new URL("../__bare/pyodide/", import.meta.url).href;
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: base, packageBaseUrl: base });
postMessage({
  workerOrigin: performance.timeOrigin + started,
  pyodide: performance.now() - started,
  heapBytes: pyodide._module.HEAP8.length,
  downloads: downloads(),
});
