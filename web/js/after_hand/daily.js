//# allFunctionsCalledOnLoad
// The daily challenge: one deal per UTC date, the same for everyone, offline
// too (the engine maps the date to the deal: `daily`). It starts the day's deal
// at the table (`new_game` with its preset and seed, the opponents at its
// level), remembers that this hand is the daily (daily_record.js), and when it
// ends asks the engine how Hard scored in your seat on the same deal
// (`daily_baseline`, a few seconds the first time), shows both and copies the
// share line. Nothing waits for it: the result is drawn at once and Hard's
// total fills in when it comes. The first finished hand of a date is the day's
// result; the deal played again (the menu, the replay, a link) is practice:
// its result shows the day's result, kept, and shares that one.

import { translatorFor } from "../i18n/i18n.js";
import { dailyShareLine } from "../model/panels_model.js";
import { requestInSlices } from "../engine/engine_client.js";
import { DAILY_KEY, dailyLink, dailyResult, nextDailyTime, readDaily, todayUtc, withCurrent, withHardResult, withYourResult } from "./daily_record.js";

const COPIED_NOTICE_MS = 4000;

/**
 * @param {object} deps
 * @param {Window} deps.win
 * @param {object} deps.storage  storage.js facade
 * @param {{request: Function}} deps.client  the engine client
 * @param {() => void} deps.update
 * @param {() => boolean} deps.isReady  the engine answers requests
 * @param {object} deps.notices  notices.js
 * @param {(request: string, fields: object, notice: object) => void} deps.deal  replaces the hand on the table
 * @param {() => string} deps.lang  the language the player reads (the share line's)
 * @param {() => Date} [deps.now]
 */
export function createDaily({ win, storage, client, update, isReady, notices, deal, lang, now = () => new Date() }) {
  const read = readDaily(storage.readText(DAILY_KEY));
  let record = read.record;
  if (read.damaged) storage.writeText(DAILY_KEY, JSON.stringify(record));
  let pending = null; // {date, dealCode}: the daily asked for, until its first Snapshot
  // The finished daily hand on the table: {handId, date, copy}. What it shows (the day's
  // result, Hard's, practice or not) is read from the record.
  let shown = null;
  let asking = null; // the handId whose baseline is being asked for
  let copyTimer = null;

  function write(next) {
    if (next === record) return;
    record = next;
    storage.writeText(DAILY_KEY, JSON.stringify(record));
  }

  /**
   * Start `date`'s deal (today's when absent) at the table. A date still to come is not out
   * yet: today's deal comes instead, and so it does for a link that named no date (`badLink`);
   * the deal's notice says so (a notice of its own would be replaced by the deal's at once).
   */
  async function start(date, { badLink = false } = {}) {
    if (!isReady()) return;
    const today = todayUtc(now());
    let instead = badLink ? { key: "dailyBadDate" } : null;
    if (date !== undefined && date > today) instead = { key: "dailyNotYet", params: { date } };
    if (instead || date === undefined) date = today;
    let reply;
    try {
      reply = await client.request("daily", { date });
    } catch {
      return; // the worker was lost; it is being restarted
    }
    if (!reply.ok) {
      notices.show({ key: "dailyFailed", params: { reason: reply.error.message } });
      return;
    }
    const day = reply.result;
    pending = { date: day.date, dealCode: day.deal_code };
    // A date with its result already: the deal again, for practice (said before it starts);
    // a past date's deal is the one everyone played that day.
    let started = day.date < today ? "dailyPastStarted" : "dailyStarted";
    if (dailyResult(record, day.date)) started = "dailyPracticeStarted";
    const params = { date: day.date, next: nextDailyTime(now(), translatorFor(lang())("htmlLang")) };
    deal("new_game", { preset: day.preset, seed: day.seed, level: day.level }, instead ?? { key: started, params });
  }

  async function askBaseline(handId, date) {
    if (asking === handId || !isReady()) return;
    asking = handId;
    let reply = null;
    try {
      // In slices, so a hand dealt meanwhile waits behind one of Hard's decisions at most.
      reply = await requestInSlices(client.request, "daily_baseline", { date });
    } catch {
      reply = null; // lost: asked again with the next Snapshot
    } finally {
      asking = null;
    }
    if (!reply?.ok) return;
    write(withHardResult(record, date, reply.result.total));
    if (shown?.handId === handId) update();
  }

  /** Every Snapshot the table applies: notices the daily hand's start and end. */
  function onSnapshot(snapshot, handId) {
    const view = snapshot?.view;
    if (!view || !handId) return;
    if (pending && snapshot.deal_code === pending.dealCode && view.history.length === 0) {
      write(withCurrent(record, { date: pending.date, dealCode: pending.dealCode, handId }));
      pending = null;
    }
    const current = record.current;
    if (current?.handId !== handId) {
      shown = null;
      return;
    }
    if (!view.over || !view.settlement) return;
    // The first finished hand of the date is its result; a later one is practice and leaves it.
    write(withYourResult(record, current.date, view.settlement.total[0], handId));
    if (shown?.handId !== handId) shown = { handId, date: current.date, copy: null };
    if (dailyResult(record, current.date)?.hard === null) askBaseline(handId, current.date);
  }

  /** The date whose daily deal `dealCode` is, when it is the daily hand's (the replay's "again"). */
  function dateOfDeal(dealCode) {
    return record.current?.dealCode === dealCode ? record.current.date : null;
  }

  /** Copy the day's share line (its result, practice or not); a clipboard that refuses gets the line shown to copy by hand. */
  function copyShare() {
    const result = shown ? dailyResult(record, shown.date) : null;
    const said = result ? dailyShareLine(translatorFor(lang()), shown.date, result) : "";
    if (!said) return;
    // With the day's link under it: whoever reads it can play the same deal.
    const line = `${said}\n${dailyLink(win.location.href, shown.date)}`;
    const clipboard = win.navigator.clipboard;
    const copy = clipboard ? clipboard.writeText(line) : Promise.reject(new Error("no clipboard"));
    const mine = shown;
    copy.then(
      () => ({ key: "dailyCopied", params: { line } }),
      () => ({ key: "dailyCopyFallback", params: { line } }),
    ).then((notice) => {
      if (shown !== mine) return;
      shown = { ...shown, copy: notice }; // said in the daily block, next to the button
      update();
      clearTimeout(copyTimer);
      if (notice.key !== "dailyCopied") return; // the line to copy by hand stays
      copyTimer = setTimeout(() => {
        if (shown?.copy === notice) {
          shown = { ...shown, copy: null };
          update();
        }
      }, COPIED_NOTICE_MS);
    });
  }

  return {
    wasReset: read.damaged,
    start,
    onSnapshot,
    dateOfDeal,
    view() {
      return { daily: { record, shown, today: todayUtc(now()) } };
    },
    actions: {
      "copy-share": copyShare,
    },
  };
}
