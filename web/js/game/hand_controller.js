// The hand on the table: the last Snapshot, your selection and the engine's
// judgement of it, the requests that move the hand on (play, pass, the
// computer seats' turns, a timeout), and their pacing. It never decides a
// rule: legality, hints, greyed cards, the counter and the scores come from
// the engine. After every action the Snapshot is saved and handed to the
// parts that follow the game (sound, score, statistics, replay).
//
// Epochs: replacing the hand (a new deal, a restart) bumps the epoch; a reply
// or a paced turn of an older epoch is dropped.

import { EngineDown } from "../engine/engine_client.js";
import { SAVE_KEY, makeSave, newHandId, snapshotFromSave } from "../store/save.js";
import { BOT_DELAY_MS } from "../store/preferences.js";
import { sameRank } from "./cards.js";

/**
 * @param {object} deps
 * @param {{request: Function}} deps.client  the engine client
 * @param {object} deps.storage   storage.js facade
 * @param {object} deps.settings  settings_keeper.js
 * @param {object} deps.clock     turn_clock.js: sync(turn), autoPlay, personActed()
 * @param {object} deps.notices   notices.js
 * @param {() => void} deps.update
 * @param {(callback: () => void) => void} deps.whenDrawn  run once the last change is on screen
 * @param {() => boolean} deps.isReady  the engine answers requests
 * @param {() => void} deps.onWorked   a request moved the hand on
 * @param {Array<(snapshot: object, handId: string) => void>} deps.followers
 *        told of every Snapshot applied (sound, score, statistics, replay)
 */
