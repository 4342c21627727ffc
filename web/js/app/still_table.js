//# allFunctionsCalledOnLoad
// Moments when the table is still: it has not been drawn and the person has not
// touched it for STILL_AFTER_MS, and no animation of a set length runs (a
// last-card warning's endless blink does not count). Background work that
// competes with the table for the CPU waits for such a moment: the engine's
// clean heap (a digest and a write of some 30 MB, heap_snapshot.js) is stored
// while the person thinks or reads the result, never in the frames of a deal or
// of a card's flight. On a phone of two cores, storing it right after the deal
// doubled the longest task of the first moves.

/** Longer than any pause between two computer moves, and than any deal or flight. */
export const STILL_AFTER_MS = 1500;

/**
 * @param {Window} win
 * @param {object} [options]
 * @param {() => number} [options.now]
 * @param {() => boolean} [options.animating]  whether an animation of a set length runs
 */
export function createStillTable(win, { now = () => win.performance.now(), animating = () => runningAnimations(win.document) } = {}) {
  let lastStir = now();
  let timer = null;
  const tasks = []; // each returns true when done, false to wait for the next still moment

  function arm(delay) {
    win.clearTimeout(timer);
    timer = tasks.length ? win.setTimeout(check, Math.max(0, delay)) : null;
  }

  function check() {
    timer = null;
    const quietFor = now() - lastStir;
    if (quietFor < STILL_AFTER_MS) return arm(STILL_AFTER_MS - quietFor);
    if (animating()) return arm(STILL_AFTER_MS);
    const due = tasks.splice(0);
    for (const task of due) if (!task()) tasks.push(task);
    if (tasks.length) arm(STILL_AFTER_MS);
  }

  return {
    /** The table was drawn, or the person touched it: stillness starts over. */
    stir() {
      lastStir = now();
    },
    /** Run `task` at the next still moment; it returns false to wait for the one after. */
    whenStill(task) {
      tasks.push(task);
      if (timer === null) arm(STILL_AFTER_MS - (now() - lastStir));
    },
  };
}

function runningAnimations(doc) {
  return doc.getAnimations().some((animation) => animation.playState === "running" && animation.effect?.getTiming().iterations !== Infinity);
}
