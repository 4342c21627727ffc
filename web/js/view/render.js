// The one module that writes the table's DOM (its dialogs it hands on to
// render_dialogs.js). render(model) draws the whole table
// from one model (see table_model.js); it keeps the hand's card elements keyed
// by code so a selection change never replaces the element under a finger.

import { el, fillSelect, setText, suitIcon, toggleAttr } from "./dom.js";
import { createDialogRenderer } from "./render_dialogs.js";

/** The face of a card: corner index (rank over suit) and a large suit in the middle. */
function cardFace(doc, card) {
  const face = el(doc, "span", `face suit-${card.suit}`);
  const index = el(doc, "span", "index");
  index.append(el(doc, "span", "rank", card.rank), suitIcon(doc, card.suit, "pip"));
  face.append(index, suitIcon(doc, card.suit, "big"));
  return face;
}

export function createRenderer(doc) {
  const root = doc.querySelector("[data-app]");
  const q = (selector, scope = root) => scope.querySelector(selector);
  const seatNodes = [0, 1, 2].map((seat) => q(`[data-seat="${seat}"]`));
  const handNode = q("[data-hand]");
  const handCards = new Map(); // code -> button
  let lastPlaySignature = ["", "", ""];
  const dialogs = createDialogRenderer(doc);

  function renderTexts(model) {
    for (const node of root.querySelectorAll("[data-text]")) {
      const value = model.bar[node.dataset.text] ?? model.buttons[node.dataset.text]?.text;
      if (typeof value === "string") setText(node, value);
    }
    setText(q("[data-action=retry]"), model.boot.retry ?? q("[data-action=retry]").textContent);
  }

  function renderBar(model) {
    const bar = model.bar;
    setText(q("[data-deal-code]"), bar.dealCode);
    setText(q("[data-session-total]"), bar.sessionTotal);
    const language = q("[data-action=language]");
    language.setAttribute("aria-label", bar.languageLabel);
    if (bar.languageLang && language.lang !== bar.languageLang) language.lang = bar.languageLang;
    fillSelect(doc, q("[data-setting=level]"), { value: bar.level, options: bar.levels }, bar.settingsEnabled);
    fillSelect(doc, q("[data-setting=preset]"), { value: bar.preset, options: bar.presets }, bar.settingsEnabled);
    const newButton = q("[data-action=new]");
    newButton.disabled = !bar.newEnabled;
    newButton.classList.toggle("attention", bar.newHighlighted);
    q("[data-action=copy-link]").disabled = !bar.dealCode;
  }

  function renderPlay(container, action, index) {
    const signature = action ? JSON.stringify([action.pass, action.passText, action.stale, action.text, action.cards.map((c) => c.label)]) : "";
    if (lastPlaySignature[index] === signature) return;
    lastPlaySignature[index] = signature;
    container.replaceChildren();
    container.classList.toggle("stale", Boolean(action?.stale));
    if (!action) return;
    if (action.pass) {
      container.append(el(doc, "span", "pass-mark", action.passText));
      return;
    }
    const cards = el(doc, "span", "played");
    cards.style.setProperty("--n", String(action.cards.length));
    for (const card of action.cards) {
      const node = el(doc, "span", "card small");
      node.dataset.playedCard = card.code;
      node.setAttribute("aria-label", card.label);
      node.setAttribute("role", "img");
      node.append(cardFace(doc, card));
      cards.append(node);
    }
    container.append(cards);
    if (action.text) container.append(el(doc, "span", "combo-text", action.text));
  }

  function renderSeats(model) {
    model.seats.forEach((seat, index) => {
      const node = seatNodes[index];
      setText(q("[data-seat-name]", node), seat.name);
      setText(q("[data-count]", node), seat.count);
      q("[data-count-label]", node).setAttribute("aria-label", seat.countLabel);
      q("[data-count-label]", node).setAttribute("title", seat.countLabel);
      toggleAttr(node, "data-turn", seat.turn);
      toggleAttr(node, "data-warning", seat.warning);
      toggleAttr(node, "data-alert", seat.alert !== null, String(seat.alert));
      if (node.getAttribute("role") !== "group") node.setAttribute("role", "group"); // so its label is read
      if (node.getAttribute("aria-label") !== seat.label) node.setAttribute("aria-label", seat.label);
      node.classList.toggle("thinking", seat.thinking);
      const flag = q("[data-flag]", node);
      setText(flag, seat.warning ? seat.warningText : seat.alertText || (seat.thinking ? seat.thinkingText : ""));
      flag.classList.toggle("warning", seat.warning || Boolean(seat.alertText));
      renderPlay(q("[data-seat-play]", node), seat.action, index);
    });
  }

  function renderCounter(model) {
    setText(q("[data-counter-title]"), model.counter.title);
    const list = q("[data-counter-ranks]");
    const signature = JSON.stringify(model.counter.ranks);
    if (list.dataset.signature !== signature) {
      list.dataset.signature = signature;
      list.replaceChildren(
        ...model.counter.ranks.map((entry) => {
          const item = el(doc, "li", entry.n === 0 ? "gone" : "");
          item.dataset.rank = entry.rank;
          item.setAttribute("aria-label", entry.label);
          item.setAttribute("title", entry.label);
          item.append(el(doc, "span", "counter-rank", entry.rank), el(doc, "span", "counter-n", String(entry.n)));
          return item;
        }),
      );
    }
    const faceUp = q("[data-face-up]");
    setText(faceUp, model.faceUp);
    faceUp.hidden = !model.faceUp;
  }

  function cardButton(card) {
    const button = el(doc, "button", "card");
    button.type = "button";
    button.dataset.card = card.code;
    button.setAttribute("aria-label", card.label);
    button.append(cardFace(doc, card));
    return button;
  }

  function renderHand(model) {
    const hand = model.hand;
    handNode.setAttribute("aria-label", hand.label);
    handNode.classList.toggle("locked", hand.locked);
    handNode.style.setProperty("--n", String(Math.max(hand.cards.length, 1)));
    const wanted = new Set(hand.cards.map((card) => card.code));
    const hadFocus = handNode.contains(doc.activeElement); // a keyboard player's card may be about to go
    for (const [code, button] of handCards) {
      if (!wanted.has(code)) {
        button.remove();
        handCards.delete(code);
      }
    }
    hand.cards.forEach((card, position) => {
      let button = handCards.get(card.code);
      if (!button) {
        button = cardButton(card);
        handCards.set(card.code, button);
      }
      if (handNode.children[position] !== button) handNode.insertBefore(button, handNode.children[position] ?? null);
      button.setAttribute("aria-pressed", card.selected ? "true" : "false");
      if (button.getAttribute("aria-label") !== card.label) button.setAttribute("aria-label", card.label); // the language may change
      button.classList.toggle("greyed", card.greyed);
      button.setAttribute("aria-disabled", hand.locked ? "true" : "false");
      button.tabIndex = card.code === hand.focus ? 0 : -1; // one tab stop; arrows move within (keyboard.js)
    });
    if (hadFocus && !handNode.contains(doc.activeElement)) handCards.get(hand.focus)?.focus();
  }

  function renderButtons(model) {
    for (const name of ["hint", "pass", "play"]) {
      const button = q(`[data-action=${name}]`);
      button.disabled = !model.buttons[name].enabled;
    }
    const reason = model.buttons.pass.reason;
    setText(q("[data-pass-reason]"), reason);
    q("[data-action=pass]").title = reason;
  }

  function renderStatus(model) {
    const status = q("[data-status]");
    setText(status, model.status.text);
    status.dataset.tone = model.status.tone;
    const notice = q("[data-notice]");
    setText(notice, model.notice);
    notice.hidden = !model.notice;
  }

  function renderResult(model) {
    const panel = q("[data-result]");
    const result = model.result;
    panel.hidden = result === null;
    if (result === null) {
      delete panel.dataset.signature;
      return;
    }
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
    panel.hidden = !boot.visible;
    if (!boot.visible) return;
    panel.classList.toggle("compact", Boolean(boot.compact));
    panel.classList.toggle("error", Boolean(boot.error));
    setText(q("[data-boot-text]", panel), boot.text);
    const detail = q("[data-boot-detail]", panel);
    setText(detail, boot.detail);
    detail.hidden = !boot.detail;
    const track = q(".boot-track", panel);
    track.hidden = boot.error;
    track.classList.toggle("indeterminate", boot.percent === null);
    q("[data-boot-bar]", panel).style.setProperty("--fraction", String((boot.percent ?? 0) / 100));
    q("[data-action=retry]", panel).hidden = !boot.retry;
  }

  function render(model) {
    const html = doc.documentElement;
    if (html.dataset.engine !== model.engine) html.dataset.engine = model.engine;
    if (model.bootPath && html.dataset.boot !== model.bootPath) html.dataset.boot = model.bootPath;
    if (html.lang !== model.lang) html.lang = model.lang;
    toggleAttr(html, "data-offline", model.offline, "ready");
    if (doc.title !== model.title) doc.title = model.title;
    root.dataset.moves = String(model.moves); // actions so far in the hand (a test hook)
    renderTexts(model);
    renderBar(model);
    renderSeats(model);
    renderCounter(model);
    renderHand(model);
    renderButtons(model);
    renderStatus(model);
    renderResult(model);
    renderBoot(model);
    dialogs.render(model);
  }

  return { render, renderBoot };
}
