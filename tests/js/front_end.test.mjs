// Unit tests of the front end's pure modules, run with Node's own test runner
// (`node --test tests/js`, part of `python build.py test`): no browser, no engine.

import assert from "node:assert/strict";
import { test } from "node:test";

import { pickLanguage, pickMessage, translate } from "../../web/js/i18n/i18n.js";
import { SAVE_FORMAT, isSameDeal, makeSave, readSave, viewProblem } from "../../web/js/store/save.js";
import { addHandToSession, readSession, readSettings, withSetting, EMPTY_SESSION } from "../../web/js/store/preferences.js";
import { createSettingsKeeper } from "../../web/js/store/settings_keeper.js";
import { createStorage } from "../../web/js/store/storage.js";
import { dealCodeFromHash, dealLink, withoutHash } from "../../web/js/game/deal_link.js";
import { parseCard, sameRank } from "../../web/js/game/cards.js";
import { buildTableModel } from "../../web/js/model/table_model.js";
import { createFrameScheduler } from "../../web/js/app/frame.js";
import { createOfflineSupport } from "../../web/js/app/offline.js";
import { state as base, view } from "./table_fixtures.mjs";

const VIEW = Object.freeze(view({ hand: ["3S", "3H", "5D"], counts: [3, 15, 16], played: [false, false, false], unseen: [["3", 2], ["5", 3]] }));

function saveText(overrides = {}) {
  const snapshot = { game: { any: "thing" }, deal_code: "A1", view: VIEW };
  return JSON.stringify({ ...makeSave({ snapshot, handId: "h1", level: "easy", preset: "standard" }), ...overrides });
}

test("translate fills placeholders and falls back to English, then the key", () => {
  assert.equal(translate("en", "cardsLeft", { n: 5 }), "5 cards");
  assert.equal(translate("zh", "cardsLeft", { n: 5 }), "5 张");
  assert.equal(translate("fr", "play"), "Play");
  assert.equal(translate("en", "no_such_key"), "no_such_key");
  assert.equal(pickMessage("zh", { en: "a", zh: "乙" }), "乙");
  assert.equal(pickMessage("zh", "plain"), "plain");
  assert.equal(pickLanguage(null, ["zh-CN", "en"]), "zh");
  assert.equal(pickLanguage(null, ["de-DE"]), "en");
  assert.equal(pickLanguage("en", ["zh-CN"]), "en");
});

test("a good save reads back", () => {
  const read = readSave(saveText());
  assert.equal(read.status, "ok");
  assert.equal(read.save.format, SAVE_FORMAT);
  assert.equal(readSave(null).status, "none");
});

test("damaged, foreign, old and tampered saves are refused", () => {
  assert.deepEqual(readSave("{nope").reason, "unreadable");
  assert.equal(readSave(JSON.stringify({ app: "other" })).reason, "unreadable");
  assert.equal(readSave(saveText({ format: SAVE_FORMAT - 1 })).reason, "old_version");
  assert.equal(readSave(saveText({ level: 42 })).status, "refused");
  assert.equal(readSave(saveText({ level: "" })).status, "refused");
  // Which levels exist is the engine's: its load refuses a level it does not know.
  assert.equal(readSave(saveText({ level: "godlike" })).status, "ok");
  assert.equal(readSave(saveText({ game: null })).status, "refused");
  // The page deals every hand from a seed: a save without a deal code was not made here.
  assert.equal(readSave(saveText({ dealCode: null })).status, "refused");
  assert.equal(isSameDeal("A1", { deal_code: "A1" }), true);
  assert.equal(isSameDeal("A1", { deal_code: null }), false);
  assert.equal(isSameDeal(null, { deal_code: null }), false);
});

test("a malformed saved view is no preview, and the save still holds its game", () => {
  assert.deepEqual(readSave(saveText()).preview, VIEW);
  const damaged = {
    hand: { ...VIEW, hand: ["ZZ"] },
    counts: { ...VIEW, counts: [1, 2] },
    "hand size": { ...VIEW, counts: [4, 15, 16] },
    unseen: { ...VIEW, unseen: [1, 2, 3] },
    "unseen null": { ...VIEW, unseen: [null] },
    trick_start: { ...VIEW, trick_start: -5 },
    "trick_start past the history": { ...VIEW, trick_start: 3 },
    "history entry": { ...VIEW, history: ["x"] },
    last_card: { ...VIEW, last_card: [{}, {}, {}] },
    face_up: { ...VIEW, face_up: { card: "ZZ", seat: 0 } },
    settlement: { ...VIEW, over: true, settlement: { total: [1, 2] } },
    "over without settlement": { ...VIEW, over: true },
    standing: { ...VIEW, standing: { seat: 5, cards: [] } },
  };
  for (const [name, view] of Object.entries(damaged)) {
    assert.notEqual(viewProblem(view), null, name);
    const read = readSave(saveText({ view }));
    assert.equal(read.status, "ok", name);
    assert.equal(read.preview, null, name);
    assert.deepEqual(read.save.game, { any: "thing" }, name);
  }
  assert.equal(viewProblem({ ...VIEW, counts: [4, 15, 16] }), "hand size");
  assert.equal(viewProblem({ ...VIEW, trick_start: 0 }), null);
  assert.equal(viewProblem(VIEW), null);
});

