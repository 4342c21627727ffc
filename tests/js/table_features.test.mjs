// Unit tests of the table's pure modules (node --test): the turn timer, the
// sounds, How to play, card labels and what the table model makes of presets.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createTurnTimer, turnSeconds } from "../../web/js/game/turn_timer.js";
import { createTurnClock, timeoutNotice } from "../../web/js/game/turn_clock.js";
import { CUE_NAMES, createSound, cuesForSnapshot } from "../../web/js/view/sound.js";
import { howToPlay, scoringLine } from "../../web/js/i18n/how_to_play.js";
import { engineHello, presetSummary } from "./engine_hello.mjs";
import { cardLabel, cardShort } from "../../web/js/game/cards.js";
import { say, translatorFor } from "../../web/js/i18n/i18n.js";
import { buildTableModel } from "../../web/js/model/table_model.js";
import { DEFAULT_SETTINGS } from "../../web/js/store/preferences.js";
import { createSessionScore } from "../../web/js/store/session_score.js";
import { state as baseState, view as tableView } from "./table_fixtures.mjs";

/** A clock and an interval the test moves by hand. */
function fakeTime() {
  let now = 0;
  const jobs = new Map();
  let next = 1;
  return {
    now: () => now,
    every(fn, ms) {
      jobs.set(next, { fn, ms });
      return next++;
    },
    cancel: (id) => jobs.delete(id),
    advance(ms) {
      for (let t = 0; t < ms; t += 100) {
        now += 100;
        for (const job of [...jobs.values()]) job.fn();
      }
    },
    running: () => jobs.size,
  };
}

test("turn seconds: lead and follow from the preset, a URL override, none without a timer", () => {
  const timer = { lead: 20, follow: 15 };
  assert.equal(turnSeconds(timer, true), 20);
  assert.equal(turnSeconds(timer, false), 15);
  assert.equal(turnSeconds(null, true), null);
  assert.equal(turnSeconds(timer, true, "?turn-seconds=3"), 3);
  assert.equal(turnSeconds(timer, false, "?turn-seconds=-1"), 15);
  assert.equal(turnSeconds(timer, false, "?turn-seconds=abc"), 15);
});

test("the countdown expires once, holds while paused, and never restarts a turn it counts", () => {
  const time = fakeTime();
  const expired = [];
  let ticks = 0;
  const timer = createTurnTimer({ ...time, onTick: () => (ticks += 1), onExpire: (key) => expired.push(key) });
  assert.equal(timer.status(), null);
  timer.arm("h:0", 15);
  time.advance(5000);
  assert.equal(timer.status().seconds, 10);
  assert.ok(ticks >= 5);
  timer.arm("h:0", 15); // the same turn again (a redraw, a restored worker): no fresh time
  assert.equal(timer.status().seconds, 10);
  timer.pause("hidden", true);
  assert.equal(time.running(), 0);
  time.advance(60000);
  assert.deepEqual([timer.status().seconds, timer.status().paused], [10, true]);
  timer.pause("panel", true);
  timer.pause("hidden", false);
  time.advance(3000);
  assert.equal(timer.status().seconds, 10); // still held by the panel
  timer.pause("panel", false);
  time.advance(9000);
  assert.deepEqual(expired, []);
  time.advance(1500);
  assert.deepEqual(expired, ["h:0"]);
  assert.equal(timer.status().seconds, 0);
  time.advance(5000);
  assert.deepEqual(expired, ["h:0"]); // once
  timer.arm("h:3", 20); // the next turn: a fresh count
  assert.equal(timer.status().seconds, 20);
  timer.disarm();
  assert.equal(timer.status(), null);
  assert.equal(time.running(), 0);
});

