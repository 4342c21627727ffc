//# allFunctionsCalledOnLoad
// The hand on the table: the last Snapshot, your selection and the engine's
// judgement of it, the requests that move the hand on (play, pass, the
// computer seats' turns, a timeout), and their pacing. It never decides a
// rule: legality, hints, greyed cards, the counter and the scores come from
// the engine. After every action the Snapshot is saved and handed to the
// parts that follow the game (sound, score, statistics, replay).
//
// Any deliberate action of the person (a card, Hint, Play, Pass, a new hand)
// ends the club's auto-play: they are back at the table. A hand replaced
// before its end is reported as abandoned (the statistics count it).
//
// Epochs: replacing the hand (a new deal, a restart) bumps the epoch; a reply
// or a paced turn of an older epoch is dropped.
//
// Another tab: when another tab of the site opens or moves on a hand, this
// one is behind; it stops for good (no requests, no saves, no computer turns)
// and says so, so the two never overwrite each other's save. A reload here
// reads the other tab's save and makes this tab the one that plays.

import { EngineDown, requestInSlices } from "../engine/engine_client.js";
import { SAVE_KEY, makeSave, newHandId, snapshotFromSave } from "../store/save.js";
import { BOT_DELAY_MS, END_BEATS_MS, FACE_UP_DELAY_MS, isDirection } from "../store/preferences.js";
import { sameRank } from "./cards.js";
import { cannotBeat, selectionPlayable } from "./turn_facts.js";
import { settingDirection } from "../model/seating.js";

/** A judgement of the selection not back within this time is late: the status line stops
 * showing the judgement of the cards selected before (a slow phone showed "Single 5 cannot
 * follow" under a pair Play already offered), and gives the turn's prompt until it comes. */
const JUDGEMENT_LATE_MS = 150;
const ELSEWHERE_NOTICE = Object.freeze({ key: "openElsewhere", stays: true });

/**
 * @param {object} deps
 * @param {{request: Function}} deps.client  the engine client
 * @param {object} deps.storage   storage.js facade
 * @param {object} deps.settings  settings_keeper.js
 * @param {object} deps.clock     turn_clock.js: sync(turn), autoPlay, personActed(), stopAuto()
 * @param {object} deps.notices   notices.js
 * @param {() => void} deps.update
 * @param {(callback: () => void) => void} deps.whenDrawn  run once the last change is on screen
 * @param {(callback: () => void) => void} [deps.afterPaint]  run once the frame now being
 *        made has been painted (frame.js; at once when not given)
 * @param {(callback: () => void) => void} [deps.whenLanded]  run once the last change is on
 *        screen, every play in it has landed and that frame is painted (at once when not given)
 * @param {() => boolean} deps.isReady  the engine answers requests
 * @param {() => void} deps.onWorked   a request moved the hand on
 * @param {() => number} [deps.now]  the time, on the clock of input events' timeStamp
 * @param {Array<(snapshot: object, handId: string, seating: string) => void>} deps.followers
 *        told of every Snapshot applied (sound, score, statistics, replay)
 * @param {(snapshot: object, handId: string) => void} deps.onAbandoned
 *        an unfinished hand was replaced by another (the statistics count it)
 * @param {() => boolean} [deps.isCovered]  something covers the table (a dialog, Statistics,
 *        a replay): the hand waits, and goes on at
 *        `uncovered()` (no move is made behind the player's back, not even their own auto-pass)
 */
