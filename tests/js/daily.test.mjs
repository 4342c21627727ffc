// The daily deal's record (streak, record against Hard, links), the recent hands'
// points and the Statistics charts drawn from them.

import assert from "node:assert/strict";
import { test } from "node:test";

import { SEARCH_SLICE_MS } from "../../web/js/engine/engine_client.js";
import { translatorFor } from "../../web/js/i18n/i18n.js";
import { dialogsModel } from "../../web/js/model/dialogs_model.js";

import {
  EMPTY_DAILY,
  dailySummary,
  isDate,
  isPractice,
  readDaily,
  readDailyHash,
  todayUtc,
  withCurrent,
  withHardResult,
  withYourResult,
} from "../../web/js/after_hand/daily_record.js";
import { createDaily } from "../../web/js/after_hand/daily.js";
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
  record = withYourResult(record, "2026-11-29", 4, "h-2");
  record = withYourResult(record, "2026-11-30", -3, "h-1");
  record = withYourResult(record, "2026-12-01", 10, "h1");
  record = withYourResult(record, "2026-12-01", -20, "h2"); // played again: the first result stands
  record = withHardResult(record, "2026-11-29", 4);
  record = withHardResult(record, "2026-11-30", 5);
  record = withHardResult(record, "2026-12-01", 7);
  assert.deepEqual(record.results["2026-12-01"], { you: 10, hard: 7, handId: "h1" });
  // The hand that made the day's result is not practice; any other hand of the date is.
  assert.equal(isPractice(record, "2026-12-01", "h1"), false);
  assert.equal(isPractice(record, "2026-12-01", "h2"), true);
  assert.equal(isPractice(record, "2026-12-02", "h3"), false);
  const older = { ...record, results: { ...record.results, "2026-12-01": { you: 10, hard: 7 } } }; // kept before hands were noted
  assert.equal(readDaily(JSON.stringify(older)).damaged, false);
  assert.equal(isPractice(older, "2026-12-01", "h1"), true);
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
  assert.equal(readDaily(JSON.stringify({ ...record, results: { "2026-12-01": { you: 9, hard: 1, handId: 4 } } })).damaged, true);
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
  // Its scale in figures on it: 0 on the zero line, and the latest total by its point, each
  // inside the drawing (a line alone read as a shape).
  assert.deepEqual(points.labels.map((l) => l.text), ["0", "-2"]);
  assert.ok(Math.abs(points.labels[0].y - points.zeroY) <= 11, [points.labels[0], points.zeroY]);
  assert.ok(Math.abs(points.labels[1].y - points.dot.y) <= 6 && points.labels[1].x > points.dot.x, [points.labels[1], points.dot]);
  // Beside the drawing, not over it: the line starts right of the "0", the figure right of the line.
  const xs = points.line.split(" ").map((p) => Number(p.split(",")[0]));
  assert.ok(xs[0] >= 12 && Math.max(...xs) <= points.width - 25, xs);
  for (const label of [...points.labels, ...days.labels]) assert.ok(label.y > 8 && label.y <= points.height, label);
  assert.deepEqual(days.labels.map((l) => l.text), ["0"]);
  assert.deepEqual(days.values, [5, -8]);
  assert.deepEqual(days.bars.map((b) => b.tone), ["good", "bad"]);
  assert.ok(days.bars[0].y + days.bars[0].h <= days.zeroY + 0.01 && days.bars[1].y >= days.zeroY - 0.01);
  // Each day with its value, read as such in both languages (not "2026-12-01 -8"); each
  // date one unbreakable word (a word joiner by each hyphen: Chinese lines broke in dates).
  const joined = (text) => text.replaceAll("\u2060", "");
  assert.match(joined(days.text), /: 2026-11-30: \+5, 2026-12-01: -8\.$/);
  const zh = buildPanelsModel({ ...state, lang: "zh" }).stats;
  assert.match(joined(zh.charts[1].text), /：2026-11-30 为 \+5，2026-12-01 为 -8。$/);
  for (const text of [days.text, zh.charts[1].text]) assert.match(text, /2026\u2060-\u206011\u2060-\u206030/);
  // Its accessible name keeps the plain date.
  assert.equal(days.label, joined(days.text));
  assert.equal(points.label, points.text);
  assert.equal(zh.daily.streak, "连续 2 天");
  // One day is a day.
  const oneDay = buildPanelsModel({ ...state, daily: { ...state.daily, today: "2026-12-03" } }).stats;
  assert.equal(oneDay.daily.streak, "Streak: 0 days");
  const single = withYourResult(EMPTY_DAILY, "2026-12-01", 3);
  assert.equal(buildPanelsModel({ ...state, daily: { record: single, shown: null, today: "2026-12-01" } }).stats.daily.streak, "Streak: 1 day");
  // One hand and one daily deal are said as such, not "the last 1 hands".
  const oneHand = buildPanelsModel({ ...state, recent: withHand(EMPTY_RECENT, "a", 6), daily: { record: withHardResult(single, "2026-12-01", 1), shown: null, today: "2026-12-01" } }).stats;
  assert.equal(oneHand.charts[0].title, "Your running points");
  assert.equal(oneHand.charts[0].text, "One hand played: +6. From your second hand on, a line here shows how your points run.");
  assert.match(oneHand.charts[1].text, /^The last daily deal, /);
  assert.doesNotMatch(JSON.stringify(oneHand.charts), /last 1 /);
  // A line needs two hands: one hand is said, not drawn as a lone dot; a day is a bar.
  assert.deepEqual([points.drawn, days.drawn], [true, true]);
  assert.deepEqual(oneHand.charts.map((c) => c.drawn), [false, true]);
  // No daily deal yet: the daily line says so once, and no empty chart follows it.
  const noDaily = buildPanelsModel({ ...state, daily: { record: EMPTY_DAILY, shown: null, today: "2026-12-01" } }).stats;
  assert.deepEqual(noDaily.charts.map((c) => c.key), ["points"]);
  assert.equal(noDaily.daily.record, "No daily deal played yet.");
  // A tie with Hard on the only day: the zero line and its bar in the middle, not at the top.
  const tie = buildPanelsModel({ ...state, daily: { record: withHardResult(single, "2026-12-01", 3), shown: null, today: "2026-12-01" } }).stats;
  assert.equal(tie.charts[1].zeroY, tie.charts[1].height / 2);
  assert.ok(Math.abs(tie.charts[1].bars[0].y - tie.charts[1].height / 2) <= 1, tie.charts[1].bars[0]);
  const noHand = buildPanelsModel({ ...state, recent: EMPTY_RECENT, lang: "zh" }).stats;
  assert.equal(noHand.charts[0].title, "你的累计得分");
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
  const shown = { handId: "h1", date: "2026-12-01", copy: null };
  const mine = withYourResult(EMPTY_DAILY, "2026-12-01", 12, "h1");
  const waiting = buildPanelsModel({ ...base, daily: { record: mine, shown, today: "2026-12-01" } }).daily;
  assert.equal(waiting.you, "+12");
  assert.equal(waiting.hard, null);
  assert.match(waiting.thinking, /Hard is playing/);
  assert.equal(waiting.share, ""); // nothing to share until Hard's total is known
  const withHard = withHardResult(mine, "2026-12-01", 7);
  const done = buildPanelsModel({ ...base, daily: { record: withHard, shown, today: "2026-12-01" } }).daily;
  assert.equal(done.practice, false);
  assert.equal(done.hard, "+7");
  assert.equal(done.verdict, "You beat Hard by 5.");
  assert.equal(done.share, "Run Fast Daily 2026-12-01: +12 · Hard +7");
  const zh = buildPanelsModel({ ...base, lang: "zh", daily: { record: withHard, shown, today: "2026-12-01" } }).daily;
  assert.equal(zh.share, "跑得快 每日一局 2026-12-01：+12 · 困难 +7");
  // Another hand on the table, or one not over: no daily block.
  assert.equal(buildPanelsModel({ ...base, handId: "h2", daily: { record: mine, shown, today: "" } }).daily, null);
  assert.equal(buildPanelsModel({ ...base, snapshot: { view: { over: false } }, daily: { record: mine, shown, today: "" } }).daily, null);
});

