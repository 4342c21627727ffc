// Unit tests of a table that never contradicts itself: the status line's
// words and the buttons from the same Snapshot, the last card rule marked
// apart from greyed cards, the refusals of P and X, the settings added, and
// the Chinese text (one word for a pass, no ASCII space after Chinese
// punctuation). Node's own runner, no browser, no engine.

import assert from "node:assert/strict";
import { test } from "node:test";

import { STRINGS, translatorFor } from "../../web/js/i18n/i18n.js";
import { howToPlay, scoringLine } from "../../web/js/i18n/how_to_play.js";
import { engineHello } from "./engine_hello.mjs";
import { buildTableModel } from "../../web/js/model/table_model.js";
import { cannotBeat, selectionPlayable } from "../../web/js/game/turn_facts.js";
import { DEFAULT_SETTINGS, readSettings, withSetting } from "../../web/js/store/preferences.js";
import { state as base, view } from "./table_fixtures.mjs";

const PAIR_OF_8S = { seat: 2, cards: ["8H", "8D"], combo: { kind: "pair", k: 1, key: "8", text: { en: "pair of 8s", zh: "对8" } } };

/** You to follow East's pair of 8s, with seat 1 (after you) on one card. */
function followView(overrides = {}) {
  return view({
    hand: ["9S", "QS", "QH", "KS"],
    counts: [4, 1, 3],
    standing: PAIR_OF_8S,
    history: [PAIR_OF_8S],
    trick_start: 0,
    last_card: [false, true, false],
    ...overrides,
  });
}

/** What the engine sends for each situation of the person's turn (shapes of docs/PROTOCOL.md). */
const YOU = {
  mustBeat: {
    lead: false,
    can_pass: false,
    pass_refusal: { code: "must_beat", message: { en: "You can't pass: you can beat it (your pair of queens, for one).", zh: "有牌必压，不能不出（比如对Q就压得过）。" } },
    hints: [["QS", "QH"]],
    greyed: ["9S", "KS"],
    single_barred: [],
    prompt: { en: "Your turn: beat the pair of 8s.", zh: "请选能压过对8的牌。" },
  },
  nothingBeats: {
    lead: false,
    can_pass: true,
    pass_refusal: null,
    hints: [],
    greyed: ["9S", "QS", "QH", "KS"],
    single_barred: [],
    prompt: { en: "You can't beat the pair of 8s: pass.", zh: "压不过对8：只能不出。" },
  },
  leadBound: {
    lead: true,
    can_pass: false,
    pass_refusal: { code: "leader_cannot_pass", message: { en: "You lead this trick: you cannot pass.", zh: "这一轮由你先出，不能不出。" } },
    hints: [["QS", "QH"], ["KS"]],
    greyed: ["9S"],
    single_barred: ["9S", "QS", "QH"],
    prompt: {
      en: "Your lead. Next player on one card: a single must be ♠K.",
      zh: "轮到你先出。下家报单：单张只能出最大的黑桃K。",
    },
  },
};

function state(you, overrides = {}) {
  const settings = { ...DEFAULT_SETTINGS, level: "easy", language: "en", sound: "off" };
  const snapshot = { view: followView(you.lead ? { standing: null, history: [] } : {}), you };
  return base(snapshot, { settings, presets: [{ name: "standard", label: { en: "Standard", zh: "标准" }, timer: null, alert_counts: [1] }], autoPlay: false, timer: null, panel: null, ...overrides });
}

