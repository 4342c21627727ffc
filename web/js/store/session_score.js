// The session's running score: each finished hand's totals added once, by
// its hand id (a reload of a finished hand must not count it twice).

import { SESSION_KEY, addHandToSession, readSession } from "./preferences.js";

export function createSessionScore({ storage }) {
  let session = readSession(storage.readText(SESSION_KEY));

  return {
    /** A Snapshot was applied: a finished hand's totals join the score. */
    onSnapshot(snapshot, handId) {
      const view = snapshot?.view;
      if (!view?.over || !view.settlement?.total) return;
      const next = addHandToSession(session, handId, view.settlement.total);
      if (next === session) return;
      session = next;
      storage.writeText(SESSION_KEY, JSON.stringify(session));
    },
    view() {
      return session;
    },
  };
}
