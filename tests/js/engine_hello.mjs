// The engine's own `hello` reply (docs/PROTOCOL.md: Hello), asked of the
// engine package in this checkout through CPython, so the front end's tests
// read the presets' summaries (Rules.summary) and the levels from the one
// place they are defined instead of a copy that could drift from it.
// `PYTHON` names the interpreter (default python3, 3.11 or later).

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const ASK = `
import json, sys
sys.path.insert(0, "engine")
from paodekuai import service
print(service.handle(json.dumps({"id": 1, "type": "hello"})))
`;

let cached = null;

/** The `result` of the engine's hello: {engine, presets, levels, ranks}. */
export function engineHello() {
  if (cached === null) {
    const out = execFileSync(process.env.PYTHON ?? "python3", ["-c", ASK], { cwd: ROOT, encoding: "utf8" });
    const reply = JSON.parse(out);
    if (!reply.ok) throw new Error(`hello refused: ${out}`);
    cached = reply.result;
  }
  return cached;
}

/** One preset's summary by name. */
export function presetSummary(name) {
  const preset = engineHello().presets.find((p) => p.name === name);
  if (!preset) throw new Error(`no preset ${name}`);
  return preset;
}
