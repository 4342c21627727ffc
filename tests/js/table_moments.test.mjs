// The redesigned table's model, without a browser: where the seats sit and
// what they are called, what lies on the felt (the current trick, the trick
// just ended and its winner), the moments a play makes (bomb, plane, last
// card, shut-out), the cards turned face up at the end, the settings the
// table adds (seating, sound on until muted) and the last-card sound.

import assert from "node:assert/strict";
import { test } from "node:test";

import { buildTableModel, trickPlays } from "../../web/js/model/table_model.js";
import { seatName, seatsLeftToRight, sideOf } from "../../web/js/model/seating.js";
import { readSettings, withSetting } from "../../web/js/store/preferences.js";
import { cuesForSnapshot } from "../../web/js/view/sound.js";
import { createMotion } from "../../web/js/view/motion.js";
import { translatorFor } from "../../web/js/i18n/i18n.js";
import { state, view } from "./table_fixtures.mjs";

// Each action carries the index where its trick began, as the engine sends it.
const play = (seat, cards, kind = "single", trick_start = 0) => ({ seat, cards, combo: { kind, text: { en: kind, zh: kind } }, trick_start });
const pass = (seat, trick_start = 0) => ({ seat, cards: null, combo: null, trick_start });

test("seating: seat 1 plays after you, on the side the setting names; names follow the side", () => {
  const t = translatorFor("en");
  assert.deepEqual([0, 1, 2].map((seat) => sideOf(seat, "left")), ["me", "left", "right"]);
  assert.deepEqual([0, 1, 2].map((seat) => sideOf(seat, "right")), ["me", "right", "left"]);
  assert.deepEqual([0, 1, 2].map((seat) => seatName(t, seat, "left")), ["You", "West", "East"]);
  assert.deepEqual([0, 1, 2].map((seat) => seatName(t, seat, "right")), ["You", "East", "West"]);
  assert.deepEqual(seatsLeftToRight("left"), [1, 2, 0]);
  assert.deepEqual(seatsLeftToRight("right"), [2, 1, 0]);
  const zh = translatorFor("zh");
  assert.deepEqual([1, 2].map((seat) => seatName(zh, seat, "right")), ["东家", "西家"]);
});

test("the felt: the current trick's plays, or the trick just ended with its winner, where the engine says tricks begin", () => {
  const on = trickPlays(view({ history: [play(1, ["4S"]), pass(2), play(0, ["6S"])], trick_start: 0 }));
  assert.deepEqual(on.current.map((a) => (a ? (a.cards ?? "pass") : null)), [["6S"], ["4S"], "pass"]);
  assert.equal(on.ended, null);
  // Two passes after your 6: the trick is over (the engine's trick_start is past the
  // history), the felt is clear, you won it.
  const history = [play(1, ["4S"]), pass(2), play(0, ["6S"]), pass(1), pass(2)];
  const ended = trickPlays(view({ history, trick_start: 5 }));
  assert.deepEqual(ended.current, [null, null, null]);
  assert.equal(ended.ended.winner, 0);
  assert.equal(ended.ended.at, 5);
  assert.deepEqual(ended.ended.plays.map((a) => a?.cards ?? "pass"), [["6S"], "pass", "pass"]);
  // Someone leads again: the new trick only.
  const next = trickPlays(view({ history: [...history, play(0, ["8S"], "single", 5)], trick_start: 5 }));
  assert.deepEqual(next.current.map((a) => a?.cards ?? null), [["8S"], null, null]);
  assert.equal(next.ended, null);
  // At the end of the hand the last trick stays: the winning play is in it.
  const over = trickPlays(view({ history: [play(1, ["4S"]), pass(2), play(0, ["2S"])], trick_start: 0, over: true, winner: 0 }));
  assert.deepEqual(over.current[0].cards, ["2S"]);
  // Nothing is worked out from the passes: the table shows the trick the engine names.
  const named = trickPlays(view({ history: [play(1, ["4S"], "single", 0), play(2, ["5S"], "single", 1), play(0, ["6S"], "single", 1)], trick_start: 1 }));
  assert.deepEqual(named.current.map((a) => a?.cards ?? null), [["6S"], null, ["5S"]]);
  const swept = trickPlays(view({ history: [play(1, ["4S"]), play(2, ["5S"], "single", 1), pass(0, 1)], trick_start: 3 }));
  assert.deepEqual(swept.ended.plays.map((a) => (a ? (a.cards ?? "pass") : null)), ["pass", null, ["5S"]]);
  assert.equal(swept.ended.winner, 2);

  const model = buildTableModel(state({ view: view({ history, trick_start: 5 }) }));
  assert.equal(model.sweep.winner, 0);
  assert.equal(model.sweep.at, "h1:5");
  assert.ok(model.seats.every((seat) => seat.action === null));
});

