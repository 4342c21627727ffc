//# allFunctionsCalledOnLoad
// Your points in the last finished hands, oldest first, for the running-points
// chart in Statistics (the totals per difficulty and rules are stats.js's).
// Versioned and checked when read; a record that fails the check is replaced
// by an empty one. A hand is added once, by its hand id; the points are the
// engine's settlement.

import { parseJson } from "../store/storage.js";

export const RECENT_KEY = "paodekuai.recent";
export const RECENT_APP = "paodekuai-recent";
export const RECENT_FORMAT = 1;
/** Hands kept: the chart shows the last of them. */
export const RECENT_KEEP = 50;

export const EMPTY_RECENT = Object.freeze({ app: RECENT_APP, format: RECENT_FORMAT, hands: Object.freeze([]) });

const isHand = (hand) =>
  hand !== null &&
  typeof hand === "object" &&
  typeof hand.handId === "string" &&
  Number.isSafeInteger(hand.points) &&
  Math.abs(hand.points) <= 1000;

/** Stored text to {record, damaged}. */
export function readRecent(text) {
  if (text === null || text === undefined) return { record: EMPTY_RECENT, damaged: false };
  const { value } = parseJson(text);
  const ok =
    value !== null &&
    typeof value === "object" &&
    value.app === RECENT_APP &&
    value.format === RECENT_FORMAT &&
    Array.isArray(value.hands) &&
    value.hands.length <= RECENT_KEEP &&
    value.hands.every(isHand);
  return ok ? { record: value, damaged: false } : { record: EMPTY_RECENT, damaged: true };
}

/** The record with hand `handId` finished at `points` (no change when it is already there). */
export function withHand(record, handId, points) {
  if (record.hands.some((hand) => hand.handId === handId)) return record;
  return { ...record, hands: [...record.hands, { handId, points }].slice(-RECENT_KEEP) };
}

/** The running total after each hand, oldest first. */
export function runningPoints(record) {
  let total = 0;
  return record.hands.map((hand) => (total += hand.points));
}
