// Unit tests of the page's defences against bad input (links, URL parameters,
// replies it cannot carry exactly) and other tabs: the pure parts; the browser
// tests (tests/web/test_*faults.py, test_robustness*.py) play them out.

import assert from "node:assert/strict";
import { test } from "node:test";

import { isCodeText, readDealHash } from "../../web/js/game/deal_link.js";
import { BOOT_STALL_BOUNDS_MS, bootStallMs, replyDelayMs } from "../../web/js/engine/engine_session.js";
import { exactReply, hasInexactInteger } from "../../web/js/engine/engine_client.js";
import { watchOtherTabs } from "../../web/js/store/other_tabs.js";
import { createNotices } from "../../web/js/app/notices.js";
import { SAVE_KEY } from "../../web/js/store/save.js";
import { SESSION_KEY } from "../../web/js/store/preferences.js";

test("a #deal= hash is a code, no deal link, or a link that holds no code", () => {
  assert.deepEqual(readDealHash(""), { kind: "none" });
  assert.deepEqual(readDealHash("#settings"), { kind: "none" });
  assert.deepEqual(readDealHash("#deal=A1739205"), { kind: "deal", code: "A1739205" });
  assert.deepEqual(readDealHash("#deal=%41%31"), { kind: "deal", code: "A1" });
  for (const bad of ["#deal=", "#deal", "#deal=!!!", `#deal=${"7".repeat(5000)}`, "#deal=<b>x</b>", "#deal=%E0%A4%A", "#deal=A\u0660\u0661"]) {
    assert.deepEqual(readDealHash(bad), { kind: "bad" }, bad);
  }
  assert.equal(isCodeText("A\u0660"), false);
  assert.equal(isCodeText(null), false);
});

test("?boot-timeout is clamped to the watchdog's bounds; absent or not a number is the default", () => {
  const { min, max } = BOOT_STALL_BOUNDS_MS;
  assert.equal(bootStallMs("?boot-timeout=1e308"), max);
  assert.equal(bootStallMs("?boot-timeout=Infinity"), max);
  assert.equal(bootStallMs("?boot-timeout=1"), min);
  assert.equal(bootStallMs("?boot-timeout=-5"), min);
  assert.equal(bootStallMs("?boot-timeout=20000"), 20000);
  assert.equal(bootStallMs(""), bootStallMs("?boot-timeout=abc"));
  assert.ok(bootStallMs("") >= min && bootStallMs("") <= max);
});

test("?reply-delay= is a delay within 0 to 5 s, and none when absent or not a number", () => {
  assert.equal(replyDelayMs(""), 0);
  assert.equal(replyDelayMs("?reply-delay=abc"), 0);
  assert.equal(replyDelayMs("?reply-delay=400"), 400);
  assert.equal(replyDelayMs("?reply-delay=-5"), 0);
  assert.equal(replyDelayMs("?reply-delay=1e308"), 5000);
  assert.equal(replyDelayMs("?reply-delay=Infinity"), 0);
});

test("a reply holding an integer JavaScript rounded is refused as data", () => {
  assert.equal(hasInexactInteger({ a: [1, { seed: 2 ** 53 + 2 }] }), true);
  assert.equal(hasInexactInteger({ a: [1, { seed: 2 ** 53 - 1 }] }), false);
  const good = { id: 3, ok: true, result: { seed: 5 } };
  assert.equal(exactReply(good, "from_code"), good);
  const bad = exactReply({ id: 4, ok: true, result: { seed: 2 ** 60 } }, "from_code");
  assert.equal(bad.ok, false);
  assert.equal(bad.error.code, "bad_code");
  assert.equal(exactReply({ id: 5, ok: true, result: { n: 2 ** 60 } }, "load").error.code, "bad_save");
});

test("other tabs' writes of the save and the session score are heard, the rest ignored", () => {
  const listeners = [];
  const win = { addEventListener: (type, listener) => type === "storage" && listeners.push(listener) };
  const heard = [];
  watchOtherTabs(win, { saved: (text) => heard.push(["saved", text]), sessionChanged: () => heard.push(["session"]) });
  const fire = (key, newValue) => listeners.forEach((listener) => listener({ key, newValue }));
  fire(SAVE_KEY, "{}");
  fire(SESSION_KEY, "{}");
  fire("paodekuai.settings", "{}");
  fire(null, null); // another tab cleared the storage
  assert.deepEqual(heard, [["saved", "{}"], ["session"], ["saved", null], ["session"]]);
});

test("a notice that stays never fades; others do", () => {
  const timers = [];
  const win = { setTimeout: (fn) => timers.push(fn), clearTimeout() {} };
  const notices = createNotices({ win, update() {}, isSettled: () => true });
  notices.show({ key: "openElsewhere", stays: true });
  assert.equal(timers.length, 0);
  notices.show({ key: "engineRestarted" });
  assert.equal(timers.length, 1);
  timers[0]();
  assert.equal(notices.view().notice, null);
});

test("a notice takes a row of its own only when it comes outside play, and keeps it until it goes", () => {
  const win = { setTimeout: () => 0, clearTimeout() {} };
  let playing = false;
  const notices = createNotices({ win, update() {}, isSettled: () => true, inPlay: () => playing });
  notices.show({ key: "dealReplayed", params: { code: "A1" } });
  assert.equal(notices.view().noticeRow, true);
  playing = true; // the hand's first move: the row stays while the notice shows
  assert.equal(notices.view().noticeRow, true);
  notices.show({ key: "timedOut" }); // time is up mid-hand: over the table, nothing moves
  assert.equal(notices.view().noticeRow, false);
  notices.show(null);
  assert.equal(notices.view().noticeRow, false);
  playing = false;
  notices.show({ key: "engineRestarted" });
  assert.equal(notices.view().noticeRow, true);
});

test("Copy link's confirmation, from the closed menu, shows over a notice already there, then it comes back", () => {
  const timers = [];
  const win = { setTimeout: (fn) => timers.push(fn) && timers.length, clearTimeout() {} };
  const notices = createNotices({ win, update() {}, isSettled: () => true });
  notices.show({ key: "dealReplayed", params: { code: "A1" } });
  notices.showLink({ key: "linkCopied" }, { over: true });
  assert.equal(notices.view().notice.key, "linkCopied");
  timers.at(-1)(); // the confirmation's time is up
  assert.equal(notices.view().notice.key, "dealReplayed");
});