test("moments: a bomb, a plane, a seat down to its last card, a shut-out", () => {
  const bombView = view({ history: [play(1, ["5S", "5H", "5D", "5C"], "bomb")] });
  const bomb = buildTableModel(state({ view: bombView, event: play(1, ["5S", "5H", "5D", "5C"], "bomb") }));
  assert.deepEqual([bomb.moment.kind, bomb.moment.seat, bomb.moment.text, bomb.moment.at], ["bomb", 1, "Bomb!", "h1:1"]);
  const planeView = view({ history: [play(2, ["6S", "6H", "6D", "7S", "7H", "7D"], "plane")] });
  const plane = buildTableModel(state({ view: planeView, event: play(2, ["6S", "6H", "6D", "7S", "7H", "7D"], "plane") }));
  assert.equal(plane.moment.kind, "plane");
  const lastView = view({ history: [play(2, ["KS"])], counts: [3, 10, 1], last_card: [false, false, true] });
  const last = buildTableModel(state({ view: lastView, event: play(2, ["KS"]) }));
  assert.deepEqual([last.moment.kind, last.moment.seat], ["lastCard", 2]);
  // A reload (no event) replays no moment.
  assert.equal(buildTableModel(state({ view: bombView })).moment, null);
  const shutOut = view({ over: true, winner: 0, to_move: null, counts: [0, 16, 9], settlement: { cards_left: [0, 16, 9], shut_out: [false, true, false], bombs: [0, 0, 0], total: [41, -32, -9] } });
  assert.equal(buildTableModel(state({ view: shutOut })).shutOut.text, "Shut out!");
  // Every word a banner may show, for the page to lay out before the first one comes.
  assert.deepEqual(buildTableModel(state({ view: view() })).bannerWords, ["Bomb!", "Plane!", "Last card!", "Shut out!"]);
});

test("the end of a hand: every loser's cards face up in front of them, no backs left", () => {
  const over = view({ over: true, winner: 1, to_move: null, hand: ["3S", "9C"], counts: [2, 0, 3], settlement: { cards_left: [2, 0, 3], shut_out: [false, false, false], bombs: [0, 0, 0], total: [-2, 5, -3] } });
  const model = buildTableModel(state({ view: over, reveal: [["3S", "9C"], [], ["4D", "8H", "AS"]] }));
  assert.deepEqual(model.seats.map((seat) => seat.reveal?.cards.map((c) => c.code) ?? null), [["3S", "9C"], null, ["4D", "8H", "AS"]]);
  assert.deepEqual(model.seats.map((seat) => seat.backs), [0, 0, 0]);
  assert.equal(model.seats[2].reveal.label, "East: cards left");
  // While the hand is on, nothing is revealed (whatever a Snapshot might carry) and the fans show the counts.
  const on = buildTableModel(state({ view: view(), reveal: null }));
  assert.deepEqual(on.seats.map((seat) => seat.backs), [3, 10, 9]);
  assert.ok(on.seats.every((seat) => seat.reveal === null));
});

test("settings the table adds: seating, and sound on until the player mutes it", () => {
  assert.equal(readSettings(null).sound, "on");
  assert.equal(readSettings(null).direction, "left");
  // An older save's "off" was only the old default: sound comes on.
  assert.equal(readSettings(JSON.stringify({ sound: "off", level: "hard" })).sound, "on");
  // An explicit choice is kept.
  const muted = withSetting(readSettings(null), "sound", "off");
  assert.equal(muted.sound, "off");
  assert.equal(readSettings(JSON.stringify(muted)).sound, "off");
  assert.equal(withSetting(readSettings(null), "direction", "right").direction, "right");
  assert.equal(readSettings(JSON.stringify({ direction: "up" })).direction, "left");
});

test("sound: a seat the engine says is on its last card gets its cue", () => {
  const event = { seat: 2, cards: ["KS"], combo: { kind: "single" } };
  const lastCard = [false, false, true];
  assert.deepEqual(cuesForSnapshot({ view: view({ counts: [3, 10, 1], last_card: lastCard, to_move: 0 }), event }), ["play", "last", "turn"]);
  assert.deepEqual(cuesForSnapshot({ view: view({ counts: [3, 10, 2], to_move: 0 }), event }), ["play", "turn"]);
  // The engine's word, not the count: a count alone says nothing.
  assert.deepEqual(cuesForSnapshot({ view: view({ counts: [3, 10, 1], last_card: [false, false, false], to_move: 0 }), event }), ["play", "turn"]);
});

test("a bomb that lands jolts once it has landed, not under its own flight", () => {
  const started = [];
  const node = (name) => ({
    animate(keyframes, options) {
      started.push({ name, keyframes, options });
      return { finished: new Promise(() => {}) };
    },
    remove() {},
  });
  const motion = createMotion({ matchMedia: () => ({ matches: false }) });
  const group = node("group");
  motion.flyFrom(group, { left: 300, top: 100, width: 60, height: 80 }, { left: 100, top: 300, width: 120, height: 80 });
  const flight = started.at(-1).options;
  motion.moment("bomb", node("banner"), group, true);
  const jolt = started.at(-1);
  assert.equal(jolt.name, "group");
  assert.ok(jolt.options.delay >= flight.delay + flight.duration, JSON.stringify({ jolt: jolt.options, flight }));
  motion.moment("bomb", node("banner"), group, false); // a bomb already on the table jolts at once
  assert.equal(started.at(-1).options.delay, 0);
});
