//# allFunctionsCalledOnLoad
// The table's notices: a longer message over the table (a save restored or
// refused, the engine restarted, time is up...) and the short "Link copied"
// that replaces the Copy link button's text for a moment. A notice is
// information, not a question: it fades a while after the table is playable
// (a notice shown while the engine still boots is read once the table is
// there, so its time starts then). A notice marked `stays` (this tab stopped
// because another one plays the hand) is a state, not news: it never fades.
// A notice that comes while a hand is being played lies over the table; one that
// comes with a deal (or between hands) may take room of its own (`row`), kept
// until it goes, so the table's layout never changes under a hand in play.

const NOTICE_MS = 9000;
const LINK_NOTICE_MS = 2500;

/**
 * @param {object} deps
 * @param {Window} deps.win
 * @param {() => void} deps.update
 * @param {() => boolean} deps.isSettled  the engine is no longer loading (ready or failed)
 * @param {() => boolean} [deps.inPlay]  a hand on the table has had a move and is not over
 */
export function createNotices({ win, update, isSettled, inPlay = () => false }) {
  let notice = null; // {key, params}
  let row = false; // the notice came outside play: it may take room of its own
  let linkNotice = null;
  let fading = null; // the notice whose fade timer runs
  let fadeTimer = null;
  let linkTimer = null;
  let linkOver = false; // the link's confirmation is shown as the notice too

  function startFade() {
    if (notice === fading || !isSettled()) return;
    win.clearTimeout(fadeTimer);
    fading = notice;
    if (!notice || notice.stays) return;
    const shown = notice;
    fadeTimer = win.setTimeout(() => {
      if (notice === shown) {
        notice = null;
        fading = null;
        update();
      }
    }, NOTICE_MS);
  }

  return {
    /** Show `next`, {key, params?, stays?} (null takes the notice away). */
    show(next) {
      if (next === notice) return;
      notice = next;
      row = Boolean(next) && !inPlay();
      startFade();
      update();
    },
    /** The engine left "loading": a notice waiting for the table starts to fade now. */
    settled() {
      startFade();
    },
    /**
     * The Copy link button's short confirmation; `over` when the button is out of sight (it
     * was in the menu, which closed): then the notice line says it too, as long.
     */
    showLink(next, { over = false } = {}) {
      win.clearTimeout(linkTimer);
      linkNotice = next;
      linkOver = over;
      if (over && !notice) row = !inPlay();
      linkTimer = win.setTimeout(() => {
        linkNotice = null;
        linkOver = false;
        update();
      }, LINK_NOTICE_MS);
      update();
    },
    view() {
      // The link's confirmation, asked for just now, goes before older news while it shows.
      const shown = linkOver ? linkNotice : notice;
      return { notice: shown, noticeRow: Boolean(shown) && row, linkNotice };
    },
  };
}
