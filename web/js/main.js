// The controller: owns the state, turns named input events into engine
// requests, applies the engine's Snapshots, saves after every action, and asks
// render() to draw the whole table from one state. It never decides a rule:
// legality, hints, greyed cards, the counter and the scores come from the engine.

import { createEngineClient, EngineDown } from "./engine_client.js";
import { createStorage } from "./storage.js";
import { SAVE_KEY, makeSave, newHandId, readSave, snapshotFromSave } from "./save.js";
import {
  BOT_DELAY_MS,
  SESSION_KEY,
  SETTINGS_KEY,
  addHandToSession,
  readSession,
  readSettings,
  withSetting,
} from "./preferences.js";
import { LANGUAGES, pickLanguage } from "./i18n.js";
import { sameRank } from "./cards.js";
import { dealCodeFromHash, dealLink, withoutHash } from "./deal_link.js";
import { buildBootModel, buildTableModel } from "./table_model.js";
import { createRenderer } from "./render.js";
import { bindInput } from "./input.js";
import { enableOffline } from "./offline.js";
import { createReplayController } from "./replay.js";
import { createStatsKeeper } from "./stats_keeper.js";
import { createUpdatePrompt } from "./update_prompt.js";
import { buildPanelsModel } from "./panels_model.js";
import { createPanelsRenderer } from "./render_panels.js";
import { bindPanelInput } from "./panel_input.js";
import { bindKeyboard } from "./keyboard.js";
import { createSound, cuesForSnapshot } from "./sound.js";
import { createTurnTimer, pauseWhileHidden, turnSeconds } from "./turn_timer.js";
import { URGENT_SECONDS, presetNamed } from "./dialogs_model.js";

const DEFAULT_BOOT_STALL_MS = 30000;
/** Restarts in a row without a successful action before the engine counts as broken. */
const MAX_RESTARTS = 3;
const NOTICE_MS = 9000;

/** `?boot-timeout=MS` shortens the boot watchdog (diagnostics and tests). */
function bootStallMs(search) {
  const value = Number(new URLSearchParams(search).get("boot-timeout"));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_BOOT_STALL_MS;
}