test("settings keep only known values; the session counts each hand once", () => {
  assert.equal(readSettings("{bad").level, "medium");
  assert.equal(readSettings(JSON.stringify({ level: "hard", speed: "warp" })).level, "hard");
  assert.equal(readSettings(JSON.stringify({ speed: "warp" })).speed, "normal");
  const settings = readSettings(null);
  assert.equal(withSetting(settings, "speed", "warp"), settings);
  assert.equal(withSetting(settings, "level", "easy").level, "easy");
  // A level is the engine's word: the one stored gives way to those its hello lists.
  const keeper = createSettingsKeeper({
    win: { navigator: { languages: ["en"] } },
    storage: createStorage(null),
  });
  keeper.choose("level", "godlike");
  keeper.adopt({ presets: [], levels: [] }); // no hello yet: nothing to judge by
  assert.equal(keeper.current.level, "godlike");
  keeper.adopt({ presets: [], levels: ["easy", "medium", "hard"] });
  assert.equal(keeper.current.level, "medium");
  const once = addHandToSession(EMPTY_SESSION, "h1", [5, -2, -3]);
  assert.deepEqual(once.totals, [5, -2, -3]);
  assert.equal(addHandToSession(once, "h1", [5, -2, -3]), once);
  assert.deepEqual(addHandToSession(once, "h2", [-1, 2, -1]).totals, [4, 0, -4]);
  assert.deepEqual(readSession(JSON.stringify(once)).totals, [5, -2, -3]);
  assert.deepEqual(readSession("[]"), EMPTY_SESSION);
});

test("storage falls back to memory when localStorage throws", () => {
  const hostile = {
    getItem() {
      throw new Error("denied");
    },
    setItem() {
      throw new Error("denied");
    },
    removeItem() {
      throw new Error("denied");
    },
  };
  const storage = createStorage(hostile);
  const heard = [];
  storage.onTrouble((kind) => heard.push(kind));
  assert.equal(storage.writeText("k", "v"), false);
  assert.equal(storage.persistent, false);
  assert.equal(storage.readText("k"), "v");
  storage.remove("k");
  assert.equal(storage.readText("k"), null);
  storage.writeText("k", "w");
  assert.deepEqual(heard, ["failing"]); // told once, when it starts
  assert.equal(createStorage(null).trouble, "blocked");
});

test("with the quota full, what is stored still reads back; a refused write is kept for the page", () => {
  const data = new Map([["save", "old"]]);
  const full = {
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem() {
      throw new Error("QuotaExceededError");
    },
    removeItem: (key) => data.delete(key),
  };
  const storage = createStorage(full);
  assert.equal(storage.readText("save"), "old");
  assert.equal(storage.trouble, null); // reading is no trouble
  assert.equal(storage.writeText("save", "new"), false);
  assert.equal(storage.trouble, "failing");
  assert.equal(storage.readText("save"), "new");
  storage.remove("save");
  assert.equal(data.has("save"), false);
});

test("deal links", () => {
  assert.equal(dealCodeFromHash("#deal=A1739204"), "A1739204");
  assert.equal(dealCodeFromHash("#deal="), null);
  assert.equal(dealCodeFromHash("#other"), null);
  // A link given to others keeps the page's path, not its query (this page's own settings).
  assert.equal(dealLink("https://x.io/sub/?reply-delay=200#old", "A1"), "https://x.io/sub/#deal=A1");
  assert.equal(withoutHash("https://x.io/sub/#deal=A1"), "https://x.io/sub/");
});

test("cards", () => {
  assert.deepEqual(parseCard("10H"), { rank: "10", suit: "H" });
  assert.equal(parseCard("1H"), null);
  assert.deepEqual(sameRank(["3S", "3H", "4S"], "3C"), ["3S", "3H"]);
});

function state(overrides = {}) {
  const you = { lead: true, can_pass: false, pass_refusal: { code: "leader_cannot_pass", message: { en: "You lead", zh: "你先出" } }, hints: [["3S"]], greyed: ["5D"] };
  const settings = { level: "easy", preset: "standard", language: "en", speed: "normal" };
  return base({ view: VIEW, you }, { settings, presets: [{ name: "standard", label: { en: "Standard", zh: "标准" } }], hintIndex: 0, ...overrides });
}