test("sound cues follow the snapshot; nothing plays while off or before a tap", () => {
  const view = { over: false, to_move: 0, winner: null };
  const bomb = { seat: 1, cards: ["5S", "5H", "5D", "5C"], combo: { kind: "bomb" } };
  assert.deepEqual(cuesForSnapshot({ view, event: bomb }), ["bomb", "turn"]);
  assert.deepEqual(cuesForSnapshot({ view: { ...view, to_move: 2 }, event: { seat: 1, cards: null } }), ["pass"]);
  assert.deepEqual(cuesForSnapshot({ view: { ...view, over: true, winner: 0 }, event: { seat: 0, cards: ["3S"], combo: { kind: "single" } } }), ["play", "win"]);
  assert.deepEqual(cuesForSnapshot({ view: { ...view, over: true, winner: 2 }, event: null }), []); // a reload of a finished hand
  assert.ok(CUE_NAMES.includes("tick"));

  const made = [];
  class FakeContext {
    constructor() {
      this.currentTime = 0;
      this.destination = {};
      this.state = "running";
      made.push(this);
    }
    createOscillator() {
      return { type: "", frequency: {}, connect() {}, start() {}, stop() {} };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
    }
  }
  const activation = { hasBeenActive: false };
  const sound = createSound({ AudioContextClass: FakeContext, activation });
  assert.equal(sound.play("play"), 0); // off by default
  sound.prepare();
  assert.equal(made.length, 0); // off: no context is made ahead either
  sound.setEnabled(true);
  assert.equal(sound.play("play"), 0); // no tap yet: the browser would refuse
  assert.equal(made.length, 0);
  // Made ahead while the page loads, it waits suspended and plays nothing before a tap...
  sound.prepare();
  assert.equal(made.length, 1);
  made[0].state = "suspended";
  let resumed = 0;
  made[0].resume = () => {
    resumed += 1;
    made[0].state = "running";
    return Promise.resolve();
  };
  assert.equal(sound.play("play"), 0);
  assert.equal(resumed, 0);
  // ...and the first tap resumes it: the first sound makes no context of its own.
  activation.hasBeenActive = true;
  sound.touched();
  assert.equal(resumed, 1);
  assert.equal(sound.play(["bomb", "nonsense"]), 2);
  assert.equal(sound.play("turn"), 2);
  assert.equal(made.length, 1);
  assert.equal(createSound({ AudioContextClass: null }).play("play"), 0);
});

test("how to play: every preset in both languages, the same sections, its own rules", () => {
  const presets = engineHello().presets;
  assert.deepEqual(presets.map((p) => p.name), ["standard", "classic16", "compact15", "club"]);
  const ids = (name, lang) => howToPlay(presetSummary(name), lang).sections.map((s) => s.id);
  for (const preset of presets) {
    assert.deepEqual(ids(preset.name, "zh"), ids(preset.name, "en"), preset.name);
    for (const lang of ["en", "zh"]) {
      for (const section of howToPlay(preset, lang).sections) {
        assert.ok(section.heading, `${preset.name} ${lang} ${section.id}`);
        assert.ok(section.paragraphs.length + section.items.length > 0, `${preset.name} ${lang} ${section.id}`);
        // Every placeholder filled.
        for (const text of [...section.paragraphs, ...section.items.map((i) => i.text)]) assert.doesNotMatch(text, /[{}]|undefined|NaN/, text);
      }
    }
    // No English words left in the Chinese text (ranks, key caps and Esc are not words).
    const zh = howToPlay(preset, "zh").sections.flatMap((s) => [s.heading, ...s.paragraphs, ...s.items.map((i) => i.text)]).join(" ");
    const words = (zh.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !["Esc", "Home", "End"].includes(w));
    assert.deepEqual(words, [], preset.name);
    assert.ok(scoringLine(preset, "en").startsWith("Scoring"));
    assert.ok(scoringLine(preset, "zh").startsWith("计分"));
  }
  for (const needed of ["deck", "lead", "kinds", "follow", "pass", "last-card", "scoring", "keys"]) {
    assert.ok(ids("standard", "en").includes(needed), needed);
  }
  assert.ok(ids("club", "en").includes("timer"));
  assert.ok(!ids("standard", "en").includes("timer"));
  assert.ok(!ids("classic16", "en").includes("last-play")); // no short last play there
  const text = (name) => JSON.stringify(howToPlay(presetSummary(name), "en"));
  assert.match(text("compact15"), /45 cards/);
  assert.match(text("compact15"), /face up/);
  assert.match(text("classic16"), /must include ♠3/);
  assert.match(text("club"), /pays nothing/);
  assert.match(text("standard"), /need not contain ♠3/);
  // Before the engine has said what its presets are, only what holds at every table.
  assert.deepEqual(howToPlay(null, "en").sections.map((s) => s.id), ["goal", "table", "keys"]);
  assert.equal(scoringLine(null, "en"), "");
  // Each kind of play the preset has, in the engine's order, with its example
  // (the browser test reads each back through the engine).
  for (const preset of presets) {
    const kinds = howToPlay(preset, "en").sections.find((s) => s.id === "kinds").items;
    assert.deepEqual(kinds.map((item) => item.kind), preset.kinds, preset.name);
    assert.ok(kinds.every((item) => item.cards.length > 0), preset.name);
    const other = howToPlay(preset, "en").sections.filter((s) => s.id !== "kinds").flatMap((s) => s.items);
    assert.ok(other.every((item) => item.kind === null && item.cards.length === 0), preset.name);
  }
});

