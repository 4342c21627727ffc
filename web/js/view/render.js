//# allFunctionsCalledOnLoad
// The one module that writes the table's DOM (its dialogs it hands on to
// render_dialogs.js, its motion to motion.js). render(model) draws the whole
// table from one model (see table_model.js); it keeps the hand's card elements
// keyed by code so a selection change never replaces the element under a finger.
//
// Motion is decided here, by comparing the model with the last one drawn: a
// new play flies in from where its cards were (your hand, or the seat's fan),
// a finished trick is swept toward its winner, a bomb or a plane gets its
// banner. The DOM is final before any of it starts; what flies starts at the
// next frame, once the new table is laid out (animate() says why).

import { createLabelWriter, el, fillSelect, setAttr, setProp, setText, suitIcon, toggleAttr, whenIdle } from "./dom.js";
import { createDialogRenderer } from "./render_dialogs.js";

/** The face of a card: corner index (rank over suit) and a large suit in the middle. */
function cardFace(doc, card) {
  const face = el(doc, "span", `face suit-${card.suit}`);
  const index = el(doc, "span", "index");
  // "10", the one rank of two characters, is drawn narrower: cards laid tight show only
  // their index's width, and two 10s side by side read "1010".
  index.append(el(doc, "span", card.rank === "10" ? "rank ten" : "rank", card.rank), suitIcon(doc, card.suit, "pip"));
  face.append(index, suitIcon(doc, card.suit, "big"));
  return face;
}

/**
 * A card lying on the table. Its hooks: data-card (not on a ghost's copy), and on
 * a play's cards data-played-card too (the older hook of the same cards). `faced` false:
 * drawn without its face, which comes later (createFaces).
 */
export function tableCard(doc, card, hooks = "card", faced = true) {
  const node = el(doc, "span", "card small");
  if (hooks !== "none") node.dataset.card = card.code;
  if (hooks === "played") node.dataset.playedCard = card.code;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", card.label);
  if (faced) node.append(cardFace(doc, card));
  return node;
}

/**
 * How many cards of a new deal's hand get their faces in one frame (renderHand).
 */
const FACES_PER_FRAME = 8;

/** How many of the cards left turning up at a hand's end get their faces in one frame (turnUp). */
const TURN_UP_PER_FRAME = 2;

/** `count` cards in even groups of at most FACES_PER_FRAME: how many groups, and how many in each. */
function faceGroups(count) {
  const groups = Math.max(1, Math.ceil(count / FACES_PER_FRAME));
  return { groups, per: Math.ceil(count / groups) }; // 19 cards are 7, 7 and 5
}

/**
 * Faces given at the next frame to cards drawn without them. A face is five elements: the
 * frame that drew a new deal's hand with its faces restyled, laid out and painted some
 * eighty of them (on a phone slowed 4x, one task of 110 ms; now two, of 65 and 31). The
 * new hand is unseen in the frame that draws it and grows in from the next (dealHand), so
 * its faces can come a frame later, in a task of their own. While faces are due, the app carries
 * data-faces-due (a test hook: every card on the table shows its face once it is gone).
 *
 * @param {Document} doc
 * @param {Element} root  where data-faces-due is said
 */
function createFaces(doc, root) {
  const win = doc.defaultView;
  let due = []; // [card node, card, frames it waits]

  function ask() {
    if (doc.visibilityState === "hidden") queueMicrotask(fill);
    else win.requestAnimationFrame(fill);
  }

  /** The faces due at this frame (with `all`, every face due). */
  function fill(all = false) {
    win.performance.mark("pdk:faces");
    const now = all === true ? due : due.filter(([, , frames]) => frames <= 1);
    due = all === true ? [] : due.filter(([, , frames]) => frames > 1).map(([node, card, frames]) => [node, card, frames - 1]);
    for (const [node, card] of now) {
      if (node.isConnected && !node.firstElementChild) node.append(cardFace(doc, card)); // (not gone since)
    }
    if (due.length > 0) ask();
    else root.removeAttribute("data-faces-due");
  }

  // A hidden page paints no frames (and gets none) but its DOM is still read: there, the
  // faces come once the drawing that asked is done.
  doc.addEventListener("visibilitychange", () => {
    if (doc.visibilityState === "hidden" && due.length > 0) fill(true);
  });

  return {
    /**
     * Give `node` (a card drawn faceless, about to be put on the table) the face of `card`
     * at the `frames`th frame from now.
     */
    later(node, card, frames = 1) {
      if (due.length === 0) {
        root.setAttribute("data-faces-due", "");
        ask();
      }
      due.push([node, card, frames]);
    },
  };
}

/** A play as laid on the table: its cards overlapped (or the pass mark) and the combination's name. */
function playNodes(doc, action, hooked = true, faceLater = null) {
  if (action.pass) return [el(doc, "span", "pass-mark", action.passText)];
  const cards = el(doc, "span", "played");
  cards.style.setProperty("--n", String(action.cards.length));
  for (const card of action.cards) {
    const node = tableCard(doc, card, hooked ? "played" : "none", faceLater === null);
    faceLater?.(node, card);
    cards.append(node);
  }
  const nodes = [cards];
  if (action.text) nodes.push(el(doc, "span", "combo-text", action.text));
  return nodes;
}

/** What a play looks like on the table: two plays alike are drawn alike. */
function playSignature(action) {
  return action ? JSON.stringify([action.pass, action.passText, action.text, action.cards.map((c) => c.label)]) : "";
}

/** A move was made since `old` was drawn (not a redraw of the same play): its play flies in. */
function movedSince(old, model) {
  return old !== null && (model.moves > old.moves || model.handId !== old.handId);
}

/**
 * @param {Document} doc
 * @param {ReturnType<typeof import("./motion.js").createMotion>} motion  how things move (and
 *        whether they may: the person's reduced-motion wish), shared with the panels' renderer
 */
