// Unit tests of the still-table watch (web/js/app/still_table.js): background work waits
// until the table has not been drawn or touched for a while and nothing moves.
// Run with Node's own runner (`node --test tests/js`), no browser.

import assert from "node:assert/strict";
import { test } from "node:test";

import { STILL_AFTER_MS, createStillTable } from "../../web/js/app/still_table.js";

/** A window whose clock only moves when the test says so. */
function fakeClock() {
  let time = 0;
  let nextId = 1;
  const timers = new Map();
  const win = {
    setTimeout(callback, delay) {
      const id = nextId++;
      timers.set(id, { at: time + delay, callback });
      return id;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
  };
  function advance(ms) {
    const end = time + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      time = due[1].at;
      due[1].callback();
    }
    time = end;
  }
  return { win, advance, now: () => time };
}

test("still table: a task waits until nothing was drawn or touched for the still time", () => {
  const clock = fakeClock();
  const still = createStillTable(clock.win, { now: clock.now, animating: () => false });
  const ran = [];
  still.whenStill(() => ran.push(clock.now()) > 0);
  clock.advance(STILL_AFTER_MS - 100);
  still.stir(); // a drawing (a computer's move) or a tap
  clock.advance(STILL_AFTER_MS - 1);
  assert.deepEqual(ran, []);
  clock.advance(1);
  assert.deepEqual(ran, [2 * STILL_AFTER_MS - 100]);
  clock.advance(10 * STILL_AFTER_MS);
  assert.equal(ran.length, 1, "a task done runs once");
});

test("still table: nothing runs while an animation of a set length runs", () => {
  const clock = fakeClock();
  let moving = true;
  const still = createStillTable(clock.win, { now: clock.now, animating: () => moving });
  let ran = 0;
  still.whenStill(() => ++ran > 0);
  clock.advance(3 * STILL_AFTER_MS);
  assert.equal(ran, 0);
  moving = false;
  clock.advance(STILL_AFTER_MS);
  assert.equal(ran, 1);
});

test("still table: a task that cannot run now (a request in flight) waits for the next still moment", () => {
  const clock = fakeClock();
  const still = createStillTable(clock.win, { now: clock.now, animating: () => false });
  const tries = [];
  still.whenStill(() => {
    tries.push(clock.now());
    return tries.length === 2;
  });
  clock.advance(STILL_AFTER_MS);
  assert.deepEqual(tries, [STILL_AFTER_MS]);
  still.stir();
  clock.advance(STILL_AFTER_MS);
  assert.deepEqual(tries, [STILL_AFTER_MS, 2 * STILL_AFTER_MS]);
  clock.advance(5 * STILL_AFTER_MS);
  assert.equal(tries.length, 2);
});
