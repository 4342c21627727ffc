// The hand controller with a stand-in engine: the hand's difficulty is the
// one the engine keeps for it (Snapshot.level), not the setting of the moment.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createHandController } from "../../web/js/game/hand_controller.js";
import { state as base, view } from "./table_fixtures.mjs";

/** A hand controller on `client`, a stand-in engine, with every other part a quiet stand-in. */
function standIns(client, { level = "medium", written = new Map(), whenDrawn = (callback) => callback(), afterPaint, whenLanded, now, settings, followers = [], isCovered, update = () => {} } = {}) {
  return createHandController({
    client,
    storage: { writeText: (key, text) => (written.set(key, text), true), remove: (key) => written.delete(key) },
    settings: settings ?? { current: { level, preset: "standard", speed: "fast", autoPass: "off" } },
    clock: { sync() {}, autoPlay: false, personActed() {}, stopAuto: () => false },
    notices: { show() {} },
    update,
    whenDrawn,
    afterPaint,
    whenLanded,
    now,
    isReady: () => true,
    onWorked() {},
    followers,
    onAbandoned() {},
    isCovered,
  });
}

/** Your turn's facts as the engine sends them (Snapshot.you): by default, a lead with three plays. */
function yours(overrides = {}) {
  return { lead: true, can_pass: false, pass_refusal: null, hints: [["3S"], ["5D"], ["9C"]], greyed: [], single_barred: [], prompt: { en: "", zh: "" }, ...overrides };
}

/** A Snapshot of the fixture's hand: its view with `fields`, and `extra` beside the view (`you`). */
function snapshotAt(fields = {}, extra = {}, level = "medium") {
  return { ...base({ view: view(fields), ...extra }).snapshot, level };
}

function controller({ settingsLevel = "medium", ...options } = {}) {
  const sent = [];
  const written = new Map();
  const client = {
    async request(type, fields) {
      sent.push({ type, ...fields });
      return { ok: false, error: { code: "internal", message: { en: "stop here", zh: "到此为止" } } };
    },
  };
  const hand = standIns(client, { level: settingsLevel, written, ...options });
  return { hand, sent, written };
}

test("a computer seat plays at the level the engine keeps for the hand, and the save says it", async () => {
  const { hand, sent, written } = controller({ settingsLevel: "easy" });
  const snapshot = base({ view: view({ to_move: 1 }) }).snapshot;
  hand.open({ ...snapshot, level: "hard" }, "h1");
  assert.equal(hand.view().handLevel, "hard");
  assert.equal(JSON.parse(written.get("paodekuai.save")).level, "hard");
  await new Promise((resolve) => setTimeout(resolve, 400)); // the computer seat's pause (fast)
  assert.deepEqual(sent, [{ type: "bot_turn", level: "hard" }]);
  hand.halt();
});

test("a reply without the hand's level (an older engine) keeps the setting the hand was dealt at", () => {
  const { hand } = controller({ settingsLevel: "medium" });
  hand.open(base({ view: view() }).snapshot, "h1");
  assert.equal(hand.view().handLevel, "medium");
  hand.halt();
});

test("a hand keeps the seating it was dealt with: a change of the setting seats the next hand", () => {
  const settings = { current: { level: "medium", preset: "standard", speed: "fast", autoPass: "off", direction: "left" } };
  const followed = [];
  const { hand, written } = controller({ settings, followers: [(snapshot, handId, seating) => followed.push([handId, seating])] });
  const snapshot = base({ view: view() }).snapshot;
  hand.open({ ...snapshot, level: "medium" }, "h1");
  assert.equal(hand.view().handDirection, "left");
  settings.current = { ...settings.current, direction: "right" }; // turned mid-hand
  hand.open({ ...snapshot, level: "medium" }, "h1"); // the same hand moves on
  assert.equal(hand.view().handDirection, "left");
  assert.equal(JSON.parse(written.get("paodekuai.save")).direction, "left");
  hand.open({ ...snapshot, level: "medium" }, "h2"); // the next deal
  assert.equal(hand.view().handDirection, "right");
  assert.deepEqual(followed, [["h1", "left"], ["h1", "left"], ["h2", "right"]]);
  // A hand read back from its save sits as it was dealt, whatever the setting says now.
  hand.showSaved({ handId: "h3", level: "medium", direction: "left", game: {}, dealCode: "A1" }, view());
  assert.equal(hand.view().handDirection, "left");
  hand.showSaved({ handId: "h4", level: "medium", direction: "sideways", game: {}, dealCode: "A1" }, view());
  assert.equal(hand.view().handDirection, "right"); // a save without a seating of its own: the setting's
  hand.halt();
});