export function createRenderer(doc, motion) {
  const win = doc.defaultView;
  const root = doc.querySelector("[data-app]");
  // The page's own elements (index.html) are looked up once: every drawing reads some fifty
  // of them, and on a phone the lookups were a tenth of a tap's script. Lookups inside a
  // part (a seat, a panel) may meet elements a drawing replaced, so they are not kept.
  const found = new Map();
  const q = (selector, scope = root) => {
    if (scope !== root) return scope.querySelector(selector);
    let node = found.get(selector);
    if (!node?.isConnected) {
      node = root.querySelector(selector);
      found.set(selector, node);
    }
    return node;
  };
  const textNodes = [...root.querySelectorAll("[data-text]")];
  const labelNodes = [...root.querySelectorAll("[data-label]")];
  const seatNodes = [0, 1, 2].map((seat) => q(`[data-seat="${seat}"]`));
  const handNode = q("[data-hand]");
  const newButtons = [...root.querySelectorAll("[data-action=new]")]; // the bar's and the result's
  const effects = q("[data-effects]");
  const feltNode = q("[data-felt]");
  const menu = q("[data-menu]");
  const handCards = new Map(); // code -> button
  const cardsDrawn = new Map(); // code -> what its button was last drawn with (renderHand)
  const rowBreak = el(doc, "i", "row-break"); // between the hand's two rows (renderHand)
  rowBreak.setAttribute("aria-hidden", "true");
  const playSignatures = ["", "", ""];
  const revealSignature = ["", "", ""];
  const revealCards = new WeakMap(); // a card turned up faceless -> its card (turnUp)
  const dialogs = createDialogRenderer(doc, { tableCard }); // How to play draws its examples with the table's cards
  const faces = createFaces(doc, root);
  let drawn = null; // the last model drawn: what changed since decides the motion
  let landings = []; // one promise a play drawn and not yet landed (whenLanded)

  const labelWriter = createLabelWriter();
  const labelKeys = labelNodes.map((node) => node.dataset.label);
  // The [data-text] nodes whose text the bar's or the buttons' model gives (the others are
  // render_dialogs.js's), found at the first drawing: the models' keys never change.
  let ownTexts = null;

  function renderTexts(model) {
    const textOf = (key) => model.bar[key] ?? model.buttons[key]?.text;
    ownTexts ??= textNodes.filter((node) => typeof textOf(node.dataset.text) === "string");
    for (const node of ownTexts) labelWriter.text(node, textOf(node.dataset.text));
    labelNodes.forEach((node, i) => {
      const label = model.bar.labels[labelKeys[i]];
      if (label) labelWriter.label(node, label);
    });
    setText(q("[data-action=retry]"), model.boot.retry ?? q("[data-action=retry]").textContent);
  }

  function renderMenu(open) {
    setAttr(q("[data-action=menu]"), "aria-expanded", String(open));
    if (typeof menu.showPopover !== "function") {
      menu.classList.toggle("open", open); // no popover in this browser: a plain panel (table.css)
      return;
    }
    if (open !== menu.matches(":popover-open")) {
      if (open) menu.showPopover();
      else menu.hidePopover();
    }
  }

  function renderBar(model) {
    const bar = model.bar;
    setText(q("[data-deal-code]"), bar.dealCode);
    setText(q("[data-session-total]"), bar.sessionTotal);
    const language = q("[data-action=language]");
    setAttr(language, "aria-label", bar.languageButtonLabel);
    if (bar.languageLang && language.lang !== bar.languageLang) language.lang = bar.languageLang;
    fillSelect(doc, q("[data-setting=level]"), { value: bar.level, options: bar.levels }, bar.settingsEnabled);
    fillSelect(doc, q("[data-setting=preset]"), { value: bar.preset, options: bar.presets }, bar.settingsEnabled);
    for (const button of newButtons) setProp(button, "disabled", !bar.newEnabled);
    q(".bar [data-action=new]").classList.toggle("attention", bar.newHighlighted); // the result's own is primary already
    setProp(q("[data-action=copy-link]"), "disabled", !bar.dealCode);
    const mute = q("[data-action=mute]");
    setAttr(mute, "aria-pressed", String(bar.muted));
    renderMenu(bar.menuOpen);
  }

  function renderFan(node, seat) {
    const backs = q("[data-backs]", node);
    if (!backs) return;
    if (backs.childElementCount !== seat.backs) {
      // (none left, at the end of a hand: all at once, not one removal each)
      if (seat.backs === 0) backs.replaceChildren();
      while (backs.childElementCount > seat.backs) backs.lastElementChild.remove();
      while (backs.childElementCount < seat.backs) {
        const back = el(doc, "i", "back");
        back.style.setProperty("--i", String(backs.childElementCount));
        backs.append(back);
      }
      backs.style.setProperty("--n", String(Math.max(seat.backs, 1)));
    }
  }

  /** Where a seat's cards come from: its fan of backs, or for you the hand. (A trick goes
   * toward it, but one you won toward your play's place: sweepPlaces.) */
  function seatAnchor(seat) {
    const node = seat === 0 ? handNode : q(".fan", seatNodes[seat]);
    return node?.getBoundingClientRect() ?? null;
  }

  /**
   * Redraw a seat's play when it changed; returns its container then (a new play flies in).
   * `flight`: a move was made since the last drawing, so a new play is drawn unseen in this
   * frame; its cards' faces come at the `flight`th frame from now (createFaces), still unseen,
   * and it flies at the frame after (animate). (A computer's long play, ten cards and fifty
   * face elements, drawn whole with the rest of its move, was a task of 50-70 ms on a phone
   * slowed 4x; its faces laid out in the frame that started its flight, 55-67 ms.)
   */
  function renderPlay(seat, flight, swept = false) {
    const container = q("[data-seat-play]", seatNodes[seat.seat]);
    const action = seat.action;
    const signature = playSignature(action);
    if (playSignatures[seat.seat] === signature) return null;
    playSignatures[seat.seat] = signature;
    if (action) container.setAttribute("aria-label", seat.actionLabel);
    else container.removeAttribute("aria-label");
    if (swept && !action) {
      // The trick's play stays where it lies and is swept from there (sweepTrick), no longer
      // the table's: its place and cards lose their hooks, and a new play here takes it off.
      // (Moved into a ghost, its nodes were restyled and laid out anew in the frame that
      // ends the trick, the heaviest of them on a phone slowed 4x.)
      toggleAttr(container, "data-played", false);
      for (const node of container.children) {
        node.classList.add("swept");
        node.setAttribute("aria-hidden", "true");
      }
      for (const card of container.querySelectorAll("[data-card]")) {
        card.removeAttribute("data-card");
        card.removeAttribute("data-played-card");
      }
      return null;
    }
    toggleAttr(container, "data-played", true);
    const faceLater = flight > 0 ? (node, card) => faces.later(node, card, flight) : null;
    container.replaceChildren(...(action ? playNodes(doc, action, true, faceLater) : []));
    return action ? container : null;
  }

  function renderReveal(seat) {
    const node = seatNodes[seat.seat];
    const box = q("[data-reveal]", node);
    const reveal = seat.reveal;
    const signature = reveal ? JSON.stringify(reveal) : "";
    setProp(box, "hidden", reveal === null);
    toggleAttr(node, "data-revealed", seat.revealRoom); // (the seat's layout gives it room)
    // Your cards left lie at the felt's foot, in up to two rows: the felt keeps them room.
    if (seat.seat === 0) toggleAttr(q("[data-felt]"), "data-your-cards-left", seat.revealRoom);
    if (revealSignature[seat.seat] === signature) return [];
    revealSignature[seat.seat] = signature;
    if (!reveal) {
      box.replaceChildren();
      return [];
    }
    box.setAttribute("aria-label", reveal.label);
    box.setAttribute("role", "group");
    const cards = el(doc, "span", "played revealed");
    cards.style.setProperty("--n", String(reveal.cards.length));
    // Cards about to turn up are drawn faceless (turnUp gives them their faces); on the
    // first drawing (a reload), which plays no motion, they lie face up at once.
    const turning = drawn !== null;
    cards.append(
      ...reveal.cards.map((card) => {
        const node = tableCard(doc, card, "card", !turning);
        if (turning) revealCards.set(node, card);
        return node;
      }),
    );
    // A tag under the cards (never over them: each card shows whole), so they are not read
    // as a play (the group's label says it already).
    const caption = el(doc, "span", "reveal-caption", reveal.caption);
    caption.dataset.revealCaption = "";
    caption.setAttribute("aria-hidden", "true");
    box.replaceChildren(cards, caption);
    return [...cards.children];
  }

  function renderSeats(model, flight, swept) {
    const arrived = [];
    const revealed = [];
    model.seats.forEach((seat, index) => {
      const node = seatNodes[index];
      if (node.dataset.side !== seat.side) node.dataset.side = seat.side;
      setText(q("[data-seat-name]", node), seat.name);
      setText(q("[data-count]", node), seat.count);
      setAttr(q("[data-count-label]", node), "aria-label", seat.countLabel);
      setAttr(q("[data-count-label]", node), "title", seat.countLabel);
      toggleAttr(node, "data-turn", seat.turn);
      toggleAttr(node, "data-warning", seat.warning);
      toggleAttr(node, "data-alert", seat.alert !== null, String(seat.alert));
      if (node.getAttribute("role") !== "group") node.setAttribute("role", "group"); // so its label is read
      if (node.getAttribute("aria-label") !== seat.label) node.setAttribute("aria-label", seat.label);
      node.classList.toggle("thinking", seat.thinking);
      const flag = q("[data-flag]", node);
      setText(flag, seat.flag.text);
      flag.classList.toggle("warning", seat.flag.tone === "warning");
      flag.classList.toggle("face-up-mark", seat.flag.tone === "face-up");
      renderFan(node, seat);
      const play = renderPlay(seat, flight, swept?.[seat.seat] ?? false);
      if (play) arrived.push({ seat: seat.seat, play });
      revealed.push(...renderReveal(seat));
    });
    // Once a computer seat's cards lie face up, both seats' fans give up their height: the
    // winner's empty fan kept it, and its name and count stood apart from the other seat's.
    toggleAttr(q("[data-felt]"), "data-seats-revealed", model.seats.some((seat) => seat.seat !== 0 && seat.revealRoom));
    return { arrived, revealed };
  }

  /**
   * The counter's ranks are built once per list of ranks (a preset's); a play then changes
   * only the figures and labels of the ranks it took, in place (rebuilding the list made
   * the phone restyle all of its elements after every play).
   */
  function renderCounter(model) {
    setText(q("[data-counter-title]"), model.counter.title);
    const list = q("[data-counter-ranks]");
    const ranks = model.counter.ranks;
    const order = ranks.map((entry) => entry.rank).join(" ");
    if (list.dataset.ranks !== order) {
      list.dataset.ranks = order;
      list.replaceChildren(
        ...ranks.map((entry) => {
          const item = el(doc, "li");
          item.dataset.rank = entry.rank;
          item.append(el(doc, "span", "counter-rank", entry.rank), el(doc, "span", "counter-n"));
          return item;
        }),
      );
    }
    ranks.forEach((entry, index) => {
      const item = list.children[index];
      item.classList.toggle("gone", entry.n === 0);
      setAttr(item, "aria-label", entry.label);
      setAttr(item, "title", entry.label);
      setText(item.lastElementChild, String(entry.n));
    });
  }

  function renderFaceUp(model) {
    const node = q("[data-face-up]");
    const faceUp = model.faceUp;
    setProp(node, "hidden", faceUp === null);
    const signature = faceUp ? JSON.stringify(faceUp) : "";
    if (node.dataset.signature === signature) return;
    node.dataset.signature = signature;
    if (!faceUp) {
      node.replaceChildren();
      return;
    }
    // By its holder: in front of that seat, above its play.
    const host = faceUp.seat === 0 ? q(".me-front") : q(".seat-front", seatNodes[faceUp.seat]);
    if (node.parentElement !== host) host.prepend(node);
    node.setAttribute("title", faceUp.text);
    node.replaceChildren(el(doc, "span", "face-up-title", faceUp.title), tableCard(doc, faceUp.card), el(doc, "span", "face-up-text", faceUp.text));
  }

  /** The hand's rules, level and daily date: on the felt, and in the menu (for screens with no room on the felt). */
  function renderPlate(model) {
    const { daily, rules } = model.plate;
    const dailyNode = q("[data-plate-daily]");
    setText(dailyNode, daily);
    setProp(dailyNode, "hidden", !daily);
    setText(q("[data-plate-rules]"), rules);
    const menuPlate = q("[data-menu-plate]");
    setText(menuPlate, [daily, rules].filter(Boolean).join("\n"));
    setProp(menuPlate, "hidden", !daily && !rules);
  }

  /** A hand card's button; `faceFrame` > 0: its face comes at that frame from now (createFaces). */
  function cardButton(card, faceFrame) {
    const button = el(doc, "button", "card");
    button.type = "button";
    button.dataset.card = card.code;
    button.setAttribute("aria-label", card.label);
    if (faceFrame > 0) faces.later(button, card, faceFrame);
    else button.append(cardFace(doc, card));
    return button;
  }

  /** The hand's buttons where they are now (before a change moves them). */
  function handRects() {
    const rects = new Map();
    for (const [code, button] of handCards) rects.set(code, button.getBoundingClientRect());
    return rects;
  }

  /**
   * How a hand of `count` cards lies on tall screens (cards.css lays it out): in two rows once
   * it holds 12 cards or more, the upper row as long as the lower one or one longer.
   */
  function handRows(count) {
    const split = count >= 12;
    return { split, first: split ? count - Math.floor(count / 2) : count };
  }

  /** Everything a hand card's button is drawn from (and so what a change of it redraws). */
  function cardLook(card, hand) {
    return {
      selected: card.selected,
      label: card.label,
      greyed: card.greyed,
      singleBarred: card.singleBarred,
      singleBarredText: card.singleBarredText,
      faceUp: card.faceUp,
      locked: hand.locked,
      focus: card.code === hand.focus,
    };
  }

  function drawCardButton(button, look) {
    setAttr(button, "aria-pressed", look.selected ? "true" : "false");
    setAttr(button, "aria-label", look.label); // the language may change
    button.classList.toggle("greyed", look.greyed);
    button.classList.toggle("single-barred", look.singleBarred); // a small mark (cards.css); the label says why
    toggleAttr(button, "data-single-barred", look.singleBarred);
    if (button.title !== look.singleBarredText) button.title = look.singleBarredText;
    button.classList.toggle("face-up-card", look.faceUp);
    setAttr(button, "aria-disabled", look.locked ? "true" : "false");
    setAttr(button, "tabindex", look.focus ? "0" : "-1"); // one tab stop; arrows move within (keyboard.js)
  }

  /**
   * `dealing`: the hand is a new deal, about to grow in (motion.deal): its faces come at the
   * next frames, a group a frame (faceGroups).
   */
  function renderHand(model, dealing = false) {
    const hand = model.hand;
    setAttr(handNode, "aria-label", hand.label);
    handNode.classList.toggle("locked", hand.locked);
    const rows = handRows(hand.cards.length);
    handNode.classList.toggle("split", rows.split); // changes only when the hand crosses twelve cards
    const wanted = new Set(hand.cards.map((card) => card.code));
    const hadFocus = handNode.contains(doc.activeElement); // a keyboard player's card may be about to go
    for (const [code, button] of handCards) {
      if (!wanted.has(code)) {
        button.remove();
        handCards.delete(code);
        cardsDrawn.delete(code);
      }
    }
    // The hand's children: its cards in order, and on tall screens the row break after the
    // upper row's (hidden elsewhere, cards.css). Only what is out of place is moved.
    const { per } = faceGroups(hand.cards.length);
    const children = hand.cards.map((card, index) => {
      let button = handCards.get(card.code);
      if (!button) {
        button = cardButton(card, dealing ? 1 + Math.floor(index / per) : 0);
        handCards.set(card.code, button);
      }
      return button;
    });
    if (rows.split) children.splice(rows.first, 0, rowBreak);
    else rowBreak.remove();
    children.forEach((node, index) => {
      node.classList.toggle("row-end", children[index + 1] === rowBreak); // drawn whole (cards.css)
      if (handNode.children[index] !== node) handNode.insertBefore(node, handNode.children[index] ?? null);
    });
    hand.cards.forEach((card) => {
      // A card drawn as it is now is left alone: a tap changes one card of sixteen, and
      // reading each card's attributes back cost a slow phone a third of a tap's script.
      const look = cardLook(card, hand);
      const key = Object.values(look).join("\u0000");
      if (cardsDrawn.get(card.code) === key) return;
      cardsDrawn.set(card.code, key);
      drawCardButton(handCards.get(card.code), look);
    });
    if (hadFocus && !handNode.contains(doc.activeElement)) handCards.get(hand.focus)?.focus();
  }

  function renderButtons(model) {
    for (const name of ["hint", "pass", "play"]) {
      const button = q(`[data-action=${name}]`);
      // A Pass locked with a reason stays tappable (aria-disabled, not disabled): a tap says
      // why, as X does. Phones show no tooltip.
      const says = name === "pass" && !model.buttons.pass.enabled && Boolean(model.buttons.pass.reason);
      setProp(button, "disabled", !model.buttons[name].enabled && !says);
      toggleAttr(button, "aria-disabled", says, "true");
      button.classList.toggle("primary", model.buttons.primary === name);
      toggleAttr(button, "aria-busy", Boolean(model.buttons[name].waiting), "true");
    }
    toggleAttr(q("[data-action=hint]"), "data-hint-best", model.buttons.hint.passBest, "pass");
    toggleAttr(q("[data-action=hint]"), "data-hint-ready", model.buttons.hint.ready);
    const { reason, reasonShown } = model.buttons.pass;
    setText(q("[data-pass-reason]"), reasonShown ? reason : "");
    setAttr(q("[data-pass-reason]"), "data-tone", model.buttons.pass.reasonTone);
    toggleAttr(q(".status-box"), "data-reason", reasonShown); // the status gives it a line
    setProp(q("[data-action=pass]"), "title", reason);
  }

  function renderStatus(model) {
    const status = q("[data-status]");
    setText(status, model.status.text);
    setAttr(status, "data-tone", model.status.tone);
    const notice = q("[data-notice]");
    setText(notice, model.notice);
    setProp(notice, "hidden", !model.notice);
    // A portrait phone gives a notice that came outside play a row of its own (table.css);
    // elsewhere the table's plate steps back while one shows.
    toggleAttr(root, "data-notice-shown", model.noticeRow);
    toggleAttr(root, "data-notice-up", Boolean(model.notice));
  }

  /**
   * The result sheet. Its words come two beats before it does (with the hand's last play):
   * the sheet is then filled and laid out unseen when the page is next idle (`data-pending`,
   * table.css), and coming up is a visibility and a slide. On a phone slowed 4x, filling,
   * styling and laying out the sheet in the frame that shows it made that frame one task of
   * 60-80 ms. Returns true when the sheet has just come up.
   */
  let sheetDue = null; // the idle callback that lays the sheet out unseen, once asked for
  let sheetWords = null; // the words it lays out: the latest drawn before the sheet is up
  function renderResult(model) {
    const panel = q("[data-result]");
    const result = model.result;
    const up = result !== null && model.resultUp;
    const appeared = up && panel.hidden;
    // Your seat under the sheet is hidden (table.css). Said on the seat itself: a rule that
    // asked the app whether its sheet was up (:has) restyled the whole table whenever a
    // flying card came or went under the app.
    toggleAttr(seatNodes[0], "data-under-sheet", up);
    sheetWords = up ? null : result;
    if (!up) {
      setProp(panel, "hidden", true);
      if (result === null) {
        cancelSheet();
        toggleAttr(panel, "data-pending", false);
        delete panel.dataset.signature;
      } else if (sheetDue === null) {
        sheetDue = whenIdle(win, () => {
          sheetDue = null;
          if (sheetWords === null) return; // up already, or a new hand
          fillResult(panel, sheetWords);
          toggleAttr(panel, "data-pending", true);
          panel.getBoundingClientRect(); // its style and layout, now, while nothing else is due
        }, { timeout: 200, fallback: 60 });
      }
      return false;
    }
    cancelSheet();
    fillResult(panel, result); // (nothing to do when it was laid out unseen)
    toggleAttr(panel, "data-pending", false);
    setProp(panel, "hidden", false);
    // A keyboard player's focus on a card of the finished hand (under the sheet now, or gone
    // to the felt's foot with the cards left) goes to the sheet's New hand, what comes next.
    // (Without scrolling: the sheet is in its place, and a scroll would lay the page out.)
    // At the next frame: focus() lays the page out at once to check the button can hold it,
    // and in the frame that shows the sheet that was a second style and layout pass of the
    // whole page (on a phone slowed 4x, 10 of that frame's 19 ms of script); a frame later the
    // page is laid out already.
    if (appeared) {
      nextFrame(() => {
        const active = doc.activeElement;
        if (panel.hidden || !(handNode.contains(active) || active === doc.body || active === null)) return;
        q("[data-action=new]", panel)?.focus({ preventScroll: true });
      });
    }
    return appeared;
  }

  function cancelSheet() {
    if (sheetDue !== null) sheetDue();
    sheetDue = null;
  }

  /** The sheet's words, written when they changed. */
  function fillResult(panel, result) {
    const signature = JSON.stringify(result);
    if (panel.dataset.signature === signature) return;
    panel.dataset.signature = signature;
    setText(q("[data-result-title]", panel), result.title);
    q("[data-result-headings]", panel).replaceChildren(...result.headings.map((text) => el(doc, "th", "", text)));
    q("[data-result-rows]", panel).replaceChildren(
      ...result.rows.map((row) => {
        const tr = el(doc, "tr", row.winner ? "winner" : "");
        const cells = [
          el(doc, "th", "", row.name),
          el(doc, "td", "", row.cardsLeft),
          el(doc, "td", "", row.shutOut),
          el(doc, "td", "", row.bombs),
          el(doc, "td", "total", row.total),
          el(doc, "td", "", row.session),
        ];
        cells[4].dataset.total = String(row.seat);
        cells[5].dataset.session = String(row.seat);
        tr.append(...cells);
        return tr;
      }),
    );
    setText(q("[data-result-footer]", panel), result.footer);
  }

  function renderBoot(model) {
    const boot = model.boot;
    const panel = q("[data-boot]");
    setProp(panel, "hidden", !boot.visible);
    if (!boot.visible) return;
    panel.classList.toggle("compact", Boolean(boot.compact));
    panel.classList.toggle("error", Boolean(boot.error));
    setText(q("[data-boot-text]", panel), boot.text);
    const detail = q("[data-boot-detail]", panel);
    setText(detail, boot.detail);
    setProp(detail, "hidden", !boot.detail);
    const track = q(".boot-track", panel);
    setProp(track, "hidden", Boolean(boot.error));
    track.classList.toggle("indeterminate", boot.percent === null);
    q("[data-boot-bar]", panel).style.setProperty("--fraction", String((boot.percent ?? 0) / 100));
    setProp(q("[data-action=retry]", panel), "hidden", !boot.retry);
  }

  /**
   * A banner over the felt (decoration, in the effects layer). Given the `place` of the play
   * that made it, it stands beside that play, above or below it, on the side toward the
   * felt's middle, never over the cards it celebrates, and keeps to it while it shows (a
   * notice leaving moves the felt's plays); else in the middle of the screen.
   */
  function banner(kind, text, place = null) {
    const node = el(doc, "span", `banner banner-${kind}`, text);
    effects.append(node);
    if (!place) return node;
    node.classList.add("placed");
    // The effects layer is laid out apart from the page (contain: strict): reading the
    // banner's size lays out that layer alone.
    const width = node.offsetWidth;
    const height = node.offsetHeight;
    const room = effects.getBoundingClientRect();
    let last = null;
    const follow = () => {
      if (!node.isConnected) return; // its show is over
      const box = place.getBoundingClientRect();
      if (last === null || box.top !== last.top || box.left !== last.left) {
        last = box;
        const gap = 8;
        const x = Math.min(Math.max(box.left + box.width / 2 - width / 2, gap), room.width - width - gap);
        // Toward the felt's middle: on the side of the play where the felt has more room.
        const felt = feltNode.getBoundingClientRect();
        const above = box.top - height - gap;
        const below = Math.min(box.bottom + gap, room.height - height - gap);
        const y = above >= gap && box.top - felt.top > felt.bottom - box.bottom ? above : below;
        node.style.left = `${Math.round(x)}px`;
        node.style.top = `${Math.round(y)}px`;
      }
      win.requestAnimationFrame(follow); // (a hidden page has no frames: it waits)
    };
    follow();
    return node;
  }

  /**
   * Where the trick about to be swept lies, and where it goes: read before the DOM changes.
   * With them, which seats' places still show their play of it as it was (`inPlace`): those
   * are swept where they lie.
   */
  function sweepPlaces(sweep) {
    const places = seatNodes.map((node) => q("[data-seat-play]", node).getBoundingClientRect());
    return {
      places,
      inPlace: sweep.plays.map((play, seat) => play !== null && playSignatures[seat] === playSignature(play)),
      // Toward a computer winner's fan; toward your own play's place when you won (your hand
      // lies past the status line and the buttons: the trick slid over them as your turn began).
      to: sweep.winner === null ? null : sweep.winner === 0 ? places[0] : seatAnchor(sweep.winner),
    };
  }

  /**
   * The trick that just ended, from where its plays lay (`places`), swept toward its winner
   * (`to`). A play still drawn as it was (`inPlace`) goes in its own nodes, left in its place
   * by this drawing (renderPlay); any other (moves that came in one frame) as a copy, a ghost
   * in the effects layer.
   */
  function sweepTrick(sweep, { places, inPlace, to }) {
    win.performance.mark("pdk:sweep"); // (where a trace of the table finds a trick's sweep)
    sweep.plays.forEach((play, seat) => {
      if (!play) return;
      const from = places[seat];
      if (inPlace[seat]) {
        for (const node of q("[data-seat-play]", seatNodes[seat]).querySelectorAll(":scope > .swept")) motion.sweep(node, from, to);
        return;
      }
      const ghost = el(doc, "div", "ghost-play");
      ghost.append(...playNodes(doc, play, false));
      ghost.style.left = `${from.left}px`;
      ghost.style.top = `${from.top}px`;
      ghost.style.width = `${from.width}px`;
      ghost.style.height = `${from.height}px`;
      effects.append(ghost);
      motion.sweep(ghost, from, to);
    });
  }

  /**
   * What moves, from what changed since the last drawing. `before` holds what
   * had to be read before the DOM changed: the hand's cards where they were, and
   * the places of a trick about to be swept.
   *
   * A new play flies to where its cards now are, and
   * reading that right after the DOM changed would make the browser restyle and lay
   * out the page inside this task, before it even paints: on a phone, one task of
   * 60-170 ms per computer move. So the new table is drawn in this frame with what
   * is about to fly transparent, its faces come at the next frame, and the places are read
   * and the flights started at the frame after, from a page already laid out: three shorter
   * tasks, and nothing seen out of place (every flight starts at its origin: fill
   * "backwards"). A swept trick needs only where it was, read before the DOM changed
   * (`before.sweep`): it starts in this frame. A deal grows in its place from the next
   * frame, with its faces (dealHand). Every place is read first (one layout), then every
   * animation starts: an animation started between two reads would cost a style pass each time.
   */
  function animate(model, before, changes) {
    const old = drawn;
    if (changes.dealFrames) dealHand(changes.dealFrames);
    if (old === null) return; // the first drawing (a reload) replays nothing else
    const arrived = movedSince(old, model) ? changes.arrived : [];
    let landing = null; // the moment its play made, shown once that play flies
    // The trick just ended stays in sight where it lay (its places read before the DOM changed).
    if (before.sweep) sweepTrick(model.sweep, before.sweep);
    // Decided before the flights are planned: in a hidden page they start at once.
    const moment = model.moment;
    if (moment && moment.at !== old.moment?.at) {
      const place = q("[data-seat-play]", seatNodes[moment.seat]);
      const show = (node, flying) => motion.moment(moment.kind, node, q(".played", place), flying);
      if (moment.kind === "lastCard") motion.pulse(q("[data-flag]", seatNodes[moment.seat]));
      // A bomb's or a plane's banner comes with its cards, once they fly (not over an empty
      // place), and the bomb's jolt as they land (a computer's play flies as one: a jolt of
      // its cards in the air would be lost under the flight's own movement). It is made and
      // laid out, unseen, in the frame that gives the play its faces: made in the flight's
      // frame, its big type's layout was 4 of that frame's 24 ms on a phone slowed 4x, the
      // frame a tap on your turn most often follows.
      else if (arrived.some(({ seat }) => seat === moment.seat)) {
        let made = null;
        afterFrames(changes.flight, () => {
          made = banner(moment.kind, moment.text, place);
          made.classList.add("arriving"); // unseen, as the play it waits with
        });
        landing = () => {
          made.classList.remove("arriving");
          show(made, true);
        };
      } else show(banner(moment.kind, moment.text, place), false);
    }
    // Your prompt (and why you may not pass) comes as the play you answer lands, not while
    // it is still in the air.
    const answered = model.seats[0].turn ? arrived.find(({ seat }) => seat !== 0) : undefined;
    if (answered) {
      motion.afterFlight(q(".status-box"));
      motion.onAfterFlight(q(".actions").querySelectorAll(":scope > button:not(:disabled)"));
    }
    if (arrived.length) {
      const waiting = arrived.map(({ play }) => play);
      for (const node of waiting) node.classList.add("arriving");
      // Its faces come at the `flight`th frame (renderPlay), the flight at the one after.
      const landed = new Promise((resolve) => {
        afterFrames(changes.flight + 1, () => {
          const flights = fly({ arrived, before, waiting, landing });
          // (a flight cut short, by a new hand or a reload, has landed too)
          Promise.allSettled(flights.map((flight) => flight?.finished)).then(() => resolve());
        });
      });
      landings.push(landed);
      landed.then(() => {
        landings = landings.filter((other) => other !== landed);
      });
    }
    if (model.shutOut && model.shutOut.at !== old.shutOut?.at) motion.stamp(banner("shut-out", model.shutOut.text));
    if (changes.revealed.length) turnUp(changes.revealed);
    if (changes.resultAppeared) motion.slideUp(q("[data-result]"));
  }

  /**
   * The losers' cards left turn face up (motion.flip: one after another, each from edge-on,
   * unseen, to flat), drawn faceless in this frame. Their faces and their flips come at the
   * next frames, TURN_UP_PER_FRAME cards a frame, as fast as the flips need them (one starts
   * every 25 ms, 15 on Fast; two a frame is one every 8 ms): the frame that drew some twenty
   * cards with their faces (six elements a card) and started their flips was one task of
   * 65-100 ms on a phone slowed 4x (its layout mostly the faces', half its script the
   * flips'), fifteen cards a frame still 55-60 ms, and eight a frame frames of 16-33 ms of
   * work (style, layout and paint of the faces), at a frame's edge or over it. The first
   * flips start a frame after the cards are drawn, unseen till then (faceless), and each
   * later group's with the time since taken off its waits, so each card turns when it would have.
   */
  function turnUp(nodes) {
    win.performance.mark("pdk:turnUp");
    const per = TURN_UP_PER_FRAME;
    nodes.forEach((node, index) => faces.later(node, revealCards.get(node), 1 + Math.floor(index / per)));
    let started = 0;
    const group = (first) => {
      motion.flip(nodes.slice(first, first + per), first, first === 0 ? 0 : win.performance.now() - started);
      if (first + per < nodes.length) nextFrame(() => group(first + per));
    };
    nextFrame(() => {
      started = win.performance.now();
      group(0);
    });
  }

  /** At the next frame (at once in a hidden page, which paints none and whose DOM is still read). */
  function nextFrame(callback) {
    if (doc.visibilityState === "hidden") callback();
    else win.requestAnimationFrame(callback);
  }

  /** At the `frames`th frame from now (nextFrame, that many times). */
  function afterFrames(frames, callback) {
    nextFrame(frames > 1 ? () => afterFrames(frames - 1, callback) : callback);
  }

  /**
   * A new deal: unseen in the frame that draws its cards (the heavier one), it grows in from
   * the frame its last group of faces comes in (`frames` from now: createFaces asked for
   * them first, so they are there before it starts). Grown from the frame that drew it, it
   * moved through both of those frames, and on a phone slowed 4x the two made the longest
   * gap between frames of the hand while anything moved (50 ms); started with the faces,
   * the hand is whole from its first frame in sight. Its sixteen faces in one frame were
   * that frame's task of 50-56 ms on a phone slowed 4x: they come eight a frame.
   */
  function dealHand(frames) {
    handNode.style.opacity = "0";
    afterFrames(frames, () => {
      handNode.style.opacity = "";
      motion.deal(handNode);
    });
  }

  /**
   * The flights `animate` planned: where each thing is read now, then each flight starts;
   * with them, the moment their play made (`landing`: a plane's or a bomb's banner, laid out
   * a frame before, shown now). It is shown in this task, before the plays waiting unseen
   * are: shown in a frame of its own, after them, its reads made the browser restyle and lay
   * out the page in that frame's script (on a phone slowed 4x, a frame of 50-65 ms while the
   * plane flew). Returns the flights (their animations).
   */
  function fly({ arrived, before, waiting, landing }) {
    win.performance.mark("pdk:fly");
    const rect = (node) => node.getBoundingClientRect();
    const starts = [];
    for (const { seat, play } of arrived) {
      // Your cards each fly from their own place in the hand. A computer seat's play leaves
      // its fan as one: its cards all come from the same place, and one animation costs the
      // frames of its flight one element's style pass where one per card cost one each (the
      // first frame of a ten-card plane's flight was a task of 45-60 ms on a phone slowed 4x).
      const yours = seat === 0 ? [...play.querySelectorAll(".card")] : [];
      const whole = play.querySelector(".played") ?? play; // a computer's cards, or a pass (yours: from the hand)
      const flights = yours.length
        ? yours.map((card) => [card, before.hand.get(card.dataset.card) ?? null, rect(card)])
        : [[whole, seatAnchor(seat), rect(whole)]];
      starts.push(() => flights.map(([node, a, b], index) => motion.flyFrom(node, a, b, index)));
    }
    landing?.();
    for (const node of waiting) node.classList.remove("arriving");
    return starts.flatMap((start) => start());
  }

  function render(model) {
    const html = doc.documentElement;
    if (html.dataset.engine !== model.engine) html.dataset.engine = model.engine;
    if (model.bootPath && html.dataset.boot !== model.bootPath) html.dataset.boot = model.bootPath;
    if (html.lang !== model.lang) html.lang = model.lang;
    warmBanners(model);
    toggleAttr(html, "data-offline", model.offline, "ready");
    toggleAttr(root, "data-stopped", model.stopped); // (a test hook too)
    if (doc.title !== model.title) doc.title = model.title;
    setAttr(root, "data-moves", String(model.moves)); // actions so far in the hand (a test hook)
    motion.setSpeed(model.speed);
    // Read before writing: where the hand's cards are, for the cards about to leave it.
    const handChanges = drawn !== null && model.hand.cards.length < handCards.size && model.handId === drawn.handId;
    const sweeping = drawn !== null && model.sweep !== null && model.sweep.at !== drawn.sweep?.at;
    const before = { hand: handChanges ? handRects() : new Map(), sweep: sweeping ? sweepPlaces(model.sweep) : null };
    renderTexts(model);
    renderBar(model);
    // A new hand grows in from nothing, so its faces can come at the next frame (createFaces):
    // a new deal, and the first hand the page shows (loaded, or restored mid-hand), whose
    // drawing with every face in was the page's longest task on a slowed phone.
    const firstSight = drawn === null || drawn.hand.cards.length === 0;
    const dealing = model.hand.cards.length > 0 && model.handId !== drawn?.handId && (model.moves === 0 || firstSight);
    // A play that came with it (a computer seat's lead) has its faces a frame later still:
    // the first frames for the hand's faces, the next for the play's, the one after for its flight.
    const dealFrames = dealing ? faceGroups(model.hand.cards.length).groups : 0;
    const flight = !movedSince(drawn, model) ? 0 : dealFrames + 1;
    const { arrived, revealed } = renderSeats(model, flight, before.sweep?.inPlace);
    renderCounter(model);
    renderFaceUp(model);
    renderPlate(model);
    renderHand(model, dealing);
    renderButtons(model);
    renderStatus(model);
    const resultAppeared = renderResult(model);
    renderBoot(model);
    dialogs.render(model);
    animate(model, before, { arrived, revealed, resultAppeared, dealFrames, flight });
    drawn = model;
  }

  /**
   * Lay out a play's faces once, unseen, while the engine boots: the first computer move's
   * frame then finds the small cards' fonts looked up and their text shaped. (On a phone
   * slowed 4x a cold first play of ten cards took 10-20 ms more layout than a warm one.)
   */
  function warmUp() {
    const place = q("[data-seat-play]", seatNodes[1]);
    if (!place || place.childElementCount > 0) return;
    const play = el(doc, "span", "played");
    play.style.setProperty("--n", "4");
    play.style.visibility = "hidden";
    for (const [rank, suit] of [["10", "S"], ["K", "H"], ["Q", "D"], ["A", "C"]]) {
      play.append(tableCard(doc, { code: `${rank}${suit}`, rank, suit, label: "" }, "none"));
    }
    place.append(play);
    play.getBoundingClientRect(); // the layout, now
    play.remove();
  }

  let bannersWarm = null; // the language whose banner words are warmed (data-warm once done: a test hook)
  let bannersDue = null; // cancels the warm-up under way: its idle callback, or its words still shown

  /**
   * Lay out and paint every word a banner may show, at an opacity no one sees, once per
   * language, while nothing else is due. A banner is placed in its play's flight frame and
   * reads its own size there: the first one of a language found its big bold type's font
   * unread and its text unshaped (on a phone slowed 4x, 10 ms of layout for the first
   * "Plane!", 40 ms for the first "飞机！", against 2-3 ms warm), and its first paint took
   * 7 ms more: that frame was the longest of the hand. (At opacity 0, or hidden, the
   * browser would lay the words out but never paint them.)
   */
  function warmBanners(model) {
    if (bannersWarm === model.lang) return;
    bannersWarm = model.lang;
    bannersDue?.();
    const { lang, bannerWords } = model;
    bannersDue = whenIdle(win, () => {
      const nodes = bannerWords.map((text) => {
        const node = el(doc, "span", "banner placed", text);
        node.style.opacity = "0.002";
        return node;
      });
      effects.append(...nodes);
      nodes[0].getBoundingClientRect(); // the layout, now (the effects layer alone: contain: strict)
      const remove = () => {
        for (const node of nodes) node.remove();
      };
      // Painted in the next frame, removed in the one after; removed at once when another
      // language's warm-up takes over (bannersDue is then no longer this one's).
      bannersDue = remove;
      afterFrames(2, () => {
        if (bannersDue !== remove) return;
        remove();
        bannersDue = null;
        effects.dataset.warm = lang;
      });
    }, { timeout: 2000, fallback: 200 });
  }

  return {
    render,
    renderBoot,
    warmUp,
    /** Your hand alone, from the table model's `hand` (a tap: frame.js handInput). */
    renderHand: (hand) => renderHand({ hand }),
    /**
     * Run `callback` once every play drawn so far has landed (at once when none is in the
     * air): work that would compete with a flight's frames for a phone's cores waits for it.
     */
    whenLanded(callback) {
      if (landings.length === 0) callback();
      else Promise.allSettled(landings).then(() => callback());
    },
  };
}
