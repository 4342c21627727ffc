//# allFunctionsCalledOnLoad
// Other tabs (or windows) of the same site share its storage: one saved hand,
// one session score. The browser tells every other tab when one of them
// writes (the `storage` event; never the tab that wrote), so the save is
// never "whoever wrote last" unnoticed: each write of the save carries its
// time (save.js's savedAt), so a tab that opens or moves a hand always tells
// the others, and the tab that hears of it is the one behind.

import { SAVE_KEY } from "./save.js";
import { SESSION_KEY } from "./preferences.js";

/**
 * @param {Window} win
 * @param {object} handlers
 * @param {(text: string | null) => void} handlers.saved    another tab wrote (or removed) the save
 * @param {() => void} handlers.sessionChanged             another tab changed the session score
 */
export function watchOtherTabs(win, { saved, sessionChanged }) {
  win.addEventListener("storage", (event) => {
    // A null key: another tab cleared the whole storage; the save went with it.
    if (event.key === SAVE_KEY || event.key === null) saved(event.key === null ? null : event.newValue);
    if (event.key === SESSION_KEY || event.key === null) sessionChanged();
  });
}