test("the status line on your turn is the engine's prompt, and Pass is the main button when nothing beats", () => {
  const must = buildTableModel(state(YOU.mustBeat));
  assert.equal(must.status.text, "Your turn: beat the pair of 8s.");
  assert.equal(must.buttons.pass.enabled, false);
  assert.equal(must.buttons.primary, "play");

  const none = buildTableModel(state(YOU.nothingBeats));
  assert.equal(none.status.text, "You can't beat the pair of 8s: pass.");
  assert.equal(none.buttons.pass.enabled, true);
  assert.equal(none.buttons.hint.enabled, false);
  assert.equal(none.buttons.primary, "pass");
  assert.equal(buildTableModel(state(YOU.nothingBeats, { lang: "zh" })).status.text, "压不过对8：只能不出。");
  // Passing automatically (the setting): the line says the pass is coming, not to press Pass.
  const auto = (lang) => buildTableModel(state(YOU.nothingBeats, { lang, settings: { ...state(YOU.nothingBeats).settings, autoPass: "on" } }));
  assert.equal(auto("en").status.text, "You can't beat it: passing for you.");
  assert.equal(auto("zh").status.text, "压不过：自动不出。");
  assert.equal(buildTableModel(state(YOU.mustBeat, { settings: { ...state(YOU.mustBeat).settings, autoPass: "on" } })).status.text, must.status.text);
  // Not your turn to act (a request in flight): Play stays the main button.
  assert.equal(buildTableModel(state(YOU.nothingBeats, { busy: true })).buttons.primary, "play");

  // A selection: its judgement; before any selection, never "Your turn" once the Snapshot is in.
  const judged = { legal: true, code: null, combo: null, message: { en: "Pair of queens: beats the pair of 8s", zh: "对Q，压过对8" } };
  const selected = buildTableModel(state(YOU.mustBeat, { selection: ["QS", "QH"], judgement: judged }));
  assert.deepEqual(selected.status, { text: "Pair of queens: beats the pair of 8s", tone: "good" });
  // The selection emptied again while an old judgement is still kept: back to the prompt.
  assert.equal(buildTableModel(state(YOU.mustBeat, { judgement: judged })).status.text, YOU.mustBeat.prompt.en);
});

test("greyed: cards in no legal play; the last card rule's barred singles get a mark and a reason", () => {
  const follow = buildTableModel(state(YOU.mustBeat));
  assert.deepEqual(follow.hand.cards.map((c) => [c.code, c.greyed, c.singleBarred]), [
    ["9S", true, false],
    ["QS", false, false], // the pair of queens beats: never greyed
    ["QH", false, false],
    ["KS", true, false],
  ]);
  const lead = buildTableModel(state(YOU.leadBound));
  assert.deepEqual(lead.hand.cards.map((c) => [c.code, c.greyed, c.singleBarred]), [
    ["9S", true, false], // greyed already: no second mark
    ["QS", false, true],
    ["QH", false, true],
    ["KS", false, false],
  ]);
  const queen = lead.hand.cards[1];
  assert.equal(queen.label, "Queen of spades, not as a single: the next player has one card");
  assert.equal(queen.singleBarredText, "not as a single: the next player has one card");
  assert.match(lead.status.text, /a single must be ♠K\.$/);
  const zh = buildTableModel(state(YOU.leadBound, { lang: "zh" }));
  assert.equal(zh.hand.cards[1].label, "黑桃Q，不能单出：下家报单");
});

test("a refusal of P or X names the seat to play in the seating chosen", () => {
  const flash = { message: { key: "notYourTurn" }, seat: 1, tone: "bad" };
  const theirs = state(YOU.mustBeat, { flash });
  assert.deepEqual(buildTableModel(theirs).status, { text: "Not your turn yet: West to play.", tone: "bad" });
  const right = { ...theirs, settings: { ...theirs.settings, direction: "right" }, lang: "zh" };
  assert.equal(buildTableModel(right).status.text, "还没轮到你：等待东家出牌。");
  const refusal = { message: YOU.mustBeat.pass_refusal.message, tone: "bad" };
  assert.equal(buildTableModel(state(YOU.mustBeat, { flash: refusal })).status.text, YOU.mustBeat.pass_refusal.message.en);
});

test("cannotBeat reads the engine's facts: following, no legal play listed, the pass allowed", () => {
  assert.equal(cannotBeat(YOU.nothingBeats), true);
  assert.equal(cannotBeat(YOU.mustBeat), false);
  assert.equal(cannotBeat(YOU.leadBound), false);
  assert.equal(cannotBeat(null), false);
  assert.equal(cannotBeat({ ...YOU.nothingBeats, can_pass: false }), false);
});

test("Play works once the engine judged the selection legal, or while it judges one of the plays it listed", () => {
  const you = { hints: [["10D", "10C"], ["KS"]] };
  // Hint's selection rises before the engine's judgement of it comes back: Play works already.
  assert.equal(selectionPlayable(["10C", "10D"], null, true, you), true);
  assert.equal(selectionPlayable(["KS"], { legal: false }, true, you), true);
  // Cards the engine did not list wait for its judgement, which then decides.
  assert.equal(selectionPlayable(["10H", "10C"], null, true, you), false);
  assert.equal(selectionPlayable(["10H", "10C"], { legal: true }, false, you), true);
  assert.equal(selectionPlayable(["10D"], { legal: false }, false, you), false);
  assert.equal(selectionPlayable(["10D", "10C", "KS"], null, true, you), false);
  assert.equal(selectionPlayable([], null, false, you), false);
  assert.equal(selectionPlayable(["KS"], null, true, null), false);
});

