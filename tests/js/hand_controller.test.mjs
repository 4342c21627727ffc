// The hand controller with a stand-in engine: the hand's difficulty is the
// one the engine keeps for it (Snapshot.level), not the setting of the moment.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createHandController } from "../../web/js/game/hand_controller.js";
import { state as base, view } from "./table_fixtures.mjs";

function controller({ settingsLevel }) {
  const sent = [];
  const written = new Map();
  const client = {
    async request(type, fields) {
      sent.push({ type, ...fields });
      return { ok: false, error: { code: "internal", message: { en: "stop here", zh: "到此为止" } } };
    },
  };
  const hand = createHandController({
    client,
    storage: { writeText: (key, text) => (written.set(key, text), true), remove: (key) => written.delete(key) },
    settings: { current: { level: settingsLevel, preset: "standard", speed: "fast", autoPass: "off" } },
    clock: { sync() {}, autoPlay: false, personActed() {}, stopAuto: () => false },
    notices: { show() {} },
    update() {},
    whenDrawn: (callback) => callback(),
    isReady: () => true,
    onWorked() {},
    followers: [],
    onAbandoned() {},
  });
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
