// The replay of the last finished hand and its coach: a controller like
// main.js, for the replay panel only. It keeps the finished hand (last_hand.js),
// asks the engine for the replay (every step with all hands face up) and, one
// decision at a time, for the coach's rating of each of your decisions
// (review_queue.js). Stepping through the replay never waits for the engine:
// the steps are already here, ratings fill in as they arrive.

import { LAST_HAND_KEY, isReplay, isReview, makeLastHand, readLastHand } from "./last_hand.js";
import { createReviewQueue } from "./review_queue.js";
import { dealLink, withoutHash } from "./deal_link.js";

const LINK_NOTICE_MS = 4000;

/**
 * @param {object} deps
 * @param {Window} deps.win
 * @param {object} deps.state    the controller's state: this module owns state.lastHand,
 *                               state.replay and state.reviewProgress
 * @param {object} deps.storage  storage.js facade
 * @param {{request: Function}} deps.client  the engine client
 * @param {() => void} deps.draw
 * @param {() => boolean} deps.isReady       the engine answers requests
 * @param {(code: string) => void} deps.playDeal  deal `code` at the table ("Play this deal again")
 */
export function createReplayController({ win, state, storage, client, draw, isReady, playDeal }) {
  let seenHandId = null;
  let loading = false;
  let linkTimer = null;

  const queue = createReviewQueue({
    request: (type, fields) => client.request(type, fields),
    onResult(handId, step, review) {
      const record = state.lastHand;
      if (record?.handId !== handId) return; // a rating of a hand no longer kept
      if (!review.failed && isReview(review)) {
        record.reviews[step] = review;
        persist();
      } else if (state.replay) {
        state.replay.failed = { ...state.replay.failed, [step]: review.message ?? true };
      }
      draw();
    },
    onChange() {
      state.reviewProgress = queue.progress();
      draw();
    },
  });

  state.lastHand = readLastHand(storage.readText(LAST_HAND_KEY));
  if (state.lastHand?.open) {
    // The replay was on screen before the reload: show it again at once (the steps are
    // kept), ratings carry on once the engine is up.
    state.replay = { status: state.lastHand.replay ? "ready" : "loading", error: null, link: null, failed: {} };
  }

  function persist() {
    if (state.lastHand) storage.writeText(LAST_HAND_KEY, JSON.stringify(state.lastHand));
  }

  function lastStep() {
    return (state.lastHand?.replay?.steps.length ?? 1) - 1;
  }

  /** Ask for the replay when it is not kept yet and the engine can answer. */
  async function ensureLoaded() {
    const record = state.lastHand;
    if (!state.replay || !record || record.replay || loading || !isReady()) return;
    loading = true;
    let reply;
    try {
      reply = await client.request("replay", { game: record.game });
    } catch {
      return; // the worker was lost; the next snapshot (after the restart) asks again
    } finally {
      loading = false;
    }
    if (state.lastHand !== record || !state.replay) return;
    if (reply.ok && isReplay(reply.result)) {
      record.replay = reply.result;
      record.dealCode = record.dealCode ?? reply.result.deal_code ?? null;
      record.step = Math.min(record.step, lastStep());
      state.replay.status = "ready";
      persist();
      ensureRatings();
    } else {
      state.replay.status = "error";
      state.replay.error = reply.ok ? { key: "replayUnreadable" } : reply.error.message;
    }
    draw();
  }

  /** Start (or resume) rating the decisions not rated yet, the one on screen first. */
  function ensureRatings() {
    const record = state.lastHand;
    if (!state.replay || !record?.replay || !isReady()) return;
    const progress = queue.progress();
    if (progress?.handId === record.handId) {
      queue.resume();
      return;
    }
    const decisions = record.replay.decisions;
    const todo = decisions.filter((step) => !record.reviews[step] && !state.replay.failed?.[step]);
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
    if (!state.lastHand) return;
    state.lastHand.open = true;
    state.replay = { status: state.lastHand.replay ? "ready" : "loading", error: null, link: null, failed: {} };
    persist();
    draw();
    ensureLoaded();
    ensureRatings();
  }

  function close() {
    queue.cancel(); // the player did something else: no more reviews go out
    clearTimeout(linkTimer);
    if (!state.replay) return;
    state.replay = null;
    if (state.lastHand) {
      state.lastHand.open = false;
      persist();
    }
    draw();
  }

  function go(step) {
    const record = state.lastHand;
    if (!state.replay || !record?.replay) return;
    const target = Math.max(0, Math.min(lastStep(), step));
    if (target === record.step) return;
    record.step = target;
    persist();
    queue.prefer(target);
    draw();
  }

  function copyLink() {
    const code = state.lastHand?.dealCode;
    if (!code || !state.replay) return;
    // The page's own address (any sub-path, any query) with #deal=CODE.
    const link = dealLink(withoutHash(win.location.href), code);
    const show = (notice) => {
      clearTimeout(linkTimer);
      if (!state.replay) return;
      state.replay.link = notice;
      draw();
      if (notice.key === "linkCopied") {
        linkTimer = setTimeout(() => {
          if (state.replay?.link === notice) {
            state.replay.link = null;
            draw();
          }
        }, LINK_NOTICE_MS);
      }
    };
    const clipboard = win.navigator.clipboard;
    const copy = clipboard ? clipboard.writeText(link) : Promise.reject(new Error("no clipboard"));
    copy.then(
      () => show({ key: "linkCopied" }),
      () => show({ key: "linkShow", params: { link } }),
    );
  }

  function again() {
    const code = state.lastHand?.dealCode;
    if (!code || !isReady()) return;
    close();
    playDeal(code);
  }

  /**
   * Every Snapshot the table applies. A finished hand becomes the last hand; a
   * different hand than before (a new deal) closes the replay and its ratings;
   * an engine that just came up starts what was waiting for it.
   */
  function onSnapshot(snapshot, handId) {
    const view = snapshot?.view;
    if (seenHandId !== null && handId !== seenHandId) close();
    seenHandId = handId;
    if (view?.over && snapshot.game && handId && state.lastHand?.handId !== handId) {
      close(); // (a replay of the hand before, opened from Statistics while this one went on)
      state.lastHand = makeLastHand({ handId, game: snapshot.game, dealCode: snapshot.deal_code, preset: view.rules });
      persist();
    }
    ensureLoaded();
    ensureRatings();
  }

  return {
    onSnapshot,
    open,
    goTo: go,
    actions: {
      replay: open,
      "replay-close": close,
      "replay-first": () => go(0),
      "replay-prev": () => go((state.lastHand?.step ?? 0) - 1),
      "replay-next": () => go((state.lastHand?.step ?? 0) + 1),
      "replay-last": () => go(lastStep()),
      "replay-copy-link": copyLink,
      "replay-again": again,
    },
  };
}
