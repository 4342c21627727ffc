//# allFunctionsCalledOnLoad
// The page's side of the worker protocol: typed requests with ids and timeouts,
// a boot watchdog, a heartbeat, and restart. Every reply is data ({ok, result}
// or {ok, error}); a promise rejects only with EngineDown, when the worker
// itself is lost.
//
// The heartbeat: the worker says "started" when it takes a request up and
// answers it when done; it handles one request at a time, in order, and its
// event loop is blocked while Python works (a Hard decision, a coach's rating).
// So a request that is running is given its own time (REQUEST_TIMEOUT_MS), and
// the one queued behind it must start within START_DEADLINE_MS of the worker's
// last word: a worker that stopped without an error (closed, frozen between
// requests) is noticed within about 3 s of the next request, however long the
// requests before it took.

export class EngineDown extends Error {
  constructor(reason, detail = "") {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = "EngineDown";
    // "boot-error" | "download-failed" | "boot-timeout" | "crashed" | "timeout" | "silent" | "stopped"
    this.reason = reason;
    this.detail = detail;
  }
}

/**
 * Search per request for the long searches asked for in slices (`slice_ms`: the coach's
 * `review`, Hint's `hint`, Hard's `daily_baseline`): what a game request may wait behind.
 */
export const SEARCH_SLICE_MS = 200;

/**
 * Ask for a search in slices: the same request, each with `slice_ms`, until the worker
 * answers with a result that is not `pending` (or an error), or `goOn()` turns false.
 * Resolves with the last reply.
 */
export async function requestInSlices(request, type, fields, goOn = () => true) {
  let reply;
  do {
    reply = await request(type, { ...fields, slice_ms: SEARCH_SLICE_MS });
  } while (reply?.ok && reply.result.pending && goOn());
  return reply;
}

/** Per request type, how long a request may run in the worker before the worker counts as hung. */
// The coach's review, Hint and Hard's daily hand come in slices of SEARCH_SLICE_MS: a slice
// ends after the batch of 12 worlds (a review, a hint) or the decision (the daily hand) its
// time ran out in, well under a second on a desktop, so a minute means the worker is hung.
const REQUEST_TIMEOUT_MS = Object.freeze({
  default: 15000,
  bot_turn: 45000,
  new_game: 30000,
  load: 30000,
  review: 60000,
  hint: 60000,
  daily_baseline: 60000,
});
/** How long the next request may wait to be started after the worker last said something. */
export const START_DEADLINE_MS = 3000;
/** A watchdog timer this late (a throttled background tab) first lets queued messages in. */
const LATE_TIMER_MS = 500;

/** Error codes for a reply the page cannot carry exactly, by request type. */
const INEXACT_ERROR = Object.freeze({ from_code: "bad_code", load: "bad_save" });

/**
 * Whether `value` holds an integer past 2^53 - 1. The worker's JSON.parse
 * has already rounded it: a seed carried on would deal another hand, so such
 * a reply is refused rather than kept.
 */
export function hasInexactInteger(value) {
  if (typeof value === "number") return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasInexactInteger);
  return false;
}

/** A reply as the page may use it: one holding a rounded integer becomes an error (as data). */
export function exactReply(reply, type) {
  if (!reply?.ok || !hasInexactInteger(reply.result)) return reply;
  return {
    id: reply.id,
    ok: false,
    error: { code: INEXACT_ERROR[type] ?? "internal", message: { key: "numberTooLarge" } },
  };
}

/**
 * @param {object} options
 * @param {URL|string} options.workerUrl   the module worker script
 * @param {(progress: object) => void} options.onProgress   boot progress messages
 * @param {(error: EngineDown) => void} options.onCrash      the worker died after it was ready
 * @param {number} options.stallMs   boot watchdog: give up when no boot message arrives for this long
 * @param {number} [options.replyDelayMs]   every reply is handed on this much later (a slow
 *        phone's engine, for tests and diagnostics: `?reply-delay=MS`)
 * @param {{take: () => ({worker: Worker, events: Event[]} | null)}} [options.early]
 *        a worker already started by early_worker.js, used by the first start()
 */
