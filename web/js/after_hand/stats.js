//# allFunctionsCalledOnLoad
// Statistics kept across sessions, as plain data: hands, wins, points,
// shut-outs and hands abandoned (a new deal asked for mid-hand) per difficulty
// and per rules preset. The record is versioned and
// checked when read; a record that fails the check is reported and replaced by
// an empty one, never trusted and never a crash. Nothing here decides a rule:
// who won, the totals and who was shut out are the engine's settlement.

import { parseJson } from "../store/storage.js";

export const STATS_KEY = "paodekuai.stats";
export const STATS_APP = "paodekuai-stats";
/** Bump when the record's shape changes: an older record is then reset with a message. */
export const STATS_FORMAT = 1;
/** Hand ids remembered as counted: a reload or a second look at a result never counts it again. */
const COUNTED_KEEP = 50;

const LEVEL_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
const PRESET_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
const FIELDS = Object.freeze(["hands", "wins", "points", "shutOutsGiven", "shutOutsTaken", "abandoned"]);
/** Fields a record may lack: written by a version that did not count them yet (read as 0). */
const LATER_FIELDS = Object.freeze(["abandoned"]);

export const EMPTY_STATS = Object.freeze({
  app: STATS_APP,
  format: STATS_FORMAT,
  // "level|preset" -> {hands, wins, points, shutOutsGiven, shutOutsTaken, abandoned}
  // (`hands` are finished hands; an abandoned hand is counted apart, not in them)
  buckets: Object.freeze({}),
  counted: Object.freeze([]),
  // Once the difficulty a hand was dealt at; the engine now keeps each hand's
  // level. Always null, so a page of an earlier version still reads the record.
  dealt: null,
});

const EMPTY_BUCKET = Object.freeze({ hands: 0, wins: 0, points: 0, shutOutsGiven: 0, shutOutsTaken: 0, abandoned: 0 });

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;

function bucketProblem(bucket) {
  if (!isObject(bucket)) return "bucket";
  const present = (name) => !(LATER_FIELDS.includes(name) && bucket[name] === undefined);
  if (!FIELDS.filter(present).every((name) => Number.isSafeInteger(bucket[name]))) return "bucket fields";
  const { hands, wins, shutOutsGiven, shutOutsTaken, abandoned = 0 } = bucket;
  if (![hands, wins, shutOutsGiven, shutOutsTaken, abandoned].every(isCount)) return "negative count";
  if (wins > hands || shutOutsTaken > hands || shutOutsGiven > 2 * hands) return "counts exceed hands";
  return null;
}

/** Why a parsed record cannot be used, or null. */
export function statsProblem(record) {
  if (!isObject(record) || record.app !== STATS_APP) return "not a statistics record";
  if (record.format !== STATS_FORMAT) return `format ${record.format}`;
  if (!isObject(record.buckets)) return "buckets";
  for (const [key, bucket] of Object.entries(record.buckets)) {
    const [level, preset, extra] = key.split("|");
    if (extra !== undefined || !LEVEL_PATTERN.test(level ?? "") || !PRESET_PATTERN.test(preset ?? "")) {
      return `bucket key ${key}`;
    }
    const problem = bucketProblem(bucket);
    if (problem) return problem;
  }
  if (!Array.isArray(record.counted) || !record.counted.every((id) => typeof id === "string")) return "counted";
  return null;
}

/**
 * Stored text to {status, stats}: "none" (nothing stored yet), "ok", or
 * "refused" with a `detail` (then `stats` is the empty record to start over with).
 */
export function readStats(text) {
  if (text == null || text === "") return { status: "none", stats: EMPTY_STATS };
  const parsed = parseJson(text);
  if (parsed.error) return { status: "refused", detail: "not JSON", stats: EMPTY_STATS };
  const problem = statsProblem(parsed.value);
  if (problem) return { status: "refused", detail: problem, stats: EMPTY_STATS };
  const record = parsed.value;
  const buckets = Object.fromEntries(Object.entries(record.buckets).map(([key, bucket]) => [key, { ...EMPTY_BUCKET, ...bucket }]));
  return {
    status: "ok",
    stats: { ...record, buckets, counted: record.counted.slice(-COUNTED_KEEP), dealt: null },
  };
}

