//# allFunctionsCalledOnLoad
// The daily deal's record, as plain data: the daily hand being played (so a
// reload still knows it is the daily) and, per UTC date, your first result and
// Hard's on the same deal. The first finished hand of a date is the day's
// result; the date's deal played again is practice (`isPractice`), and changes
// nothing here. The streak and the record against Hard are read from it. Versioned and checked when read, like stats.js: a record that fails the
// check is reported and replaced by an empty one, never trusted. The scores are
// the engine's (your settlement, its `daily_baseline`); nothing here is a rule.

import { parseJson } from "../store/storage.js";
import { sharedLink } from "../game/deal_link.js";

export const DAILY_KEY = "paodekuai.daily";
export const DAILY_APP = "paodekuai-daily";
/** Bump when the record's shape changes: an older record is then reset with a message. */
export const DAILY_FORMAT = 1;
/** Dates kept (the oldest are dropped): more than a year of daily deals. */
const RESULTS_KEEP = 400;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAILY_HASH = /^#?daily(?:=|$)/i;

export const EMPTY_DAILY = Object.freeze({
  app: DAILY_APP,
  format: DAILY_FORMAT,
  // The daily hand on the table: {date, dealCode, handId}, or null.
  current: null,
  // date -> {you, hard, handId}: your first finished daily hand of that date (handId: that hand;
  // absent in results kept before it was noted), Hard's total (null until known).
  results: Object.freeze({}),
});

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isPoints = (value) => Number.isSafeInteger(value) && Math.abs(value) <= 1000;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isDate(text) {
  const match = typeof text === "string" ? DATE.exec(text) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today's date in UTC, YYYY-MM-DD: the daily deal's calendar is the same everywhere. */
export function todayUtc(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/**
 * When the next daily deal comes out (the next UTC midnight), as a clock in the player's own
 * time zone and language: "08:00" in Beijing. The day is the UTC date's everywhere, so a
 * player's "today" and the deal's may differ by a date; saying when it changes tells why.
 */
export function nextDailyTime(now, locale) {
  const next = new Date(`${todayUtc(now)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
}

/** The date one day before `date`. */
function dayBefore(date) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return todayUtc(day);
}

/** A link to `date`'s daily deal: this page's address with #daily=DATE. */
export function dailyLink(href, date) {
  return sharedLink(href, `daily=${date}`);
}

/** What a location hash asks for: {kind: "none"}, {kind: "daily", date} or {kind: "bad"}. */
export function readDailyHash(hash) {
  const text = String(hash ?? "");
  if (!DAILY_HASH.test(text)) return { kind: "none" };
  let date;
  try {
    date = decodeURIComponent(text.replace(/^#?daily=?/i, "")).trim();
  } catch {
    return { kind: "bad" };
  }
  return isDate(date) ? { kind: "daily", date } : { kind: "bad" };
}

/** Why a parsed record cannot be used, or null. */
export function dailyProblem(record) {
  if (!isObject(record) || record.app !== DAILY_APP) return "not a daily record";
  if (record.format !== DAILY_FORMAT) return `format ${record.format}`;
  const current = record.current;
  if (current !== null) {
    if (!isObject(current) || !isDate(current.date)) return "current";
    if (typeof current.dealCode !== "string" || typeof current.handId !== "string") return "current hand";
  }
  if (!isObject(record.results)) return "results";
  for (const [date, result] of Object.entries(record.results)) {
    if (!isDate(date) || !isObject(result)) return `result ${date}`;
    if (!isPoints(result.you) || !(result.hard === null || isPoints(result.hard))) return `points ${date}`;
    if (result.handId !== undefined && typeof result.handId !== "string") return `hand ${date}`;
  }
  return null;
}

/** Stored text to {record, damaged}: nothing stored is an empty record, a bad one is reset. */
export function readDaily(text) {
  if (text === null || text === undefined) return { record: EMPTY_DAILY, damaged: false };
  const { value } = parseJson(text);
  if (dailyProblem(value) !== null) return { record: EMPTY_DAILY, damaged: true };
  return { record: value, damaged: false };
}

/** The record with `current` as the daily hand on the table. */
export function withCurrent(record, current) {
  return { ...record, current };
}

/** The day's result of `date`: {you, hard, handId?}, or null when none is recorded. */
export function dailyResult(record, date) {
  return Object.hasOwn(record.results, date) ? record.results[date] : null;
}

/** The date of the daily deal hand `handId` is, or null when it is not the daily hand. */
export function dailyDateOfHand(record, handId) {
  return handId && record.current?.handId === handId ? record.current.date : null;
}

/**
 * Whether hand `handId` of `date`'s deal is practice: the date has its result already,
 * from another hand (a result kept without its hand's id belongs to no hand on the table).
 */
export function isPractice(record, date, handId) {
  const result = dailyResult(record, date);
  return result !== null && result.handId !== handId;
}

/**
 * The record with your result `you` of `date` in hand `handId`: the first finished
 * hand of a date is the one kept; any later one (practice) changes nothing.
 */
export function withYourResult(record, date, you, handId) {
  if (dailyResult(record, date)) return record;
  const dates = Object.keys(record.results).sort();
  const kept = dates.slice(Math.max(0, dates.length - RESULTS_KEEP + 1));
  const results = Object.fromEntries(kept.map((day) => [day, record.results[day]]));
  results[date] = { you, hard: null, handId };
  return { ...record, results };
}

/** The record with Hard's total on `date`'s deal. */
export function withHardResult(record, date, hard) {
  const result = dailyResult(record, date);
  if (!result || result.hard === hard) return record;
  return { ...record, results: { ...record.results, [date]: { ...result, hard } } };
}

/**
 * Days in a row with a daily deal played, ending today (or yesterday: today's
 * may still come), and your record against Hard on the dates it is known.
 */
export function dailySummary(record, today) {
  const played = new Set(Object.keys(record.results));
  let streak = 0;
  let day = !isDate(today) ? null : played.has(today) ? today : dayBefore(today);
  while (day !== null && played.has(day)) {
    streak += 1;
    day = dayBefore(day);
  }
  const known = Object.entries(record.results)
    .filter(([, result]) => result.hard !== null)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const tally = { wins: 0, ties: 0, losses: 0 };
  for (const [, { you, hard }] of known) {
    if (you > hard) tally.wins += 1;
    else if (you === hard) tally.ties += 1;
    else tally.losses += 1;
  }
  return { streak, ...tally, played: played.size, recent: known.map(([date, { you, hard }]) => ({ date, you, hard })) };
}
