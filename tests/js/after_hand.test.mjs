// Unit tests of the modules behind the panels after the hand: statistics,
// the kept last hand, the coach's review queue and the panels' model.
// Run with Node's own runner (`node --test tests/js`), no browser, no engine.

import assert from "node:assert/strict";
import { test } from "node:test";

import { EMPTY_STATS, STATS_FORMAT, addAbandonedHand, addFinishedHand, readStats, statsRows } from "../../web/js/after_hand/stats.js";
import { createStatsKeeper } from "../../web/js/after_hand/stats_keeper.js";
import { isReplay, isReview, makeLastHand, readLastHand } from "../../web/js/after_hand/last_hand.js";
import { createReviewQueue } from "../../web/js/after_hand/review_queue.js";
import { SEARCH_SLICE_MS } from "../../web/js/engine/engine_client.js";
import { buildPanelsModel } from "../../web/js/model/panels_model.js";

const WIN = { winner: 0, cards_left: [0, 3, 16], shut_out: [false, false, true], bombs: [0, 0, 0], total: [35, -3, -32] };
const LOSS = { winner: 1, cards_left: [16, 0, 4], shut_out: [true, false, false], bombs: [-10, 20, -10], total: [-42, 46, -4] };

function finished(stats, handId, settlement, { preset = "standard", level = "medium" } = {}) {
  return addFinishedHand(stats, { handId, preset, level, settlement });
}

test("statistics: a finished hand counts once, at its level, won or lost as its settlement says", () => {
  let stats = finished(EMPTY_STATS, "h1", WIN, { level: "easy" });
  assert.deepEqual(stats.buckets["easy|standard"], { hands: 1, wins: 1, points: 35, shutOutsGiven: 1, shutOutsTaken: 0, abandoned: 0 });
  // The same hand again (a reload of the finished hand, its result drawn twice): no change.
  assert.equal(finished(stats, "h1", WIN), stats);
  stats = finished(stats, "h2", LOSS, { preset: "classic16" });
  assert.deepEqual(stats.buckets["medium|classic16"], { hands: 1, wins: 0, points: -42, shutOutsGiven: 0, shutOutsTaken: 1, abandoned: 0 });
  stats = finished(stats, "h3", WIN, { level: "hard" });
  assert.equal(stats.buckets["hard|standard"].hands, 1);
  const rows = statsRows(stats, ["easy", "medium", "hard"], ["standard", "classic16"]);
  assert.deepEqual(rows[0], { group: "all", name: "all", hands: 3, wins: 2, points: 28, shutOutsGiven: 2, shutOutsTaken: 1, abandoned: 0 });
  assert.deepEqual(rows.map((r) => `${r.group}:${r.name}:${r.hands}`), [
    "all:all:3", "level:easy:1", "level:medium:1", "level:hard:1", "preset:standard:2", "preset:classic16:1",
  ]);
});

test("statistics: a hand abandoned mid-way counts once, apart from the finished hands", () => {
  let stats = addAbandonedHand(EMPTY_STATS, { handId: "h1", preset: "club", level: "hard" });
  assert.deepEqual(stats.buckets["hard|club"], { hands: 0, wins: 0, points: 0, shutOutsGiven: 0, shutOutsTaken: 0, abandoned: 1 });
  assert.equal(addAbandonedHand(stats, { handId: "h1", preset: "club", level: "hard" }), stats); // once
  assert.equal(finished(stats, "h1", WIN), stats); // and never finished afterwards
  stats = finished(stats, "h2", WIN, { preset: "club", level: "hard" });
  assert.deepEqual(stats.buckets["hard|club"], { hands: 1, wins: 1, points: 35, shutOutsGiven: 1, shutOutsTaken: 0, abandoned: 1 });
  const rows = statsRows(stats, ["easy", "medium", "hard"], ["standard", "club"]);
  assert.equal(rows[0].abandoned, 1);
  assert.equal(rows.find((r) => r.name === "standard").abandoned, 0);
  // A record kept before hands were counted abandoned reads as none abandoned, and is kept.
  const older = { ...stats, buckets: { "hard|club": { hands: 1, wins: 1, points: 35, shutOutsGiven: 1, shutOutsTaken: 0 } } };
  const read = readStats(JSON.stringify(older));
  assert.equal(read.status, "ok");
  assert.equal(read.stats.buckets["hard|club"].abandoned, 0);
  const negative = { ...stats, buckets: { "hard|club": { ...stats.buckets["hard|club"], abandoned: -1 } } };
  assert.equal(readStats(JSON.stringify(negative)).status, "refused");
});

