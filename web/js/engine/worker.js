// The module Web Worker that runs the engine: boots Pyodide with the paodekuai
// wheel, imports paodekuai.service once, and forwards each request to
// paodekuai.service.handle(request_json) -> reply_json (docs/PROTOCOL.md).
//
// Two ways to boot. Fresh: Pyodide starts from nothing, the wheel is unpacked
// and the service imported; then, before any request, a snapshot of that clean
// heap is taken, and stored once a hand has been dealt and the page says its
// table is still (heap_snapshot.js; app/still_table.js says why). Snapshot: a
// later visit restores that heap instead of starting Python, which skips
// Python's start and the engine's import.
//
// Messages to the page (all tagged with `kind`):
//   {kind: "progress", phase: "download" | "start", loaded, total}
//   {kind: "ready", timings}            the engine answers requests from now on;
//                                       timings.boot is "snapshot" or "fresh"
//   {kind: "boot-error", message, download?}  boot failed (`download`: a file did not
//                                       arrive whole); the page shows it with Retry
//   {kind: "started", id}               a request is taken up (the page's heartbeat:
//                                       the worker is busy with it, not gone)
//   {kind: "reply", reply}              the service's reply, with the request's id
//   {kind: "snapshot", stored, ms, bytes, detail}   the clean heap was stored (or refused)
// Messages from the page: {kind: "request", request: {id, type, ...}};
//   {kind: "still"}   nothing moves on the table and no request waits: store the clean
//                     heap now, if there is one and a hand has been dealt.

import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { BUILD_INFO } from "./build_info.js";
import {
  discardSnapshot,
  findSnapshot,
  readSnapshot,
  sha256Hex,
  snapshotsPossible,
  storeSnapshot,
} from "./heap_snapshot.js";

const RUNTIME_URL = new URL("../../pyodide/", import.meta.url).href;
const STDLIB_URL = `${RUNTIME_URL}${BUILD_INFO.stdlib ?? "python_stdlib.zip"}`;
// Requests that put a hand on the table: after the first, the snapshot may be stored.
const DEALING_REQUESTS = new Set(["new_game", "load", "from_code"]);
// Four updates a second: the bar glides between them (a CSS transition of the
// same length), and each update costs the page a frame that competes with the
// boot for the CPU (ten a second measurably slowed the first hand on 2 cores).
const PROGRESS_INTERVAL_MS = 250;

let handle = null;
const waiting = []; // requests that arrived before the engine was ready
let cleanHeap = null; // the snapshot taken before the first request, until it is stored
let handDealt = false;

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
    const name = fileName(resource);
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
  // crypto.subtle exists in secure contexts only (https, localhost): elsewhere the size is all we have.
  if (expected && globalThis.crypto?.subtle && (await sha256Hex(buffer)) !== expected) {
    throw new Error(`the engine (${name}) is damaged: its sha256 is not the build's`);
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
  const reply = answer(request);
  post({ kind: "reply", reply });
  if (reply.ok && DEALING_REQUESTS.has(request?.type)) handDealt = true;
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.kind === "still") {
    // Its digest and write would compete with the table's frames for the CPU: only when still.
    if (cleanHeap && handDealt) keepCleanHeap();
    return;
  }
  if (message?.kind !== "request") return;
  if (handle === null) {
    waiting.push(message.request);
    return;
  }
  serve(message.request);
});

/** Store the clean heap for the next visit; storage may refuse (quota, private mode): then no snapshot. */
async function keepCleanHeap() {
  const bytes = cleanHeap;
  cleanHeap = null; // stored or not, this visit's copy is not needed again
  if (!bytes) return;
  const started = performance.now();
  try {
    await storeSnapshot(bytes, BUILD_INFO.version, RUNTIME_URL);
    post({ kind: "snapshot", stored: true, ms: performance.now() - started, bytes: bytes.length });
  } catch (error) {
    post({ kind: "snapshot", stored: false, ms: performance.now() - started, bytes: bytes.length, detail: String(error?.message ?? error) });
  }
}

const PYODIDE_OPTIONS = Object.freeze({
  indexURL: RUNTIME_URL,
  stdLibURL: STDLIB_URL,
  lockFileURL: `${RUNTIME_URL}pyodide-lock.json`,
  // Explicit, so a package missing from the small lockfile is never looked up on a CDN.
  packageBaseUrl: RUNTIME_URL,
  stdout: (text) => console.log(text),
  stderr: (text) => console.warn(text),
});

/**
 * Pyodide restored from this build's stored snapshot, or null (none stored, or
 * refused: damaged, another build's, a failed restore; a refused one is
 * discarded so this visit stores a good one).
 */
async function restore() {
  const found = await findSnapshot(BUILD_INFO.version, RUNTIME_URL);
  if (!found) return null;
  try {
    // A promise: Pyodide fetches its runtime files while the snapshot is read and checked.
    return await loadPyodide({ ...PYODIDE_OPTIONS, _loadSnapshot: readSnapshot(found, BUILD_INFO.version) });
  } catch (error) {
    console.info("Booting without the stored snapshot:", String(error?.message ?? error).slice(0, 300));
    await discardSnapshot(BUILD_INFO.version, RUNTIME_URL);
    return null;
  }
}

async function boot() {
  const started = performance.now();
  const downloadsDone = trackDownloads();
  inflateStdlib();
  post({ kind: "progress", phase: "download", loaded: 0, total: 0 });
  const wheel = fetchWheel();
  wheel.catch(() => {}); // awaited below, once Python is up: not an unhandled rejection meanwhile
  const canStore = snapshotsPossible();
  let pyodide = canStore ? await restore() : null;
  const path = pyodide ? "snapshot" : "fresh";
  // Only a Pyodide loaded with _makeSnapshot can make one (it records how the
  // heap refers to JavaScript objects, so a restore can reconnect them).
  pyodide ??= await loadPyodide({ ...PYODIDE_OPTIONS, _makeSnapshot: canStore });
  downloadsDone();
  const booted = performance.now();
  // A restored heap has imported the engine already, but Pyodide's file system
  // lives outside the heap: the wheel's files are unpacked again either way.
  pyodide.unpackArchive(await wheel, "wheel");
  const service = pyodide.pyimport("paodekuai.service");
  const imported = performance.now();
  if (path === "snapshot") {
    // Every visit restored from one snapshot starts with the same heap: random's
    // state included. Deals use the OS's entropy (secrets) anyway; reseed random
    // so nothing else drawn at random repeats from visit to visit.
    pyodide.runPython("import random; random.seed()");
  } else if (canStore) {
    // Now, before any request: the heap holds the engine and nothing of this visit.
    try {
      cleanHeap = pyodide.makeMemorySnapshot();
    } catch (error) {
      // A heap Pyodide cannot snapshot costs the next visit its head start, nothing more.
      console.info("No heap snapshot this visit:", String(error?.message ?? error).slice(0, 300));
    }
  }
  handle = service.handle;
  const ready = performance.now();
  post({
    kind: "ready",
    timings: {
      workerOrigin: performance.timeOrigin + started, // wall clock (ms) when boot() began
      boot: path,
      pyodide: booted - started,
      import: imported - booted,
      snapshot: ready - imported, // taking the snapshot (fresh) or reseeding (restored)
      heapBytes: pyodide._module.HEAP8.length, // the WebAssembly memory Python runs in
      engine: BUILD_INFO.engineVersion,
    },
  });
  for (const request of waiting.splice(0)) serve(request);
}

boot().catch((error) => {
  post({ kind: "boot-error", message: String(error?.message ?? error).slice(0, 2000) });
});
