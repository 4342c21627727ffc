//# allFunctionsCalledOnLoad
// The session's running score: each finished hand's totals added once, by
// its hand id (a reload of a finished hand must not count it twice). Another
// tab of the same site adds its hands to the same record: each addition reads
// the stored record first, so both tabs' hands count (as statistics do).
// The totals are kept by side (you, left, right: seating.js's sideIndex), as
// the seats are named, not by the engine's seat numbers.

import { sideIndex } from "../model/seating.js";
import { SESSION_KEY, addHandToSession, readSession } from "./preferences.js";

/**
 * @param {object} deps
 * @param {object} deps.storage  storage.js facade
 */
export function createSessionScore({ storage }) {
  const stored = () => readSession(storage.readText(SESSION_KEY));
  let session = stored();

  return {
    /**
     * A Snapshot was applied: a finished hand's totals join the score, by the sides its seats
     * sat on (`seating`: the side the seat after you sat on in that hand, "left" | "right").
     */
    onSnapshot(snapshot, handId, seating = "left") {
      const view = snapshot?.view;
      if (!view?.over || !view.settlement?.total) return;
      const before = stored();
      const bySide = [0, 0, 0];
      view.settlement.total.forEach((total, seat) => (bySide[sideIndex(seat, seating)] = total));
      session = addHandToSession(before, handId, bySide);
      if (session !== before) storage.writeText(SESSION_KEY, JSON.stringify(session));
    },
    /** Another tab changed the record. */
    refresh() {
      session = stored();
    },
    view() {
      return session;
    },
  };
}
