// The session's running score: each finished hand's totals added once, by
// its hand id (a reload of a finished hand must not count it twice). Another
// tab of the same site adds its hands to the same record: each addition reads
// the stored record first, so both tabs' hands count (as statistics do).

import { SESSION_KEY, addHandToSession, readSession } from "./preferences.js";

export function createSessionScore({ storage }) {
  const stored = () => readSession(storage.readText(SESSION_KEY));
  let session = stored();

  return {
    /** A Snapshot was applied: a finished hand's totals join the score. */
    onSnapshot(snapshot, handId) {
      const view = snapshot?.view;
      if (!view?.over || !view.settlement?.total) return;
      const before = stored();
      session = addHandToSession(before, handId, view.settlement.total);
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