test("settings: passing by itself when nothing beats is off unless chosen, and kept", () => {
  assert.equal(DEFAULT_SETTINGS.autoPass, "off");
  assert.equal(readSettings(null).autoPass, "off");
  const on = withSetting(readSettings(null), "autoPass", "on");
  assert.equal(readSettings(JSON.stringify(on)).autoPass, "on");
  assert.equal(readSettings(JSON.stringify({ autoPass: "always" })).autoPass, "off");
  const model = buildTableModel(state(YOU.mustBeat, { panel: "settings", settings: { ...state(YOU.mustBeat).settings, autoPass: "on" } }));
  assert.deepEqual(model.dialogs.settings.autoPass, { value: "on", options: [{ value: "off", label: "Off" }, { value: "on", label: "On" }] });
  assert.equal(model.dialogs.texts.autoPassLabel, "Pass automatically when I can't beat");
});

/** Every Chinese text the table shows: the UI strings, How to play and the scoring lines of each preset. */
function chineseTexts() {
  const texts = Object.entries(STRINGS.zh).map(([key, text]) => [key, text]);
  for (const preset of engineHello().presets) {
    for (const section of howToPlay(preset, "zh").sections) {
      for (const text of [section.heading, ...section.paragraphs, ...section.items.map((i) => i.text)]) texts.push([`${preset.name}/${section.id}`, text]);
    }
    texts.push([`${preset.name}/scoring`, scoringLine(preset, "zh")]);
  }
  return texts;
}

test("Chinese: one word for a pass (不出) and no ASCII space after Chinese punctuation", () => {
  const texts = chineseTexts();
  assert.ok(texts.length > 150);
  assert.deepEqual(texts.filter(([, text]) => text.includes("不要")), []);
  assert.equal(STRINGS.zh.pass, "不出");
  assert.equal(STRINGS.zh.passed, "不出");
  assert.deepEqual(texts.filter(([, text]) => /[。，、：；！？）」”] /.test(text)), []);
  // Sentences put together: the result's footer, and a replay caption with the winner.
  const t = translatorFor("zh");
  assert.equal(t("resultHands", { n: 4 }), "已打 4 局。");
  assert.equal([t("replayPasses", { name: "西家" }), t("replayYouWin")].join(t("sentenceJoin")), "西家：不出。你赢了这一局。");
  const over = view({ over: true, winner: 0, to_move: null, standing: null, settlement: { cards_left: [0, 3, 5], shut_out: [false, false, false], bombs: [0, 0, 0], total: [8, -3, -5] } });
  const result = buildTableModel(state(YOU.mustBeat, { lang: "zh", snapshot: { game: {}, deal_code: "A1", view: over, you: null, event: null }, session: { totals: [8, -3, -5], hands: 4, counted: [] } })).result;
  assert.doesNotMatch(result.footer, /[。，：] /);
  assert.match(result.footer, /已打 4 局。$/);
});

test("cards Hint raised say which hint they are: the best the search found, or one of the others", () => {
  const judged = { legal: true, code: null, combo: null, message: { en: "Pair of queens: beats the pair of 8s", zh: "对Q，压过对8" } };
  const at = (hintPick, lang = "en", extra = {}) =>
    buildTableModel(state(YOU.mustBeat, { lang, selection: ["QS", "QH"], judgement: judged, hintPick, ...extra })).status.text;
  assert.equal(at({ n: 1, total: 3, best: true }), "Best found · Pair of queens: beats the pair of 8s");
  assert.equal(at({ n: 2, total: 3, best: false }), "Hint 2 of 3 · Pair of queens: beats the pair of 8s");
  assert.equal(at({ n: 2, total: 3, best: false }, "zh"), "提示 2/3 · 对Q，压过对8");
  // Cards of the player's own choosing: the judgement alone, as before.
  assert.equal(at(null), "Pair of queens: beats the pair of 8s");
  // A judgement of other cards still on its way is no hint's.
  assert.equal(at({ n: 1, total: 3, best: true }, "en", { judgementStale: true }), "Pair of queens: beats the pair of 8s");
});
