// The daily deal's record (streak, record against Hard, links), the recent hands'
// points and the Statistics charts drawn from them.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  EMPTY_DAILY,
  dailySummary,
  isDate,
  readDaily,
  readDailyHash,
  todayUtc,
  withCurrent,
  withHardResult,
  withYourResult,
} from "../../web/js/after_hand/daily_record.js";
import { EMPTY_RECENT, RECENT_KEEP, readRecent, runningPoints, withHand } from "../../web/js/after_hand/recent_hands.js";
import { EMPTY_STATS } from "../../web/js/after_hand/stats.js";
import { buildPanelsModel } from "../../web/js/model/panels_model.js";

test("daily links name real dates only", () => {
  assert.deepEqual(readDailyHash("#daily=2026-12-01"), { kind: "daily", date: "2026-12-01" });
  assert.deepEqual(readDailyHash("#deal=A1"), { kind: "none" });
  assert.deepEqual(readDailyHash("#daily=2026-02-30"), { kind: "bad" });
  assert.deepEqual(readDailyHash("#daily=<b>"), { kind: "bad" });
  assert.deepEqual(readDailyHash("#daily=%E0%A4%A"), { kind: "bad" });
  assert.equal(isDate("2028-02-29"), true);
  assert.equal(todayUtc(new Date("2026-12-01T23:59:59-05:00")), "2026-12-02"); // the UTC date, not the local one
});

test("the daily record: first result kept, Hard's added, streak and record against Hard", () => {
  let record = withCurrent(EMPTY_DAILY, { date: "2026-12-01", dealCode: "A1", handId: "h1" });
  record = withYourResult(record, "2026-11-29", 4);
  record = withYourResult(record, "2026-11-30", -3);
  record = withYourResult(record, "2026-12-01", 10);
  record = withYourResult(record, "2026-12-01", -20); // played again: the first result stands
  record = withHardResult(record, "2026-11-29", 4);
  record = withHardResult(record, "2026-11-30", 5);
  record = withHardResult(record, "2026-12-01", 7);
  assert.deepEqual(record.results["2026-12-01"], { you: 10, hard: 7 });
  const summary = dailySummary(record, "2026-12-01");
  assert.equal(summary.streak, 3);
  assert.deepEqual([summary.wins, summary.ties, summary.losses], [1, 1, 1]);
  assert.equal(dailySummary(record, "2026-12-02").streak, 3); // today's may still come
  assert.equal(dailySummary(record, "2026-12-03").streak, 0);
  // Read back, and refused when damaged or of another format.
  assert.deepEqual(readDaily(JSON.stringify(record)), { record, damaged: false });
  assert.equal(readDaily(JSON.stringify({ ...record, format: 2 })).damaged, true);
  const tampered = { ...record, results: { ...record.results, "2026-13-01": { you: 1, hard: 1 } } };
  assert.equal(readDaily(JSON.stringify(tampered)).damaged, true);
  assert.equal(readDaily(JSON.stringify({ ...record, results: { "2026-12-01": { you: "9", hard: 1 } } })).damaged, true);
  assert.deepEqual(readDaily(null), { record: EMPTY_DAILY, damaged: false });
});

test("recent hands: each hand once, the last ones kept, running totals", () => {
  let record = withHand(EMPTY_RECENT, "h1", 5);
  record = withHand(record, "h1", 5);
  record = withHand(record, "h2", -8);
  assert.deepEqual(runningPoints(record), [5, -3]);
  for (let i = 0; i < RECENT_KEEP + 5; i += 1) record = withHand(record, `x${i}`, 1);
  assert.equal(record.hands.length, RECENT_KEEP);
  assert.equal(readRecent(JSON.stringify(record)).damaged, false);
  assert.equal(readRecent(JSON.stringify({ ...record, hands: [{ handId: 3, points: 1 }] })).damaged, true);
});

