//# allFunctionsCalledOnLoad
// The last finished hand, kept apart from the save so its replay survives a
// reload and the next deal: the finished game (what the engine's `replay` and
// `review` requests take), the replay the engine returned, the coach's ratings
// so far, and where the player was in the replay. Everything read back is
// checked; a part that fails the check is dropped (and asked for again), a
// record that fails it is ignored: it is a convenience, never worth a crash.

import { isCardCode } from "../game/cards.js";
import { isCodeText } from "../game/deal_link.js";
import { isDirection } from "../store/preferences.js";
import { parseJson } from "../store/storage.js";

export const LAST_HAND_KEY = "paodekuai.lastHand";
export const LAST_HAND_APP = "paodekuai-last-hand";
export const LAST_HAND_FORMAT = 1;

export const VERDICTS = Object.freeze(["best", "good", "inaccuracy", "mistake", "forced"]);

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isSeat = (value) => Number.isInteger(value) && value >= 0 && value <= 2;
const isCount = (value) => Number.isInteger(value) && value >= 0;
const isCards = (value) => Array.isArray(value) && value.every(isCardCode);
const isText = (value) => isObject(value) && typeof value.en === "string";
const isCombo = (value) => value === null || (isObject(value) && isText(value.text));

/** A new record for a hand that just finished. */
export function makeLastHand({ handId, game, dealCode, preset, direction }) {
  return {
    app: LAST_HAND_APP,
    format: LAST_HAND_FORMAT,
    handId,
    dealCode: dealCode ?? null,
    preset: preset ?? null,
    direction: isDirection(direction) ? direction : null, // how its seats sat (null: as the setting says)
    game,
    replay: null, // the engine's replay result, once asked for
    reviews: {}, // step -> the engine's Review of that decision
    open: false, // the replay was on screen (a reload shows it again)
    step: 0,
  };
}

/** Whether `data` has the shape of the engine's replay result (docs/PROTOCOL.md). */
export function isReplay(data) {
  if (!isObject(data) || !Array.isArray(data.steps) || data.steps.length === 0) return false;
  const stepsOk = data.steps.every(
    (step, index) =>
      isObject(step) &&
      (index === 0 ? step.seat === null : isSeat(step.seat)) &&
      // Where its trick began (an action's index): a replay kept by a version without it is asked for again.
      isCount(step.trick_start) &&
      step.trick_start <= Math.max(0, index - 1) &&
      (step.cards === null || isCards(step.cards)) &&
      isCombo(step.combo ?? null) &&
      Array.isArray(step.hands) &&
      step.hands.length === 3 &&
      step.hands.every(isCards),
  );
  if (!stepsOk) return false;
  const last = data.steps.length - 1;
  if (!Array.isArray(data.decisions)) return false;
  if (!data.decisions.every((n) => Number.isInteger(n) && n >= 1 && n <= last && data.steps[n].seat === 0)) return false;
  // The decisions with one legal option (absent in replays kept by an older page: none known).
  if (data.forced != null && !(Array.isArray(data.forced) && data.forced.every((n) => data.decisions.includes(n)))) return false;
  // The decisions the club timer played when your time ran out (absent in older replays: none).
  if (data.timed_out != null && !(Array.isArray(data.timed_out) && data.timed_out.every((n) => data.decisions.includes(n)))) return false;
  if (data.settlement != null) {
    const total = data.settlement.total;
    if (!Array.isArray(total) || total.length !== 3 || !total.every(Number.isInteger)) return false;
    if (!isSeat(data.settlement.winner)) return false;
  }
  // compact15's face-up card with its holder (absent in older replays and other presets: none).
  if (data.face_up != null && !(isObject(data.face_up) && isSeat(data.face_up.seat) && isCards([data.face_up.card]))) return false;
  return data.deal_code == null || typeof data.deal_code === "string";
}

/** Whether `review` has the shape of the engine's Review (docs/PROTOCOL.md). */
export function isReview(review) {
  if (!isObject(review) || !VERDICTS.includes(review.verdict)) return false;
  if (!Number.isFinite(review.loss) || review.loss < 0) return false;
  if (!(review.played === null || isCards(review.played))) return false;
  if (!isText(review.text)) return false;
  if (!(review.why == null || isText(review.why))) return false;
  if (!(review.counted === undefined || typeof review.counted === "boolean")) return false;
  return (
    Array.isArray(review.options) &&
    review.options.every(
      (option) =>
        isObject(option) &&
        (option.cards === null || isCards(option.cards)) &&
        isCombo(option.combo ?? null) &&
        Number.isFinite(option.expected),
    )
  );
}

/**
 * Why the coach does not rate decision `step` of `replay`: "timedOut" (the club timer played
 * it when your time ran out: not your choice), "forced" (one legal option), or null (rated).
 */
export function unratedVerdict(replay, step) {
  if (replay?.timed_out?.includes(step)) return "timedOut";
  if (replay?.forced?.includes(step)) return "forced";
  return null;
}

/** Whether `review` counts in the coach's tallies (a forced decision never does). */
export function isCounted(review) {
  return review.counted !== false && review.verdict !== "forced";
}

/** Stored text to a usable record, or null (nothing stored, or not usable). */
export function readLastHand(text) {
  const { value } = parseJson(text);
  if (!isObject(value) || value.app !== LAST_HAND_APP || value.format !== LAST_HAND_FORMAT) return null;
  if (typeof value.handId !== "string" || !value.handId || !isObject(value.game)) return null;
  const replay = isReplay(value.replay) ? value.replay : null;
  const reviews = {};
  if (replay && isObject(value.reviews)) {
    for (const [step, review] of Object.entries(value.reviews)) {
      if (replay.decisions.includes(Number(step)) && isReview(review)) reviews[step] = review;
    }
  }
  const last = replay ? replay.steps.length - 1 : 0;
  const step = Number.isInteger(value.step) && value.step >= 0 && value.step <= last ? value.step : 0;
  return {
    ...makeLastHand(value),
    // The engine's own code of this deal (in its replay) first; never text that cannot be a code.
    dealCode: [replay?.deal_code, value.dealCode].find(isCodeText) ?? null,
    preset: typeof value.preset === "string" ? value.preset : null,
    replay,
    reviews,
    open: value.open === true,
    step,
  };
}
