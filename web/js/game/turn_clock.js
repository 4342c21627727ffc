//# allFunctionsCalledOnLoad
// The turn clock of presets with a timer (club): counts down the person's
// turn (turn_timer.js), holds while a dialog is open or the page is hidden,
// and at zero has the engine play for the person (`timeout`). Two timeouts in
// a row switch auto-play on: the person's turns are then played by `timeout`
// until Stop auto (or a hand without a timer). A turn with nothing to choose
// (nothing beats: the only move is to pass) is no sign the person has gone: its
// timeout neither counts toward auto-play nor breaks a run of timeouts.

import { createTurnTimer, pauseWhileHidden, turnSeconds } from "./turn_timer.js";
import { URGENT_SECONDS } from "../model/dialogs_model.js";

/** While the person's own request (or a worker restart) is in flight, a timeout waits this long and looks again. */
const BUSY_RETRY_MS = 250;

/**
 * @param {object} deps
 * @param {Window} deps.win
 * @param {object} deps.sound     sound.js: the last seconds tick
 * @param {object} deps.notices   notices.js
 * @param {() => void} deps.update
 * @param {(rules: string) => object|null} deps.timerFor  the preset's timer ({lead, follow} seconds) or null
 * @param {() => string|null} deps.turnKey  the person's turn now on the table, or null
 * @param {() => boolean} deps.isBusy       a request is in flight or the engine is loading
 * @param {() => Promise<object|null>} deps.onTimeout  send `timeout` (the engine plays for the
 *        person); the Snapshot after it (null when it was not made)
 * @param {object} [deps.time]  the countdown's clock and interval (turn_timer.js; the unit tests' own)
 */
export function createTurnClock({ win, sound, notices, update, timerFor, turnKey, isBusy, onTimeout, time = {} }) {
  let status = null; // the countdown while it counts for the person
  let autoPlay = false;
  let timeoutsInRow = 0;
  let forcedKey = null; // the person's turn on the table when its only move is to pass

  const timer = createTurnTimer({
    ...time,
    onTick() {
      status = timer.status();
      if (status && !status.paused && status.seconds > 0 && status.seconds <= URGENT_SECONDS) sound.play("tick");
      update();
    },
    onExpire: (key) => timeUp(key),
  });
  pauseWhileHidden(win.document, timer);

  /** The person's time ran out: the engine plays for them; two in a row switch auto-play on. */
  function timeUp(key) {
    if (isBusy()) {
      win.setTimeout(() => timeUp(key), BUSY_RETRY_MS);
      return;
    }
    if (key !== turnKey()) return; // that turn is over already
    const forced = key === forcedKey;
    if (!forced) {
      timeoutsInRow += 1;
      if (timeoutsInRow >= 2) autoPlay = true;
    }
    // A forced turn's notice says it was not counted: the next timeout's "two in a row" would
    // otherwise read as a miscount to a person who saw three.
    const said = autoPlay ? "autoStarted" : forced ? "timedOutForced" : "timedOut";
    // Said once the move is made, naming it: the trick it was in may be swept away before
    // the player looks (a pass by both others ends it at once).
    onTimeout().then((snapshot) => notices.show(timeoutNotice(said, snapshot)));
  }

  return {
    get autoPlay() {
      return autoPlay;
    },
    /**
     * The hand moved on: count down when it is the person's turn under a preset
     * with a timer (never restarting a turn it already counts), else stand still.
     * `forced`: nothing beats, the turn's only move is to pass.
     */
    sync({ key, rules, lead, forced = false }) {
      forcedKey = forced ? key : null;
      const preset = timerFor(rules);
      if (autoPlay && !preset) autoPlay = false; // auto-play belongs to the timer; a hand without one ends it
      const seconds = key && preset && !autoPlay ? turnSeconds(preset, lead, win.location.search) : null;
      if (seconds === null) timer.disarm();
      else timer.arm(key, seconds);
      status = timer.status();
    },
    /** The person played or passed: the next timeout is the first in a row again. */
    personActed() {
      timeoutsInRow = 0;
    },
    /** Stop auto: whether it was on (the person's turn, if it is one, then gets a fresh countdown). */
    stopAuto() {
      if (!autoPlay) return false;
      autoPlay = false;
      timeoutsInRow = 0;
      notices.show(null);
      return true;
    },
    /** Hold the countdown while `reason` holds ("panel": a dialog is open; "covered": anything covers the table). */
    pause(reason, on) {
      timer.pause(reason, on);
      status = timer.status();
      update();
    },
    view() {
      return { timer: status, autoPlay };
    },
  };
}

/**
 * The notice for a turn the timer played (`key`: "timedOut"; "timedOutForced" when nothing
 * beat, so the only move was a pass; "autoStarted" when it was the second in a row), from the
 * Snapshot after it: "timedOut" names the move, read from the history the engine gave (a
 * play's words, or a pass).
 */
export function timeoutNotice(key, snapshot) {
  const last = snapshot?.view?.history?.at(-1);
  if (key !== "timedOut" || last?.seat !== 0) return { key };
  if (last.cards === null) return { key: "timedOutPassed" };
  return last.combo?.text ? { key: "timedOutPlayed", params: { play: last.combo.text } } : { key };
}
