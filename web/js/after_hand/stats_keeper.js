//# allFunctionsCalledOnLoad
// Keeps the statistics (stats.js) up to date as hands are dealt, finish or
// are abandoned, and runs the Statistics panel: open, close, reset behind a confirmation.
// A finished hand is counted once, by its hand id: reloading a finished hand
// or drawing its result again changes nothing.

import { EMPTY_STATS, STATS_KEY, addAbandonedHand, addFinishedHand, readStats } from "./stats.js";
import { RECENT_KEY, readRecent, withHand } from "./recent_hands.js";

/**
 * @param {object} deps
 * @param {object} deps.storage  storage.js facade
 * @param {() => void} deps.update
 * @param {() => void} deps.openReplay  shows the last hand's replay
 * @param {() => string} deps.level     the difficulty chosen in the settings: only for a
 *        Snapshot without the hand's own `level` (an engine that predates it)
 */
export function createStatsKeeper({ storage, update, openReplay, level }) {
  const read = readStats(storage.readText(STATS_KEY));
  let stats = read.stats; // statistics across sessions
  let statsPanel = null; // the Statistics panel, while open
  if (read.status === "refused") {
    // A damaged or foreign record is not trusted: start over, and say so.
    storage.writeText(STATS_KEY, JSON.stringify(read.stats));
  }

  // Your points hand by hand (the running-points chart); a damaged list just starts again.
  let recent = readRecent(storage.readText(RECENT_KEY)).record;

  function noteRecent(handId, view) {
    const total = view.settlement?.total?.[0];
    if (!Number.isSafeInteger(total)) return;
    const before = readRecent(storage.readText(RECENT_KEY)).record; // another tab may have added one
    recent = withHand(before, handId, total);
    if (recent !== before) storage.writeText(RECENT_KEY, JSON.stringify(recent));
  }

  function write(next) {
    stats = next;
    storage.writeText(STATS_KEY, JSON.stringify(next));
  }

  /** The record as stored now (another tab may have counted a hand since). */
  function current() {
    const fresh = readStats(storage.readText(STATS_KEY));
    return fresh.status === "ok" ? fresh.stats : stats;
  }

  /** The difficulty the hand is played at: the engine keeps it in the game. */
  function levelOf(snapshot) {
    return typeof snapshot.level === "string" ? snapshot.level : level();
  }

  function onSnapshot(snapshot, handId) {
    const view = snapshot?.view;
    if (!view?.over || !handId) return;
    const before = current();
    const after = addFinishedHand(before, { handId, preset: view.rules, level: levelOf(snapshot), settlement: view.settlement });
    if (after !== before) write(after);
    else stats = before;
    noteRecent(handId, view);
  }

  /** An unfinished hand was replaced by a new deal: counted as abandoned, once. */
  function onAbandoned(snapshot, handId) {
    const view = snapshot?.view;
    if (!view || view.over || !handId) return;
    const before = current();
    const after = addAbandonedHand(before, { handId, preset: view.rules, level: levelOf(snapshot) });
    if (after !== before) write(after);
    else stats = before;
  }

  return {
    /** Whether the stored record was refused (the controller shows a notice). */
    wasReset: read.status === "refused",
    onSnapshot,
    onAbandoned,
    view() {
      return { stats, statsPanel, recent };
    },
    actions: {
      stats() {
        stats = current();
        statsPanel = { confirm: false };
        update();
      },
      "stats-close"() {
        statsPanel = null;
        update();
      },
      "stats-reset"() {
        if (!statsPanel) return;
        statsPanel = { confirm: true };
        update();
      },
      "stats-reset-cancel"() {
        if (!statsPanel) return;
        statsPanel = { confirm: false };
        update();
      },
      "stats-reset-confirm"() {
        if (!statsPanel?.confirm) return;
        // The counts go; the ids of counted hands stay, so a finished hand still on
        // screen is not counted again after a reload.
        const before = current();
        write({ ...EMPTY_STATS, counted: before.counted });
        recent = { ...recent, hands: [] };
        storage.writeText(RECENT_KEY, JSON.stringify(recent));
        statsPanel = { confirm: false, done: true };
        update();
      },
      "stats-replay"() {
        statsPanel = null;
        openReplay();
      },
    },
  };
}
