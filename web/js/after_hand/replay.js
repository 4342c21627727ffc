//# allFunctionsCalledOnLoad
// The replay of the last finished hand and its coach: the controller of the
// replay panel. It keeps the finished hand (last_hand.js), asks the engine for
// the replay (every step with all hands face up) and, one decision at a time,
// for the coach's rating of each of your decisions (review_queue.js). Stepping through the replay never waits for the engine:
// the steps are already here, ratings fill in as they arrive.

import { LAST_HAND_KEY, isReplay, isReview, makeLastHand, readLastHand, unratedVerdict } from "./last_hand.js";
import { createReviewQueue } from "./review_queue.js";
import { copyDealLink, isCodeText } from "../game/deal_link.js";

const LINK_NOTICE_MS = 4000;

/**
 * @param {object} deps
 * @param {Window} deps.win
 * @param {object} deps.storage  storage.js facade
 * @param {{request: Function}} deps.client  the engine client
 * @param {() => void} deps.update
 * @param {() => boolean} deps.isReady       the engine answers requests
 * @param {(code: string) => void} deps.playDeal  deal `code` at the table ("Play this deal again")
 */
export function createReplayController({ win, storage, client, update, isReady, playDeal }) {
  // What this controller owns (view() hands it to the panels' model, read only).
  let lastHand = readLastHand(storage.readText(LAST_HAND_KEY)); // the last finished hand
  // The replay panel while open: {status, error, link, failed, option, reveal}; `option` is
  // the coach's option drawn on the replay table in place of your play ({step, index}, or
  // null); `reveal` what a tap in the coach showed, for the panel to bring into sight once
  // ({part: "detail" | "table", n}: n counts the taps).
  let replay = null;
  let reviewProgress = null; // the coach's ratings under way
  let seenHandId = null;
  let loading = false;
  let linkTimer = null;

  const queue = createReviewQueue({
    request: (type, fields) => client.request(type, fields),
    onResult(handId, step, review) {
      const record = lastHand;
      if (record?.handId !== handId) return; // a rating of a hand no longer kept
      if (!review.failed && isReview(review)) {
        record.reviews[step] = review;
        persist();
      } else if (replay) {
        replay.failed = { ...replay.failed, [step]: review.message ?? true };
      }
      update();
    },
    onChange() {
      reviewProgress = queue.progress();
      update();
    },
  });

  if (lastHand?.open) {
    // The replay was on screen before the reload: show it again at once (the steps are
    // kept), ratings carry on once the engine is up.
    replay = { status: lastHand.replay ? "ready" : "loading", error: null, link: null, failed: {}, option: null, reveal: null };
  }

  function persist() {
    if (lastHand) storage.writeText(LAST_HAND_KEY, JSON.stringify(lastHand));
  }

  function lastStep() {
    return (lastHand?.replay?.steps.length ?? 1) - 1;
  }

  /** Ask for the replay when it is not kept yet and the engine can answer. */
  async function ensureLoaded() {
    const record = lastHand;
    if (!replay || !record || record.replay || loading || !isReady()) return;
    loading = true;
    let reply;
    try {
      reply = await client.request("replay", { game: record.game });
    } catch {
      return; // the worker was lost; the next snapshot (after the restart) asks again
    } finally {
      loading = false;
    }
    if (lastHand !== record || !replay) return;
    if (reply.ok && isReplay(reply.result)) {
      record.replay = reply.result;
      // The engine's code of the deal wins over the kept one (storage anyone can edit).
      if (isCodeText(reply.result.deal_code)) record.dealCode = reply.result.deal_code;
      record.step = Math.min(record.step, lastStep());
      replay.status = "ready";
      persist();
      ensureRatings();
    } else {
      replay.status = "error";
      replay.error = reply.ok ? { key: "replayUnreadable" } : reply.error.message;
    }
    update();
  }

  /** Start (or resume) rating the decisions not rated yet, the one on screen first. */
  function ensureRatings() {
    const record = lastHand;
    if (!replay || !record?.replay || !isReady()) return;
    const progress = queue.progress();
    if (progress?.handId === record.handId) {
      queue.resume();
      return;
    }
    // A forced decision needs no search (the replay already says it had one option), and one
    // the club timer played was not yours to be rated.
    const decisions = record.replay.decisions.filter((step) => unratedVerdict(record.replay, step) === null);
    const todo = decisions.filter((step) => !record.reviews[step] && !replay.failed?.[step]);
    if (todo.length === 0) return;
    const ordered = [...todo.filter((step) => step >= record.step), ...todo.filter((step) => step < record.step)];
    queue.start({
      handId: record.handId,
      game: record.game,
      steps: ordered,
      total: decisions.length,
      done: decisions.length - todo.length,
    });
  }

  function open() {
    if (!lastHand) return;
    lastHand.open = true;
    replay = { status: lastHand.replay ? "ready" : "loading", error: null, link: null, failed: {}, option: null, reveal: null };
    persist();
    update();
    ensureLoaded();
    ensureRatings();
  }

  function close() {
    queue.cancel(); // the player did something else: no more reviews go out
    clearTimeout(linkTimer);
    if (!replay) return;
    replay = null;
    if (lastHand) {
      lastHand.open = false;
      persist();
    }
    update();
  }

  function go(step) {
    const record = lastHand;
    if (!replay || !record?.replay) return;
    const target = Math.max(0, Math.min(lastStep(), step));
    if (target === record.step) return;
    record.step = target;
    replay.option = null;
    persist();
    queue.prefer(target);
    update();
  }

  /** What a tap in the coach shows (`part`) is to come into sight. */
  function reveal(part) {
    replay.reveal = { part, n: (replay.reveal?.n ?? 0) + 1 };
  }

  /** A tap on one of the coach's decisions: its step, and its detail brought into sight. */
  function chooseDecision(step) {
    if (!replay || !lastHand?.replay) return;
    reveal("detail");
    if (Math.max(0, Math.min(lastStep(), step)) === lastHand.step) update();
    else go(step);
  }

  /** Draw the coach's option `index` of this step on the replay table (again: your own play). */
  function showOption(index) {
    const record = lastHand;
    const options = record?.reviews[record.step]?.options ?? [];
    if (!replay || !Number.isInteger(index) || !options[index]) return;
    const same = replay.option?.step === record.step && replay.option.index === index;
    replay.option = same || options[index].played ? null : { step: record.step, index };
    if (replay.option) reveal("table");
    update();
  }

  function copyLink() {
    const code = lastHand?.dealCode;
    if (!code || !replay) return;
    copyDealLink(win, code).then((notice) => {
      clearTimeout(linkTimer);
      if (!replay) return;
      replay.link = notice;
      update();
      if (notice.key === "linkCopied") {
        linkTimer = setTimeout(() => {
          if (replay?.link === notice) {
            replay.link = null;
            update();
          }
        }, LINK_NOTICE_MS);
      }
    });
  }

  function again() {
    const code = lastHand?.dealCode;
    if (!code || !isReady()) return;
    close();
    playDeal(code);
  }

  /**
   * Every Snapshot the table applies. A finished hand becomes the last hand; a
   * different hand than before (a new deal) closes the replay and its ratings;
   * an engine that just came up starts what was waiting for it.
   */
  function onSnapshot(snapshot, handId, seating) {
    const view = snapshot?.view;
    if (seenHandId !== null && handId !== seenHandId) close();
    seenHandId = handId;
    if (view?.over && snapshot.game && handId && lastHand?.handId !== handId) {
      close(); // (a replay of the hand before, opened from Statistics while this one went on)
      lastHand = makeLastHand({ handId, game: snapshot.game, dealCode: snapshot.deal_code, preset: view.rules, direction: seating });
      persist();
    }
    ensureLoaded();
    ensureRatings();
  }

  return {
    onSnapshot,
    view() {
      return { lastHand, replay, reviewProgress };
    },
    open,
    goTo: go,
    chooseDecision,
    showOption,
    actions: {
      replay: open,
      "replay-close": close,
      "replay-first": () => go(0),
      "replay-prev": () => go((lastHand?.step ?? 0) - 1),
      "replay-next": () => go((lastHand?.step ?? 0) + 1),
      "replay-last": () => go(lastStep()),
      "replay-copy-link": copyLink,
      "replay-again": again,
    },
  };
}
