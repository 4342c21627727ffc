// The module Web Worker that runs the engine: boots Pyodide with the paodekuai
// wheel, imports paodekuai.service once, and forwards each request to
// paodekuai.service.handle(request_json) -> reply_json (docs/PROTOCOL.md).
//
// Messages to the page (all tagged with `kind`):
//   {kind: "progress", phase: "download" | "start", loaded, total}
//   {kind: "ready", timings}            the engine answers requests from now on
//   {kind: "boot-error", message}       boot failed; the page shows it with Retry
//   {kind: "reply", reply}              the service's reply, with the request's id
// Messages from the page: {kind: "request", request: {id, type, ...}}.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { BUILD_INFO } from "./build_info.js";

const RUNTIME_URL = new URL("../pyodide/", import.meta.url).href;
const PROGRESS_INTERVAL_MS = 100;

let handle = null;
const waiting = []; // requests that arrived before the engine was ready

function post(message) {
  self.postMessage(message);
}

/**
 * Count the bytes of the boot downloads as they stream in. loadPyodide fetches
 * them itself, so the worker's fetch is wrapped; the body is passed through a
 * counting stream, which keeps WebAssembly.instantiateStreaming streaming.
 */
function trackDownloads() {
  const expected = BUILD_INFO.bootDownloads ?? {};
  const total = Object.values(expected).reduce((sum, size) => sum + size, 0);
  const loadedByFile = new Map();
  let lastPost = 0;
  const report = (force) => {
    const now = performance.now();
    if (!force && now - lastPost < PROGRESS_INTERVAL_MS) return;
    lastPost = now;
    let loaded = 0;
    for (const n of loadedByFile.values()) loaded += n;
    post({ kind: "progress", phase: "download", loaded: Math.min(loaded, total), total });
  };
  const originalFetch = self.fetch.bind(self);
  self.fetch = async (resource, init) => {
    const response = await originalFetch(resource, init);
    const name = new URL(String(resource instanceof Request ? resource.url : resource), self.location.href)
      .pathname.split("/")
      .pop();
    if (!Object.hasOwn(expected, name) || !response.ok || !response.body) return response;
    loadedByFile.set(name, 0);
    const counter = new TransformStream({
      transform(chunk, controller) {
        loadedByFile.set(name, loadedByFile.get(name) + chunk.byteLength);
        report(false);
        controller.enqueue(chunk);
      },
      flush() {
        report(true);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  // pyodide.asm.mjs arrives through import(), not fetch: count it once it is in.
  return () => {
    if (Object.hasOwn(expected, "pyodide.asm.mjs") && !loadedByFile.has("pyodide.asm.mjs")) {
      loadedByFile.set("pyodide.asm.mjs", expected["pyodide.asm.mjs"]);
    }
    report(true);
  };
}

function internalError(id, error) {
  const text = String(error?.message ?? error);
  return {
    id,
    ok: false,
    error: {
      code: "internal",
      message: { en: `The engine failed: ${text}`, zh: `引擎出错：${text}` },
    },
  };
}

function answer(request) {
  try {
    return JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    // handle() should never raise; if it does, it is still data for the page.
    return internalError(request?.id ?? null, error);
  }
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.kind !== "request") return;
  if (handle === null) {
    waiting.push(message.request);
    return;
  }
  post({ kind: "reply", reply: answer(message.request) });
});

async function boot() {
  const started = performance.now();
  const downloadsDone = trackDownloads();
  post({ kind: "progress", phase: "download", loaded: 0, total: 0 });
  const pyodide = await loadPyodide({
    indexURL: RUNTIME_URL,
    lockFileURL: `${RUNTIME_URL}pyodide-lock.json`,
    // Explicit, so a package missing from the small lockfile is never looked up on a CDN.
    packageBaseUrl: RUNTIME_URL,
    packages: ["paodekuai"],
    stdout: (text) => console.log(text),
    stderr: (text) => console.warn(text),
  });
  downloadsDone();
  const booted = performance.now();
  post({ kind: "progress", phase: "start" });
  // A missing wheel or a wrong sha256 does not reject loadPyodide: importing tells.
  const service = pyodide.pyimport("paodekuai.service");
  handle = service.handle;
  const imported = performance.now();
  post({
    kind: "ready",
    timings: { pyodide: booted - started, import: imported - booted, engine: BUILD_INFO.engineVersion },
  });
  for (const request of waiting.splice(0)) post({ kind: "reply", reply: answer(request) });
}

boot().catch((error) => {
  post({ kind: "boot-error", message: String(error?.message ?? error).slice(0, 2000) });
});