/** Every paragraph and item of How to play for `preset` in `lang`, as one text. */
function helpText(preset, lang = "en") {
  return howToPlay(preset, lang)
    .sections.flatMap((s) => [s.heading, ...s.paragraphs, ...s.items.map((i) => i.text)])
    .join("\n");
}

test("how to play says each preset's facts as the engine's summary has them, so a changed rule changes the text", () => {
  for (const preset of engineHello().presets) {
    const en = helpText(preset);
    const zh = helpText(preset, "zh");
    assert.ok(en.includes(`${preset.deck_size} cards`) && en.includes(`${preset.hand_size} cards each`), preset.name);
    assert.ok(zh.includes(`共 ${preset.deck_size} 张`) && zh.includes(`每人 ${preset.hand_size} 张`), preset.name);
    assert.ok(en.includes(`Low to high: ${preset.deck.map(([rank]) => rank).join(" ")}.`), preset.name);
    const { bombs } = preset.scoring;
    assert.ok(en.includes(`+${bombs.to_bomber}, −${bombs.per_opponent}, −${bombs.per_opponent}`), preset.name);
    assert.ok(en.includes(`${preset.hand_size} cards cost ${preset.hand_size * preset.scoring.per_card * preset.scoring.shut_out_multiplier}`));
    assert.equal(/You must beat if you can/.test(en), preset.must_beat, preset.name);
    assert.equal(/Bombs may be split/.test(en), preset.bombs_splittable, preset.name);
    assert.equal(/A short last play/.test(en), preset.short_last_play, preset.name);
    assert.equal(/Turn timer/.test(en), preset.timer !== null, preset.name);
    if (preset.timer) assert.ok(en.includes(`You have ${preset.timer.lead} seconds to lead and ${preset.timer.follow} to follow`));
  }
  // A rules object that differs says so: no must-beat, bombs split, a bigger bomb, a longer timer, alerts at three.
  const standard = presetSummary("standard");
  const changed = {
    ...standard,
    must_beat: false,
    bombs_splittable: true,
    spade3_first: true,
    alert_counts: [1, 3],
    scoring: { ...standard.scoring, one_card_pays: 0, bombs: { mode: "every", per_opponent: 7, to_bomber: 14 } },
    timer: { lead: 40, follow: 30 },
  };
  const text = helpText(changed);
  assert.match(text, /Nobody has to beat/);
  assert.match(text, /may also play them apart/);
  assert.match(text, /first play must include ♠3/);
  assert.match(text, /down to three cards/);
  assert.match(text, /exactly one card left pays nothing/);
  assert.match(text, /\+14, −7, −7\), beaten or not/);
  assert.match(text, /40 seconds to lead and 30 to follow/);
  assert.equal(scoringLine(changed, "en"), "Scoring: one card left pays nothing, more pay 1 point each; shut out pays double; every bomb +14 to its player, −7 to each other player.");
  // The deck: what is taken out, and the ranks left short, named.
  assert.match(helpText(presetSummary("compact15")), /without ♥2 ♦2 ♣2 ♥A ♦A ♣A ♠K\. That leaves one 2 \(♠2\), one ace \(♠A\) and three kings\./);
  assert.match(helpText(presetSummary("compact15"), "zh"), /只剩一张 2（♠2）、一张 A（♠A）和三张 K。/);
  assert.match(helpText(presetSummary("compact15")), /straights 3 to A; pair runs and planes 3 to K/);
  assert.match(helpText(presetSummary("standard")), /straights, pair runs and planes 3 to A/);
  // The result's reminder, per preset.
  assert.equal(scoringLine(presetSummary("standard"), "en"), "Scoring: 1 point per card left; shut out pays double; a winning bomb takes 10 from each other player.");
  assert.equal(scoringLine(presetSummary("classic16"), "zh"), "计分：每张剩牌 1 分；全关付双倍；每个炸弹出牌者 +4，另两家各 −2。");
});

