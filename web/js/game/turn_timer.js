//# allFunctionsCalledOnLoad
// The person's turn timer (presets whose `timer` in `hello` is set: club).
// How long a turn may take, a countdown that can pause, and nothing else: no
// DOM and no rules. When it runs out the controller sends `timeout` and the
// engine chooses the play.
//
// Test and diagnostics hook: `?turn-seconds=N` (0 < N <= 600) gives every turn
// N seconds instead of the preset's lead/follow times. Only this module reads it.

export const TURN_SECONDS_PARAM = "turn-seconds";

/** Seconds for one turn of the person, or null when the preset has no timer. */
export function turnSeconds(timer, lead, search = "") {
  if (!timer || typeof timer !== "object") return null;
  const override = Number(new URLSearchParams(search).get(TURN_SECONDS_PARAM));
  if (Number.isFinite(override) && override > 0 && override <= 600) return override;
  const seconds = lead ? timer.lead : timer.follow;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * A countdown for one turn at a time, each turn named by a key.
 *   arm(key, seconds)  count down for that turn; a no-op while it already counts
 *                      for that key (a redraw or a restored worker never restarts it)
 *   disarm()           stop and forget the turn
 *   pause(reason, on)  hold the countdown while any reason holds ("hidden", "panel")
 *   status()           {key, seconds, total, paused, expired} or null when disarmed
 * onTick() runs whenever the whole seconds shown change; onExpire(key) once at zero.
 * The clock and the interval are injectable for the unit tests.
 */
export function createTurnTimer({
  now = () => globalThis.performance.now(),
  every = (fn, ms) => globalThis.setInterval(fn, ms),
  cancel = (id) => globalThis.clearInterval(id),
  onTick = () => {},
  onExpire = () => {},
} = {}) {
  let key = null;
  let totalMs = 0;
  let leftMs = 0; // time left when the clock last stopped
  let since = null; // when the clock last started; null while it stands
  let expired = false;
  let shown = null;
  let interval = null;
  const pauses = new Set();

  const remaining = () => (since === null ? leftMs : leftMs - (now() - since));

  /** Start or stop the clock (and its interval) to match: armed, not expired, not paused. */
  function sync() {
    const run = key !== null && !expired && pauses.size === 0;
    if (run) {
      if (since === null) since = now();
      if (interval === null) interval = every(tick, 200);
    } else {
      if (since !== null) {
        leftMs = remaining();
        since = null;
      }
      if (interval !== null) {
        cancel(interval);
        interval = null;
      }
    }
  }

  function tick() {
    const left = remaining();
    if (left <= 0) {
      leftMs = 0;
      since = null;
      expired = true;
      sync();
      shown = 0;
      onTick();
      onExpire(key);
      return;
    }
    const whole = Math.ceil(left / 1000);
    if (whole !== shown) {
      shown = whole;
      onTick();
    }
  }

  return {
    arm(newKey, seconds) {
      if (newKey === key) return;
      key = newKey;
      totalMs = seconds * 1000;
      leftMs = totalMs;
      since = null;
      expired = false;
      shown = Math.ceil(seconds);
      sync();
    },
    disarm() {
      key = null;
      expired = false;
      sync();
    },
    pause(reason, on) {
      if (on) pauses.add(reason);
      else pauses.delete(reason);
      sync();
    },
    status() {
      if (key === null) return null;
      return {
        key,
        seconds: Math.max(0, Math.ceil(remaining() / 1000)),
        total: totalMs / 1000,
        paused: pauses.size > 0,
        expired,
      };
    },
  };
}

/** Holds `timer` while the page is hidden: nobody is there to play against the clock. */
export function pauseWhileHidden(doc, timer) {
  const update = () => timer.pause("hidden", doc.visibilityState === "hidden");
  doc.addEventListener("visibilitychange", update);
  update();
}