test("statistics: stored records are checked; damaged ones are refused, never trusted", () => {
  const good = finished(EMPTY_STATS, "h1", WIN, { level: "easy" });
  const text = JSON.stringify(good);
  assert.equal(readStats(text).status, "ok");
  assert.deepEqual(readStats(text).stats.buckets, good.buckets);
  assert.equal(readStats(null).status, "none");
  const damaged = {
    "not JSON": "{nope",
    "foreign": JSON.stringify({ app: "other", format: STATS_FORMAT }),
    "old format": JSON.stringify({ ...good, format: STATS_FORMAT + 1 }),
    "wins above hands": JSON.stringify({ ...good, buckets: { "easy|standard": { ...good.buckets["easy|standard"], wins: 5 } } }),
    "text count": JSON.stringify({ ...good, buckets: { "easy|standard": { ...good.buckets["easy|standard"], hands: "1" } } }),
    "bad key": JSON.stringify({ ...good, buckets: { "<script>": good.buckets["easy|standard"] } }),
    "counted": JSON.stringify({ ...good, counted: "h1" }),
  };
  for (const [name, stored] of Object.entries(damaged)) {
    const read = readStats(stored);
    assert.equal(read.status, "refused", name);
    assert.equal(read.stats, EMPTY_STATS, name);
  }
});

const REPLAY = Object.freeze({
  steps: [
    { seat: null, cards: null, combo: null, hands: [["3S", "9H"], ["5S"], ["7S", "8S"]], trick_start: 0 },
    { seat: 0, cards: ["9H"], combo: { kind: "single", k: 1, key: "9", text: { en: "single 9", zh: "单张9" } }, hands: [["3S"], ["5S"], ["7S", "8S"]], trick_start: 0 },
    { seat: 1, cards: null, combo: null, hands: [["3S"], ["5S"], ["7S", "8S"]], trick_start: 0 },
    { seat: 2, cards: null, combo: null, hands: [["3S"], ["5S"], ["7S", "8S"]], trick_start: 0 },
    { seat: 0, cards: ["3S"], combo: { kind: "single", k: 1, key: "3", text: { en: "single 3", zh: "单张3" } }, hands: [[], ["5S"], ["7S", "8S"]], trick_start: 3 },
  ],
  decisions: [1, 4],
  settlement: { winner: 0, cards_left: [0, 1, 2], shut_out: [false, true, true], bombs: [0, 0, 0], total: [6, -2, -4] },
  deal_code: null,
});

const REVIEW = Object.freeze({
  step: 1,
  played: ["9H"],
  forced: false,
  counted: true,
  options: [
    { cards: ["3S"], combo: { text: { en: "single 3", zh: "单张3" } }, expected: 6.5, worlds: 40, played: false, best: true },
    { cards: ["9H"], combo: { text: { en: "single 9", zh: "单张9" } }, expected: 2.25, worlds: 40, played: true, best: false },
  ],
  loss: 4.25,
  se: 0.5,
  worlds: 40,
  verdict: "mistake",
  text: { en: "Mistake: single 3 was worth 4.2 points more.", zh: "失误：单张3多得4.2分。" },
  why: { en: "After it, the next player usually goes out first (30 of the 31 tries where it scores less).", zh: "这样打，下家多半先出完（31次较差的试算中30次）。" },
});