test("card labels name the rank in words in English, suit then rank in Chinese", () => {
  assert.equal(cardLabel(translatorFor("en"), "QH"), "Queen of hearts");
  assert.equal(cardLabel(translatorFor("en"), "10S"), "10 of spades");
  assert.equal(cardLabel(translatorFor("zh"), "QH"), "红桃Q");
  assert.equal(cardShort("7H"), "♥7");
  assert.equal(cardShort("10C"), "♣10");
});

const CLUB = presetSummary("club");
const STANDARD = presetSummary("standard");

/** A club hand, your lead, with West on two cards and East on one. */
const clubView = () => tableView({ rules: "club", counts: [3, 2, 1], last_card: [false, false, true], alerts: [false, true, true] });

function clubState(overrides = {}) {
  const you = { lead: true, can_pass: false, pass_refusal: null, hints: [["3S"]], greyed: [] };
  return baseState(
    { deal_code: "D1", view: clubView(), you },
    {
      settings: { level: "easy", preset: "club", language: "en", speed: "normal", sound: "off" },
      presets: [STANDARD, CLUB],
      hintIndex: 0,
      panel: null,
      handLevel: "easy",
      timer: null,
      autoPlay: false,
      timeoutsInRow: 0,
      focusCard: null,
      focusIndex: 0,
      ...overrides,
    },
  );
}

test("the table model: seats lit as the engine says (club: at two and one cards), and labelled", () => {
  const model = buildTableModel(clubState());
  assert.deepEqual(model.seats.map((s) => s.alert), [null, 2, 1]);
  assert.deepEqual(model.seats.map((s) => s.warning), [false, false, true]);
  assert.deepEqual(model.seats.map((s) => s.flag), [
    { text: "", tone: "" },
    { text: "Two cards!", tone: "warning" },
    { text: "Last card!", tone: "warning" },
  ]);
  assert.equal(model.seats[1].label, "West: 2 cards, two cards left");
  assert.equal(model.seats[2].label, "East: 1 card, last card");
  assert.equal(model.seats[0].label, "You: 3 cards, to play");
  // Which seats are lit is the engine's (`alerts`): a standard table lights only the seat on one card.
  const standardView = { ...clubState().snapshot.view, rules: "standard", alerts: [false, false, true] };
  const standard = buildTableModel(clubState({ snapshot: { ...clubState().snapshot, view: standardView } }));
  assert.deepEqual(standard.seats.map((s) => s.alert), [null, null, 1]);
});

