// Draws the panels after the hand (the replay with the coach, Statistics, the
// update prompt) from panels_model.js's model. The table itself is render.js's;
// this is its counterpart for these panels and, like it, only writes the DOM:
// each part is redrawn only when its model changed, so a draw is cheap and a
// button is never replaced under the pointer.

import { el, setProp, setText, suitIcon, toggleAttr } from "./dom.js";

/** Redraw `node` with `build` only when `data` differs from what it shows. */
function whenChanged(node, data, build) {
  const signature = JSON.stringify(data);
  if (node.dataset.signature === signature) return;
  node.dataset.signature = signature;
  build();
}

export function createPanelsRenderer(doc) {
  const root = doc.querySelector("[data-app]");
  const q = (selector, scope = root) => scope.querySelector(selector);
  const replayPanel = q("[data-replay]");
  const statsPanel = q("[data-stats]");
  const updateBar = q("[data-update]");
  const overlays = new Set([replayPanel, statsPanel, updateBar, q("[data-boot]"), q("[data-notice]")]);
  let openedFrom = null; // the element that had focus when a panel opened

  function miniCard(card) {
    const node = el(doc, "span", `mini-card suit-${card.suit}`);
    node.dataset.card = card.code;
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", card.label);
    node.title = card.label;
    node.append(el(doc, "span", "mini-rank", card.rank), suitIcon(doc, card.suit));
    return node;
  }

  function renderFixedTexts(texts) {
    for (const node of root.querySelectorAll("[data-panel-text]")) setText(node, texts[node.dataset.panelText] ?? "");
    for (const node of root.querySelectorAll("[data-panel-label]")) {
      const label = texts[node.dataset.panelLabel] ?? "";
      if (node.getAttribute("aria-label") !== label) {
        node.setAttribute("aria-label", label);
        node.title = label;
      }
    }
  }

  function renderSeats(seats) {
    const box = q("[data-replay-seats]", replayPanel);
    whenChanged(box, seats, () => {
      box.replaceChildren(
        ...seats.map((seat) => {
          const row = el(doc, "div", "replay-seat");
          row.dataset.replaySeat = String(seat.seat);
          toggleAttr(row, "data-turn", seat.turn);
          toggleAttr(row, "data-acting", seat.acting);
          const head = el(doc, "div", "replay-seat-head");
          head.append(el(doc, "span", "seat-name", seat.name), el(doc, "span", "replay-count", seat.count));
          if (seat.turnText) head.append(el(doc, "span", "replay-turn", seat.turnText));
          const hand = el(doc, "div", "mini-hand");
          hand.dataset.replayHand = String(seat.seat);
          hand.append(...seat.cards.map(miniCard));
          const play = el(doc, "div", "replay-play");
          play.dataset.replayPlay = String(seat.seat);
          if (seat.play) {
            play.classList.toggle("current", seat.play.current);
            if (seat.play.pass) {
              play.append(el(doc, "span", "pass-mark", seat.play.passText));
            } else {
              const cards = el(doc, "span", "mini-hand replay-played");
              cards.append(...seat.play.cards.map(miniCard));
              play.append(cards);
              if (seat.play.text) play.append(el(doc, "span", "combo-text", seat.play.text));
            }
          }
          row.append(head, hand, play);
          return row;
        }),
      );
    });
  }

  function renderCoach(coach) {
    const box = q("[data-coach]", replayPanel);
    const progress = q("[data-review-progress]", box);
    setText(progress, coach.progress);
    setProp(progress, "hidden", !coach.progress);
    progress.dataset.pending = String(coach.pending);
    const summary = q("[data-review-summary]", box);
    setText(summary, coach.summary);
    setProp(summary, "hidden", !coach.summary);
    const list = q("[data-review-steps]", box);
    whenChanged(list, coach.chips, () => {
      list.replaceChildren(
        ...coach.chips.map((chip) => {
          const item = el(doc, "li");
          const button = el(doc, "button", "review-chip");
          button.type = "button";
          button.dataset.reviewStep = String(chip.step);
          button.dataset.verdict = chip.verdict;
          button.setAttribute("aria-label", chip.label);
          button.title = chip.label;
          toggleAttr(button, "aria-current", chip.current, "step");
          button.append(el(doc, "span", "chip-n", String(chip.n)), el(doc, "span", "chip-mark", chip.mark));
          item.append(button);
          return item;
        }),
      );
    });
    const detailBox = q("[data-review-detail]", box);
    const detail = coach.detail;
    whenChanged(detailBox, detail, () => {
      detailBox.dataset.state = detail.state;
      if (detail.state !== "rated") {
        detailBox.replaceChildren(el(doc, "p", "coach-note", detail.text));
        delete detailBox.dataset.verdict;
        return;
      }
      detailBox.dataset.verdict = detail.verdict;
      // The engine's sentence names the verdict ("Mistake: ... was worth 4.0 points more").
      const head = el(doc, "p", `coach-verdict verdict-${detail.verdict}`, detail.text);
      head.title = detail.verdictText;
      const table = el(doc, "table", "coach-compare");
      for (const row of detail.rows) {
        const tr = el(doc, "tr");
        tr.append(el(doc, "th", "", row.label), el(doc, "td", "", row.play), el(doc, "td", "expected", row.expected));
        table.append(tr);
      }
      const parts = [head, table];
      if (detail.loss) parts.push(el(doc, "p", "coach-loss", detail.loss));
      if (detail.options.length) {
        const options = el(doc, "ol", "coach-options");
        for (const option of detail.options) {
          const item = el(doc, "li", option.mine ? "mine" : "");
          item.append(el(doc, "span", "", option.play), el(doc, "span", "expected", option.expected));
          options.append(item);
        }
        parts.push(options);
      }
      detailBox.replaceChildren(...parts);
    });
  }

  function renderSettlement(settlement) {
    const box = q("[data-replay-settlement]", replayPanel);
    setProp(box, "hidden", settlement === null);
    if (settlement === null) return;
    whenChanged(box, settlement, () => {
      const head = el(doc, "tr");
      head.append(...settlement.headings.map((text) => el(doc, "th", "", text)));
      const rows = settlement.rows.map((row) => {
        const tr = el(doc, "tr", row.winner ? "winner" : "");
        const cells = row.cells.map((text) => el(doc, "td", "", text));
        cells[3].dataset.replayTotal = String(row.seat);
        tr.append(el(doc, "th", "", row.name), ...cells);
        return tr;
      });
      const table = el(doc, "table");
      const thead = el(doc, "thead");
      thead.append(head);
      const tbody = el(doc, "tbody");
      tbody.append(...rows);
      table.append(thead, tbody);
      box.replaceChildren(table);
    });
  }

  function renderReplay(model) {
    setProp(replayPanel, "hidden", model === null);
    if (model === null) return;
    setText(q("[data-replay-title]", replayPanel), model.title);
    const message = q("[data-replay-message]", replayPanel);
    setText(message, model.ready ? "" : model.message);
    setProp(message, "hidden", model.ready);
    const link = q("[data-replay-link]", replayPanel);
    setText(link, model.link);
    setProp(link, "hidden", !model.link);
    setProp(q("[data-action=replay-copy-link]", replayPanel), "disabled", !model.copy);
    setProp(q("[data-action=replay-again]", replayPanel), "disabled", !model.again);
    for (const part of replayPanel.querySelectorAll("[data-replay-body]")) setProp(part, "hidden", !model.ready);
    if (!model.ready) {
      setProp(q("[data-replay-settlement]", replayPanel), "hidden", true);
      return;
    }
    replayPanel.dataset.step = String(model.step);
    replayPanel.dataset.last = String(model.last);
    setText(q("[data-replay-step]", replayPanel), model.stepText);
    setText(q("[data-replay-caption]", replayPanel), model.caption);
    setProp(q("[data-action=replay-first]", replayPanel), "disabled", !model.nav.back);
    setProp(q("[data-action=replay-prev]", replayPanel), "disabled", !model.nav.back);
    setProp(q("[data-action=replay-next]", replayPanel), "disabled", !model.nav.forward);
    setProp(q("[data-action=replay-last]", replayPanel), "disabled", !model.nav.forward);
    renderSeats(model.seats);
    renderCoach(model.coach);
    renderSettlement(model.settlement);
  }

  function renderStats(model) {
    setProp(statsPanel, "hidden", model === null);
    if (model === null) return;
    const table = q("[data-stats-table]", statsPanel);
    whenChanged(table, [model.headings, model.rows, model.groups], () => {
      const head = el(doc, "tr");
      head.append(...model.headings.map((heading) => el(doc, "th", "", heading.text)));
      const body = [];
      let group = "all";
      for (const row of model.rows) {
        if (row.group !== group) {
          group = row.group;
          const title = el(doc, "tr", "stats-group");
          const cell = el(doc, "th", "", model.groups[group] ?? "");
          cell.colSpan = model.headings.length;
          title.append(cell);
          body.push(title);
        }
        const tr = el(doc, "tr", row.group === "all" ? "stats-all" : "");
        tr.dataset.statsRow = row.key;
        const cells = model.headings.slice(1).map((heading) => {
          const td = el(doc, "td", "", row.cells[heading.key]);
          td.dataset.stat = heading.key;
          return td;
        });
        tr.append(el(doc, "th", "", row.label), ...cells);
        body.push(tr);
      }
      const thead = el(doc, "thead");
      thead.append(head);
      const tbody = el(doc, "tbody");
      tbody.append(...body);
      table.replaceChildren(thead, tbody);
    });
    const empty = q("[data-stats-empty]", statsPanel);
    setText(empty, model.empty || model.done);
    setProp(empty, "hidden", !(model.empty || model.done));
    setProp(q("[data-stats-confirm]", statsPanel), "hidden", !model.confirm);
    setProp(q("[data-stats-actions]", statsPanel), "hidden", model.confirm);
    setProp(q("[data-action=stats-replay]", statsPanel), "hidden", !model.replayLast);
  }

  function renderUpdate(model) {
    setProp(updateBar, "hidden", model === null);
    if (model === null) return;
    setText(q("[data-update-text]", updateBar), model.text);
    for (const button of updateBar.querySelectorAll("button")) setProp(button, "disabled", model.applying);
  }

  /** Under an open panel the table takes no clicks and no focus. */
  function renderModal(modal) {
    for (const child of root.children) {
      if (!overlays.has(child) && child.inert !== modal) child.inert = modal;
    }
  }

  /** Focus the panel that just opened; give focus back to where it was when it closes. */
  function moveFocus(wasOpen, isOpen) {
    if (!wasOpen && isOpen) {
      openedFrom = doc.activeElement;
      const target = !replayPanel.hidden
        ? q("[data-action=replay-next]:not(:disabled), [data-action=replay-close]", replayPanel)
        : q("[data-action=stats-close]", statsPanel);
      target?.focus();
    } else if (wasOpen && !isOpen) {
      if (openedFrom?.isConnected && !openedFrom.closest("[hidden]")) openedFrom.focus();
      openedFrom = null;
    } else if (isOpen && !statsPanel.hidden && !q("[data-stats-confirm]", statsPanel).hidden) {
      const confirm = q("[data-action=stats-reset-cancel]", statsPanel);
      if (!confirm.contains(doc.activeElement) && !q("[data-stats-confirm]", statsPanel).contains(doc.activeElement)) {
        confirm.focus();
      }
    }
  }

  function render(model) {
    const wasOpen = !replayPanel.hidden || !statsPanel.hidden;
    renderFixedTexts(model.texts);
    const resultReplay = q("[data-action=replay]");
    if (resultReplay) setProp(resultReplay, "disabled", !model.resultReplay);
    renderReplay(model.replay);
    renderStats(model.stats);
    renderUpdate(model.update);
    renderModal(model.modal);
    moveFocus(wasOpen, model.modal);
  }

  return { render };
}
