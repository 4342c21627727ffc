// The module Web Worker that runs the engine: boots Pyodide with the paodekuai
// wheel, imports paodekuai.service once, and forwards each request to
// paodekuai.service.handle(request_json) -> reply_json (docs/PROTOCOL.md).
//
// Messages to the page (all tagged with `kind`):
//   {kind: "progress", phase: "download" | "start", loaded, total}
//   {kind: "ready", timings}            the engine answers requests from now on
//   {kind: "boot-error", message, download?}  boot failed (`download`: a file did not
//                                       arrive whole); the page shows it with Retry
//   {kind: "started", id}               a request is taken up (the page's heartbeat:
//                                       the worker is busy with it, not gone)
//   {kind: "reply", reply}              the service's reply, with the request's id
// Messages from the page: {kind: "request", request: {id, type, ...}}.

import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { BUILD_INFO } from "./build_info.js";

const RUNTIME_URL = new URL("../../pyodide/", import.meta.url).href;
// Four updates a second: the bar glides between them (a CSS transition of the
// same length), and each update costs the page a frame that competes with the
// boot for the CPU (ten a second measurably slowed the first hand on 2 cores).
const PROGRESS_INTERVAL_MS = 250;

let handle = null;
const waiting = []; // requests that arrived before the engine was ready

function post(message) {
  self.postMessage(message);
}

/**
 * Count the bytes of the boot downloads as they stream in. loadPyodide fetches
 * them itself, so the worker's fetch is wrapped: each tracked response is
 * cloned and the clone is counted, while Pyodide gets the original untouched
 * (a rebuilt Response would lose its URL, and with it Chromium's cache of the
 * compiled WebAssembly on the next visit).
 */
function trackDownloads() {
  const expected = BUILD_INFO.bootDownloads ?? {};
  const total = Object.values(expected).reduce((sum, size) => sum + size, 0);
  const loadedByFile = new Map();
  const finished = new Set();
  // Once the runtime's big files are in, Pyodide is starting, not downloading:
  // the panel says so. Not awaited: pyodide.asm.mjs (import()ed early, in
  // parallel) and the engine's small wheel (its last bytes may reach this
  // thread's event loop only once Python's synchronous start is over).
  const awaited = Object.keys(expected).filter(
    (name) => name !== "pyodide.asm.mjs" && name !== BUILD_INFO.engineWheel,
  );
  let lastPost = 0;
  let started = false;
  const report = (force) => {
    if (started) return;
    const now = performance.now();
    if (!force && now - lastPost < PROGRESS_INTERVAL_MS) return;
    lastPost = now;
    let loaded = 0;
    for (const n of loadedByFile.values()) loaded += n;
    post({ kind: "progress", phase: "download", loaded: Math.min(loaded, total), total });
  };
  const count = async (name, body) => {
    const reader = body.getReader();
    loadedByFile.set(name, 0);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (loadedByFile.get(name) === 0 && name.endsWith(".wasm") && !isWasm(value)) {
          downloadFailed(name, "it is not WebAssembly");
        }
        loadedByFile.set(name, loadedByFile.get(name) + value.byteLength);
        report(false);
      }
      finished.add(name);
    } catch {
      // The download failed: Pyodide sees that on its own copy and the watchdog reports it.
    }
    if (awaited.length > 0 && awaited.every((file) => finished.has(file))) {
      allIn();
    } else {
      report(true);
    }
  };
  const allIn = () => {
    if (started) return;
    for (const name of Object.keys(expected)) loadedByFile.set(name, expected[name]);
    report(true);
    started = true;
    post({ kind: "progress", phase: "start" });
  };
  const originalFetch = self.fetch.bind(self);
  self.fetch = async (resource, init) => {
    const url = resource instanceof Request ? resource.url : String(resource);
    const name = new URL(url, self.location.href).pathname.split("/").pop();
    const tracked = Object.hasOwn(expected, name);
    let response;
    try {
      response = await originalFetch(resource, init);
    } catch (error) {
      if (tracked) downloadFailed(name, String(error?.message ?? error));
      throw error;
    }
    if (tracked && !response.ok) downloadFailed(name, `HTTP ${response.status}`);
    if (tracked && response.ok && response.body) {
      count(name, response.clone().body);
    }
    return response;
  };
  return allIn; // for when loadPyodide is done (a cached file may never pass through fetch)
}

/** WebAssembly's magic number, the first four bytes of every module. */
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

function isWasm(bytes) {
  return WASM_MAGIC.every((byte, i) => bytes[i] === byte);
}

let downloadFailedOnce = false;

/**
 * A boot download failed or arrived as something else: say so at once.
 * (Pyodide itself only logs a missing or broken runtime file and waits forever.)
 */
function downloadFailed(name, why) {
  if (downloadFailedOnce) return;
  downloadFailedOnce = true;
  post({ kind: "boot-error", download: name, message: `${name} could not be downloaded: ${why}` });
}

/**
 * The engine's wheel, fetched while Pyodide boots and checked against the
 * sha256 the build wrote. Unpacking it ourselves (unpackArchive) took ~30 ms
 * where loadPyodide's `packages` option spent ~170 ms installing the same wheel
 * after the boot (measured in headless Chromium here).
 */
async function fetchWheel() {
  const name = BUILD_INFO.engineWheel;
  const response = await fetch(`${RUNTIME_URL}${name}`);
  if (!response.ok) throw new Error(`the engine (${name}) could not be downloaded: HTTP ${response.status}`);
  const buffer = await response.arrayBuffer();
  const expected = BUILD_INFO.engineWheelSha256;
  if (expected && globalThis.crypto?.subtle) {
    // crypto.subtle exists in secure contexts only (https, localhost): elsewhere the size is all we have.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
    const actual = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
    if (actual !== expected) throw new Error(`the engine (${name}) is damaged: its sha256 is not the build's`);
  }
  return buffer;
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

/** Answer one request, saying first that it is taken up (Python blocks this thread until done). */
function serve(request) {
  post({ kind: "started", id: request?.id ?? null });
  post({ kind: "reply", reply: answer(request) });
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.kind !== "request") return;
  if (handle === null) {
    waiting.push(message.request);
    return;
  }
  serve(message.request);
});

async function boot() {
  const started = performance.now();
  const downloadsDone = trackDownloads();
  post({ kind: "progress", phase: "download", loaded: 0, total: 0 });
  const wheel = fetchWheel();
  wheel.catch(() => {}); // awaited below, once Python is up: not an unhandled rejection meanwhile
  const pyodide = await loadPyodide({
    indexURL: RUNTIME_URL,
    lockFileURL: `${RUNTIME_URL}pyodide-lock.json`,
    // Explicit, so a package missing from the small lockfile is never looked up on a CDN.
    packageBaseUrl: RUNTIME_URL,
    stdout: (text) => console.log(text),
    stderr: (text) => console.warn(text),
  });
  downloadsDone();
  const booted = performance.now();
  pyodide.unpackArchive(await wheel, "wheel");
  const service = pyodide.pyimport("paodekuai.service");
  handle = service.handle;
  const imported = performance.now();
  post({
    kind: "ready",
    timings: {
      workerOrigin: performance.timeOrigin + started, // wall clock (ms) when boot() began
      pyodide: booted - started,
      import: imported - booted,
      engine: BUILD_INFO.engineVersion,
    },
  });
  for (const request of waiting.splice(0)) serve(request);
}

boot().catch((error) => {
  post({ kind: "boot-error", message: String(error?.message ?? error).slice(0, 2000) });
});