test("the table model: the timer, auto-play locking the hand, the face-up card, the ♠3 prompt", () => {
  const timed = buildTableModel(clubState({ timer: { seconds: 4, total: 20, paused: false, expired: false } }));
  assert.equal(timed.dialogs.timer.seconds, 4);
  assert.equal(timed.dialogs.timer.urgent, true);
  assert.equal(timed.dialogs.timer.fraction, 0.2);
  assert.equal(timed.dialogs.timer.label, "Time left: 4 seconds");
  assert.equal(timed.hand.locked, false);
  const auto = buildTableModel(clubState({ autoPlay: true, timer: { seconds: 4, total: 20, paused: false } }));
  assert.equal(auto.dialogs.timer, null);
  assert.equal(auto.dialogs.auto.text, "Auto-play is on");
  assert.equal(auto.hand.locked, true);
  assert.equal(auto.buttons.hint.enabled, false);
  // The hand auto-play was on in is over: its bar goes (no turn is left to play for you).
  const ended = clubState({ autoPlay: true });
  const endedModel = buildTableModel({ ...ended, snapshot: { ...ended.snapshot, view: { ...ended.snapshot.view, over: true, winner: 1 }, you: null } });
  assert.equal(endedModel.dialogs.auto, null);

  const view = { ...clubState().snapshot.view, rules: "compact15", face_up: { card: "7H", seat: 1 } };
  const faceUp = buildTableModel(clubState({ snapshot: { ...clubState().snapshot, view } }));
  assert.equal(faceUp.faceUp.text, "West holds the face-up ♥7 and leads first");
  assert.equal(faceUp.faceUp.card.code, "7H");
  assert.equal(faceUp.faceUp.seat, 1);
  // With the player on the right playing after you, seat 1 sits on the right: East.
  const right = buildTableModel(clubState({ settings: { ...clubState().settings, direction: "right" }, snapshot: { ...clubState().snapshot, view } }));
  assert.equal(right.faceUp.text, "East holds the face-up ♥7 and leads first");
  assert.deepEqual(right.seats.map((s) => [s.side, s.name]), [["me", "You"], ["right", "East"], ["left", "West"]]);
  const mine = buildTableModel(clubState({ lang: "zh", snapshot: { ...clubState().snapshot, view: { ...view, face_up: { card: "9C", seat: 0 } } } }));
  assert.equal(mine.faceUp.text, "你持有明牌 ♣9，由你先出");
  // ... and marked in your hand, where it is said too.
  assert.deepEqual(mine.hand.cards.filter((c) => c.faceUp).map((c) => c.code), ["9C"]);
  assert.match(mine.hand.cards.find((c) => c.code === "9C").label, /明牌$/);
  // Once its holder has opened the felt gives the card's room to the plays; the hand's mark stays.
  const opened = { ...view, face_up: { card: "9C", seat: 0 }, history: [{ seat: 0, cards: ["3S"], trick_start: 0 }] };
  const afterTheOpening = buildTableModel(clubState({ snapshot: { ...clubState().snapshot, view: opened } }));
  assert.equal(afterTheOpening.faceUp, null);
  assert.deepEqual(afterTheOpening.hand.cards.filter((c) => c.faceUp).map((c) => c.code), ["9C"]);
  // A computer seat that opened still holding the card: its flag names it, until it is played.
  // (no seat lit: a warning would take the flag's line first)
  const quiet = { alerts: [false, false, false], last_card: [false, false, false] };
  const westOpened = { ...view, ...quiet, history: [{ seat: 1, cards: ["3S"], trick_start: 0 }], to_move: 2 };
  const holding = buildTableModel(clubState({ snapshot: { ...clubState().snapshot, view: { ...westOpened, face_up_held: true } } }));
  assert.deepEqual(holding.seats.map((s) => s.flag.text), ["", "Face-up ♥7", "Thinking…"]);
  assert.equal(holding.seats[1].flag.tone, "face-up");
  // A seat down to its last card is warned of first.
  const lit = buildTableModel(clubState({ snapshot: { ...clubState().snapshot, view: { ...westOpened, face_up_held: true, last_card: [false, true, false] } } }));
  assert.deepEqual(lit.seats[1].flag, { text: "Last card!", tone: "warning" });
  assert.match(holding.seats[1].label, /holds the face-up ♥7/);
  const holdingZh = buildTableModel(clubState({ lang: "zh", snapshot: { ...clubState().snapshot, view: { ...westOpened, face_up_held: true } } }));
  assert.equal(holdingZh.seats[1].flag.text, "明牌 ♥7");
  const playedIt = buildTableModel(clubState({ snapshot: { ...clubState().snapshot, view: { ...westOpened, face_up_held: false } } }));
  assert.deepEqual(playedIt.seats.map((s) => s.flag.text), ["", "", "Thinking…"]);
  // At the deal the card itself lies by the seat: no flag says it twice.
  assert.equal(buildTableModel(clubState({ snapshot: { ...clubState().snapshot, view: { ...view, ...quiet, face_up_held: true } } })).seats[1].flag.text, "");

  // The status line on your turn is the engine's prompt, from the Snapshot itself: no "Your turn"
  // while a judgement is on its way, and on club's first lead the ♠3 the engine asks for.
  const first = { ...clubState().snapshot.you, prompt: { en: "Your lead: the first play must include ♠3.", zh: "轮到你先出：第一手牌必须包含黑桃3。" } };
  const spade3 = buildTableModel(clubState({ snapshot: { ...clubState().snapshot, you: first } }));
  assert.equal(spade3.status.text, "Your lead: the first play must include ♠3.");
  assert.equal(buildTableModel(clubState({ lang: "zh", snapshot: { ...clubState().snapshot, you: first } })).status.text, "轮到你先出：第一手牌必须包含黑桃3。");
  // Auto-play on: the line says what happens to this turn rather than prompting a locked hand,
  // and not the bar's words again.
  const autoTurn = buildTableModel(clubState({ autoPlay: true, snapshot: { ...clubState().snapshot, you: first } }));
  assert.equal(autoTurn.status.text, "This turn is played for you: tap a card or Stop auto to play yourself.");
  assert.equal(autoTurn.dialogs.auto.text, "Auto-play is on");
  assert.ok(!autoTurn.status.text.includes(autoTurn.dialogs.auto.text));
});

