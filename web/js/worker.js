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
const STDLIB_URL = `${RUNTIME_URL}${BUILD_INFO.stdlib ?? "python_stdlib.zip"}`;
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
    const response = await originalFetch(resource, init);
    const name = fileName(resource);
    if (Object.hasOwn(expected, name) && response.ok && response.body) {
      count(name, response.clone().body);
    }
    return response;
  };
  return allIn; // for when loadPyodide is done (a cached file may never pass through fetch)
}

function fileName(resource) {
  const url = resource instanceof Request ? resource.url : String(resource);
  return new URL(url, self.location.href).pathname.split("/").pop();
}

/**
 * The build ships the trimmed standard library gzipped (one stream compresses
 * its modules far better than a zip's entry by entry, and static hosts send
 * archives as they are). Pyodide fetches it by URL and mounts the bytes as a
 * zip: this hands it the inflated bytes. The progress bar still counts the
 * bytes that travel (trackDownloads wraps the fetch underneath).
 */
function inflateStdlib() {
  if (!STDLIB_URL.endsWith(".gz")) return;
  const stdlibName = fileName(STDLIB_URL);
  const innerFetch = self.fetch;
  self.fetch = async (resource, init) => {
    const response = await innerFetch(resource, init);
    if (fileName(resource) !== stdlibName || !response.ok || !response.body) return response;
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip")), {
      headers: { "content-type": "application/zip" },
    });
  };
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
  inflateStdlib();
  post({ kind: "progress", phase: "download", loaded: 0, total: 0 });
  const wheel = fetchWheel();
  wheel.catch(() => {}); // awaited below, once Python is up: not an unhandled rejection meanwhile
  const pyodide = await loadPyodide({
    indexURL: RUNTIME_URL,
    stdLibURL: STDLIB_URL,
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
  for (const request of waiting.splice(0)) post({ kind: "reply", reply: answer(request) });
}

boot().catch((error) => {
  post({ kind: "boot-error", message: String(error?.message ?? error).slice(0, 2000) });
});
