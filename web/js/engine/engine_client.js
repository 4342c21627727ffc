// The page's side of the worker protocol: typed requests with ids and timeouts,
// a boot watchdog, and restart. Every reply is data ({ok, result} or {ok, error});
// a promise rejects only with EngineDown, when the worker itself is lost.

export class EngineDown extends Error {
  constructor(reason, detail = "") {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = "EngineDown";
    this.reason = reason; // "boot-error" | "boot-timeout" | "crashed" | "timeout" | "stopped"
    this.detail = detail;
  }
}

/** Per request type, how long a reply may take before the worker counts as hung. */
const REQUEST_TIMEOUT_MS = Object.freeze({ default: 15000, bot_turn: 45000, new_game: 30000, load: 30000, review: 45000 });

/**
 * @param {object} options
 * @param {URL|string} options.workerUrl   the module worker script
 * @param {(progress: object) => void} options.onProgress   boot progress messages
 * @param {(error: EngineDown) => void} options.onCrash      the worker died after it was ready
 * @param {number} options.stallMs   boot watchdog: give up when no boot message arrives for this long
 * @param {{take: () => ({worker: Worker, events: Event[]} | null)}} [options.early]
 *        a worker already started by early_worker.js, used by the first start()
 */
export function createEngineClient({ workerUrl, early = null, onProgress = () => {}, onCrash = () => {}, stallMs = 30000 }) {
  let worker = null;
  let generation = 0; // bumps on every start/stop; late events of old workers are ignored
  let nextId = 1;
  const pending = new Map(); // id -> {resolve, reject, timer, type, started}

  function failAll(error) {
    for (const entry of pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    pending.clear();
  }

  function stop(reason = "stopped", detail = "") {
    generation += 1;
    if (worker) worker.terminate();
    worker = null;
    failAll(new EngineDown(reason, detail));
  }

  function lose(error) {
    stop(error.reason, error.detail);
    onCrash(error);
  }

  function settle(reply) {
    const entry = pending.get(reply?.id);
    if (!entry) return; // a reply to a request that already timed out
    pending.delete(reply.id);
    clearTimeout(entry.timer);
    // Round-trip times are left on the performance timeline (bench/ reads them).
    performance.measure(`pdk:rtt:${entry.type}`, { start: entry.started, end: performance.now() });
    entry.resolve(reply);
  }

  /** Start (or restart) the worker; resolves with boot timings once the engine is ready. */
  function start() {
    stop("stopped", "restart");
    const myGeneration = generation;
    const handed = early?.take() ?? null;
    const current = handed?.worker ?? new Worker(workerUrl, { type: "module", name: "paodekuai-engine" });
    worker = current;
    return new Promise((resolve, reject) => {
      let booting = true;
      let watchdog = null;
      const armWatchdog = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => bootFailed(new EngineDown("boot-timeout", `${stallMs} ms without progress`)), stallMs);
      };
      const bootFailed = (error) => {
        if (!booting || myGeneration !== generation) return;
        booting = false;
        clearTimeout(watchdog);
        stop(error.reason, error.detail);
        reject(error);
      };
      armWatchdog();
      const onMessage = (event) => {
        if (myGeneration !== generation) return;
        const message = event.data ?? {};
        if (message.kind === "progress") {
          armWatchdog();
          onProgress(message);
        } else if (message.kind === "ready") {
          booting = false;
          clearTimeout(watchdog);
          resolve(message.timings ?? {});
        } else if (message.kind === "boot-error") {
          bootFailed(new EngineDown("boot-error", message.message));
        } else if (message.kind === "reply") {
          settle(message.reply);
        } else if (message.kind === "snapshot") {
          // Whether the clean heap was kept for the next visit: on the performance
          // timeline for the tests and bench/ (nothing for the player to see).
          performance.mark(message.stored ? "pdk:snapshot-stored" : "pdk:snapshot-refused", { detail: message });
        }
      };
      const onError = (event) => {
        if (myGeneration !== generation) return;
        event.preventDefault(); // reported on screen; not an uncaught page error
        const detail = event.message || "the worker script failed to load";
        if (booting) bootFailed(new EngineDown("boot-error", detail));
        else lose(new EngineDown("crashed", detail));
      };
      const onMessageError = () => {
        if (myGeneration === generation && !booting) lose(new EngineDown("crashed", "unreadable message"));
      };
      const handlers = { message: onMessage, error: onError, messageerror: onMessageError };
      for (const [type, handler] of Object.entries(handlers)) current.addEventListener(type, handler);
      // What an early-started worker said before we listened, in order.
      for (const event of handed?.events ?? []) handlers[event.type](event);
    });
  }

  /** Send one request; resolves with the reply {id, ok, result | error}. */
  function request(type, fields = {}) {
    if (!worker) return Promise.reject(new EngineDown("stopped", "no worker"));
    const id = nextId++;
    const myGeneration = generation;
    return new Promise((resolve, reject) => {
      const timeoutMs = REQUEST_TIMEOUT_MS[type] ?? REQUEST_TIMEOUT_MS.default;
      const timer = setTimeout(() => {
        if (myGeneration === generation) lose(new EngineDown("timeout", `${type} took over ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer, type, started: performance.now() });
      worker.postMessage({ kind: "request", request: { id, type, ...fields } });
    });
  }

  return { start, request, stop: () => stop("stopped") };
}