function createApp(win) {
  const doc = win.document;
  const storage = createStorage();
  const renderer = createRenderer(doc);
  const settings = readSettings(storage.readText(SETTINGS_KEY));

  const state = {
    engine: "loading", // "loading" | "ready" | "error" (mirrored on <html data-engine>)
    bootPath: null, // how the engine last started: "snapshot" | "fresh" (mirrored on <html data-boot>)
    boot: { phase: "wait", loaded: 0, total: 0, error: null },
    lang: pickLanguage(settings.language, win.navigator.languages ?? [win.navigator.language]),
    settings,
    presets: [],
    levels: ["easy", "medium", "hard"],
    snapshot: null, // the last Snapshot drawn (from the engine, or from the save before it is up)
    handId: null,
    selection: [], // codes, in hand order
    judgement: null,
    judgementStale: false, // the selection changed since `judgement` was asked for
    hintIndex: 0,
    busy: false, // a game-changing request is in flight
    flash: null, // {message, tone}: a refusal or error shown in the status line until the next change
    notice: null, // {key, params}: a longer message (restored/refused save, restart)
    linkNotice: null,
    session: readSession(storage.readText(SESSION_KEY)),
    offlineReady: false,
    // After the hand (replay.js, stats_keeper.js, update_prompt.js fill these in).
    lastHand: null, // the last finished hand, kept for its replay
    replay: null, // the replay panel, while open
    reviewProgress: null, // the coach's ratings under way
    stats: null, // statistics across sessions
    statsPanel: null, // the Statistics panel, while open
    update: null, // a new version waits to be loaded
    // issue 5
    panel: null, // the open dialog: "settings" | "help" | null
    handLevel: null, // the difficulty the hand on the table was dealt with (a new one waits for the next hand)
    timer: null, // the turn timer's status while it counts for the person (presets with a timer)
    autoPlay: false, // after two timeouts in a row the person's turns are played by `timeout`, until Stop auto
    timeoutsInRow: 0,
    focusCard: null, // the hand card keyboard focus is on (the hand's one tab stop) and its place
    focusIndex: 0,
  };

  let epoch = 0; // bumps when a hand is replaced; late replies and timers of older hands are dropped
  let judgeSeq = 0;
  let botTimer = null;
  let restarts = 0;
  let recovering = false;
  let bootCount = 0;
  let offlineRequested = false;
  let pendingDealCode = null;

  const sound = createSound({
    AudioContextClass: win.AudioContext ?? win.webkitAudioContext ?? null,
    activation: win.navigator.userActivation ?? null,
  });
  sound.setEnabled(settings.sound === "on");
  const turnTimer = createTurnTimer({
    onTick() {
      state.timer = turnTimer.status();
      if (state.timer && !state.timer.paused && state.timer.seconds > 0 && state.timer.seconds <= URGENT_SECONDS) {
        sound.play("tick");
      }
      draw();
    },
    onExpire: (key) => timeUp(key),
  });

  const client = createEngineClient({
    workerUrl: new URL("./worker.js", import.meta.url),
    early: win.paodekuaiEarlyWorker ?? null, // started by early_worker.js, when it ran
    stallMs: bootStallMs(win.location.search),
    onProgress(progress) {
      state.boot = { ...state.boot, ...progress };
      // Only the progress panel changes while Pyodide boots, ten times a second: a
      // whole-table render each time took main-thread time from the boot itself.
      renderer.renderBoot(buildBootModel(state));
    },
    onCrash(error) {
      recoverEngine(error);
    },
  });

  let noticeTimer = null;
  let shownNotice = null;
  const panelRenderer = createPanelsRenderer(doc);
  const replay = createReplayController({
    win,
    state,
    storage,
    client,
    draw: () => draw(),
    isReady: () => state.engine === "ready",
    playDeal: (code) =>
      replaceHand("from_code", { code, level: state.settings.level }, { key: "dealReplayed", params: { code } }),
  });
  const statsKeeper = createStatsKeeper({ state, storage, draw: () => draw(), openReplay: replay.open });
  if (statsKeeper.wasReset) state.notice = { key: "statsDamaged" };
  const updater = createUpdatePrompt({ win, state, draw: () => draw(), isBusy: () => state.busy });

  function draw() {
    if (state.notice !== shownNotice && state.engine !== "loading") {
      // A notice is information, not a question: it fades a while after the table is playable.
      shownNotice = state.notice;
      clearTimeout(noticeTimer);
      if (state.notice) {
        const notice = state.notice;
        noticeTimer = setTimeout(() => {
          if (state.notice === notice) {
            state.notice = null;
            draw();
          }
        }, NOTICE_MS);
      }
    }
    renderer.render(buildTableModel(state));
    panelRenderer.render(buildPanelsModel(state));
  }

  // ---------------------------------------------------------------- persistence

  function saveSettings() {
    storage.writeText(SETTINGS_KEY, JSON.stringify(state.settings));
  }

  function saveHand() {
    const { snapshot, handId } = state;
    if (!snapshot?.game || !handId) return;
    const save = makeSave({ snapshot, handId, level: handLevel(), preset: state.settings.preset });
    storage.writeText(SAVE_KEY, JSON.stringify(save));
  }

  function countFinishedHand(view) {
    if (!view.over || !view.settlement?.total) return;
    const session = addHandToSession(state.session, state.handId, view.settlement.total);
    if (session !== state.session) {
      state.session = session;
      storage.writeText(SESSION_KEY, JSON.stringify(session));
    }
  }

  // ------------------------------------------------------------------- snapshots

  /** The difficulty of the hand on the table: a changed setting waits for the next hand. */
  function handLevel() {
    return state.handLevel ?? state.settings.level;
  }

  function applySnapshot(snapshot, { handId = state.handId } = {}) {
    if (handId !== state.handId || state.handLevel === null) state.handLevel = state.settings.level;
    sound.play(cuesForSnapshot(snapshot));
    state.snapshot = snapshot;
    state.handId = handId;
    state.selection = [];
    state.judgement = null;
    state.judgementStale = false;
    state.hintIndex = 0;
    state.flash = null;
    judgeSeq += 1;
    saveHand();
    countFinishedHand(snapshot.view);
    statsKeeper.onSnapshot(snapshot, state.handId);
    replay.onSnapshot(snapshot, state.handId);
    draw();
  }

  /** What happens next: a computer seat moves after a visible pause, or the person is prompted. */
  function continueHand() {
    clearTimeout(botTimer);
    syncTurnTimer();
    const view = state.snapshot?.view;
    if (state.engine !== "ready" || !view || view.over) return;
    if (view.to_move === 0) {
      if (state.autoPlay) {
        autoTurn();
        return;
      }
      judgeSelection();
      return;
    }
    const myEpoch = epoch;
    botTimer = setTimeout(() => {
      if (myEpoch !== epoch) return;
      if (state.busy) {
        continueHand(); // another request is in flight: try again after it
        return;
      }
      act("bot_turn", { level: handLevel() });
    }, BOT_DELAY_MS[state.settings.speed] ?? BOT_DELAY_MS.normal);
  }

  function showRefusal(error) {
    state.flash = { message: error?.message ?? String(error?.code ?? "error"), tone: "bad" };
    draw();
  }

  /** One game-changing request; null when the worker was lost (recovery is already under way). */
  async function perform(type, fields = {}) {
    state.busy = true;
    draw();
    try {
      return await client.request(type, fields);
    } catch (error) {
      if (error instanceof EngineDown) return null;
      throw error;
    } finally {
      state.busy = false;
    }
  }

  // ------------------------------------------------------------------ new hands

  async function dealNew() {
    const level = state.settings.level;
    let reply = await client.request("new_game", { preset: state.settings.preset, level });
    if (!reply.ok && state.settings.preset !== "standard") {
      // A preset this engine no longer knows must not lock the player out.
      state.settings = withSetting(state.settings, "preset", "standard");
      reply = await client.request("new_game", { preset: "standard", level });
    }
    if (!reply.ok) throw new EngineDown("boot-error", reply.error?.message?.en ?? reply.error?.code);
    return { snapshot: reply.result, handId: newHandId() };
  }

  /** The hand to show once the engine is up: a #deal link, else the save, else a new deal. */
  async function openHand() {
    if (pendingDealCode) {
      const code = pendingDealCode;
      pendingDealCode = null;
      const reply = await client.request("from_code", { code, level: state.settings.level });
      if (reply.ok) {
        state.notice = { key: "dealReplayed", params: { code } };
        return { snapshot: reply.result, handId: newHandId() };
      }
      state.notice = { key: "badDealCode", params: { reason: reply.error.message } };
      return dealNew();
    }
    if (state.snapshot?.game && state.handId) {
      const reply = await client.request("load", { game: state.snapshot.game, level: state.settings.level });
      if (reply.ok) return { snapshot: reply.result, handId: state.handId };
      state.notice = { key: "saveRefused", params: { reason: reply.error.message } };
      storage.remove(SAVE_KEY);
      state.snapshot = null;
      return dealNew();
    }
    return dealNew();
  }

  async function bootEngine() {
    // The worker starts before anything is drawn: its downloads are the long pole.
    const started = client.start();
    const myBoot = ++bootCount;
    clearTimeout(botTimer);
    epoch += 1;
    state.engine = "loading";
    state.boot = { phase: "wait", loaded: 0, total: 0, error: null };
    draw();
    try {
      const timings = await started;
      state.bootPath = timings.boot ?? "fresh";
      win.performance.mark("pdk:engine-ready", { detail: timings });
      const hello = await client.request("hello");
      if (hello.ok) acceptHello(hello.result);
      state.boot = { ...state.boot, phase: "deal" };
      draw();
      const { snapshot, handId } = await openHand();
      state.engine = "ready";
      applySnapshot(snapshot, { handId });
      win.performance.mark("pdk:first-hand");
      continueHand();
      goOfflineCapable();
    } catch (error) {
      if (!(error instanceof EngineDown)) throw error;
      if (myBoot !== bootCount) return; // a newer boot (a restart) took over
      state.engine = "error";
      state.boot = { ...state.boot, error: { reason: error.reason, detail: error.detail } };
      draw();
    }
  }

  function acceptHello(hello) {
    state.presets = hello.presets ?? [];
    if (Array.isArray(hello.levels) && hello.levels.length) state.levels = hello.levels;
    if (state.presets.length && !state.presets.some((p) => p.name === state.settings.preset)) {
      state.settings = { ...state.settings, preset: state.presets[0].name };
    }
    if (!state.levels.includes(state.settings.level)) {
      state.settings = { ...state.settings, level: state.levels[Math.min(1, state.levels.length - 1)] };
    }
  }

  function goOfflineCapable() {
    if (offlineRequested) return;
    offlineRequested = true;
    updater.watch();
    enableOffline(win.navigator, updater.onUpdate).then((ok) => {
      state.offlineReady = ok;
      draw();
    });
  }

  /** The worker died or hung mid-hand: start a new one and resume from the save. */
  async function recoverEngine(error) {
    if (recovering) return;
    recovering = true;
    restarts += 1;
    try {
      if (restarts > MAX_RESTARTS) {
        state.engine = "error";
        state.boot = { ...state.boot, error: { reason: error.reason, detail: error.detail } };
        draw();
        return;
      }
      const saved = readSave(storage.readText(SAVE_KEY));
      if (saved.status === "ok") {
        state.snapshot = snapshotFromSave(saved.save);
        state.handId = saved.save.handId;
        state.handLevel = saved.save.level;
      }
      state.notice = { key: "engineRestarted" };
      await bootEngine();
    } finally {
      recovering = false;
    }
  }

  async function replaceHand(request, fields, noticeOnSuccess = null) {
    clearTimeout(botTimer);
    epoch += 1;
    const reply = await perform(request, fields);
    if (!reply) return;
    if (!reply.ok) {
      showRefusal(reply.error);
      return;
    }
    state.notice = noticeOnSuccess;
    applySnapshot(reply.result, { handId: newHandId() });
    continueHand();
  }

  // ------------------------------------------------------------- player actions

  function canAct() {
    const view = state.snapshot?.view;
    return state.engine === "ready" && !state.busy && !state.autoPlay && state.snapshot?.you != null && view && !view.over && view.to_move === 0;
  }

  // ------------------------------------------------- the turn timer, auto-play

  /** The key of the person's turn now on the table (hand and move), or null. */
  function turnKey() {
    const view = state.snapshot?.view;
    if (state.engine !== "ready" || !view || view.over || view.to_move !== 0 || !state.snapshot.you) return null;
    return `${state.handId}:${view.history.length}`;
  }

  /** Counts down on the person's turns when the hand's preset has a timer; never restarts a turn it counts. */
  function syncTurnTimer() {
    const view = state.snapshot?.view;
    const timer = presetNamed(state, view?.rules)?.timer ?? null;
    if (state.autoPlay && !timer) state.autoPlay = false; // auto-play belongs to the timer; a hand without one ends it
    const key = turnKey();
    const seconds = key && timer && !state.autoPlay ? turnSeconds(timer, state.snapshot.you.lead, win.location.search) : null;
    if (seconds === null) turnTimer.disarm();
    else turnTimer.arm(key, seconds);
    state.timer = turnTimer.status();
  }

  /** The person's time ran out: the engine plays for them (`timeout`); two in a row switch auto-play on. */
  function timeUp(key) {
    if (state.busy || state.engine === "loading") {
      setTimeout(() => timeUp(key), 250); // the person's own action (or a worker restart) is in flight
      return;
    }
    if (key !== turnKey()) return; // that turn is over already
    state.timeoutsInRow += 1;
    if (state.timeoutsInRow >= 2) state.autoPlay = true;
    state.notice = { key: state.autoPlay ? "autoStarted" : "timedOut" };
    act("timeout");
  }

  /** Auto-play: the person's turn is played by `timeout` after the computer seats' short pause. */
  function autoTurn() {
    const myEpoch = epoch;
    botTimer = setTimeout(() => {
      if (myEpoch !== epoch || !state.autoPlay) return;
      if (state.busy) {
        continueHand();
        return;
      }
      act("timeout");
    }, BOT_DELAY_MS[state.settings.speed] ?? BOT_DELAY_MS.normal);
  }

  function setSelection(codes) {
    const chosen = new Set(codes);
    state.selection = state.snapshot.view.hand.filter((code) => chosen.has(code));
    state.flash = null;
    judgeSelection();
  }

  async function judgeSelection() {
    const seq = ++judgeSeq;
    state.judgementStale = true;
    draw();
    let reply;
    try {
      reply = await client.request("judge", { cards: state.selection });
    } catch (error) {
      if (error instanceof EngineDown) return;
      throw error;
    }
    if (seq !== judgeSeq) return;
    state.judgement = reply.ok
      ? reply.result
      : { legal: false, code: reply.error.code, combo: null, message: reply.error.message };
    state.judgementStale = false;
    draw();
  }

  /**
   * Send a request that moves the hand on (play, pass, bot_turn, timeout) and
   * apply its reply, unless the hand was replaced while it was on its way.
   */
  async function act(type, fields = {}) {
    const myEpoch = epoch;
    const reply = await perform(type, fields);
    if (!reply || myEpoch !== epoch) return;
    if (reply.ok) {
      restarts = 0;
      applySnapshot(reply.result);
      continueHand();
    } else {
      showRefusal(reply.error);
    }
  }

  function submit(type, fields) {
    state.notice = null;
    return act(type, fields);
  }

  const actions = {
    play() {
      if (canAct() && state.judgement?.legal && !state.judgementStale) {
        state.timeoutsInRow = 0;
        submit("play", { cards: state.selection });
      }
    },
    pass() {
      if (canAct() && state.snapshot.you.can_pass) {
        state.timeoutsInRow = 0;
        submit("pass");
      }
    },
    hint() {
      const hints = state.snapshot?.you?.hints ?? [];
      if (!canAct() || hints.length === 0) return;
      const hint = hints[state.hintIndex % hints.length];
      state.hintIndex += 1;
      setSelection(hint);
    },
    new() {
      if (state.engine !== "ready" || state.busy) return;
      replaceHand("new_game", { preset: state.settings.preset, level: state.settings.level });
    },
    retry() {
      if (state.engine === "error") {
        restarts = 0;
        bootEngine();
      }
    },
    language() {
      const next = LANGUAGES[(LANGUAGES.indexOf(state.lang) + 1) % LANGUAGES.length];
      state.lang = next;
      state.settings = withSetting(state.settings, "language", next);
      saveSettings();
      draw();
    },
    settings() {
      openPanel("settings");
    },
    help() {
      openPanel("help");
    },
    "close-panel"() {
      openPanel(null);
    },
    "stop-auto"() {
      if (!state.autoPlay) return;
      state.autoPlay = false;
      state.timeoutsInRow = 0;
      state.notice = null;
      continueHand(); // the person's turn, if it is one, now gets a fresh countdown
      draw();
    },
    "copy-link"() {
      const code = state.snapshot?.deal_code;
      if (!code) return;
      const link = dealLink(withoutHash(win.location.href), code);
      const shown = (notice) => {
        state.linkNotice = notice;
        draw();
        setTimeout(() => {
          state.linkNotice = null;
          draw();
        }, 2500);
      };
      const clipboard = win.navigator.clipboard;
      const copy = clipboard ? clipboard.writeText(link) : Promise.reject(new Error("no clipboard"));
      copy.then(
        () => shown({ key: "linkCopied" }),
        () => {
          state.notice = { key: "linkShow", params: { link } };
          draw();
        },
      );
    },
  };

  Object.assign(actions, replay.actions, statsKeeper.actions, updater.actions);

  const handlers = {
    toggleCard(code) {
      if (!canAct()) return;
      const selected = state.selection.includes(code);
      setSelection(selected ? state.selection.filter((c) => c !== code) : [...state.selection, code]);
    },
    selectRank(code) {
      if (!canAct()) return;
      setSelection([...state.selection, ...sameRank(state.snapshot.view.hand, code)]);
    },
    action(name) {
      actions[name]?.();
    },
    setting(name, value) {
      const before = state.settings;
      state.settings = withSetting(state.settings, name, value);
      if (state.settings === before) return;
      saveSettings();
      if (name === "preset") state.flash = { message: { key: "rulesNextHand" }, tone: "info" };
      if (name === "level" && state.snapshot && !state.snapshot.view?.over) {
        state.flash = { message: { key: "levelNextHand" }, tone: "info" };
      }
      if (name === "language") state.lang = pickLanguage(value, []);
      if (name === "sound") sound.setEnabled(value === "on");
      draw();
    },
    focusCard(code) {
      const index = state.snapshot?.view?.hand?.indexOf(code) ?? -1;
      if (index < 0 || state.focusCard === code) return;
      state.focusCard = code;
      state.focusIndex = index;
      // Focus can move while render() runs (it keeps a keyboard player's focus in the hand):
      // draw after it, not inside it.
      queueMicrotask(draw);
    },
    setCardSelected(code, on) {
      if (canAct() && state.selection.includes(code) !== on) handlers.toggleCard(code);
    },
    clearSelection() {
      if (canAct() && state.selection.length > 0) setSelection([]);
    },
    panelClosed(name) {
      if (state.panel === name) openPanel(null);
    },
    dealLink(code) {
      win.history.replaceState(null, "", withoutHash(win.location.href));
      if (state.engine === "ready") {
        replaceHand("from_code", { code, level: state.settings.level }, { key: "dealReplayed", params: { code } });
      } else {
        pendingDealCode = code;
      }
    },
  };

  function start() {
    pendingDealCode = dealCodeFromHash(win.location.hash);
    if (pendingDealCode) {
      // Replay once; a reload afterwards resumes the save instead of re-dealing.
      win.history.replaceState(null, "", withoutHash(win.location.href));
    } else {
      const saved = readSave(storage.readText(SAVE_KEY));
      if (saved.status === "ok") {
        // First paint does not wait for Python: draw the saved table now, input unlocks when ready.
        state.snapshot = snapshotFromSave(saved.save);
        state.handId = saved.save.handId;
        state.handLevel = saved.save.level;
      } else if (saved.status === "refused") {
        const reason = saved.reason === "old_version" ? { key: "saveOldVersion" } : { key: "saveUnreadable" };
        state.notice = { key: "saveRefused", params: { reason } };
        storage.remove(SAVE_KEY);
      }
    }
    bootEngine(); // draws the table (from the save, if any) right after starting the worker
    win.performance.mark("pdk:first-paint");
    bindInput(doc, win, handlers);
    bindPanelInput(doc, win, { action: handlers.action, goToStep: replay.goTo });
    bindKeyboard(doc, win, handlers, { handOver: () => Boolean(state.snapshot?.view?.over) });
    pauseWhileHidden(doc, turnTimer);
    // Browsers let a page make sound only after a tap or a key press.
    for (const type of ["pointerdown", "keydown"]) doc.addEventListener(type, () => sound.touched(), { capture: true });
  }

  /** Opens a dialog (or closes it, with null); the turn timer holds while one is open. */
  function openPanel(name) {
    if (state.panel === name) return;
    state.panel = name;
    turnTimer.pause("panel", name !== null);
    state.timer = turnTimer.status();
    draw();
  }

  return { start };
}

createApp(window).start();