test("no move is made while a dialog covers the table: the computer seat plays once it closes", async () => {
  let covered = true;
  const { hand, sent } = controller({ isCovered: () => covered });
  hand.open(snapshotAt({ to_move: 1 }), "h1");
  await new Promise((resolve) => setTimeout(resolve, 700)); // over twice the pause before a move (fast)
  assert.deepEqual(sent, []);
  covered = false;
  hand.uncovered();
  await new Promise((resolve) => setTimeout(resolve, 700));
  assert.deepEqual(sent, [{ type: "bot_turn", level: "medium" }]);
  hand.halt();
});

/** A controller whose engine answers Hint `pendingSlices` times with HintPending first. */
function hintController(pendingSlices, options = {}) {
  const sent = [];
  let left = pendingSlices;
  const client = {
    async request(type, fields) {
      sent.push({ type, ...fields });
      await new Promise((resolve) => setTimeout(resolve, options.replyMs ?? 1));
      if (type === "hint") {
        if (left > 0) {
          left -= 1;
          return { ok: true, result: { pending: true, worlds: 12 * (pendingSlices - left) } };
        }
        return { ok: true, result: { cards: ["9C"], combo: null, hints: [["9C"], ["3S"], ["5D"]] } };
      }
      return { ok: false, error: { code: "internal", message: { en: "stop here", zh: "到此为止" } } };
    },
  };
  const hand = standIns(client, options);
  const you = yours();
  hand.open(snapshotAt({}, { you }), "h1");
  return { hand, sent };
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `ready()` holds (a loaded machine may run the stand-in's timers late). */
async function until(ready, ms = 5000) {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error("timed out");
    await settle(5);
  }
}

test("Hint's first press asks for the coach's search in slices until the answer, then selects it", async () => {
  const { hand, sent } = hintController(2);
  hand.actions.hint();
  await until(() => hand.view().selection.length > 0);
  const hints = sent.filter((request) => request.type === "hint");
  assert.equal(hints.length, 3);
  assert.ok(hints.every((request) => request.slice_ms === 200), JSON.stringify(hints));
  assert.deepEqual(hand.view().selection, ["9C"]);
  assert.deepEqual(hand.view().hintPick, { n: 1, total: 3, best: true }); // the search's best
  hand.actions.hint(); // the next press cycles the engine's order: no more requests
  assert.deepEqual(hand.view().selection, ["3S"]);
  assert.deepEqual(hand.view().hintPick, { n: 2, total: 3, best: false });
  assert.equal(sent.filter((request) => request.type === "hint").length, 3);
  hand.toggleCard("5D"); // cards of the player's own: no hint's any more
  assert.equal(hand.view().hintPick, null);
  hand.halt();
});

test("a press waiting for Hint's search is busy at once and draws nothing more until the answer", async () => {
  let drawings = 0;
  const { hand } = hintController(0, { replyMs: 400, update: () => (drawings += 1) });
  await settle();
  drawings = 0; // the hand's opening drawn
  hand.actions.hint();
  assert.equal(hand.view().hintWaiting, true); // the button busy from the press (its spinner: CSS)
  assert.equal(drawings, 1); // the press
  await settle(300); // past the spinner's 150 ms, the search still under way
  assert.equal(drawings, 1);
  await until(() => !hand.view().hintWaiting);
  assert.deepEqual(hand.view().hintPick, { n: 1, total: 3, best: true });
  assert.ok(drawings >= 2);
  hand.halt();
});

test("Hint's search is asked for once the press has been painted, not in the press's own frame", async () => {
  const paints = [];
  const paint = () => paints.splice(0).forEach((callback) => callback());
  const { hand, sent } = hintController(0, { afterPaint: (callback) => paints.push(callback) });
  await settle();
  hand.actions.hint();
  assert.equal(hand.view().hintWaiting, true); // the press is drawn busy at once
  await settle();
  assert.equal(sent.filter((request) => request.type === "hint").length, 0); // its frame not yet painted
  paint();
  await until(() => hand.view().selection.length > 0);
  assert.equal(sent.filter((request) => request.type === "hint").length, 1);
  assert.deepEqual(hand.view().selection, ["9C"]);
  hand.halt();
});

test("a press whose position is gone before its frame is painted asks for nothing", async () => {
  const paints = [];
  const { hand, sent } = hintController(0, { afterPaint: (callback) => paints.push(callback) });
  await settle();
  hand.actions.hint();
  hand.open(snapshotAt({}, { you: yours({ hints: [["3S"]] }) }), "h2"); // another hand meanwhile
  paints.splice(0).forEach((callback) => callback());
  await settle();
  assert.equal(sent.filter((request) => request.type === "hint").length, 0);
  hand.halt();
});

test("a Hint still searching is no longer asked for once the hand has moved on", async () => {
  const { hand, sent } = hintController(50);
  hand.actions.hint();
  await settle(10);
  const you = yours({ hints: [["3S"]] });
  hand.open(snapshotAt({}, { you }), "h2"); // another hand
  const asked = sent.filter((request) => request.type === "hint").length;
  await settle();
  assert.ok(sent.filter((request) => request.type === "hint").length <= asked + 1);
  assert.deepEqual(hand.view().selection, []);
  hand.halt();
});

test("a tap made before Hint's cards were drawn acts on the cards the player saw", async () => {
  let time = 0;
  const drawings = [];
  const draw = () => drawings.splice(0).forEach((callback) => callback());
  const { hand } = hintController(1, { whenDrawn: (callback) => drawings.push(callback), now: () => time });
  hand.actions.hint();
  await until(() => hand.view().selection.length > 0);
  assert.deepEqual(hand.view().selection, ["9C"]); // the answer came, not drawn yet
  // A finger that went down before the drawing meant the table it saw: no hint on it.
  hand.toggleCard("5D", 100);
  assert.deepEqual(hand.view().selection, ["5D"]);

  // Once the hint's cards are on screen, a tap adds to them.
  hand.clearSelection();
  hand.actions.hint(); // the next press cycles the kept order: 3S
  assert.deepEqual(hand.view().selection, ["3S"]);
  time = 200;
  draw();
  hand.toggleCard("5D", 150); // (a later press's selection is not the answer's: taken as it is)
  assert.deepEqual(hand.view().selection, ["3S", "5D"]);
  hand.halt();
});

test("a tap after Hint's answer was drawn adds to the hint's cards", async () => {
  let time = 0;
  const drawings = [];
  const { hand } = hintController(1, { whenDrawn: (callback) => drawings.push(callback), now: () => time });
  hand.actions.hint();
  await until(() => hand.view().selection.length > 0);
  time = 200;
  drawings.splice(0).forEach((callback) => callback());
  hand.toggleCard("5D", 250);
  assert.deepEqual(hand.view().selection, ["5D", "9C"]);
  hand.toggleCard("3S"); // a key press or a test: no time, as it is now
  assert.deepEqual(hand.view().selection, ["3S", "5D", "9C"]);
  hand.halt();
});

/** A controller whose engine answers Hint only while `engine.answers` (pending slices else). */
function lookAheadController(options = {}) {
  const sent = [];
  const engine = { answers: true };
  const client = {
    async request(type, fields) {
      sent.push({ type, ...fields });
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (type === "hint") {
        if (!engine.answers) return { ok: true, result: { pending: true, worlds: 12 } };
        return { ok: true, result: { cards: ["9C"], combo: null, hints: [["9C"], ["3S"], ["5D"]] } };
      }
      return { ok: false, error: { code: "internal", message: { en: "stop here", zh: "到此为止" } } };
    },
  };
  const hand = standIns(client, options);
  const you = yours();
  /** Your turn after `moves` moves of hand h1. */
  const turn = (moves) =>
    hand.open(snapshotAt({ history: Array.from({ length: moves }, () => ({ seat: 1, cards: null })) }, { you }), "h1");
  const hints = () => sent.filter((request) => request.type === "hint").length;
  return { hand, engine, turn, hints };
}

/** Your first turn, with Hint pressed and its play selected: later turns look ahead. */
async function hintUsed(hand, turn) {
  turn(0);
  hand.actions.hint();
  await until(() => hand.view().selection.length > 0);
}

/** Hint pressed on one turn, then the next turn begun with a search that takes many slices. */
async function searchingAhead(hand, engine, turn) {
  await hintUsed(hand, turn);
  engine.answers = false;
  turn(3);
  await settle(10);
}

test("a player who never pressed Hint has no search asked for as their turns begin", async () => {
  const { hand, turn, hints } = lookAheadController();
  turn(0);
  await settle();
  turn(3);
  await settle();
  assert.equal(hints(), 0);
  assert.equal(hand.view().hintReady, false);
  hand.halt();
});

test("once Hint was pressed, each later turn's search is asked for as the turn begins: a press shows it at once", async () => {
  const { hand, turn, hints } = lookAheadController();
  await hintUsed(hand, turn);
  turn(3); // your next turn
  await until(() => hand.view().hintReady);
  assert.deepEqual(hand.view().selection, []); // looked ahead: kept, not shown
  const asked = hints();
  assert.ok(asked >= 2);
  hand.actions.hint();
  assert.deepEqual(hand.view().selection, ["9C"]); // at once, no more requests
  assert.equal(hints(), asked);
  hand.halt();
});

test("a turn's look-ahead waits for the play it answers to land; a landing after the turn has gone asks nothing", async () => {
  const landings = [];
  const { hand, turn, hints } = lookAheadController({ whenLanded: (callback) => landings.push(callback) });
  await hintUsed(hand, turn);
  const asked = hints();
  turn(3);
  await settle(10);
  assert.equal(hints(), asked); // the play this turn answers is still in the air
  turn(6); // the next turn came first
  landings.shift()();
  await settle(10);
  assert.equal(hints(), asked);
  landings.shift()();
  await until(() => hand.view().hintReady);
  assert.ok(hints() > asked);
  hand.halt();
});

test("a look-ahead stops when the player picks cards of their own; a press then asks again", async () => {
  const { hand, engine, turn, hints } = lookAheadController();
  await searchingAhead(hand, engine, turn);
  hand.toggleCard("5D");
  await settle();
  const asked = hints();
  await settle();
  assert.equal(hints(), asked); // stopped: the worker is the player's
  assert.equal(hand.view().hintReady, false);
  assert.deepEqual(hand.view().selection, ["5D"]);
  engine.answers = true;
  hand.actions.hint(); // asks again (the worker goes on from where its search stands)
  await until(() => hand.view().selection.includes("9C"));
  assert.deepEqual(hand.view().selection, ["9C"]);
  assert.ok(hints() > asked);
  hand.halt();
});

test("Hint pressed while the look-ahead is still searching shows its answer when it comes", async () => {
  const { hand, engine, turn, hints } = lookAheadController();
  await searchingAhead(hand, engine, turn);
  const asked = hints();
  hand.actions.hint(); // the search under way is the press's now: no second one
  engine.answers = true;
  await until(() => hand.view().selection.length > 0);
  assert.deepEqual(hand.view().selection, ["9C"]);
  assert.ok(hints() <= asked + 1, `${hints()} ${asked}`); // the search under way answered the press
  hand.halt();
});

test("a judgement of the selection that takes long is marked late, and no longer once it came", async () => {
  let answer = null;
  const client = {
    request: (type) =>
      type === "judge"
        ? new Promise((resolve) => { answer = resolve; })
        : Promise.resolve({ ok: false, error: { code: "internal", message: { en: "", zh: "" } } }),
  };
  const hand = standIns(client);
  const you = yours({ hints: [["3S"], ["5D"]] });
  hand.open(snapshotAt({}, { you }), "h1");
  hand.toggleCard("3S");
  assert.deepEqual([hand.view().judgementStale, hand.view().judgementLate], [true, false]);
  await settle(100);
  assert.equal(hand.view().judgementLate, false);
  await settle(100); // past JUDGEMENT_LATE_MS
  assert.equal(hand.view().judgementLate, true);
  answer({ ok: true, result: { legal: true, code: null, combo: null, message: { en: "Single 3", zh: "单张3" } } });
  await settle(5);
  assert.deepEqual([hand.view().judgementStale, hand.view().judgementLate], [false, false]);
  hand.halt();
});

test("a deal the engine refuses leaves the hand on the table going on, a computer seat's move on its way made again", async () => {
  const sent = [];
  const client = {
    async request(type, fields) {
      sent.push({ type, ...fields });
      await new Promise((resolve) => setTimeout(resolve, type === "bot_turn" ? 50 : 1));
      if (type === "from_code") return { ok: false, error: { code: "bad_code", message: { en: "no", zh: "不" } } };
      // The engine's game: the move made on its way (dropped), then set back to the table's.
      return { ok: true, result: snapshotAt({ to_move: 1 }, {}, "easy") };
    },
  };
  const hand = standIns(client);
  hand.open(snapshotAt({ to_move: 1 }, {}, "easy"), "h1");
  await new Promise((resolve) => setTimeout(resolve, 320)); // the computer seat's pause (fast): its move goes out
  assert.deepEqual(sent.map((r) => r.type), ["bot_turn"]);
  const refused = [];
  await hand.replace("from_code", { code: "A12", level: "easy" }, null, (error) => refused.push(error.code));
  assert.deepEqual(refused, ["bad_code"]);
  assert.equal(hand.view().flash, null); // the status line keeps the turn's words
  assert.equal(hand.view().handId, "h1");
  assert.deepEqual(sent.map((r) => r.type), ["bot_turn", "from_code", "load"]);
  await new Promise((resolve) => setTimeout(resolve, 400)); // and the hand goes on
  assert.deepEqual(sent.map((r) => r.type), ["bot_turn", "from_code", "load", "bot_turn"]);
  hand.halt();
});

test("New hand during the end's beats shows the cards left and the result at once; the next press deals", async () => {
  const sent = [];
  const client = {
    async request(type, fields) {
      sent.push({ type, ...fields });
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (type === "play") {
        const over = view({ hand: [], counts: [0, 5, 7], to_move: null, over: true, winner: 0 });
        return { ok: true, result: { ...base({ view: over }).snapshot, reveal: [[], ["4S"], ["6D"]], level: "easy" } };
      }
      return { ok: true, result: snapshotAt({}, {}, "easy") };
    },
  };
  // Nothing is ever drawn here: the beats never start on their own.
  const hand = standIns(client, { whenDrawn() {} });
  const you = yours({ hints: [["3S"]] });
  hand.open(snapshotAt({ hand: ["3S"], counts: [1, 5, 7] }, { you }, "easy"), "h1");
  await hand.act("play", { cards: ["3S"] });
  assert.equal(hand.over, true);
  assert.equal(hand.view().endStage, 0); // the last play alone on the table
  hand.actions.new();
  assert.equal(hand.view().endStage, 2); // the whole end, now
  assert.deepEqual(sent.map((r) => r.type), ["play"]); // and no new deal yet
  hand.actions.new();
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(sent.map((r) => r.type), ["play", "new_game"]);
  assert.equal(hand.view().handId !== "h1", true);
  hand.halt();
});

/**
 * A controller whose engine judges every pick legal and keeps a computer seat's move on its
 * way until `answerBot(snapshot)`; `sent`: the requests, in order.
 */
function pickAheadController() {
  const sent = [];
  let answer = null;
  const client = {
    request(type, fields) {
      sent.push({ type, ...fields });
      if (type === "judge") return Promise.resolve({ ok: true, result: { legal: true, code: null, combo: null, message: { en: "", zh: "" } } });
      return new Promise((resolve) => { answer = resolve; });
    },
  };
  return { hand: standIns(client), sent, answerBot: (result) => answer({ ok: true, result }) };
}

test("cards picked while the computer seats move stay up when your turn comes, and are judged then", async () => {
  const { hand, sent, answerBot } = pickAheadController();
  const you = yours();
  const others = [{ seat: 1, cards: ["4S"] }, { seat: 2, cards: null }];
  hand.open(snapshotAt({ to_move: 1, history: [] }), "h1");
  await settle(450); // the computer seat's pause is over: its move is asked for, and awaited
  assert.ok(sent.some((request) => request.type === "bot_turn"));
  assert.equal(hand.view().selectable, true);
  hand.toggleCard("9C");
  hand.toggleCard("5D");
  hand.selectRank("3S");
  assert.deepEqual(hand.view().selection, ["3S", "5D", "9C"]); // in hand order
  hand.clearSelection();
  assert.deepEqual(hand.view().selection, []);
  hand.toggleCard("5D");
  hand.toggleCard("9C");
  await settle();
  assert.equal(sent.filter((request) => request.type === "judge").length, 0); // nothing to judge before your turn
  assert.equal(hand.view().judgement, null);

  // Both computer seats move; your turn comes with the cards still up, and they are judged.
  answerBot(snapshotAt({ to_move: 0, history: others }, { you }));
  await until(() => hand.view().snapshot.view.to_move === 0);
  assert.deepEqual(hand.view().selection, ["5D", "9C"]);
  await until(() => sent.some((request) => request.type === "judge"));
  assert.deepEqual(sent.find((request) => request.type === "judge").cards, ["5D", "9C"]);
  await until(() => hand.view().judgement !== null);

  // Your own move starts the selection afresh, even with cards of it left in the hand.
  hand.toggleCard("3S");
  hand.open(snapshotAt({ to_move: 1, hand: ["3S", "9C"], counts: [2, 9, 9], history: [...others, { seat: 0, cards: ["5D"] }] }), "h1");
  assert.deepEqual(hand.view().selection, []);
  // So does a new hand, with the same cards picked ahead.
  hand.toggleCard("9C");
  hand.open(snapshotAt({ to_move: 1, hand: ["3S", "9C"], history: [] }), "h2");
  assert.deepEqual(hand.view().selection, []);
  hand.halt();
});

test("cards picked ahead go down when the turn comes with nothing that beats, and when the timer plays for you", async () => {
  const { hand, answerBot } = pickAheadController();
  const others = [{ seat: 1, cards: ["AS"] }, { seat: 2, cards: null }];
  const cannotBeat = yours({ lead: false, can_pass: true, hints: [], greyed: ["3S", "5D", "9C"] });
  hand.open(snapshotAt({ to_move: 1, history: [] }), "h1");
  await settle(450);
  hand.toggleCard("9C");
  assert.deepEqual(hand.view().selection, ["9C"]);
  answerBot(snapshotAt({ to_move: 0, history: others, standing: { kind: "single" } }, { you: cannotBeat }));
  await until(() => hand.view().snapshot.view.to_move === 0);
  assert.deepEqual(hand.view().selection, []); // the line says "you can't beat", not the pick's judgement

  // Your turn with a play possible: the pick stays up until the timer plays for you.
  const canBeat = yours();
  hand.open(snapshotAt({ to_move: 0, history: [] }, { you: canBeat }), "h2");
  hand.toggleCard("5D");
  assert.deepEqual(hand.view().selection, ["5D"]);
  hand.act("timeout");
  assert.deepEqual(hand.view().selection, []);
  hand.halt();
});

test("a pick made ahead keeps only the cards still held, and goes with any move of yours in between", () => {
  const client = { request: () => new Promise(() => {}) };
  const hand = standIns(client);
  hand.open(snapshotAt({ to_move: 1, history: [] }), "h1");
  hand.toggleCard("5D");
  hand.toggleCard("9C");
  hand.open(snapshotAt({ to_move: 2, hand: ["3S", "9C"], history: [{ seat: 1, cards: ["4S"] }] }), "h1");
  assert.deepEqual(hand.view().selection, ["9C"]); // (a card no longer held is dropped)
  hand.open(snapshotAt({ to_move: 1, hand: ["3S", "9C"], history: [{ seat: 1, cards: ["4S"] }, { seat: 2, cards: null }, { seat: 0, cards: null }] }), "h1");
  assert.deepEqual(hand.view().selection, []);
  hand.halt();
});

test("with cards picked ahead, the turn's judgement goes first: no look-ahead search is asked for", async () => {
  const { hand, turn, hints } = lookAheadController();
  await hintUsed(hand, turn);
  const asked = hints();
  hand.open(snapshotAt({ to_move: 1, history: [{ seat: 0, cards: ["9C"] }] }), "h1");
  hand.toggleCard("5D"); // picked while a computer seat is to move
  turn(3);
  await settle();
  assert.deepEqual(hand.view().selection, ["5D"]);
  assert.equal(hints(), asked);
  hand.halt();
});