test("Statistics draws the running points and the daily deals against Hard, with words for each chart", () => {
  let daily = withYourResult(EMPTY_DAILY, "2026-11-30", 9);
  daily = withHardResult(daily, "2026-11-30", 4);
  daily = withYourResult(daily, "2026-12-01", -6);
  daily = withHardResult(daily, "2026-12-01", 2);
  const recent = withHand(withHand(withHand(EMPTY_RECENT, "a", 6), "b", -10), "c", 2);
  const state = {
    lang: "en",
    presets: [],
    levels: ["easy", "medium", "hard"],
    stats: EMPTY_STATS,
    statsPanel: { confirm: false },
    recent,
    daily: { record: daily, shown: null, today: "2026-12-01" },
  };
  const stats = buildPanelsModel(state).stats;
  assert.equal(stats.daily.streak, "Streak: 2 days");
  assert.equal(stats.daily.record, "Against Hard: 1 better, 0 equal, 1 worse");
  const [points, days] = stats.charts;
  assert.deepEqual(points.values, [6, -4, -2]);
  assert.equal(points.line.split(" ").length, 3);
  assert.match(points.text, /from \+6 to -2, lowest -4, highest \+6/);
  // The lowest point is drawn lowest, the highest highest, zero in between.
  const ys = points.line.split(" ").map((p) => Number(p.split(",")[1]));
  assert.ok(ys[1] > points.zeroY && points.zeroY > ys[0], [ys, points.zeroY]);
  assert.deepEqual(days.values, [5, -8]);
  assert.deepEqual(days.bars.map((b) => b.tone), ["good", "bad"]);
  assert.ok(days.bars[0].y + days.bars[0].h <= days.zeroY + 0.01 && days.bars[1].y >= days.zeroY - 0.01);
  assert.match(days.text, /2026-11-30 \+5, 2026-12-01 -8/);
  const zh = buildPanelsModel({ ...state, lang: "zh" }).stats;
  assert.equal(zh.daily.streak, "连续 2 天");
  // One day is a day.
  const oneDay = buildPanelsModel({ ...state, daily: { ...state.daily, today: "2026-12-03" } }).stats;
  assert.equal(oneDay.daily.streak, "Streak: 0 days");
  const single = withYourResult(EMPTY_DAILY, "2026-12-01", 3);
  assert.equal(buildPanelsModel({ ...state, daily: { record: single, shown: null, today: "2026-12-01" } }).stats.daily.streak, "Streak: 1 day");
});

test("the daily block under the result: your total, Hard's when it comes, the share line", () => {
  const base = {
    lang: "en",
    presets: [],
    levels: ["easy", "medium", "hard"],
    stats: EMPTY_STATS,
    statsPanel: null,
    handId: "h1",
    snapshot: { view: { over: true } },
  };
  const shown = { handId: "h1", date: "2026-12-01", you: 12, hard: null, share: null, copy: null };
  const waiting = buildPanelsModel({ ...base, daily: { record: EMPTY_DAILY, shown, today: "2026-12-01" } }).daily;
  assert.equal(waiting.you, "+12");
  assert.equal(waiting.hard, null);
  assert.match(waiting.thinking, /Hard is playing/);
  const share = { en: "跑得快 Daily 2026-12-01: +12 · Hard +7", zh: "跑得快 每日一局 2026-12-01：+12 · 困难 +7" };
  const done = buildPanelsModel({ ...base, daily: { record: EMPTY_DAILY, shown: { ...shown, hard: 7, share }, today: "2026-12-01" } }).daily;
  assert.equal(done.hard, "+7");
  assert.equal(done.verdict, "You beat Hard by 5.");
  assert.equal(done.share, share.en);
  // Another hand on the table, or one not over: no daily block.
  assert.equal(buildPanelsModel({ ...base, handId: "h2", daily: { record: EMPTY_DAILY, shown, today: "" } }).daily, null);
  assert.equal(buildPanelsModel({ ...base, snapshot: { view: { over: false } }, daily: { record: EMPTY_DAILY, shown, today: "" } }).daily, null);
});