test("the table model: Play only on a legal selection (judged, or listed by the engine), Pass locked with its reason", () => {
  const idle = buildTableModel(state());
  assert.equal(idle.buttons.play.enabled, false);
  assert.equal(idle.buttons.pass.enabled, false);
  assert.equal(idle.buttons.pass.reason, "You lead");
  // The lead's prompt says it already: no line of its own under the status.
  assert.equal(idle.buttons.pass.reasonShown, false);
  const mustBeat = { code: "must_beat", message: { en: "You can't pass: you can beat it.", zh: "有牌必压" } };
  const following = (overrides = {}) => {
    const you = { lead: false, can_pass: false, pass_refusal: mustBeat, hints: [["3S"]], greyed: [] };
    return buildTableModel(state({ snapshot: { ...state().snapshot, you }, ...overrides }));
  };
  assert.equal(following().buttons.pass.reasonShown, true);
  // Cards selected: the status judges them, and the line gives their words its room.
  const judgedLine = { legal: false, code: "x", combo: null, message: { en: "Single K cannot follow the pair", zh: "单张K压不过对子" } };
  const selected = following({ selection: ["3S"], judgement: judgedLine }).buttons.pass;
  assert.deepEqual([selected.reason, selected.reasonShown], ["You can't pass: you can beat it.", false]);
  assert.equal(idle.buttons.hint.enabled, true);
  assert.deepEqual(idle.hand.cards.map((c) => c.greyed), [false, false, true]);
  const judged = { legal: true, code: null, combo: null, message: { en: "Single 3", zh: "单张3" } };
  assert.equal(buildTableModel(state({ selection: ["3S"], judgement: judged })).buttons.play.enabled, true);
  // Its judgement on the way: a play the engine listed (a hint's cards) may go already, others wait.
  assert.equal(buildTableModel(state({ selection: ["3S"], judgement: null, judgementStale: true })).buttons.play.enabled, true);
  assert.equal(buildTableModel(state({ selection: ["3S", "4H"], judgement: judged, judgementStale: true })).buttons.play.enabled, false);
  // The judgement of the cards selected before: kept while the new one is on its way (no
  // flicker of the prompt between two), replaced by the prompt once the new one is late.
  const before = { legal: false, code: "x", combo: null, message: { en: "Single 5 cannot follow the pair of 3s", zh: "单张5压不过对3" } };
  const waiting = (late) => following({ selection: ["3S"], judgement: before, judgementStale: true, judgementLate: late });
  assert.equal(waiting(false).status.text, "Single 5 cannot follow the pair of 3s");
  assert.equal(waiting(true).buttons.play.enabled, true); // a play the engine listed
  assert.notEqual(waiting(true).status.text, "Single 5 cannot follow the pair of 3s");
  assert.equal(waiting(true).status.tone, "info");
  assert.equal(buildTableModel(state({ selection: ["3S"], judgement: judged, busy: true })).buttons.play.enabled, false);
  const loading = buildTableModel(state({ engine: "loading" }));
  assert.equal(loading.hand.locked, true);
  assert.equal(loading.buttons.hint.enabled, false);
  assert.equal(loading.boot.visible, true);
  assert.equal(loading.boot.compact, true);
});

test("the table model: result totals and the boot progress", () => {
  const over = {
    ...VIEW,
    over: true,
    winner: 1,
    to_move: null,
    counts: [3, 0, 16],
    settlement: { cards_left: [3, 0, 16], shut_out: [false, false, true], bombs: [0, 0, 0], total: [-3, 35, -32] },
  };
  const model = buildTableModel(state({ snapshot: { game: {}, deal_code: "A1", view: over, you: null, event: null } }));
  assert.deepEqual(model.result.rows.map((r) => r.total), ["-3", "+35", "-32"]);
  assert.equal(model.result.rows[2].shutOut, "Yes");
  // A last-card warning goes out with the hand.
  const warned = buildTableModel(state({ snapshot: { game: {}, deal_code: "A1", view: { ...over, alerts: [true, false, false], last_card: [true, false, false] }, you: null, event: null } }));
  assert.deepEqual(warned.seats.map((seat) => [seat.warning, seat.alert]), [[false, null], [false, null], [false, null]]);
  // The result sheet is up, with its own New hand: the bar's does not glow beside it.
  assert.equal(model.bar.newHighlighted, false);
  assert.equal(buildTableModel(state({ snapshot: { game: {}, deal_code: "A1", view: over, you: null, event: null }, endStage: 1 })).bar.newHighlighted, true);
  const booting = buildTableModel(state({ engine: "loading", snapshot: null, boot: { phase: "download", loaded: 6.5e6, total: 13e6 } }));
  assert.equal(booting.boot.percent, 50);
  assert.match(booting.boot.text, /6\.5 of 13\.0 MB \(50%\)/);
  assert.equal(booting.boot.compact, false);
  const failed = buildTableModel(state({ engine: "error", boot: { error: { reason: "boot-timeout", detail: "x" } } }));
  assert.equal(failed.boot.retry, "Retry");
});

