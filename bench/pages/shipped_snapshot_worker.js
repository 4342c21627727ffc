// A first visit that restores a snapshot made at build time instead of
// starting Python (?mode=shipped), against the same minimal boot without it
// (?mode=fresh); ?mode=make boots fresh and hands back a gzipped snapshot for
// the shipped runs. Each deals one hand, then reports when.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { BUILD_INFO } from "../js/engine/build_info.js";
import { downloads } from "./downloads.js";

const mode = new URL(import.meta.url).searchParams.get("mode");
const base = new URL("../pyodide/", import.meta.url).href;
const started = performance.now();

function gunzip(response) {
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
}

// The site's gzipped standard library, inflated as worker.js does.
const innerFetch = self.fetch.bind(self);
self.fetch = async (resource, init) => {
  const response = await innerFetch(resource, init);
  const url = resource instanceof Request ? resource.url : String(resource);
  return url.endsWith(".gz") && url.startsWith(base) ? gunzip(response) : response;
};

try {
  const wheel = fetch(`${base}${BUILD_INFO.engineWheel}`).then((r) => r.arrayBuffer());
  const options = {
    indexURL: base,
    stdLibURL: `${base}${BUILD_INFO.stdlib}`,
    lockFileURL: `${base}pyodide-lock.json`,
    packageBaseUrl: base,
  };
  let heapIn = null;
  if (mode === "shipped") {
    options._loadSnapshot = fetch("heap.gz")
      .then((r) => gunzip(r).arrayBuffer())
      .then((buffer) => {
        heapIn = performance.now() - started;
        return new Uint8Array(buffer);
      });
  }
  if (mode === "make") options._makeSnapshot = true;
  const pyodide = await loadPyodide(options);
  pyodide.unpackArchive(await wheel, "wheel");
  const service = pyodide.pyimport("paodekuai.service");
  let heap = null;
  if (mode === "make") {
    const stream = new Blob([pyodide.makeMemorySnapshot()]).stream().pipeThrough(new CompressionStream("gzip"));
    heap = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const reply = JSON.parse(service.handle(JSON.stringify({ id: 1, type: "new_game", preset: "standard", level: "medium" })));
  postMessage(
    {
      workerOrigin: performance.timeOrigin + started,
      dealtAt: performance.timeOrigin + performance.now(),
      ok: reply.ok,
      heapIn,
      heapBytes: pyodide._module.HEAP8.length,
      downloads: downloads(),
      heap,
    },
    heap ? [heap.buffer] : [],
  );
} catch (error) {
  postMessage({ error: String(error?.message ?? error) });
}
