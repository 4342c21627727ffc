//# allFunctionsCalledOnLoad
// Keys to the same named events as taps and clicks (see input.js), so the
// table can be played without a pointer:
//   ← → Home End   move between your cards (focus only; not once the hand is over)
//   Space, Enter   on a card: the card button's own click (select / put back)
//   ↑ / ↓          select / put back the card in focus
//   R              select every card of that card's rank
//   P  play · X  pass · H  hint · N  new hand (as its button: mid-hand the
//                  controller asks first, so one stray key throws no hand away)
//   S  settings · ?  how to play · Esc  close the menu, clear the selection (a dialog closes itself)
// Events to the controller: focusCard(code), setCardSelected(code, on),
// selectRank(code), clearSelection(), menuClosed(), action(name), panelClosed(name).
// Moving focus is this module's only effect on the page; what is drawn
// (which card is the tab stop, what is selected) is render.js's job.

const LETTER_ACTIONS = Object.freeze({ p: "play", x: "pass", h: "hint", n: "new", s: "settings", "?": "help" });

function handCards(root) {
  return [...root.querySelectorAll("[data-hand] [data-card]")];
}

function isTyping(target) {
  return Boolean(target?.closest?.("select, input, textarea, [contenteditable='true']"));
}

export function bindKeyboard(doc, win, handlers, { handOver = () => false } = {}) {
  const root = doc.querySelector("[data-app]");

  /** The card in focus, else the hand's tab stop (the card keyboard focus returns to). */
  function currentCard() {
    const active = doc.activeElement;
    if (active?.matches?.("[data-hand] [data-card]")) return active;
    return root.querySelector("[data-hand] [data-card][tabindex='0']") ?? handCards(root)[0] ?? null;
  }

  function moveFocus(where) {
    const cards = handCards(root);
    if (cards.length === 0) return;
    const inHand = doc.activeElement?.matches?.("[data-hand] [data-card]");
    const from = cards.indexOf(currentCard());
    let index;
    if (where === "first") index = 0;
    else if (where === "last") index = cards.length - 1;
    else if (!inHand) index = Math.max(from, 0); // first arrow press: step into the hand where focus left it
    else index = Math.min(cards.length - 1, Math.max(0, from + where));
    cards[index].focus();
  }

  root.addEventListener("focusin", (event) => {
    const card = event.target.closest?.("[data-hand] [data-card]");
    if (card) handlers.focusCard(card.dataset.card);
  });

  doc.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (doc.querySelector("dialog[open]")) return; // a dialog has the keyboard (Esc closes it)
    if (isTyping(event.target)) return;
    const onCard = event.target?.matches?.("[data-hand] [data-card]");
    const onControl = !onCard && event.target?.closest?.("button, a, summary");
    const key = event.key;

    const arrows = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" };
    if (key in arrows && !onControl) {
      event.preventDefault();
      // A finished hand's cards are not to be played: focus does not go down to them (it
      // would sit on a card under the result sheet).
      if (!handOver()) moveFocus(arrows[key]);
      return;
    }
    if ((key === "ArrowUp" || key === "ArrowDown") && onCard) {
      event.preventDefault();
      handlers.setCardSelected(event.target.dataset.card, key === "ArrowUp");
      return;
    }
    if (key === "Escape") {
      handlers.menuClosed();
      handlers.clearSelection();
      return;
    }
    const letter = key.length === 1 ? key.toLowerCase() : "";
    if (letter === "r") {
      const card = currentCard();
      if (card) handlers.selectRank(card.dataset.card);
      return;
    }
    if (Object.hasOwn(LETTER_ACTIONS, letter)) {
      event.preventDefault();
      handlers.action(LETTER_ACTIONS[letter]);
    }
  });

  // Esc on an open dialog is the browser's own: it closes the dialog. The
  // controller, which keeps what is open, hears of it here ("close" does not
  // bubble, so listen while it goes down). A close render.js made is heard too,
  // harmlessly: only the panel that is open can be closed.
  root.addEventListener(
    "close",
    (event) => {
      if (event.target.matches?.("dialog[data-panel]")) handlers.panelClosed(event.target.dataset.panel);
    },
    true,
  );
}