export function createHandController({
  client,
  storage,
  settings,
  clock,
  notices,
  update,
  whenDrawn,
  afterPaint = (callback) => callback(),
  whenLanded = (callback) => callback(),
  isReady,
  onWorked,
  now = () => globalThis.performance.now(),
  followers,
  onAbandoned,
  isCovered = () => false,
}) {
  let snapshot = null; // the last Snapshot drawn (from the engine, or from the save before it is up)
  let previewing = false; // `snapshot` is the save's preview, not yet the engine's
  let handId = null;
  let handLevel = null; // the hand's difficulty: the engine's `level` (a changed setting waits for the next hand)
  // The side the seat after you sits on for the hand on the table, as set when it was dealt:
  // a change of the setting seats the next hand (the seats' names and the session's totals by
  // side stay with the hand they were dealt, shown and scored with).
  let handSeating = null;
  let selection = []; // codes, in hand order
  let judgement = null;
  let judgementStale = false; // the selection changed since `judgement` was asked for
  let judgementLate = false; // ... and its new judgement is JUDGEMENT_LATE_MS overdue
  let lateTimer = null;
  let hintIndex = 0;
  let hintPick = null; // {after, n, total, best}: the hint the selection is, while it is
  // Game-changing requests in flight: a count, for New hand may go out while a computer
  // seat's move is still on its way (its reply is then dropped by the epoch).
  let inFlight = 0;
  const isBusy = () => inFlight > 0;
  // Hint's first press asks the engine for Hard's best play of this position; later
  // presses cycle the engine's list in the order it returned. {key, hints, waiting,
  // pressed, passFirst}: `key` the turn asked about, `hints` the answer's order (null until
  // it came), `pressed` whether Hint was pressed for it (or it is only looked ahead).
  let hintAsk = null;
  // Hint was pressed in this visit: from then on each of your turns asks its search as the
  // turn begins, so a press finds the answer ready (a player who never asks costs nothing).
  let hintUsed = false;
  // The selection Hint's answer made while the player waited, and when it was drawn
  // ({before, after, shownAt}): a tap made before then was aimed at the cards the player
  // saw, not at the hint's (a finger already on its way when the answer came).
  let hintShown = null;
  let flash = null; // {message, tone, seat?}: a refusal or error shown in the status line until the next change
  let focusCard = null; // the hand card keyboard focus is on (the hand's one tab stop) and its place
  let focusIndex = 0;

  let epoch = 0;
  let judgeSeq = 0;
  let paceTimer = null;
  let paceSeq = 0; // only the latest pause may act
  let heldUnderCover = false; // a paced move came due while something covered the table (isCovered)
  let elsewhere = false; // another tab plays the hand now: this one neither acts nor saves
  // How much of a hand's end is shown: 0 its last play, 1 and the cards left face up, 2 and
  // the result. A hand that ends on the table shows them in beats (`showEnding`), as a
  // dealer would, and a slow phone draws each in a frame of its own (all three in one
  // frame were a hand's longest task); any other snapshot is shown whole at once.
  let endStage = 2;
  let endTimer = null;

  /** The difficulty of the hand on the table. */
  function level() {
    return handLevel ?? settings.current.level;
  }

  /** Which side the seat after you sits on for the hand on the table ("left" | "right"). */
  function seating() {
    return handSeating ?? settingDirection(settings.current);
  }

  function saveHand() {
    if (elsewhere || !snapshot?.game || !handId) return;
    const save = makeSave({ snapshot, handId, level: level(), preset: settings.current.preset, direction: seating() });
    const text = JSON.stringify(save);
    if (storage.writeText(SAVE_KEY, text)) return;
    // The stored copy is now behind the table: a reload must never bring back an
    // earlier position (or a finished hand unfinished). Its room may hold this one.
    storage.remove(SAVE_KEY);
    storage.writeText(SAVE_KEY, text);
  }

  function apply(next, nextHandId = handId) {
    // The engine keeps the level in the game and says it in every Snapshot (a daily deal
    // is Medium's whatever the setting); the setting only stands in for a reply without
    // one (an engine that predates it).
    if (typeof next.level === "string") handLevel = next.level;
    else if (nextHandId !== handId || handLevel === null) handLevel = settings.current.level;
    if (nextHandId !== handId || handSeating === null) handSeating = settingDirection(settings.current);
    const kept = selectionKept(next, nextHandId);
    snapshot = next;
    previewing = false;
    endStage = 2;
    clearTimeout(endTimer);
    handId = nextHandId;
    selection = kept;
    setJudgement(null);
    hintIndex = 0;
    hintPick = null;
    forgetHint();
    flash = null;
    judgeSeq += 1;
    saveHand();
    for (const follow of followers) follow(snapshot, handId, seating());
    update();
  }

  /** The key of the person's turn now on the table (hand and move), or null. */
  function turnKey() {
    const view = snapshot?.view;
    if (elsewhere || !isReady() || !view || view.over || view.to_move !== 0 || !snapshot.you) return null;
    return `${handId}:${view.history.length}`;
  }

  /** A hand under way that this tab plays, the engine up, no auto-play: input may reach it. */
  function handOpen() {
    const view = snapshot?.view;
    return isReady() && !elsewhere && !clock.autoPlay && Boolean(view) && !view.over;
  }

  function canAct() {
    return handOpen() && !isBusy() && snapshot.you != null && snapshot.view.to_move === 0;
  }

  /**
   * Cards may be picked: on your turn, and ahead of it while the computer seats move (as in
   * the card apps: the cards you mean to play are up when your turn comes, and judged then).
   */
  function canSelect() {
    return canAct() || (handOpen() && !previewing && snapshot.view.to_move !== 0);
  }

  /**
   * What stays selected when `next` follows the Snapshot on the table: a selection made
   * ahead, while only the computer seats have moved since, less any card no longer held.
   * Anything else (your own move, a new hand, the end) starts it afresh.
   */
  function selectionKept(next, nextHandId) {
    const before = snapshot?.view?.history ?? null;
    const after = next?.view?.history ?? null;
    if (nextHandId !== handId || !before || !after || next.view.over || after.length < before.length) return [];
    if (snapshot.view.to_move === 0) return []; // picked on your turn: for that turn only
    if (after.slice(before.length).some((entry) => entry.seat === 0)) return [];
    // Nothing beats now: no pick could go, and it would hide the line that says so.
    if (next.view.to_move === 0 && cannotBeat(next.you)) return [];
    const held = new Set(next.view.hand);
    return selection.filter((code) => held.has(code));
  }

  /**
   * Run `fn` after the speed setting's pause, counted from when the last move
   * was drawn (so each computer move stays in sight that long), unless the hand
   * was replaced or another pause began meanwhile.
   */
  function pace(fn, delays = BOT_DELAY_MS) {
    const myEpoch = epoch;
    const mySeq = ++paceSeq;
    const delay = delays[settings.current.speed] ?? delays.normal;
    whenDrawn(() => {
      if (mySeq !== paceSeq) return;
      clearTimeout(paceTimer);
      paceTimer = setTimeout(() => {
        if (myEpoch !== epoch || mySeq !== paceSeq) return;
        if (isCovered()) {
          heldUnderCover = true; // made when the table shows again, after the same visible pause
          return;
        }
        if (isBusy()) {
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
    heldUnderCover = false;
    const view = snapshot?.view;
    clock.sync({
      key: turnKey(),
      rules: view?.rules ?? null,
      lead: Boolean(snapshot?.you?.lead),
      forced: cannotBeat(snapshot?.you),
    });
    if (elsewhere || !isReady() || !view || view.over) return;
    if (view.to_move !== 0) {
      // A hand's first lead by the holder of a face-up card (the engine's `face_up`) waits
      // until the card on the felt has been read.
      const opening = view.face_up && view.history.length === 0;
      pace(() => act("bot_turn", { level: level() }), opening ? FACE_UP_DELAY_MS : BOT_DELAY_MS);
    } else if (clock.autoPlay) {
      // Auto-play: the person's turn is played by `timeout` after the computer seats' short pause.
      pace(() => {
        if (clock.autoPlay) act("timeout");
      });
    } else if (settings.current.autoPass === "on" && cannotBeat(snapshot.you)) {
      // The setting "pass by itself when I cannot beat": the pass the status line asks for,
      // after the same pause as a computer seat's move, so the person sees it coming.
      pace(() => {
        if (canAct() && cannotBeat(snapshot.you)) submit("pass");
      });
    } else {
      judgeSelection(); // (cards picked ahead of this turn are judged now it has come)
      lookAhead();
    }
  }

  /** A deliberate action of the person: auto-play, if on, ends, and their turn is theirs again. */
  function wake() {
    if (clock.autoPlay && clock.stopAuto()) continueHand();
  }

  /**
   * Why Play or Pass (a key, when its button is locked) does nothing now: said
   * in the status line, as a tap on a card would say why it cannot go.
   */
  function refuse(what) {
    const view = snapshot?.view;
    if (elsewhere) {
      notices.show(ELSEWHERE_NOTICE);
      return;
    }
    if (!isReady() || isBusy() || !view || view.over) return;
    if (view.to_move !== 0) {
      flash = { message: { key: "notYourTurn" }, seat: view.to_move, tone: "bad" }; // the model names the seat
    } else if (what === "pass" && snapshot.you?.pass_refusal) {
      // Said by the line under the status that already gives the reason (the model turns it
      // red there); the status keeps the prompt, so the sentence is not said twice.
      flash = { message: snapshot.you.pass_refusal.message, tone: "bad", passReason: true };
    } else if (what === "play" && selection.length === 0) {
      flash = { message: { key: "playNothingSelected" }, tone: "bad" };
    } else if (what === "play" && judgement && !judgementStale) {
      flash = { message: judgement.message, tone: "bad" };
    } else {
      return;
    }
    update();
  }

  function showRefusal(error) {
    flash = { message: error?.message ?? String(error?.code ?? "error"), tone: "bad" };
    update();
  }

  /** One game-changing request; null when the worker was lost (recovery is already under way). */
  async function perform(type, fields = {}) {
    inFlight += 1;
    update();
    try {
      return await client.request(type, fields);
    } catch (error) {
      if (error instanceof EngineDown) return null;
      throw error;
    } finally {
      inFlight -= 1;
    }
  }

  /**
   * Send a request that moves the hand on (play, pass, bot_turn, timeout) and
   * apply its reply, unless the hand was replaced while it was on its way.
   */
  async function act(type, fields = {}) {
    const myEpoch = epoch;
    // The timer plays for you, not your cards: those picked go down as it takes over.
    if (type === "timeout" && selection.length > 0) setSelection([]);
    const reply = await perform(type, fields);
    if (!reply || myEpoch !== epoch) return;
    if (reply.ok) {
      onWorked();
      const ended = !snapshot?.view?.over && Boolean(reply.result.view?.over);
      apply(reply.result);
      if (ended) showEnding(myEpoch);
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

  /** The hand on the table has begun and not finished. */
  function inProgress() {
    return Boolean(snapshot?.view && !snapshot.view.over && handId);
  }

  /** In progress with a move made: being played, not just dealt. */
  function underWay() {
    return inProgress() && (snapshot.view.history?.length ?? 0) > 0;
  }

  /**
   * A new hand in place of this one; an unfinished one is reported abandoned once the new
   * one is in. When the engine refuses it, `onRefused(error)` says so (by default in the
   * status line) and the hand on the table goes on. `noticeOnSuccess`: a notice, or the
   * notice for the new hand's Snapshot (words that name what the engine dealt).
   */
  async function replace(request, fields, noticeOnSuccess = null, onRefused = showRefusal) {
    if (elsewhere) {
      notices.show(ELSEWHERE_NOTICE);
      return;
    }
    // A move of this hand still on its way has its reply dropped by the epoch, though the
    // engine made it: should the new hand be refused, the engine is set back to the table's.
    const dropped = isBusy();
    halt();
    const myEpoch = epoch;
    clock.stopAuto(); // auto-play belongs to the hand it started in
    const left = inProgress() ? { snapshot, handId } : null;
    const reply = await perform(request, fields);
    if (!reply || myEpoch !== epoch) return; // lost, or another new hand was asked for meanwhile
    if (!reply.ok) {
      onRefused(reply.error);
      if (dropped && left) await resume(myEpoch);
      if (myEpoch === epoch) continueHand(); // the pause halt() cleared (a computer seat's turn)
      return;
    }
    if (left) onAbandoned(left.snapshot, left.handId);
    apply(reply.result, newHandId());
    // (said of the new hand: it comes with the deal)
    notices.show(typeof noticeOnSuccess === "function" ? noticeOnSuccess(reply.result) : noticeOnSuccess);
    continueHand();
  }

  /** The engine's game back to the one on the table (a move of it was dropped). */
  async function resume(myEpoch) {
    const reply = await perform("load", { game: snapshot.game, level: level() });
    if (!reply || myEpoch !== epoch) return;
    if (reply.ok) apply(reply.result);
    else showRefusal(reply.error);
  }

  /** The hand just ended on the table: its cards left, then its result, each after a beat. */
  function showEnding(myEpoch) {
    const [reveal, result] = END_BEATS_MS[settings.current.speed] ?? END_BEATS_MS.normal;
    const stage = (to, delay, then) =>
      whenDrawn(() => {
        clearTimeout(endTimer);
        endTimer = setTimeout(() => {
          if (myEpoch !== epoch || endStage >= to) return;
          endStage = to;
          update();
          then?.();
        }, delay);
      });
    endStage = 0;
    stage(1, reveal, () => stage(2, result));
  }

  /** The end's beats still under way: show the cards left and the result now. False when there were none. */
  function showWholeEnd() {
    if (!snapshot?.view?.over || endStage >= 2) return false;
    clearTimeout(endTimer);
    endStage = 2;
    update();
    return true;
  }

  function halt() {
    clearTimeout(paceTimer);
    paceSeq += 1;
    epoch += 1;
  }

  async function judgeSelection() {
    const seq = ++judgeSeq;
    if (selection.length === 0 || !canAct()) {
      // Nothing selected, or cards picked ahead of your turn (judged when it comes): the
      // status line shows the Snapshot's own prompt, no request needed.
      setJudgement(null);
      update();
      return;
    }
    judgementStale = true;
    clearTimeout(lateTimer);
    lateTimer = setTimeout(() => {
      if (seq !== judgeSeq || !judgementStale) return;
      judgementLate = true;
      update();
    }, JUDGEMENT_LATE_MS);
    update();
    // The cards are drawn first: the question goes out once their frame is painted, so the
    // engine's answer (the status line and the buttons drawn again) never lands in the
    // frame that shows the card rise. A selection changed meanwhile asks for itself.
    await new Promise((resolve) => afterPaint(resolve));
    if (seq !== judgeSeq) return;
    let reply;
    try {
      reply = await client.request("judge", { cards: selection });
    } catch (error) {
      if (error instanceof EngineDown) return;
      throw error;
    }
    if (seq !== judgeSeq) return;
    setJudgement(reply.ok ? reply.result : { legal: false, code: reply.error.code, combo: null, message: reply.error.message });
    update();
  }

  /** The judgement of the selection on the table (null: none is needed): current, not late. */
  function setJudgement(next) {
    judgement = next;
    judgementStale = false;
    judgementLate = false;
    clearTimeout(lateTimer);
  }

  /** A new position: an answer still on its way is for a turn that is gone. */
  function forgetHint() {
    hintAsk = null;
  }

  /**
   * Select the next of `ask`'s hints (the order it gave: the search's best first, when the
   * search answered and found a play best). Which one it is stays with the selection, so
   * the status line can tell the best found from the others a later press cycles through.
   */
  function cycleHint(ask) {
    const hints = ask.hints;
    if (hints.length === 0) return;
    const at = hintIndex % hints.length;
    hintIndex += 1;
    setSelection(hints[at]);
    hintPick = { after: selection, n: at + 1, total: hints.length, best: ask.searched && !ask.passFirst && at === 0 };
  }

  /**
   * Hint's first press of a turn: the coach's search for this position, asked for in
   * slices (kept per position in the worker). Nothing waits for it: a card, Play or Pass
   * meanwhile wins and the answer is then only kept for the next press. While a press
   * waits for it the button is busy (its spinner comes on by itself if the wait goes on:
   * table.css, so the wait draws nothing of its own while the search keeps a core). Looked
   * ahead (`pressed` false: asked as the turn began) the answer is only kept, and the search
   * stops when the player picks cards of their own: the worker is theirs (a slice in
   * progress delays their requests).
   */
  async function askHint(pressed) {
    const key = turnKey();
    const ask = { key, hints: null, searched: false, waiting: true, selection, pressed: false, passFirst: false };
    hintAsk = ask;
    if (pressed) pressHint(ask);
    const goOn = () => hintAsk === ask && (ask.pressed || selection === ask.selection);
    let reply = null;
    try {
      // A press is drawn first (the button busy): the search asked for with it took the
      // second core from that frame's style, layout and paint, the press's task then 53 ms
      // at 4x for 30 of its own. (A look-ahead already starts after its frame: lookAhead.)
      if (pressed) {
        await new Promise((resolve) => afterPaint(resolve));
        if (hintAsk !== ask) return; // another position meanwhile: nothing to ask
      }
      // In slices, as the coach's reviews: a game request is answered between two of
      // them, and the search stops being asked for once this ask is no longer current.
      // (A press between two slices is seen by goOn: no event runs between its last word
      // and this line, so a search it stopped was not pressed for.)
      reply = await requestInSlices(client.request, "hint", {}, goOn);
    } catch (error) {
      if (!(error instanceof EngineDown)) throw error;
    }
    if (hintAsk !== ask) return; // another position: the answer is stale
    if (reply?.ok && reply.result.pending) {
      // A look-ahead the player's own cards stopped: a press asks again, going on from
      // where the worker's search for this position stands.
      hintAsk = null;
      return;
    }
    ask.waiting = false;
    const own = snapshot?.you?.hints ?? [];
    ask.searched = Boolean(reply?.ok && Array.isArray(reply.result.hints));
    ask.hints = ask.searched ? reply.result.hints : own;
    ask.passFirst = Boolean(reply?.ok && reply.result.cards === null);
    if (!ask.pressed) {
      update(); // kept for the press (`hintReady`)
      return;
    }
    // The person did something else while waiting (a card, Hint's wait cut short): keep
    // the order for the next press, leave their selection alone.
    if (selection !== ask.selection || !canAct() || turnKey() !== key) {
      update();
      return;
    }
    showFirst(ask);
  }

  /** Hint pressed for `ask`: its answer is shown when it comes, the button busy until then. */
  function pressHint(ask) {
    ask.pressed = true;
    ask.selection = selection;
    if (ask.waiting) update(); // drawn with the press: the wait draws nothing more
  }

  /** The search's answer, as Hint's first press of the turn shows it. */
  function showFirst(ask) {
    if (ask.passFirst) {
      // Passing is what the search found best: said, and the plays follow on the next press.
      ask.passBest = true;
      flash = { message: { key: "hintPassBest" }, tone: "info" };
      update();
      return;
    }
    const shown = { before: selection, after: null, shownAt: Infinity };
    cycleHint(ask);
    shown.after = selection;
    hintShown = shown;
    whenDrawn(() => {
      shown.shownAt = now();
    });
  }

  /**
   * Your turn has begun: once Hint has been used, its search starts in the background as
   * the play this turn answers lands. Started with its flight, the worker's search took a
   * phone's second core from the flight's frames, and the turn's first tap waited behind
   * them (measured at 4x: that tap's median 40 ms, 34 ms with the search after the landing).
   */
  function lookAhead() {
    if (!hintUsed) return;
    const key = turnKey();
    whenLanded(() => {
      if (turnKey() === key) searchAhead();
    });
  }

  function searchAhead() {
    if (!canAct() || hintAsk?.key === turnKey()) return;
    // Cards picked ahead are the player's own choice: their judgement goes first (a search
    // slice would hold it up), and a press of Hint asks then, as after any pick of their own.
    if (selection.length > 0) return;
    if ((snapshot.you.hints ?? []).length < 2) return; // one play or none: nothing to search
    askHint(false);
  }

  function setSelection(codes) {
    const chosen = new Set(codes);
    selection = snapshot.view.hand.filter((code) => chosen.has(code));
    flash = null;
    judgeSelection();
  }

  /** The selection a tap made at `at` (an event's timeStamp) acts on: what the player saw. */
  function seenSelection(at) {
    const shown = hintShown;
    hintShown = null;
    return shown && shown.after === selection && at < shown.shownAt ? shown.before : selection;
  }

  function toggleCard(code, at = Infinity) {
    wake();
    if (!canSelect()) return;
    const seen = seenSelection(at);
    setSelection(seen.includes(code) ? seen.filter((c) => c !== code) : [...seen, code]);
  }

  return {
    act,
    continueHand,
    replace,
    halt,
    turnKey,
    get busy() {
      return isBusy();
    },
    get over() {
      return Boolean(snapshot?.view?.over);
    },
    /** A hand is on the table, begun and not finished (a new deal would abandon it). */
    get inProgress() {
      return inProgress();
    },
    /** A hand being played (a move made, not over): a notice then must not move the table. */
    get underWay() {
      return underWay();
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
      handSeating = isDirection(save.direction) ? save.direction : null; // (a save from before it was kept: the setting)
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
    /** Another tab opened or moved on a hand: this tab stops for good and says so. */
    yieldToOtherTab() {
      if (elsewhere) return;
      elsewhere = true;
      halt(); // a reply on its way is dropped: the other tab's save is the hand now
      clock.stopAuto();
      selection = [];
      setJudgement(null);
      forgetHint(); // its answer is for a turn this tab no longer plays
      notices.show(ELSEWHERE_NOTICE);
      continueHand(); // stops the turn clock (no turn of this tab's any more)
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
      if (elsewhere) return; // a restart after another tab took the hand over: that tab plays it
      apply(next, nextHandId);
      continueHand();
    },
    /** The table shows again (what covered it closed): a move held under the cover goes on. */
    uncovered() {
      if (!heldUnderCover) return;
      heldUnderCover = false;
      continueHand();
    },
    /**
     * A setting changed: "pass by itself when I cannot beat" switched on during a turn where
     * nothing beats passes that turn too, after the same pause as on any later turn.
     */
    settingChanged(name) {
      if (name === "autoPass" && settings.current.autoPass === "on" && canAct() && cannotBeat(snapshot.you)) continueHand();
    },
    toggleCard,
    selectRank(code) {
      wake();
      if (canSelect()) setSelection([...selection, ...sameRank(snapshot.view.hand, code)]);
    },
    setCardSelected(code, on) {
      wake();
      if (canSelect() && selection.includes(code) !== on) toggleCard(code);
    },
    clearSelection() {
      wake();
      if (canSelect() && selection.length > 0) setSelection([]);
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
        wake();
        if (canAct() && selectionPlayable(selection, judgement, judgementStale, snapshot.you)) submit("play", { cards: selection });
        else refuse("play");
      },
      pass() {
        wake();
        if (canAct() && snapshot.you.can_pass) submit("pass");
        else refuse("pass");
      },
      hint() {
        wake();
        if (!canAct() || (snapshot.you.hints ?? []).length === 0) return;
        hintUsed = true;
        if (hintAsk?.key !== turnKey()) askHint(true);
        else if (!hintAsk.pressed) {
          // Looked ahead as the turn began: the answer is shown now, or when it comes.
          pressHint(hintAsk);
          if (hintAsk.hints) showFirst(hintAsk);
        } else if (hintAsk.hints) cycleHint(hintAsk);
        // (a press while the first answer is on its way adds nothing)
      },
      new() {
        // Not held back by a request in flight (a computer seat's turn): replace() halts the hand first.
        if (!isReady()) return;
        // A press during the end's beats shows the whole end at once (the cards left and the
        // result): a person who taps ahead still sees how the hand ended; the next press deals.
        if (!elsewhere && showWholeEnd()) return; // (a tab that stopped for another one says so instead)
        replace("new_game", { preset: settings.current.preset, level: settings.current.level });
      },
    },
    view() {
      // A tab that stopped for another one shows every button of the hand locked, as while busy.
      const locked = isBusy() || elsewhere;
      return {
        snapshot,
        handId,
        handLevel,
        handDirection: seating(),
        endStage,
        selection,
        judgement,
        judgementStale,
        judgementLate,
        busy: locked,
        selectable: canSelect(),
        stopped: elsewhere,
        flash,
        focusCard,
        focusIndex,
        hintWaiting: Boolean(hintAsk?.waiting && hintAsk.pressed && hintAsk.key === turnKey()),
        hintPassBest: Boolean(hintAsk?.passBest && hintAsk.key === turnKey()),
        hintReady: Boolean(hintAsk?.hints && hintAsk.key === turnKey()),
        hintPick: hintPick && hintPick.after === selection ? { n: hintPick.n, total: hintPick.total, best: hintPick.best } : null,
      };
    },
  };
}
