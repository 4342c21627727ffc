//# allFunctionsCalledOnLoad
// The engine session: starts the worker and follows its boot, greets the
// engine (`hello`: the presets and levels it offers), opens the first hand (the
// save's hand under way, else a #deal= link, else a new deal; a link that came
// with a hand under way is handed to onReady, to be followed as one followed in
// the page: asked first, or refused with the hand going on), and brings the engine back
// when the worker dies or hangs mid-hand (a new worker, the hand resumed from
// the save). It owns the engine's status as the page shows it.

import { createEngineClient, EngineDown } from "./engine_client.js";
import { SAVE_KEY, isSameDeal, newHandId, readSave } from "../store/save.js";
import { readDealHash, refusedCodeReason, withoutHash } from "../game/deal_link.js";

const DEFAULT_BOOT_STALL_MS = 30000;
/**
 * The boot watchdog's bounds: Pyodide's start says nothing for a few seconds on
 * a slow phone (no progress message can pass while Python initialises), and a
 * timer past 2^31 - 1 ms fires at once.
 */
export const BOOT_STALL_BOUNDS_MS = Object.freeze({ min: 10000, max: 300000 });
/** Restarts in a row without a successful action before the engine counts as broken. */
const MAX_RESTARTS = 3;

/** `?boot-timeout=MS` changes the boot watchdog (diagnostics and tests), within its bounds. */
export function bootStallMs(search) {
  const text = new URLSearchParams(search).get("boot-timeout");
  const value = Number(text);
  if (text === null || text === "" || Number.isNaN(value)) return DEFAULT_BOOT_STALL_MS;
  return Math.min(Math.max(value, BOOT_STALL_BOUNDS_MS.min), BOOT_STALL_BOUNDS_MS.max);
}

/** `?reply-delay=MS` hands every engine reply on MS later (tests and diagnostics: a slow phone). */
export function replyDelayMs(search) {
  const value = Number(new URLSearchParams(search).get("reply-delay"));
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 5000) : 0;
}

/**
 * @param {object} deps
 * @param {Window} deps.win
 * @param {object} deps.storage   storage.js facade
 * @param {object} deps.settings  settings_keeper.js
 * @param {object} deps.notices   notices.js
 * @param {(part?: string) => void} deps.update
 * @param {object} deps.table     the hand on the table (hand_controller.js):
 *        halt(), showSaved(save, preview), forget(), current() -> {snapshot, handId},
 *        open(snapshot, handId), openDeal(code) (a deal link while the page is open),
 *        yieldToOtherTab()
 * @param {(opened: {resumed: boolean, dealLink: string | null}) => void} deps.onReady  the
 *        engine answered its first hand (once per boot); `resumed`: the save's hand, not a new
 *        deal or a link's; `dealLink`: a #deal= link's code that came with that hand under way,
 *        to be followed now as one followed in the page
 */