test("the table model: settings and help panels in the chosen language", () => {
  const open = buildTableModel(clubState({ panel: "help", lang: "zh" }));
  assert.equal(open.dialogs.open, "help");
  assert.equal(open.dialogs.help.title, "玩法：俱乐部");
  assert.ok(open.dialogs.help.sections.some((s) => s.id === "timer"));
  assert.equal(buildTableModel(clubState()).dialogs.help, null); // built only while open
  // A hand dealt under other rules than the setting (a club deal link while the setting is
  // standard): How to play describes the hand on the table, and says the next one uses the setting.
  const other = buildTableModel(clubState({ panel: "help", settings: { ...clubState().settings, preset: "standard" } })).dialogs.help;
  assert.equal(other.title, "How to play: Club");
  assert.equal(other.preset, "club");
  assert.ok(other.sections.some((s) => s.id === "timer")); // club's clock, not standard's rules
  assert.match(other.thisHand, /hand on the table \(Club\).*next hand is played with Standard/);
  const otherZh = buildTableModel(clubState({ panel: "help", lang: "zh", settings: { ...clubState().settings, preset: "standard" } })).dialogs.help;
  assert.equal(otherZh.title, "玩法：俱乐部");
  assert.match(otherZh.thisHand, /桌上这一局（俱乐部）.*下一局/);
  assert.equal(open.dialogs.help.thisHand, ""); // the same rules: nothing to note
  assert.equal(buildTableModel(clubState()).dialogs.settings, null); // built only while open
  const settings = buildTableModel(clubState({ panel: "settings", settings: { ...clubState().settings, preset: "standard", level: "hard" } })).dialogs.settings;
  assert.equal(settings.thisHand, "This hand: Club, Easy."); // the hand on the table, not the next one
  // Play turned round since the deal: the line says how the hand on the table sits.
  const turned = (lang) => buildTableModel(clubState({ lang, panel: "settings", handDirection: "left", settings: { ...clubState().settings, direction: "right" } })).dialogs.settings.thisHand;
  assert.equal(turned("en"), "This hand: Club, Easy, West plays after you.");
  assert.equal(turned("zh"), "本局：俱乐部，简单，西家是你的下家。");
  assert.deepEqual(settings.language.options.map((o) => [o.label, o.lang]), [["English", "en"], ["简体中文", "zh-Hans"]]);
  assert.deepEqual(settings.sound.options.map((o) => o.value), ["off", "on"]);
});