test("the day's deal played again is practice: the first result stays the day's, shown and shared", async () => {
  const stored = new Map();
  const storage = { readText: (key) => stored.get(key) ?? null, writeText: (key, text) => (stored.set(key, text), true) };
  const day = { date: "2026-12-01", preset: "standard", seed: 42, deal_code: "B42", level: "medium", seat: 0 };
  const baselineAsks = [];
  const client = {
    async request(type, fields) {
      if (type === "daily") return { ok: true, result: { ...day, date: fields.date } };
      if (type === "daily_baseline") {
        // Hard's hand comes in slices: two still under way, then the result.
        baselineAsks.push(fields.slice_ms);
        if (baselineAsks.length % 3 !== 0) return { ok: true, result: { pending: true, date: fields.date, actions: baselineAsks.length } };
        return { ok: true, result: { date: fields.date, deal_code: "B42", total: 7 } };
      }
      throw new Error(type);
    },
  };
  const copied = [];
  const win = { location: { href: "https://example.org/pdk/?x=1" }, navigator: { clipboard: { writeText: async (line) => copied.push(line) } } };
  let lang = "en";
  const dealt = [];
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const make = () =>
    createDaily({
      win,
      storage,
      client,
      update() {},
      isReady: () => true,
      notices: { show() {} },
      deal: (...args) => dealt.push(args),
      lang: () => lang,
      now: () => new Date("2026-12-01T12:00:00Z"),
    });
  const daily = make();
  const snapshot = (history, total) => ({
    deal_code: "B42",
    view: total === undefined ? { history, over: false } : { history, over: true, settlement: { total: [total, -total, 0] } },
  });
  const panel = (handId, over) =>
    buildPanelsModel({
      lang,
      presets: [],
      levels: ["easy", "medium", "hard"],
      stats: EMPTY_STATS,
      statsPanel: null,
      handId,
      snapshot: over,
      ...daily.view(),
    }).daily;
  async function play(handId, total) {
    await daily.start("2026-12-01");
    daily.onSnapshot(snapshot([], undefined), handId);
    const over = snapshot([["3H"]], total);
    daily.onSnapshot(over, handId);
    await settle();
    return over;
  }

  const first = panel("h1", await play("h1", 12));
  assert.equal(first.practice, false);
  assert.equal(first.you, "+12");
  assert.equal(first.hard, "+7");
  assert.equal(first.share, "Run Fast Daily 2026-12-01: +12 · Hard +7");
  assert.deepEqual(baselineAsks, [SEARCH_SLICE_MS, SEARCH_SLICE_MS, SEARCH_SLICE_MS]); // a slice at a time
  const summary = dailySummary(daily.view().daily.record, "2026-12-01");

  // The same date again (the menu, the replay, a #daily= link): practice.
  const over = await play("h2", -5);
  const again = panel("h2", over);
  assert.equal(again.practice, true);
  assert.match(again.title, /practice/i);
  assert.equal(again.you, "+12"); // the day's result, not this hand's -5
  assert.equal(again.hard, "+7");
  assert.equal(again.verdict, "You beat Hard by 5.");
  assert.equal(again.share, "Run Fast Daily 2026-12-01: +12 · Hard +7");
  daily.actions["copy-share"]();
  await settle();
  // The day's line, and under it the link that opens the same deal (without the page's own
  // query, ?x=1: its settings are not those of whoever opens the link).
  assert.deepEqual(copied, ["Run Fast Daily 2026-12-01: +12 · Hard +7\nhttps://example.org/pdk/#daily=2026-12-01"]);
  // The record, the streak and the record against Hard are as they were.
  assert.deepEqual(dailySummary(daily.view().daily.record, "2026-12-01"), summary);
  lang = "zh";
  const zh = panel("h2", over);
  assert.match(zh.title, /练习/);
  assert.equal(zh.share, "跑得快 每日一局 2026-12-01：+12 · 困难 +7");
  assert.equal(dealt.length, 2);
});