/** A window whose frames and timers run only when the test says (frame.js's scheduler). */
function fakeWindow() {
  const frames = [];
  const timers = [];
  const win = {
    document: { visibilityState: "visible", addEventListener() {} },
    performance: { now: () => 0, measure() {} },
    requestAnimationFrame: (callback) => frames.push(callback),
    cancelAnimationFrame: (id) => {
      frames[id - 1] = null;
    },
    setTimeout: (callback) => timers.push(callback),
    clearTimeout: (id) => {
      timers[id - 1] = null;
    },
  };
  const runAll = (queue) => {
    const due = queue.splice(0).filter(Boolean);
    for (const callback of due) callback();
  };
  return { win, frame: () => runAll(frames), timers: () => runAll(timers) };
}

test("a tap on the hand draws the hand at once and the whole table only after that frame is painted", () => {
  const { win, frame, timers } = fakeWindow();
  const drawn = [];
  const scheduler = createFrameScheduler(win, { all: () => drawn.push("all"), boot: () => drawn.push("boot"), hand: () => drawn.push("hand") });
  scheduler.handInput(() => scheduler.update());
  assert.deepEqual(drawn, ["hand"]); // before the event returns: the card rises, nothing else
  frame(); // the frame that shows it: no whole-table drawing in it
  assert.deepEqual(drawn, ["hand"]);
  timers(); // once it is painted
  assert.deepEqual(drawn, ["hand", "all"]);
});

test("a tap while a drawing is due draws the whole table at once: the hand never runs ahead of it", () => {
  const { win, frame } = fakeWindow();
  const drawn = [];
  const scheduler = createFrameScheduler(win, { all: () => drawn.push("all"), boot: () => drawn.push("boot"), hand: () => drawn.push("hand") });
  scheduler.update(); // a computer seat's move came in
  scheduler.handInput(() => scheduler.update());
  assert.deepEqual(drawn, ["all"]);
  frame();
  assert.deepEqual(drawn, ["all"]);
  // And a tap that changes nothing draws nothing.
  scheduler.handInput(() => {});
  assert.deepEqual(drawn, ["all"]);
});

test("a hand's end says who won it, or plainly who went out first when a bomb left the winner behind", () => {
  const ended = (winner, total) => {
    const view = { ...VIEW, over: true, winner, settlement: { winner, cards_left: [0, 3, 5], shut_out: [false, false, false], bombs: [0, 0, 0], total } };
    return buildTableModel(state({ snapshot: { ...state().snapshot, view } }));
  };
  const won = ended(0, [8, -3, -5]);
  assert.equal(won.status.text, "You win the hand!");
  assert.equal(won.result.title, "You win the hand!");
  const behind = ended(0, [-4, 14, -10]); // a bomb of West's took 10 from you
  assert.equal(behind.status.text, "You went out first");
  assert.equal(behind.result.title, "You went out first");
  assert.match(ended(1, [-10, -3, 13]).result.title, /went out first$/);
});

test("the unseen-card counter has no title while the engine boots, before there is a hand to count", () => {
  const booting = buildTableModel(base({ game: null }, { engine: "booting", boot: { phase: "runtime", loaded: 1, total: 4, error: null } }));
  assert.equal(booting.counter.title, "");
  assert.deepEqual(booting.counter.ranks, []);
  const dealt = buildTableModel(state());
  assert.equal(dealt.counter.title, "Unseen");
});

test("offline: a page its service worker controls already is ready at once; registering waits for enable()", async () => {
  let registered = 0;
  const worker = (controller) => ({
    controller,
    ready: Promise.resolve(),
    register: async () => {
      registered += 1;
      return { addEventListener() {}, installing: null, waiting: null };
    },
  });
  const updater = { watch() {}, onUpdate() {} };
  let updates = 0;
  const update = () => {
    updates += 1;
  };
  const returning = createOfflineSupport({ win: { navigator: { serviceWorker: worker({}) } }, updater, update });
  assert.equal(returning.ready, true); // the mark shows from the first drawing
  const first = createOfflineSupport({ win: { navigator: { serviceWorker: worker(null) } }, updater, update });
  assert.equal(first.ready, false);
  assert.equal(registered, 0); // nothing registered before the table asks
  const secure = globalThis.isSecureContext;
  globalThis.isSecureContext = true;
  try {
    first.enable();
    first.enable(); // once only
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    globalThis.isSecureContext = secure;
  }
  assert.equal(registered, 1);
  assert.equal(first.ready, true);
  assert.equal(updates, 1);
});