export function createHandController({ client, storage, settings, clock, notices, update, whenDrawn, isReady, onWorked, followers }) {
  let snapshot = null; // the last Snapshot drawn (from the engine, or from the save before it is up)
  let previewing = false; // `snapshot` is the save's preview, not yet the engine's
  let handId = null;
  let handLevel = null; // the difficulty this hand was dealt with (a changed setting waits for the next hand)
  let selection = []; // codes, in hand order
  let judgement = null;
  let judgementStale = false; // the selection changed since `judgement` was asked for
  let hintIndex = 0;
  let busy = false; // a game-changing request is in flight
  let flash = null; // {message, tone}: a refusal or error shown in the status line until the next change
  let focusCard = null; // the hand card keyboard focus is on (the hand's one tab stop) and its place
  let focusIndex = 0;

  let epoch = 0;
  let judgeSeq = 0;
  let paceTimer = null;
  let paceSeq = 0; // only the latest pause may act

  /** The difficulty of the hand on the table. */
  function level() {
    return handLevel ?? settings.current.level;
  }

  function saveHand() {
    if (!snapshot?.game || !handId) return;
    const save = makeSave({ snapshot, handId, level: level(), preset: settings.current.preset });
    const text = JSON.stringify(save);
    if (storage.writeText(SAVE_KEY, text)) return;
    // The stored copy is now behind the table: a reload must never bring back an
    // earlier position (or a finished hand unfinished). Its room may hold this one.
    storage.remove(SAVE_KEY);
    storage.writeText(SAVE_KEY, text);
  }

  function apply(next, nextHandId = handId) {
    if (nextHandId !== handId || handLevel === null) handLevel = settings.current.level;
    snapshot = next;
    previewing = false;
    handId = nextHandId;
    selection = [];
    judgement = null;
    judgementStale = false;
    hintIndex = 0;
    flash = null;
    judgeSeq += 1;
    saveHand();
    for (const follow of followers) follow(snapshot, handId);
    update();
  }

  /** The key of the person's turn now on the table (hand and move), or null. */
  function turnKey() {
    const view = snapshot?.view;
    if (!isReady() || !view || view.over || view.to_move !== 0 || !snapshot.you) return null;
    return `${handId}:${view.history.length}`;
  }

  function canAct() {
    const view = snapshot?.view;
    return isReady() && !busy && !clock.autoPlay && snapshot?.you != null && view && !view.over && view.to_move === 0;
  }

  /**
   * Run `fn` after the speed setting's pause, counted from when the last move
   * was drawn (so each computer move stays in sight that long), unless the hand
   * was replaced or another pause began meanwhile.
   */
  function pace(fn) {
    const myEpoch = epoch;
    const mySeq = ++paceSeq;
    const delay = BOT_DELAY_MS[settings.current.speed] ?? BOT_DELAY_MS.normal;
    whenDrawn(() => {
      if (mySeq !== paceSeq) return;
      clearTimeout(paceTimer);
      paceTimer = setTimeout(() => {
        if (myEpoch !== epoch || mySeq !== paceSeq) return;
        if (busy) {
          continueHand(); // another request is in flight: try again after it
          return;
        }
        fn();
      }, delay);
    });
  }

  /** What happens next: a computer seat moves after a visible pause, or the person is prompted. */
  function continueHand() {
    clearTimeout(paceTimer);
    paceSeq += 1;
    const view = snapshot?.view;
    clock.sync({ key: turnKey(), rules: view?.rules ?? null, lead: Boolean(snapshot?.you?.lead) });
    if (!isReady() || !view || view.over) return;
    if (view.to_move !== 0) {
      pace(() => act("bot_turn", { level: level() }));
    } else if (clock.autoPlay) {
      // Auto-play: the person's turn is played by `timeout` after the computer seats' short pause.
      pace(() => {
        if (clock.autoPlay) act("timeout");
      });
    } else {
      judgeSelection();
    }
  }

  function showRefusal(error) {
    flash = { message: error?.message ?? String(error?.code ?? "error"), tone: "bad" };
    update();
  }

  /** One game-changing request; null when the worker was lost (recovery is already under way). */
  async function perform(type, fields = {}) {
    busy = true;
    update();
    try {
      return await client.request(type, fields);
    } catch (error) {
      if (error instanceof EngineDown) return null;
      throw error;
    } finally {
      busy = false;
    }
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
      onWorked();
      apply(reply.result);
      continueHand();
    } else {
      showRefusal(reply.error);
    }
  }

  /** The person's own move: the notice over the table has been read. */
  function submit(type, fields) {
    notices.show(null);
    clock.personActed();
    return act(type, fields);
  }

  async function replace(request, fields, noticeOnSuccess = null) {
    halt();
    const reply = await perform(request, fields);
    if (!reply) return;
    if (!reply.ok) {
      showRefusal(reply.error);
      return;
    }
    notices.show(noticeOnSuccess);
    apply(reply.result, newHandId());
    continueHand();
  }

  function halt() {
    clearTimeout(paceTimer);
    paceSeq += 1;
    epoch += 1;
  }

  async function judgeSelection() {
    const seq = ++judgeSeq;
    judgementStale = true;
    update();
    let reply;
    try {
      reply = await client.request("judge", { cards: selection });
    } catch (error) {
      if (error instanceof EngineDown) return;
      throw error;
    }
    if (seq !== judgeSeq) return;
    judgement = reply.ok ? reply.result : { legal: false, code: reply.error.code, combo: null, message: reply.error.message };
    judgementStale = false;
    update();
  }

  function setSelection(codes) {
    const chosen = new Set(codes);
    selection = snapshot.view.hand.filter((code) => chosen.has(code));
    flash = null;
    judgeSelection();
  }

  function toggleCard(code) {
    if (!canAct()) return;
    setSelection(selection.includes(code) ? selection.filter((c) => c !== code) : [...selection, code]);
  }

  return {
    act,
    continueHand,
    replace,
    halt,
    turnKey,
    get busy() {
      return busy;
    },
    get over() {
      return Boolean(snapshot?.view?.over);
    },
    get dealCode() {
      return snapshot?.deal_code ?? null;
    },
    /**
     * The saved hand, its table drawn before the engine is up from the save's
     * preview (when it passed its check; input stays locked: no `you`).
     */
    showSaved(save, preview) {
      snapshot = snapshotFromSave(save, preview);
      previewing = true;
      handId = save.handId;
      handLevel = save.level;
      update();
    },
    /**
     * The saved preview could not be drawn: the table waits for the engine's
     * own view of the hand (the game is kept for `load`). False when no preview
     * was on the table.
     */
    dropPreview() {
      if (!previewing || !snapshot?.view) return false;
      snapshot = { ...snapshot, view: null };
      update();
      return true;
    },
    /** The save was refused: nothing of it stays on the table. */
    forget() {
      snapshot = null;
      previewing = false;
    },
    current() {
      return { snapshot, handId };
    },
    /** The engine dealt or restored this hand: show it and carry on. */
    open(next, nextHandId) {
      apply(next, nextHandId);
      continueHand();
    },
    /** A setting that waits for the next hand says so in the status line. */
    flashInfo(key) {
      flash = { message: { key }, tone: "info" };
      update();
    },
    toggleCard,
    selectRank(code) {
      if (canAct()) setSelection([...selection, ...sameRank(snapshot.view.hand, code)]);
    },
    setCardSelected(code, on) {
      if (canAct() && selection.includes(code) !== on) toggleCard(code);
    },
    clearSelection() {
      if (canAct() && selection.length > 0) setSelection([]);
    },
    focusCard(code) {
      const index = snapshot?.view?.hand?.indexOf(code) ?? -1;
      if (index < 0 || focusCard === code) return;
      focusCard = code;
      focusIndex = index;
      update();
    },
    actions: {
      play() {
        if (canAct() && judgement?.legal && !judgementStale) submit("play", { cards: selection });
      },
      pass() {
        if (canAct() && snapshot.you.can_pass) submit("pass");
      },
      hint() {
        const hints = snapshot?.you?.hints ?? [];
        if (!canAct() || hints.length === 0) return;
        const hint = hints[hintIndex % hints.length];
        hintIndex += 1;
        setSelection(hint);
      },
      new() {
        if (!isReady() || busy) return;
        replace("new_game", { preset: settings.current.preset, level: settings.current.level });
      },
    },
    view() {
      return { snapshot, handId, handLevel, selection, judgement, judgementStale, busy, flash, focusCard, focusIndex };
    },
  };
}