test("a daily link says whose day its deal is: a past day's, today's, or today's instead", async () => {
  const day = { preset: "standard", seed: 42, deal_code: "B42", level: "medium", seat: 0 };
  const asked = [];
  const client = {
    async request(type, fields) {
      asked.push(fields.date);
      return { ok: true, result: { ...day, date: fields.date } };
    },
  };
  const dealt = [];
  const daily = createDaily({
    win: {},
    storage: { readText: () => null, writeText: () => true },
    client,
    update() {},
    isReady: () => true,
    notices: { show() {} },
    deal: (request, fields, notice) => dealt.push(notice),
    lang: () => "en",
    now: () => new Date("2026-12-01T12:00:00Z"),
  });
  await daily.start("2026-11-28");
  await daily.start();
  await daily.start("2030-01-01"); // not out yet: today's
  await daily.start(undefined, { badLink: true }); // a link that named no date: today's
  assert.deepEqual(asked, ["2026-11-28", "2026-12-01", "2026-12-01", "2026-12-01"]);
  const en = translatorFor("en");
  // The next UTC midnight on the player's clock ("08:00" in Beijing).
  const next = new Date("2026-12-02T00:00:00Z").toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" });
  assert.deepEqual(
    dealt.map((notice) => en(notice.key, notice.params)),
    [
      "Daily deal 2026-11-28: the deal everyone had that day.",
      `Daily deal 2026-12-01: the same deal for everyone today; the next one comes at ${next}.`,
      "The daily deal of 2030-01-01 is not out yet: today's deal instead.",
      "No daily deal for that date: today's deal instead.",
    ],
  );
});

test("the new-hand question says what Yes starts: a new deal, a linked deal, today's daily or another day's", () => {
  const record = withYourResult(EMPTY_DAILY, "2026-11-30", 4, "h-1");
  const state = { settings: { speed: "normal" }, daily: { record, shown: null, today: "2026-12-01" } };
  const question = (asked, lang = "en") => {
    const { texts } = dialogsModel({ ...state, asked, lang }, translatorFor(lang));
    return [texts.confirmNewTitle, texts.confirmNewYes];
  };
  assert.deepEqual(question(null), ["Deal a new hand?", "Abandon and deal"]);
  assert.deepEqual(question({ deal: "A9891335" }), ["Play deal A9891335 from the link?", "Abandon and deal"]);
  assert.deepEqual(question({ deal: "A9891335" }, "zh"), ["打开链接中的牌局 A9891335？", "放弃并发牌"]);
  assert.deepEqual(question({ daily: { date: null } }), ["Play today's daily deal, 2026-12-01?", "Abandon and play the daily"]);
  // A day already played is practice, and the question says so.
  const past = dialogsModel({ ...state, asked: { daily: { date: "2026-11-30" } }, lang: "en" }, translatorFor("en")).texts;
  assert.equal(past.confirmNewTitle, "Play the daily deal of 2026-11-30?");
  assert.match(past.confirmNewText, /practice/);
  const today = dialogsModel({ ...state, asked: { daily: { date: null } }, lang: "en" }, translatorFor("en")).texts;
  assert.doesNotMatch(today.confirmNewText, /practice/);
});