test("the session's running totals go with the seats' names (by side), whichever way play turns", () => {
  const stored = new Map();
  const storage = { readText: (key) => stored.get(key) ?? null, writeText: (key, text) => (stored.set(key, text), true) };
  const score = createSessionScore({ storage });
  const over = (total) => ({ view: { over: true, settlement: { total } } });
  // Play goes left: seat 1 (West) wins a hand.
  score.onSnapshot(over([-4, 10, -6]), "h1", "left");
  assert.deepEqual(score.view().totals, [-4, 10, -6]);
  // The next hand is dealt with play turned to the right: seat 1 sits on the right (East) and wins again.
  score.onSnapshot(over([-3, 8, -5]), "h2", "right");
  assert.deepEqual(score.view().totals, [-7, 5, 2]); // you, West (+10 - 5), East (-6 + 8)
  score.onSnapshot(over([-3, 8, -5]), "h2", "left"); // the same hand again (a reload): counted once
  assert.deepEqual(score.view().totals, [-7, 5, 2]);
  const finished = tableView({ over: true, winner: 1, settlement: { total: [-3, 8, -5], cards_left: [3, 0, 5], shut_out: [false, false, false], bombs: [0, 0, 0] } });
  const model = buildTableModel(baseState({ view: finished, you: null }, { session: score.view(), handDirection: "right" }));
  const row = (name) => model.result.rows.find((r) => r.name === name);
  assert.equal(row("East").session, "+2"); // -6 then +8: East's own running total
  assert.equal(row("West").session, "+5"); // +10 then -5
});

test("the hand on the table keeps the seats it was dealt with when the player turns play round", () => {
  const settlement = { total: [-3, 8, -5], cards_left: [3, 0, 5], shut_out: [false, false, false], bombs: [0, 0, 0] };
  const finished = tableView({ over: true, winner: 1, settlement });
  // Dealt with play to the right; the setting now says left: the hand's seats stand.
  const turned = { ...DEFAULT_SETTINGS, direction: "left" };
  const model = buildTableModel(baseState({ view: finished, you: null }, { handDirection: "right", settings: turned }));
  assert.equal(model.result.title, "East wins the hand");
  assert.equal(model.seats.find((seat) => seat.seat === 1).side, "right");
  const playing = buildTableModel(baseState({}, { handDirection: "right", settings: turned }));
  assert.deepEqual(playing.seats.map((s) => [s.side, s.name]), [["me", "You"], ["right", "East"], ["left", "West"]]);
});

test("a hand that just ended shows its last play, then the cards left face up, then the result", () => {
  const finished = tableView({ over: true, winner: 1, settlement: { total: [-3, 8, -5], cards_left: [3, 0, 5], shut_out: [false, false, false], bombs: [0, 0, 0] } });
  const snapshot = { view: finished, you: null, reveal: [["3S", "4H", "9D"], [], ["5C", "6C", "7C", "8C", "JD"]] };
  const at = (endStage) => buildTableModel(baseState(snapshot, { endStage }));
  const revealed = (model) => model.seats.map((seat) => seat.reveal?.cards.length ?? 0);
  assert.deepEqual(revealed(at(0)), [0, 0, 0]);
  // The room for them is made at once, with the last play (the seats move once).
  assert.deepEqual(at(0).seats.map((seat) => seat.revealRoom), [true, false, true]);
  // The result is not up (its words are there from the last play, to be laid out unseen).
  assert.equal(at(0).result.title, "West wins the hand");
  assert.equal(at(0).resultUp, false);
  assert.deepEqual(revealed(at(1)), [3, 0, 5]);
  // Each captioned with how many, so they are not read as a play.
  assert.deepEqual(at(1).seats.map((seat) => seat.reveal?.caption ?? null), ["3 left", null, "5 left"]);
  assert.equal(at(1).resultUp, false);
  assert.equal(at(1).result.title, "West wins the hand");
  // The last trick: a loser's play gives way to its cards left; the winning play stays.
  const trick = [{ seat: 2, cards: ["3D", "3H"] }, { seat: 0, cards: null }, { seat: 1, cards: ["KD", "KH"] }];
  const lastTrick = { ...snapshot, view: { ...finished, history: trick, trick_start: 0 } };
  const plays = (stage) => buildTableModel(baseState(lastTrick, { endStage: stage })).seats.map((seat) => Boolean(seat.action));
  assert.deepEqual(plays(0), [true, true, true]);
  assert.deepEqual(plays(1), [false, true, false]);
  // Your cards left go from your hand to the felt's foot: shown once, not twice.
  const yours = { ...snapshot, view: { ...finished, hand: ["3S", "4H", "9D"] } };
  assert.equal(buildTableModel(baseState(yours, { endStage: 0 })).hand.cards.length, 3);
  assert.equal(buildTableModel(baseState(yours, { endStage: 1 })).hand.cards.length, 0);
  assert.deepEqual(revealed(at(2)), [3, 0, 5]);
  assert.ok(at(2).result && at(2).resultUp);
  // A restored or reloaded hand (no stage given) is shown whole.
  const restored = buildTableModel(baseState(snapshot));
  assert.ok(restored.result && restored.resultUp);
});