export function createEngineClient({
  workerUrl,
  early = null,
  onProgress = () => {},
  onCrash = () => {},
  stallMs = 30000,
  replyDelayMs = 0,
}) {
  let worker = null;
  let generation = 0; // bumps on every start/stop; late events of old workers are ignored
  let nextId = 1;
  const pending = new Map(); // id -> {resolve, reject, type, step, sentAt, startedAt}, in the order sent
  let lastHeard = 0; // when the worker last said anything
  let heartbeat = null; // the watchdog's timer

  function failAll(error) {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  }

  function stop(reason = "stopped", detail = "") {
    generation += 1;
    clearTimeout(heartbeat);
    heartbeat = null;
    if (worker) worker.terminate();
    worker = null;
    failAll(new EngineDown(reason, detail));
  }

  function lose(error) {
    stop(error.reason, error.detail);
    onCrash(error);
  }

  /**
   * When the worker is overdue, and why: the running request's time, or the next one's start.
   * (The error is made only when it is due: an Error records its stack, and this is asked at
   * every request and every reply.)
   */
  function deadline() {
    const entries = [...pending.values()];
    const running = entries.find((entry) => entry.startedAt !== null);
    if (running) {
      const ms = REQUEST_TIMEOUT_MS[running.type] ?? REQUEST_TIMEOUT_MS.default;
      return { at: running.startedAt + ms, error: () => new EngineDown("timeout", `${running.type} took over ${ms} ms`) };
    }
    if (entries.length === 0) return null;
    const waiting = entries[0];
    return {
      at: Math.max(waiting.sentAt, lastHeard) + START_DEADLINE_MS,
      error: () => new EngineDown("silent", `${waiting.type} was not taken up within ${START_DEADLINE_MS} ms`),
    };
  }

  /** Check the worker now, and again at its next deadline. */
  function watch(late = false) {
    clearTimeout(heartbeat);
    heartbeat = null;
    const due = deadline();
    if (!due) return;
    const myGeneration = generation;
    const now = performance.now();
    if (now >= due.at) {
      // A timer that fired late may have overtaken the worker's messages: look once more first.
      if (late) heartbeat = setTimeout(() => myGeneration === generation && watch(false), 0);
      else lose(due.error());
      return;
    }
    heartbeat = setTimeout(() => {
      if (myGeneration === generation) watch(performance.now() - due.at > LATE_TIMER_MS);
    }, due.at - now);
  }

  function heard() {
    lastHeard = performance.now();
  }

  function started(id) {
    const entry = pending.get(id);
    if (entry) entry.startedAt = performance.now();
    watch();
  }

  function settle(reply) {
    const entry = pending.get(reply?.id);
    if (!entry) return; // a reply to a request that already timed out
    pending.delete(reply.id);
    // Round-trip times are left on the performance timeline (bench/ reads them).
    // (The coach's slices carry their step: bench/ and the tests see which decisions were searched.)
    performance.measure(`pdk:rtt:${entry.type}`, { start: entry.sentAt, end: performance.now(), detail: { step: entry.step } });
    watch();
    entry.resolve(exactReply(reply, entry.type));
  }

  /**
   * Start (or restart) the worker; resolves with boot timings once the engine is ready.
   * `bootStallMs` overrides the boot watchdog's time for this start.
   */
  function start({ bootStallMs = stallMs } = {}) {
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
        const ms = bootStallMs;
        watchdog = setTimeout(() => bootFailed(new EngineDown("boot-timeout", `${ms} ms without progress`)), ms);
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
        heard();
        if (message.kind === "progress") {
          armWatchdog();
          onProgress(message);
        } else if (message.kind === "ready") {
          booting = false;
          clearTimeout(watchdog);
          resolve(message.timings ?? {});
        } else if (message.kind === "boot-error") {
          bootFailed(new EngineDown(message.download ? "download-failed" : "boot-error", message.message));
        } else if (message.kind === "started") {
          started(message.id);
        } else if (message.kind === "reply") {
          if (replyDelayMs > 0) setTimeout(() => myGeneration === generation && settle(message.reply), replyDelayMs);
          else settle(message.reply);
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
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, type, step: fields.step ?? null, sentAt: performance.now(), startedAt: null });
      worker.postMessage({ kind: "request", request: { id, type, ...fields } });
      if (heartbeat === null) watch();
    });
  }

  /**
   * Tell the worker the table is still (app/still_table.js): it may do its background work
   * now (store its clean heap). Only while no request waits, so that work never delays an
   * answer the table is about to draw; false when not sent.
   */
  function tableStill() {
    if (!worker || pending.size > 0) return false;
    worker.postMessage({ kind: "still" });
    return true;
  }

  return { start, request, tableStill, stop: () => stop("stopped") };
}
