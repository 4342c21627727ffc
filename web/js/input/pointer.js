//# allFunctionsCalledOnLoad
// Turns taps, slides, clicks, changes and the URL into named events for the
// controller:
//   toggleCard(code, at)  a finger or the mouse pressed on a card, or sliding onto it
//                         (`at`: the event's timeStamp, when the finger acted)
//   selectRank(code)      the same card pressed twice, soon (double-tap)
//   action(name)          a [data-action] button: play, pass, hint, new, retry, ...
//   setting(name, value)  a [data-setting] select changed
//   menuClosed()          a tap outside the open menu
//   clearSelection()      a tap on the felt itself, off any seat's cards and controls (as
//                         the mobile card apps put every card down on a tap on the table)
//   dealLink(hash)        the URL's hash changed while the page is open (#deal=CODE)
// Reads the DOM (event targets, what is under a finger) but never changes it:
// that is the view's job.
//
// Cards answer pointer events, not clicks. A card rises the moment a finger
// (or the mouse button) goes down on it, as in the mobile card apps: the
// finger sees its card before it is lifted, and the lift costs nothing. A
// finger that slides on across the hand toggles every further card it passes
// over, once each; it takes a card only moving along the hand (more across
// than up or down since the card before), so a swipe up from the lower of two
// rows leaves the card above alone. The same card pressed twice in quick succession selects
// its whole rank (double-tap; the first press has toggled it already, and the
// rank then includes it). Keyboard clicks (Space, Enter) still toggle through
// `click`, which a pointer's own click then leaves alone.

/** The same card pressed twice closer than this (from press to press) is a double-tap. */
const DOUBLE_TAP_MS = 350;
const HAND_CARD = "[data-hand] [data-card]";

export function bindInput(doc, win, handlers) {
  const root = doc.querySelector("[data-app]");
  const hand = root.querySelector("[data-hand]");
  const menu = root.querySelector("[data-menu]");
  let lastTap = { code: null, time: -Infinity };
  let slide = null; // {pointerId, codes: the cards passed over, in order, x, y: where the last was reached}

  /** The hand card under a point: a captured touch keeps targeting where it began, so look. */
  function cardAt(x, y) {
    return doc.elementFromPoint(x, y)?.closest?.(HAND_CARD) ?? null;
  }

  hand.addEventListener("pointerdown", (event) => {
    const card = event.target.closest(HAND_CARD);
    if (!card || (event.pointerType === "mouse" && event.button !== 0)) return;
    // A finger's tap on a card takes no focus (as on iOS): without this, the mouse events a
    // browser makes up after the touch focus the card, and the table is drawn a second time
    // in the very frame that should show the card rising. The keyboard's focus is its own.
    if (event.pointerType !== "mouse") event.preventDefault();
    const code = card.dataset.card;
    slide = { pointerId: event.pointerId, codes: [code], x: event.clientX, y: event.clientY };
    if (lastTap.code === code && event.timeStamp - lastTap.time < DOUBLE_TAP_MS) {
      lastTap = { code: null, time: -Infinity };
      handlers.selectRank(code);
    } else {
      lastTap = { code, time: event.timeStamp };
      handlers.toggleCard(code, event.timeStamp);
    }
  });

  hand.addEventListener("pointermove", (event) => {
    if (!slide || event.pointerId !== slide.pointerId) return;
    const code = cardAt(event.clientX, event.clientY)?.dataset.card;
    if (!code || slide.codes.includes(code)) return;
    // Up or down onto another row's card: not along the hand (the card is passed over).
    if (Math.abs(event.clientY - slide.y) > Math.abs(event.clientX - slide.x)) return;
    slide.codes.push(code);
    slide.x = event.clientX;
    slide.y = event.clientY;
    lastTap = { code: null, time: -Infinity }; // a slide is no tap: no double-tap after it
    handlers.toggleCard(code, event.timeStamp);
  });

  // Every card was toggled as the finger reached it: lifting it (anywhere on the page, a
  // slide may leave the hand) only ends the slide.
  const endSlide = (event) => {
    if (slide && event.pointerId === slide.pointerId) slide = null;
  };
  win.addEventListener("pointerup", endSlide);
  win.addEventListener("pointercancel", endSlide);

  root.addEventListener("click", (event) => {
    const card = event.target.closest(HAND_CARD);
    if (card) {
      // A pointer's click follows its pointerdown, which has acted; Space or Enter (detail 0) acts here.
      if (event.detail === 0) handlers.toggleCard(card.dataset.card, event.timeStamp);
      return;
    }
    const button = event.target.closest("[data-action]");
    if (button && !button.disabled) handlers.action(button.dataset.action);
  });

  // A mouse click on a button takes no focus (as in Safari): focus left on the bar's New hand
  // would keep the arrows from the hand, and Space would press New hand again. The
  // keyboard's focus stays where the keyboard put it.
  root.addEventListener("mousedown", (event) => {
    if (event.target.closest?.("button[data-action]")) event.preventDefault();
  });

  // A tap on the felt puts every raised card down: a slide that took the wrong cards is
  // undone with one tap, not one per card. A tap that only closes the open menu does no
  // more; so does a tap on anything with its own meaning (a control, a card).
  // The felt's lower edge lies under your play's place (.me-front): the table there too.
  let menuWasOpen = false; // at this pointerdown, before the tap closes it (read in capture, below)
  root.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (menuWasOpen || !event.target.closest?.("[data-felt], .me-front")) return;
    if (event.target.closest("button, a, select, input, [data-card]")) return;
    handlers.clearSelection();
  });

  // The menu closes on a tap anywhere outside it (and outside its button, which toggles it).
  doc.addEventListener(
    "pointerdown",
    (event) => {
      menuWasOpen = Boolean(menu && (menu.classList.contains("open") || menu.matches?.(":popover-open")));
      if (menu && !menu.contains(event.target) && !event.target.closest?.("[data-action=menu]")) handlers.menuClosed();
    },
    { capture: true },
  );

  root.addEventListener("change", (event) => {
    const select = event.target.closest("[data-setting]");
    if (select) handlers.setting(select.dataset.setting, select.value);
  });

  win.addEventListener("hashchange", () => handlers.dealLink(win.location.hash));
}
