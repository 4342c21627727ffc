// Run by Node for build.py (site_build/pyodide_node.py): boots the Pyodide the
// site ships and runs in_pyodide.py's steps inside it. One argument: a JSON
// file naming the task and its paths. Writes its results where the task says
// and prints one JSON line of findings.
//
//   {"task": "build", ...}  measure the standard library the site loads and
//                           compile it, and the engine's bytecode
//   {"task": "check", ...}  boot with the trimmed standard library and import
//                           and exercise everything the service can reach

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const task = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(task.pyodideDir, "pyodide.mjs")).href);
const HELPERS_DIR = "/pdk_build";

async function boot(stdlibZip) {
  const options = { indexURL: task.pyodideDir + path.sep, stdout: () => {}, stderr: (text) => console.error(text) };
  if (stdlibZip) {
    // The site ships the zip gzipped (the worker inflates it): so does this check.
    const plain = path.join(task.workDir, "stdlib.zip");
    fs.writeFileSync(plain, zlib.gunzipSync(fs.readFileSync(stdlibZip)));
    options.stdLibURL = plain;
  }
  return loadPyodide(options);
}

function loadHelpers(pyodide) {
  pyodide.FS.mkdirTree(HELPERS_DIR);
  pyodide.FS.writeFile(`${HELPERS_DIR}/pdk_in_pyodide.py`, fs.readFileSync(task.helpers));
  pyodide.runPython(`import sys; sys.path.insert(0, "${HELPERS_DIR}")`);
  return pyodide.pyimport("pdk_in_pyodide");
}

const pyodide = await boot(task.task === "check" ? task.stdlibZip : null);
const helpers = loadHelpers(pyodide);
// Unpacked the way the worker does it: the unpacking's own imports count.
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(task.wheel)), "wheel");

if (task.task === "build") {
  const requests = helpers.exercise_service();
  const files = helpers.loaded_stdlib_files().toJs();
  pyodide.FS.writeFile("/tmp/in.whl", new Uint8Array(fs.readFileSync(task.wheel)));
  const compiled = helpers.write_package_bytecode("/tmp/in.whl", "/tmp/bytecode.zip");
  helpers.write_stdlib_zip(pyodide.toPy(files), "/tmp/stdlib.zip");
  fs.writeFileSync(task.bytecodeOut, pyodide.FS.readFile("/tmp/bytecode.zip"));
  fs.writeFileSync(task.stdlibOut, pyodide.FS.readFile("/tmp/stdlib.zip"));
  console.log(JSON.stringify({ requests, stdlibFiles: files, engineModules: compiled }));
} else if (task.task === "check") {
  const failures = helpers.import_all(pyodide.toPy(task.imports)).toJs();
  let requests = 0;
  try {
    requests = helpers.exercise_service();
  } catch (error) {
    failures.push(`exercising the service: ${String(error.message ?? error).slice(-2000)}`);
  }
  console.log(JSON.stringify({ failures, requests }));
} else {
  throw new Error(`unknown task ${task.task}`);
}
