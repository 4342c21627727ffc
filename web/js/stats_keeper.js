// Keeps the statistics (stats.js) up to date as hands are dealt and finish,
// and runs the Statistics panel: open, close, reset behind a confirmation.
// A finished hand is counted once, by its hand id: reloading a finished hand
// or drawing its result again changes nothing.

import { EMPTY_STATS, STATS_KEY, addFinishedHand, noteDeal, readStats } from "./stats.js";

/**
 * @param {object} deps
 * @param {object} deps.state    owns state.stats and state.statsPanel
 * @param {object} deps.storage  storage.js facade
 * @param {() => void} deps.draw
 * @param {() => void} deps.openReplay  shows the last hand's replay
 */
export function createStatsKeeper({ state, storage, draw, openReplay }) {
  const read = readStats(storage.readText(STATS_KEY));
  state.stats = read.stats;
  state.statsPanel = null;
  if (read.status === "refused") {
    // A damaged or foreign record is not trusted: start over, and say so.
    storage.writeText(STATS_KEY, JSON.stringify(read.stats));
  }

  function write(stats) {
    state.stats = stats;
    storage.writeText(STATS_KEY, JSON.stringify(stats));
  }

  /** The record as stored now (another tab may have counted a hand since). */
  function current() {
    const fresh = readStats(storage.readText(STATS_KEY));
    return fresh.status === "ok" ? fresh.stats : state.stats;
  }

  function onSnapshot(snapshot, handId) {
    const view = snapshot?.view;
    if (!view || !handId) return;
    const before = current();
    const after = view.over
      ? addFinishedHand(before, {
          handId,
          preset: view.rules,
          fallbackLevel: state.settings.level,
          winner: view.winner,
          settlement: view.settlement,
        })
      : noteDeal(before, handId, state.settings.level);
    if (after !== before) write(after);
    else state.stats = before;
  }

  return {
    /** Whether the stored record was refused (the controller shows a notice). */
    wasReset: read.status === "refused",
    onSnapshot,
    actions: {
      stats() {
        state.stats = current();
        state.statsPanel = { confirm: false };
        draw();
      },
      "stats-close"() {
        state.statsPanel = null;
        draw();
      },
      "stats-reset"() {
        if (!state.statsPanel) return;
        state.statsPanel = { confirm: true };
        draw();
      },
      "stats-reset-cancel"() {
        if (!state.statsPanel) return;
        state.statsPanel = { confirm: false };
        draw();
      },
      "stats-reset-confirm"() {
        if (!state.statsPanel?.confirm) return;
        // The counts go; the ids of counted hands stay, so a finished hand still on
        // screen is not counted again after a reload.
        const before = current();
        write({ ...EMPTY_STATS, counted: before.counted, dealt: before.dealt });
        state.statsPanel = { confirm: false, done: true };
        draw();
      },
      "stats-replay"() {
        state.statsPanel = null;
        openReplay();
      },
    },
  };
}
