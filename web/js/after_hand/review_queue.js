//# allFunctionsCalledOnLoad
// The coach's ratings, asked of the engine one decision at a time, and each
// decision a slice of search at a time.
//
// A rating is up to several seconds of Hard's search, and the worker answers
// requests in order. So a review is asked for in slices of SEARCH_SLICE_MS
// (`slice_ms`: the worker keeps the search under way and each request goes on
// with it), the next slice goes out only when the last came back, and none
// goes out once the job is cancelled (the player left the replay or started a
// hand). A game request then waits behind at most one slice, never a rating.

import { requestInSlices } from "../engine/engine_client.js";

/**
 * @param {object} options
 * @param {(type: string, fields: object) => Promise<object>} options.request  the engine client's request
 * @param {(handId: string, step: number, review: object) => void} options.onResult
 *        a rating arrived ({failed: true, message} when the engine refused it); also for
 *        the one in flight when a job is cancelled: a finished rating is still worth keeping
 * @param {() => void} options.onChange  progress changed (draw)
 */
export function createReviewQueue({ request, onResult, onChange = () => {} }) {
  let job = null;

  /** Rate `steps` (in this order) of the finished `game`; `done` are already rated. */
  function start({ handId, game, steps, total, done = 0 }) {
    job = { handId, game, todo: [...steps], total, done, inFlight: null, paused: false };
    onChange();
    pump();
  }

  /** Stop issuing reviews. A rating the slice in flight finishes still reports its result. */
  function cancel() {
    if (!job) return;
    job = null;
    onChange();
  }

  /** Rate `step` next (the player is looking at it). */
  function prefer(step) {
    if (!job) return;
    const index = job.todo.indexOf(step);
    if (index > 0) {
      job.todo.splice(index, 1);
      job.todo.unshift(step);
    }
  }

  /** Carry on after the engine was lost and came back. */
  function resume() {
    if (job?.paused) {
      job.paused = false;
      pump();
    }
  }

  async function pump() {
    const current = job;
    if (!current || current.paused || current.inFlight !== null) return;
    const step = current.todo.shift();
    if (step === undefined) {
      job = null; // every decision is rated
      onChange();
      return;
    }
    current.inFlight = step;
    onChange();
    let reply;
    try {
      // Slices until the review is ready; a cancelled job asks for no more.
      reply = await requestInSlices(request, "review", { game: current.game, step }, () => job === current);
    } catch (error) {
      current.inFlight = null;
      if (error?.reason === "timeout") {
        // This very review outran the worker's time: asking again would only do it again.
        current.done += 1;
        current.paused = true; // the worker is being restarted: resume() carries on with the next step
        onResult(current.handId, step, { failed: true, message: null });
        onChange();
        return;
      }
      // The worker was lost (it is being restarted): keep the step, wait for resume().
      current.todo.unshift(step);
      current.paused = true;
      onChange();
      return;
    }
    current.inFlight = null;
    if (reply?.ok && reply.result.pending) {
      // Cancelled between two slices: this decision is not rated (a new job asks for it again).
      onChange();
      return;
    }
    current.done += 1;
    const review = reply?.ok ? reply.result : { failed: true, message: reply?.error?.message ?? null };
    onResult(current.handId, step, review);
    if (job === current) pump();
  }

  return {
    start,
    cancel,
    prefer,
    resume,
    /** {handId, done, total, current, paused} while a job runs, else null. */
    progress() {
      if (!job) return null;
      return { handId: job.handId, done: job.done, total: job.total, current: job.inFlight, paused: job.paused };
    },
  };
}