test("the last hand: kept replay and ratings read back; damaged parts are dropped", () => {
  const record = { ...makeLastHand({ handId: "h1", game: { any: 1 }, dealCode: "A1", preset: "standard" }), replay: REPLAY, reviews: { 1: REVIEW }, open: true, step: 4 };
  const read = readLastHand(JSON.stringify(record));
  assert.equal(read.handId, "h1");
  assert.equal(read.open, true);
  assert.equal(read.step, 4);
  assert.deepEqual(read.reviews, { 1: REVIEW });
  assert.ok(isReplay(REPLAY));
  assert.ok(isReview(REVIEW));
  // A rating for a step that is not a decision, a broken review, an impossible step.
  const tampered = readLastHand(JSON.stringify({ ...record, reviews: { 2: REVIEW, 4: { verdict: "genius" } }, step: 99 }));
  assert.deepEqual(tampered.reviews, {});
  assert.equal(tampered.step, 0);
  const brokenReplay = readLastHand(JSON.stringify({ ...record, replay: { ...REPLAY, decisions: [2] } }));
  assert.equal(brokenReplay.replay, null); // asked for again
  // A replay kept by a version whose engine sent no trick starts or winner is asked for again too.
  const noTrickStart = { ...REPLAY, steps: REPLAY.steps.map(({ trick_start, ...step }) => step) };
  assert.equal(readLastHand(JSON.stringify({ ...record, replay: noTrickStart })).replay, null);
  const { winner, ...noWinner } = REPLAY.settlement;
  assert.equal(readLastHand(JSON.stringify({ ...record, replay: { ...REPLAY, settlement: noWinner } })).replay, null);
  assert.equal(readLastHand("{nope"), null);
  assert.equal(readLastHand(JSON.stringify({ ...record, game: null })), null);
});

test("the review queue asks one decision at a time and stops when cancelled", async () => {
  const asked = [];
  const results = [];
  let release = null;
  const request = (type, fields) => {
    asked.push(fields.step);
    return new Promise((resolve) => {
      release = () => resolve({ ok: true, result: { ...REVIEW, step: fields.step } });
    });
  };
  const queue = createReviewQueue({ request, onResult: (handId, step) => results.push([handId, step]) });
  queue.start({ handId: "h1", game: {}, steps: [1, 4, 7], total: 3 });
  assert.deepEqual(asked, [1]); // never more than one in the worker
  assert.deepEqual(queue.progress(), { handId: "h1", done: 0, total: 3, current: 1, paused: false });
  queue.prefer(7);
  release();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(asked, [1, 7]);
  queue.cancel();
  release(); // the one in flight still reports (it is worth keeping) ...
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(results, [["h1", 1], ["h1", 7]]);
  assert.deepEqual(asked, [1, 7]); // ... but nothing more is asked
  assert.equal(queue.progress(), null);
});