export function createEngineSession({ win, storage, settings, notices, update, table, onReady }) {
  let status = "loading"; // "loading" | "ready" | "error" (mirrored on <html data-engine>)
  let boot = { phase: "wait", loaded: 0, total: 0, error: null };
  let bootPath = null; // how the engine last started: "snapshot" | "fresh" (mirrored on <html data-boot>)
  let presets = [];
  let levels = []; // the engine's (`hello`), easiest first
  let restarts = 0;
  let recovering = false;
  let bootCount = 0;
  let pendingDealCode = null;
  let opened = false; // a hand of this tab's has been on the table with the engine up
  let bootStall = bootStallMs(win.location.search);

  const client = createEngineClient({
    workerUrl: new URL("./worker.js", import.meta.url),
    early: win.paodekuaiEarlyWorker ?? null, // started by early_worker.js, when it ran
    stallMs: bootStall,
    replyDelayMs: replyDelayMs(win.location.search),
    onProgress(progress) {
      boot = { ...boot, ...progress };
      // Only the progress panel changes while Pyodide boots: a whole-table
      // drawing each time took main-thread time from the boot itself.
      update("boot");
    },
    onCrash(error) {
      recover(error);
    },
  });

  function setStatus(next) {
    status = next;
    if (next !== "loading") notices.settled();
  }

  async function dealNew() {
    const level = settings.current.level;
    let reply = await client.request("new_game", { preset: settings.current.preset, level });
    if (!reply.ok && settings.current.preset !== "standard") {
      // A preset this engine no longer knows must not lock the player out.
      settings.fallBackToStandard();
      reply = await client.request("new_game", { preset: "standard", level });
    }
    if (!reply.ok) throw new EngineDown("boot-error", reply.error?.message?.en ?? reply.error?.code);
    return { snapshot: reply.result, handId: newHandId() };
  }

  /**
   * The hand to show once the engine is up: the save's hand when it is under way, else a
   * #deal= link's deal, else the save's finished hand, else a new deal. A link never throws
   * a hand under way away unasked (one tap on a chat message, as easy to make by mistake as
   * New hand): that hand opens, and the link goes to onReady, to be followed as one followed
   * in the page.
   */
  async function openHand() {
    const code = pendingDealCode;
    pendingDealCode = null;
    if (code === null) return (await openSaved()) ?? dealNew();
    const saved = table.current().snapshot;
    if (saved?.game && !saved.view?.over) {
      const saveOpened = await openSaved();
      if (saveOpened) return { ...saveOpened, dealLink: code };
    }
    return openLinked(code);
  }

  /** A #deal= link's deal; a code the engine refuses is said, and a new hand dealt. */
  async function openLinked(code) {
    const reply = await client.request("from_code", { code, level: settings.current.level });
    if (reply.ok) {
      notices.show({ key: "dealOpened", params: { code: reply.result.deal_code } }); // the engine's spelling
      return { snapshot: reply.result, handId: newHandId() };
    }
    notices.show({ key: "badDealCode", params: { reason: refusedCodeReason(reply.error) } });
    return dealNew();
  }

  /** The saved hand, loaded by the engine; null when there is none or the engine refuses it. */
  async function openSaved() {
    for (;;) {
      const { snapshot, handId } = table.current();
      if (!snapshot?.game || !handId) return null;
      const reply = await client.request("load", { game: snapshot.game, level: settings.current.level });
      // Another tab moved the hand on while this one loaded it: load its newer save instead.
      if (table.current().snapshot !== snapshot) continue;
      if (reply.ok && isSameDeal(snapshot.deal_code, reply.result)) return { snapshot: reply.result, handId, resumed: true };
      const reason = reply.ok ? { key: "saveNotDealt" } : reply.error.message;
      notices.show({ key: "saveRefused", params: { reason } });
      storage.remove(SAVE_KEY);
      table.forget();
      return null;
    }
  }

  function acceptHello(hello) {
    presets = hello.presets ?? [];
    if (Array.isArray(hello.levels) && hello.levels.length) levels = hello.levels;
    settings.adopt({ presets, levels });
  }

  async function bootEngine() {
    // The worker starts before anything is drawn: its downloads are the long pole.
    const started = client.start({ bootStallMs: bootStall });
    const myBoot = ++bootCount;
    table.halt();
    setStatus("loading");
    boot = { phase: "wait", loaded: 0, total: 0, error: null };
    update();
    try {
      const timings = await started;
      bootPath = timings.boot ?? "fresh";
      win.performance.mark("pdk:engine-ready", { detail: timings });
      const hello = await client.request("hello");
      if (hello.ok) acceptHello(hello.result);
      boot = { ...boot, phase: "deal" };
      update();
      const { snapshot, handId, resumed = false, dealLink = null } = await openHand();
      setStatus("ready");
      opened = true;
      table.open(snapshot, handId);
      win.performance.mark("pdk:first-hand");
      onReady({ resumed, dealLink });
    } catch (error) {
      if (!(error instanceof EngineDown)) throw error;
      if (myBoot !== bootCount) return; // a newer boot (a restart) took over
      setStatus("error");
      boot = { ...boot, error: { reason: error.reason, detail: error.detail } };
      update();
    }
  }

  /** The worker died or hung mid-hand: start a new one and resume from the save. */
  async function recover(error) {
    if (recovering) return;
    recovering = true;
    restarts += 1;
    try {
      if (restarts > MAX_RESTARTS) {
        setStatus("error");
        boot = { ...boot, error: { reason: error.reason, detail: error.detail } };
        update();
        return;
      }
      // The hand on this table comes back (not whatever the storage holds now: another tab's).
      // Loading first: the notice's time to fade starts once the table is playable again.
      setStatus("loading");
      notices.show({ key: "engineRestarted" });
      await bootEngine();
    } finally {
      recovering = false;
    }
  }

  return {
    client,
    get ready() {
      return status === "ready";
    },
    get loading() {
      return status === "loading";
    },
    /** Reads the URL and the save, draws what there is, and boots the engine. */
    start() {
      const link = readDealHash(win.location.hash);
      // A deal link is read once: a reload afterwards resumes the save instead of re-dealing.
      if (link.kind !== "none") win.history.replaceState(null, "", withoutHash(win.location.href));
      if (link.kind === "bad") notices.show({ key: "notDealLink" });
      if (link.kind === "deal") pendingDealCode = link.code;
      const saved = readSave(storage.readText(SAVE_KEY));
      if (saved.status === "ok") {
        // First paint does not wait for Python: the saved table is drawn now, input unlocks when
        // ready. With a link only a hand under way is (the hand the link's question is about:
        // openHand); a finished one would only flash up before the linked deal.
        if (pendingDealCode === null || saved.preview?.over !== true) table.showSaved(saved.save, saved.preview);
      } else if (saved.status === "refused") {
        const reason = saved.reason === "old_version" ? { key: "saveOldVersion" } : { key: "saveUnreadable" };
        notices.show({ key: "saveRefused", params: { reason } });
        storage.remove(SAVE_KEY);
      }
      bootEngine();
    },
    /**
     * Another tab wrote (or removed) the save. Before this tab's first hand is
     * open, the newer save is the one to restore; after, this tab is behind
     * and stops (the hand controller says so).
     */
    otherTabSaved(text) {
      if (!opened) {
        const saved = readSave(text);
        if (saved.status === "ok") table.showSaved(saved.save, saved.preview);
        return;
      }
      if (opened) table.yieldToOtherTab();
    },
    /** Retry after a failed boot. */
    retry() {
      if (status !== "error") return;
      // A boot that ran out of time gets twice as long (a slow network or phone), within bounds.
      if (boot.error?.reason === "boot-timeout") bootStall = Math.min(2 * bootStall, BOOT_STALL_BOUNDS_MS.max);
      restarts = 0;
      bootEngine();
    },
    /** A request moved the hand on: the engine works, restarts in a row start over. */
    worked() {
      restarts = 0;
    },
    /** The URL's hash changed while the page is open (#deal=CODE). */
    dealLink(hash) {
      const link = readDealHash(hash);
      if (link.kind === "none") return;
      win.history.replaceState(null, "", withoutHash(win.location.href));
      if (link.kind === "bad") {
        notices.show({ key: "notDealLink" });
        return;
      }
      const code = link.code;
      if (status === "ready") {
        table.openDeal(code);
      } else {
        pendingDealCode = code;
      }
    },
    view() {
      return { engine: status, boot, bootPath, presets, levels };
    },
  };
}