/**
 * The record with one finished hand added, or the same record when this hand
 * was already counted. `level` is the hand's own (the engine's Snapshot.level).
 */
export function addFinishedHand(stats, { handId, preset, level, settlement }) {
  if (stats.counted.includes(handId)) return stats;
  const total = settlement?.total;
  if (!Array.isArray(total) || total.length !== 3 || !total.every(Number.isSafeInteger)) return stats;
  if (!LEVEL_PATTERN.test(String(level)) || !PRESET_PATTERN.test(String(preset))) return stats;
  const shutOut = Array.isArray(settlement.shut_out) ? settlement.shut_out : [false, false, false];
  const won = settlement.winner === 0;
  const key = `${level}|${preset}`;
  const before = stats.buckets[key] ?? EMPTY_BUCKET;
  const bucket = {
    ...before,
    hands: before.hands + 1,
    wins: before.wins + (won ? 1 : 0),
    points: before.points + total[0],
    // Opponents you shut out (a hand can shut out both), and hands you were shut out in.
    shutOutsGiven: before.shutOutsGiven + (won ? [1, 2].filter((seat) => shutOut[seat] === true).length : 0),
    shutOutsTaken: before.shutOutsTaken + (shutOut[0] === true ? 1 : 0),
  };
  return {
    ...stats,
    buckets: { ...stats.buckets, [key]: bucket },
    counted: [...stats.counted, handId].slice(-COUNTED_KEEP),
  };
}

/**
 * The record with one hand abandoned before its end (a new deal asked for mid-hand)
 * counted, once per hand id, at its level (the engine's Snapshot.level).
 */
export function addAbandonedHand(stats, { handId, preset, level }) {
  if (stats.counted.includes(handId)) return stats;
  if (!LEVEL_PATTERN.test(String(level)) || !PRESET_PATTERN.test(String(preset))) return stats;
  const key = `${level}|${preset}`;
  const before = stats.buckets[key] ?? EMPTY_BUCKET;
  return {
    ...stats,
    buckets: { ...stats.buckets, [key]: { ...before, abandoned: before.abandoned + 1 } },
    counted: [...stats.counted, handId].slice(-COUNTED_KEEP),
  };
}

function sumBuckets(buckets) {
  const sum = { ...EMPTY_BUCKET };
  for (const bucket of buckets) for (const name of FIELDS) sum[name] += bucket[name];
  return sum;
}

/**
 * Rows for the Statistics panel: all hands, then one row per difficulty in
 * `levels` order, then one per preset in `presets` order (presets not listed
 * but present in the record follow, so nothing counted is ever hidden).
 */
export function statsRows(stats, levels, presets) {
  const entries = Object.entries(stats.buckets).map(([key, bucket]) => {
    const [level, preset] = key.split("|");
    return { level, preset, bucket };
  });
  const rows = [{ group: "all", name: "all", ...sumBuckets(entries.map((e) => e.bucket)) }];
  const levelNames = [...levels, ...entries.map((e) => e.level).filter((l) => !levels.includes(l))];
  for (const level of new Set(levelNames)) {
    rows.push({ group: "level", name: level, ...sumBuckets(entries.filter((e) => e.level === level).map((e) => e.bucket)) });
  }
  const presetNames = [...presets, ...entries.map((e) => e.preset).filter((p) => !presets.includes(p))];
  for (const preset of new Set(presetNames)) {
    rows.push({ group: "preset", name: preset, ...sumBuckets(entries.filter((e) => e.preset === preset).map((e) => e.bucket)) });
  }
  return rows;
}