test("the review queue asks for a rating in slices, so a game waits behind one slice at most", async () => {
  const asked = [];
  const results = [];
  let release = null;
  // The engine's answers: two slices of search under way, then the review.
  const request = (type, fields) => {
    asked.push([fields.step, fields.slice_ms]);
    const slices = asked.filter(([step]) => step === fields.step).length;
    return new Promise((resolve) => {
      release = () =>
        resolve({ ok: true, result: slices < 3 ? { pending: true, step: fields.step, worlds: 12 * slices } : { ...REVIEW, step: fields.step } });
    });
  };
  const queue = createReviewQueue({ request, onResult: (handId, step, review) => results.push([step, review.verdict]) });
  queue.start({ handId: "h1", game: {}, steps: [1, 4], total: 2 });
  for (let i = 0; i < 3; i += 1) {
    release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.ok(SEARCH_SLICE_MS > 0 && SEARCH_SLICE_MS <= 250);
  assert.deepEqual(asked, [[1, SEARCH_SLICE_MS], [1, SEARCH_SLICE_MS], [1, SEARCH_SLICE_MS], [4, SEARCH_SLICE_MS]]);
  assert.deepEqual(results, [[1, REVIEW.verdict]]); // a pending slice is no result
  assert.equal(queue.progress().done, 1);
  // Cancelled between two slices: nothing more is asked, and step 4 is not counted rated.
  queue.cancel();
  release();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(asked.length, 4);
  assert.deepEqual(results, [[1, REVIEW.verdict]]);
});

test("the review queue pauses when the engine is lost and resumes after", async () => {
  let fail = true;
  const asked = [];
  const request = async (type, fields) => {
    asked.push(fields.step);
    if (fail) throw new Error("engine down");
    return { ok: false, error: { code: "bad_request", message: { en: "no", zh: "不" } } };
  };
  const results = [];
  const queue = createReviewQueue({ request, onResult: (handId, step, review) => results.push([step, review.failed]) });
  queue.start({ handId: "h1", game: {}, steps: [1], total: 1 });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(queue.progress().paused, true);
  fail = false;
  queue.resume();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(asked, [1, 1]);
  assert.deepEqual(results, [[1, true]]); // a refusal is reported, not retried forever
  assert.equal(queue.progress(), null);
});

function panelState(overrides = {}) {
  return {
    engine: "ready",
    lang: "en",
    settings: { level: "easy", preset: "standard", language: "en", speed: "normal" },
    presets: [{ name: "standard", label: { en: "Standard", zh: "标准" } }],
    levels: ["easy", "medium", "hard"],
    snapshot: null,
    handId: "h1",
    lastHand: { ...makeLastHand({ handId: "h1", game: {}, dealCode: "A0000343", preset: "standard" }), replay: REPLAY, reviews: { 1: REVIEW }, step: 1 },
    replay: { status: "ready", error: null, link: null, failed: {} },
    reviewProgress: { handId: "h1", done: 1, total: 2, current: 4, paused: false },
    stats: EMPTY_STATS,
    statsPanel: null,
    update: null,
    ...overrides,
  };
}

test("the replay model: every hand face up, the play and its name, the coach's numbers", () => {
  const model = buildPanelsModel(panelState());
  const replay = model.replay;
  assert.equal(model.modal, true);
  assert.equal(replay.stepText, "Step 1 of 4");
  assert.equal(replay.caption, "You: single 9.");
  assert.deepEqual(replay.seats.map((s) => s.seat), [1, 2, 0]);
  assert.deepEqual(replay.seats.map((s) => s.cards.map((c) => c.code)), [["5S"], ["7S", "8S"], ["3S"]]);
  assert.equal(replay.seats[0].turn, true); // West to play next
  assert.equal(replay.seats[2].play.text, "single 9");
  assert.equal(replay.coach.progress, "Rating 2 of 2…");
  assert.deepEqual(replay.coach.chips.map((c) => c.verdict), ["mistake", "pending"]);
  const detail = replay.coach.detail;
  assert.equal(detail.verdict, "mistake");
  assert.deepEqual(detail.rows.map((r) => [r.label, r.play, r.expected]), [
    ["Your play", "single 9", "+2.3"],
    ["Best found", "single 3", "+6.5"],
  ]);
  assert.equal(detail.loss, "Points lost: 4.3");
  assert.deepEqual(detail.options.map((o) => [o.played, o.best, o.marks]), [[false, true, "best"], [true, false, "your play"]]);
  assert.deepEqual(detail.options.map((o) => o.cards.map((c) => c.code)), [["3S"], ["9H"]]);
  assert.equal(detail.why, REVIEW.why.en);
  assert.match(replay.coach.summary, /^So far: 4\.3 points lost · mistakes: 1/);
  assert.equal(replay.settlement, null);
  // The last step: the settlement, and who won.
  const end = buildPanelsModel(panelState({ lastHand: { ...panelState().lastHand, step: 4 } })).replay;
  assert.equal(end.caption, "You: single 3. You win the hand.");
  assert.deepEqual(end.settlement.rows.map((r) => r.cells[3]), ["+6", "-2", "-4"]);
  assert.equal(end.nav.forward, false);
  // Chinese too.
  const zh = buildPanelsModel(panelState({ lang: "zh" })).replay;
  assert.equal(zh.caption, "你：单张9。");
  assert.equal(zh.coach.progress, "正在评分：第 2 / 2 手…");
});

test("the replay's deal says compact 15's face-up card and who holds it, en and zh", () => {
  const deal = (lang, face_up) =>
    buildPanelsModel(panelState({ lang, lastHand: { ...panelState().lastHand, replay: { ...REPLAY, face_up }, step: 0 } })).replay.caption;
  assert.equal(deal("en", { card: "JD", seat: 2 }), "The deal: East holds the face-up ♦J and leads first.");
  assert.equal(deal("zh", { card: "JD", seat: 2 }), "发牌：东家持有明牌 ♦J，由东家先出。");
  assert.equal(deal("en", { card: "9C", seat: 0 }), "The deal: You hold the face-up ♣9 and lead first.");
  assert.equal(deal("en", null), "The deal: You to lead.");
  // A kept replay whose face-up card is not a card and a seat is not one to draw.
  assert.ok(isReplay({ ...REPLAY, face_up: { card: "JD", seat: 2 } }));
  assert.ok(!isReplay({ ...REPLAY, face_up: { card: "ZZ", seat: 2 } }));
  assert.ok(!isReplay({ ...REPLAY, face_up: { card: "JD", seat: 3 } }));
  assert.ok(!isReplay({ ...REPLAY, face_up: "JD" }));
});

test("every replay caption ends with a full stop, the last step's (who won) too, en and zh", () => {
  for (const [lang, stop] of [["en", "."], ["zh", "。"]]) {
    for (const winner of [0, 1]) {
      const replay = { ...REPLAY, settlement: { ...REPLAY.settlement, winner } };
      for (let step = 0; step < REPLAY.steps.length; step += 1) {
        const lastHand = { ...panelState().lastHand, replay, step };
        const { caption } = buildPanelsModel(panelState({ lang, lastHand })).replay;
        assert.ok(caption.endsWith(stop), `${lang}, winner ${winner}, step ${step}: ${caption}`);
      }
    }
  }
  const last = (lang, winner) =>
    buildPanelsModel(panelState({ lang, lastHand: { ...panelState().lastHand, replay: { ...REPLAY, settlement: { ...REPLAY.settlement, winner } }, step: 4 } })).replay.caption;
  assert.equal(last("en", 1), "You: single 3. West wins the hand.");
  assert.equal(last("zh", 0), "你：单张3。你赢了这一局。");
  assert.equal(last("zh", 1), "你：单张3。西家赢了这一局。");
});

test("the coach's summary gives its tallies one by one, each a word with its number, en and zh", () => {
  const done = { ...panelState().lastHand, reviews: { 1: REVIEW, 4: { ...REVIEW, step: 4, verdict: "inaccuracy", loss: 1.5 } } };
  const en = buildPanelsModel(panelState({ lastHand: done, reviewProgress: null })).replay.coach;
  assert.deepEqual(en.tallies, ["Points lost: 5.8", "mistakes: 1", "inaccuracies: 1", "best or good: 0 of 2"]);
  assert.equal(en.tallies.join(" · "), en.summary);
  const zh = buildPanelsModel(panelState({ lang: "zh", lastHand: done, reviewProgress: null })).replay.coach;
  assert.deepEqual(zh.tallies, ["损失 5.8 分", "失误 1", "欠佳 1", "最佳或不错 0 / 2"]);
  const soFar = buildPanelsModel(panelState()).replay.coach;
  assert.deepEqual(soFar.tallies, ["So far: 4.3 points lost", "mistakes: 1", "inaccuracies: 0", "best or good: 0 of 1"]);
  // A sentence, not a count: no tallies to keep whole.
  // A hand of best plays lost nothing: "0", not "0.0", in the summary and at each decision.
  const best = { ...REVIEW, verdict: "best", loss: 0, why: null };
  const clean = { ...panelState().lastHand, reviews: { 1: best, 4: { ...best, step: 4, loss: 0.01 } } };
  const perfect = buildPanelsModel(panelState({ lastHand: clean, reviewProgress: null })).replay.coach;
  assert.equal(perfect.tallies[0], "Points lost: 0");
  assert.equal(perfect.detail.loss, "Points lost: 0");
  assert.equal(buildPanelsModel(panelState({ lang: "zh", lastHand: clean, reviewProgress: null })).replay.coach.tallies[0], "损失 0 分");
  const allForced = buildPanelsModel(panelState({ lastHand: { ...done, reviews: {}, replay: { ...REPLAY, forced: [1, 4] } } })).replay.coach;
  assert.equal(allForced.tallies, null);
});

test("the coach: a decision the club timer played when your time ran out is not yours to be rated", () => {
  const timed = { ...REPLAY, timed_out: [4] };
  assert.ok(isReplay(timed));
  assert.ok(!isReplay({ ...REPLAY, timed_out: [2] })); // not one of your decisions
  // Even with a review kept for it (an older page rated it): marked as the timer's, out of every count.
  const lastHand = { ...panelState().lastHand, replay: timed, reviews: { 1: { ...REVIEW, verdict: "good", loss: 0.5, why: null }, 4: { ...REVIEW, step: 4 } } };
  const model = buildPanelsModel(panelState({ lastHand, reviewProgress: null })).replay;
  assert.deepEqual(model.coach.chips.map((c) => c.verdict), ["good", "timedOut"]);
  assert.match(model.coach.summary, /best or good: 1 of 1$/);
  const at = buildPanelsModel(panelState({ lastHand: { ...lastHand, step: 4 }, reviewProgress: null })).replay.coach.detail;
  assert.equal(at.verdict, "timedOut");
  assert.equal(at.text, "Played for you (your time ran out, or auto-play was on). It counts for nothing.");
  assert.equal(at.options.length, 0);
  const zh = buildPanelsModel(panelState({ lang: "zh", lastHand: { ...lastHand, step: 4 }, reviewProgress: null })).replay.coach.detail;
  assert.equal(zh.verdictText, "系统代出");
  const allTimed = buildPanelsModel(panelState({ lastHand: { ...lastHand, replay: { ...REPLAY, timed_out: [1, 4] } }, reviewProgress: null })).replay;
  assert.match(allTimed.coach.summary, /^Each of your turns was played for you/);
});

test("the coach: forced decisions count for nothing, and a chosen option is drawn on the replay table", () => {
  const forcedReplay = { ...REPLAY, forced: [4] };
  const lastHand = { ...panelState().lastHand, replay: forcedReplay };
  const model = buildPanelsModel(panelState({ lastHand, reviewProgress: null })).replay;
  // Step 4 had one legal option: forced at once (no rating asked), and out of the tally.
  assert.deepEqual(model.coach.chips.map((c) => c.verdict), ["mistake", "forced"]);
  assert.match(model.coach.summary, /best or good: 0 of 1$/);
  const good = { ...REVIEW, verdict: "good", loss: 0.5, why: null };
  const kept = buildPanelsModel(panelState({ lastHand: { ...lastHand, reviews: { 1: good, 4: { ...REVIEW, step: 4, forced: true, counted: false, options: [], verdict: "forced", loss: 0, why: null } } } })).replay;
  assert.match(kept.coach.summary, /best or good: 1 of 1$/);
  const atForced = buildPanelsModel(panelState({ lastHand: { ...lastHand, step: 4 } })).replay.coach.detail;
  assert.equal(atForced.verdict, "forced");
  assert.equal(atForced.options.length, 0);
  // Every decision forced: the summary says so rather than "0 of 0".
  const allForced = buildPanelsModel(panelState({ lastHand: { ...lastHand, reviews: {}, replay: { ...REPLAY, forced: [1, 4] } } })).replay;
  assert.match(allForced.coach.summary, /forced/);
  // ... and, on a step that is not yours, does not invite you to pick one of your rated
  // decisions below: there are none.
  const elsewhere = buildPanelsModel(panelState({ lastHand: { ...lastHand, step: 0, reviews: {}, replay: { ...REPLAY, forced: [1, 4] } } })).replay;
  assert.equal(elsewhere.coach.detail.state, "none");
  assert.doesNotMatch(elsewhere.coach.detail.text, /rated above/);
  const rateable = buildPanelsModel(panelState({ lastHand: { ...lastHand, step: 0 } })).replay;
  assert.match(rateable.coach.detail.text, /rated above/);
  // Choosing the best option: your hand before the step without its cards, the option in front of you.
  const shown = buildPanelsModel(panelState({ replay: { status: "ready", error: null, link: null, failed: {}, option: { step: 1, index: 0 } } })).replay;
  const you = shown.seats.find((seat) => seat.seat === 0);
  assert.deepEqual(you.cards.map((c) => c.code), ["9H"]);
  assert.deepEqual(you.play.cards.map((c) => c.code), ["3S"]);
  assert.equal(you.play.option, true);
  assert.match(shown.caption, /^Instead: you play single 3/);
  assert.deepEqual(shown.coach.detail.options.map((o) => o.shown), [true, false]);
  // A pass chosen instead is said as a pass, in either language.
  const passing = { ...REVIEW, options: [{ ...REVIEW.options[0], cards: null, combo: null }, REVIEW.options[1]] };
  const passState = (lang) =>
    panelState({ lang, lastHand: { ...panelState().lastHand, reviews: { 1: passing } }, replay: { status: "ready", error: null, link: null, failed: {}, option: { step: 1, index: 0 } } });
  assert.match(buildPanelsModel(passState("en")).replay.caption, /^Instead: you pass\. \(In the hand: You: single 9\.\)$/);
  assert.match(buildPanelsModel(passState("zh")).replay.caption, /^换成：你不出。/);
});

test("the panels model: statistics rows, the result's Replay, the update prompt", () => {
  const stats = finished(EMPTY_STATS, "h1", WIN, { level: "easy" });
  const model = buildPanelsModel(panelState({ replay: null, stats, statsPanel: { confirm: true } }));
  assert.equal(model.replay, null);
  assert.equal(model.stats.confirm, true);
  const all = model.stats.rows[0];
  assert.deepEqual(all.cells, { hands: "1", wins: "1", winRate: "100%", points: "+35", shutOutsGiven: "1", shutOutsTaken: "0", abandoned: "0" });
  assert.deepEqual(model.stats.headings.map((h) => h.key).slice(-1), ["abandoned"]);
  assert.equal(model.stats.rows.find((r) => r.key === "preset:standard").label, "Standard");
  assert.equal(model.resultReplay, false); // the table shows no finished hand
  const over = { view: { over: true } };
  assert.equal(buildPanelsModel(panelState({ snapshot: over })).resultReplay, true);
  assert.equal(buildPanelsModel(panelState({ snapshot: over, handId: "other" })).resultReplay, false);
  assert.equal(buildPanelsModel(panelState({ update: { phase: "ready" } })).update.text, "A new version is ready");
});

test("a review that outruns the worker's time is given up, not asked again after the restart", async () => {
  const asked = [];
  const request = async (type, fields) => {
    asked.push(fields.step);
    if (fields.step === 1) throw Object.assign(new Error("timeout"), { reason: "timeout" });
    return { ok: true, result: { step: fields.step } };
  };
  const results = [];
  const queue = createReviewQueue({ request, onResult: (handId, step, review) => results.push([step, Boolean(review.failed)]) });
  queue.start({ handId: "h1", game: {}, steps: [1, 4], total: 2 });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(results, [[1, true]]);
  assert.equal(queue.progress().paused, true); // until the restarted engine is up
  queue.resume();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(asked, [1, 4]);
  assert.deepEqual(results, [[1, true], [4, false]]);
});

test("the statistics count a hand at the level the engine keeps for it, not the setting now", () => {
  const stored = new Map();
  const storage = { readText: (key) => stored.get(key) ?? null, writeText: (key, text) => (stored.set(key, text), true) };
  const keeper = createStatsKeeper({ storage, update() {}, openReplay() {}, level: () => "easy" });
  const view = { rules: "standard", over: true, winner: 0, settlement: WIN };
  keeper.onSnapshot({ level: "hard", view }, "h1");
  keeper.onAbandoned({ level: "medium", view: { rules: "club", over: false } }, "h2");
  const { stats } = keeper.view();
  assert.deepEqual(Object.keys(stats.buckets).sort(), ["hard|standard", "medium|club"]);
  assert.equal(stats.buckets["hard|standard"].wins, 1);
  assert.equal(stats.buckets["medium|club"].abandoned, 1);
  // A hand on its way counts nothing yet.
  keeper.onSnapshot({ level: "hard", view: { ...view, over: false, settlement: null } }, "h3");
  assert.deepEqual(Object.keys(keeper.view().stats.buckets).sort(), ["hard|standard", "medium|club"]);
  // The running-points chart has the finished hand once, at your total, and nothing else.
  keeper.onSnapshot({ level: "hard", view }, "h1");
  assert.deepEqual(keeper.view().recent.hands, [{ handId: "h1", points: 35 }]);
  assert.deepEqual(JSON.parse(stored.get("paodekuai.recent")).hands, [{ handId: "h1", points: 35 }]);
});

test("the replay draws the play to beat as clearly as the latest action, not dimmed with what it beat", () => {
  const seats = (step) => buildPanelsModel(panelState({ lastHand: { ...panelState().lastHand, replay: REPLAY, step } })).replay.seats;
  // Step 2: West passed on your 9. The pass is the latest action; your 9 still stands.
  const after = Object.fromEntries(seats(2).map((s) => [s.seat, s.play && { current: s.play.current, standing: s.play.standing }]));
  assert.deepEqual(after, { 0: { current: false, standing: true }, 1: { current: true, standing: false }, 2: null });
  // Step 1: your 9 is both.
  const own = seats(1).find((s) => s.seat === 0).play;
  assert.deepEqual([own.current, own.standing], [true, true]);
});

test("the replay says who leads: at the deal, and the seat whose play won the trick just ended", () => {
  const turns = (step, lang = "en") =>
    buildPanelsModel(panelState({ lang, lastHand: { ...panelState().lastHand, replay: REPLAY, step } })).replay.seats
      .filter((s) => s.turn)
      .map((s) => [s.seat, s.turnText]);
  assert.deepEqual(turns(0), [[0, "to lead"]]);
  assert.deepEqual(turns(1), [[1, "to play"]]); // your 9 to beat
  assert.deepEqual(turns(2), [[2, "to play"]]);
  // Both passed on your 9: the trick is yours, the 9 still in front of you, and you lead.
  assert.deepEqual(turns(3), [[0, "won the trick · to lead"]]);
  assert.deepEqual(turns(3, "zh"), [[0, "本轮最大 · 先出"]]);
});

test("the replay shows the trick each step belongs to as the engine says (the step's trick_start)", () => {
  const at = (step, replay = REPLAY) =>
    buildPanelsModel(panelState({ lastHand: { ...panelState().lastHand, replay, step } })).replay.seats.map((s) =>
      s.play ? `${s.seat}:${s.play.pass ? "pass" : s.play.cards.map((c) => c.code).join("")}` : `${s.seat}:-`,
    );
  // Step 3 is the second pass: the whole trick is still on the table; step 4 begins the next one.
  assert.deepEqual(at(3), ["1:pass", "2:pass", "0:9H"]);
  assert.deepEqual(at(4), ["1:-", "2:-", "0:3S"]);
  // Where a trick begins is read, never worked out from the passes.
  const steps = REPLAY.steps.map((step, i) => (i === 4 ? { ...step, trick_start: 0 } : step));
  assert.deepEqual(at(4, { ...REPLAY, steps }), ["1:pass", "2:pass", "0:3S"]);
});

test("the coach's row of marks has a key: each mark the row shows, with its word, in a fixed order", () => {
  const done = { ...panelState().lastHand, reviews: { 1: REVIEW, 4: { ...REVIEW, step: 4, verdict: "inaccuracy", loss: 1.5 } } };
  const en = buildPanelsModel(panelState({ lastHand: done, reviewProgress: null })).replay.coach;
  assert.deepEqual(en.chips.map((c) => c.verdict), ["mistake", "inaccuracy"]);
  assert.deepEqual(en.legend.map((item) => `${item.mark} ${item.word}`), ["?! Inaccuracy", "✗ Mistake"]);
  const zh = buildPanelsModel(panelState({ lang: "zh", lastHand: done, reviewProgress: null })).replay.coach;
  assert.deepEqual(zh.legend.map((item) => item.word), ["欠佳", "失误"]);
  const forced = buildPanelsModel(panelState({ lastHand: { ...done, reviews: { 1: REVIEW }, replay: { ...REPLAY, forced: [4] } }, reviewProgress: null })).replay.coach;
  assert.deepEqual(forced.legend.map((item) => item.mark), ["✗", "·"]);
  // A decision still waiting for its rating shows "…", and the key says what that is.
  const waiting = buildPanelsModel(panelState({ lastHand: { ...done, reviews: { 1: REVIEW } }, reviewProgress: null })).replay.coach;
  assert.deepEqual(waiting.chips.map((c) => c.mark), ["✗", "…"]);
  assert.deepEqual(waiting.legend.map((item) => `${item.mark} ${item.word}`), ["✗ Mistake", "… Not rated yet"]);
});
