// Turns clicks, taps, changes and the URL into named events for the controller:
//   toggleCard(code)      one tap on a card
//   selectRank(code)      a second tap on the same rank soon after (double-tap)
//   action(name)          a [data-action] button: play, pass, hint, new, retry, ...
//   setting(name, value)  a [data-setting] select changed
//   dealLink(code)        the URL's #deal=CODE changed while the page is open
// Reads the DOM (event targets) but never changes it: that is render.js's job.

import { dealCodeFromHash } from "../game/deal_link.js";

/** Two taps on one rank closer than this are a double-tap. */
const DOUBLE_TAP_MS = 350;

export function bindInput(doc, win, handlers) {
  const root = doc.querySelector("[data-app]");
  let lastTap = { rank: null, time: -Infinity };

  root.addEventListener("click", (event) => {
    const card = event.target.closest("[data-hand] [data-card]");
    if (card) {
      const code = card.dataset.card;
      const rank = code.slice(0, -1);
      const now = event.timeStamp;
      // A click from the keyboard (Space/Enter: detail 0) is never half of a double-tap.
      if (event.detail > 0 && lastTap.rank === rank && now - lastTap.time < DOUBLE_TAP_MS) {
        lastTap = { rank: null, time: -Infinity };
        handlers.selectRank(code);
      } else {
        lastTap = { rank, time: now };
        handlers.toggleCard(code);
      }
      return;
    }
    const button = event.target.closest("[data-action]");
    if (button && !button.disabled) handlers.action(button.dataset.action);
  });

  root.addEventListener("change", (event) => {
    const select = event.target.closest("[data-setting]");
    if (select) handlers.setting(select.dataset.setting, select.value);
  });

  win.addEventListener("hashchange", () => {
    const code = dealCodeFromHash(win.location.hash);
    if (code) handlers.dealLink(code);
  });
}