test("the seat to move shows nothing of what it did earlier in the trick", () => {
  const played = (history, to_move) =>
    buildTableModel(baseState({ view: tableView({ history, trick_start: 0, to_move }), you: null })).seats.map((seat) => Boolean(seat.action));
  // You led, West beat it, East passed: your lead is behind you once it is your turn again.
  assert.deepEqual(played([{ seat: 0, cards: ["3S"] }, { seat: 1, cards: ["5D"] }, { seat: 2, cards: null }], 0), [false, true, true]);
  // West led, East beat it, you passed: West's lead goes as West is to move; your "Pass" stays.
  assert.deepEqual(played([{ seat: 1, cards: ["5D"] }, { seat: 2, cards: ["9D"] }, { seat: 0, cards: null }], 1), [true, false, true]);
});

test("the notice of a turn the timer played names the move: the play's words, or a pass", () => {
  const t = translatorFor("en");
  const zh = translatorFor("zh");
  const after = (action) => ({ view: tableView({ history: [{ seat: 1, cards: null, combo: null }, action] }) });
  const pair = { seat: 0, cards: ["QS", "QH"], combo: { text: { en: "pair of Qs", zh: "对Q" } } };
  const played = timeoutNotice("timedOut", after(pair));
  assert.equal(say(t, played), "Time is up: your pair of Qs was played for you.");
  assert.equal(say(zh, played), "时间到：已替你出对Q。");
  assert.equal(say(t, timeoutNotice("timedOut", after({ seat: 0, cards: null, combo: null }))), "Time is up: passed for you.");
  // Auto-play switched on says that; a move not made (no Snapshot, another seat's last) the plain words.
  assert.deepEqual(timeoutNotice("autoStarted", after(pair)), { key: "autoStarted" });
  assert.deepEqual(timeoutNotice("timedOut", null), { key: "timedOut" });
  assert.deepEqual(timeoutNotice("timedOut", after({ seat: 2, cards: ["3S"], combo: { text: { en: "single 3", zh: "单张3" } } })), { key: "timedOut" });
});

test("a timeout on a turn whose only move is to pass neither counts toward auto-play nor breaks a run", async () => {
  const time = fakeTime();
  const shown = [];
  let key = null;
  const doc = { visibilityState: "visible", addEventListener() {} };
  const clock = createTurnClock({
    win: { document: doc, location: { search: "?turn-seconds=1" }, setTimeout() {} },
    sound: { play() {} },
    notices: { show: (notice) => shown.push(notice?.key ?? null) },
    update() {},
    timerFor: () => ({ lead: 20, follow: 15 }),
    turnKey: () => key,
    isBusy: () => false,
    onTimeout: async () => null,
    time,
  });
  const turn = (k, forced) => {
    key = k;
    clock.sync({ key: k, rules: "club", lead: false, forced });
    time.advance(1200);
  };
  turn("t1", false); // a turn with a choice: the first timeout
  turn("t2", true); // nothing beats: the table passes, and it counts for nothing
  turn("t3", true);
  await Promise.resolve();
  assert.equal(clock.autoPlay, false);
  turn("t4", false); // the second timeout of a turn with a choice: auto-play
  assert.equal(clock.autoPlay, true);
  await Promise.resolve();
  // Each forced one says it was not counted, so the "two in a row" after it adds up.
  assert.deepEqual(shown, ["timedOut", "timedOutForced", "timedOutForced", "autoStarted"]);
  assert.match(say(translatorFor("en"), { key: "timedOutForced" }), /does not count toward auto-play/);
  assert.match(say(translatorFor("zh"), { key: "timedOutForced" }), /不计入连续超时/);
});
