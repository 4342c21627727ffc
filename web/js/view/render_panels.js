//# allFunctionsCalledOnLoad
// Draws the panels after the hand (the replay with the coach, Statistics, the
// update prompt) from panels_model.js's model. The table itself is render.js's;
// this is its counterpart for these panels and, like it, only writes the DOM:
// each part is redrawn only when its model changed, so a draw is cheap and a
// button is never replaced under the pointer.

import { TALLY_JOIN } from "../i18n/i18n.js";
import { createLabelWriter, el, setProp, setText, suitIcon, toggleAttr } from "./dom.js";

/** Redraw `node` with `build` only when `data` differs from what it shows. */
function whenChanged(node, data, build) {
  const signature = JSON.stringify(data);
  if (node.dataset.signature === signature) return;
  node.dataset.signature = signature;
  build();
}

/**
 * @param {Document} doc
 * @param {{tableCard: Function, reducedMotion: () => boolean}} drawing  render.js's card, so the coach's
 *        options are drawn as the table draws cards; whether the person asked for reduced motion
 *        (motion.js owns that fact)
 */
export function createPanelsRenderer(doc, { tableCard, reducedMotion }) {
  const root = doc.querySelector("[data-app]");
  const q = (selector, scope = root) => scope.querySelector(selector);
  const replayPanel = q("[data-replay]");
  const statsPanel = q("[data-stats]");
  const updateBar = q("[data-update]");
  const dailyBlock = q("[data-daily]");
  const result = q("[data-result]");
  const overlays = new Set([replayPanel, statsPanel, updateBar, q("[data-boot]"), q("[data-notice]")]);
  let openedFrom = null; // the element that had focus when a panel opened
  let revealed = 0; // the last tap in the coach whose part was brought into sight (its n)

  function miniCard(card) {
    const node = el(doc, "span", `mini-card suit-${card.suit}`);
    node.dataset.card = card.code;
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", card.label);
    node.title = card.label;
    node.append(el(doc, "span", "mini-rank", card.rank), suitIcon(doc, card.suit));
    return node;
  }

  // The panels' fixed labels: the page's own elements, looked up once.
  const textNodes = [...root.querySelectorAll("[data-panel-text]")];
  const labelNodes = [...root.querySelectorAll("[data-panel-label]")];
  const labelWriter = createLabelWriter();

  function renderFixedTexts(texts) {
    for (const node of textNodes) labelWriter.text(node, texts[node.dataset.panelText] ?? "");
    for (const node of labelNodes) labelWriter.label(node, texts[node.dataset.panelLabel] ?? "");
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
          // (the count lays the hand in one row: panels.css overlaps the cards when they need it)
          hand.style.setProperty("--n", String(seat.cards.length));
          hand.append(...seat.cards.map(miniCard));
          const play = el(doc, "div", "replay-play");
          play.dataset.replayPlay = String(seat.seat);
          if (seat.play) {
            play.classList.toggle("current", seat.play.current);
            play.classList.toggle("standing", seat.play.standing);
            play.classList.toggle("option", seat.play.option);
            toggleAttr(play, "data-replay-option", seat.play.option);
            if (seat.play.pass) {
              play.append(el(doc, "span", "pass-mark", seat.play.passText));
            } else {
              const cards = el(doc, "span", "mini-hand replay-played");
              cards.style.setProperty("--n", String(seat.play.cards.length));
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
    // (never hidden: its lines stay, empty until a rating comes)
    if (coach.tallies) {
      // Each tally on one line ("inaccuracies: 2", never "inaccuracies:" above "2"), led by
      // the dot between it and the one before; a tally that begins a line has its dot
      // outside the box, unseen (panels.css), so no line starts or ends with a dot.
      whenChanged(summary, coach.tallies, () => {
        summary.replaceChildren(
          ...coach.tallies.map((tally, i) => {
            const node = el(doc, "span", "coach-tally", tally);
            if (i > 0) node.prepend(el(doc, "span", "tally-dot", TALLY_JOIN));
            return node;
          }),
        );
      });
    } else {
      delete summary.dataset.signature;
      setText(summary, coach.summary);
    }
    const list = q("[data-review-steps]", box);
    // The same decisions: each chip is updated in place, so a rating arriving while the
    // player taps a chip never replaces it between the press and the release.
    whenChanged(list, coach.chips.map((chip) => chip.step), () => {
      list.replaceChildren(
        ...coach.chips.map((chip) => {
          const item = el(doc, "li");
          const button = el(doc, "button", "review-chip");
          button.type = "button";
          button.dataset.reviewStep = String(chip.step);
          button.append(el(doc, "span", "chip-n", String(chip.n)), el(doc, "span", "chip-mark"));
          item.append(button);
          return item;
        }),
      );
    });
    list.querySelectorAll("[data-review-step]").forEach((button, index) => {
      const chip = coach.chips[index];
      if (button.dataset.verdict !== chip.verdict) button.dataset.verdict = chip.verdict;
      if (button.getAttribute("aria-label") !== chip.label) {
        button.setAttribute("aria-label", chip.label);
        button.title = chip.label;
      }
      toggleAttr(button, "aria-current", chip.current, "step");
      setText(button.querySelector(".chip-mark"), chip.mark);
    });
    const legend = q("[data-review-legend]", box);
    whenChanged(legend, coach.legend, () => {
      legend.replaceChildren(
        ...coach.legend.map((item) => {
          // (each mark in its verdict's colour, as the decision's own verdict line is drawn)
          const entry = el(doc, "span", "coach-legend-item");
          entry.append(el(doc, "span", `chip-mark verdict-${item.verdict}`, item.mark), item.word);
          return entry;
        }),
      );
    });
    setProp(legend, "hidden", coach.legend.length === 0);
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
      const parts = [head];
      if (detail.why) {
        const why = el(doc, "p", "coach-why", detail.why);
        why.dataset.reviewWhy = "";
        parts.push(why);
      }
      if (detail.rows.length) parts.push(table);
      if (detail.loss) parts.push(el(doc, "p", "coach-loss", detail.loss));
      if (detail.options.length) {
        parts.push(el(doc, "p", "coach-options-title", detail.optionsTitle));
        const options = el(doc, "ol", "coach-options");
        for (const option of detail.options) {
          const item = el(doc, "li");
          const button = el(doc, "button", "coach-option");
          button.type = "button";
          button.dataset.reviewOption = String(option.index);
          toggleAttr(button, "data-played", option.played);
          toggleAttr(button, "data-best", option.best);
          button.setAttribute("aria-pressed", String(option.shown));
          button.setAttribute("aria-label", option.label);
          const cards = el(doc, "span", option.cards.length ? "played coach-option-cards" : "coach-option-cards");
          cards.style.setProperty("--n", String(option.cards.length));
          for (const card of option.cards) {
            const node = tableCard(doc, card, "none");
            node.dataset.optionCard = card.code;
            cards.append(node);
          }
          if (option.cards.length === 0) cards.append(el(doc, "span", "pass-mark", option.play));
          const words = el(doc, "span", "coach-option-words");
          words.append(el(doc, "span", "coach-option-name", option.play));
          if (option.marks) words.append(el(doc, "span", "coach-option-marks", option.marks));
          button.append(cards, words, el(doc, "span", "expected", option.expected));
          item.append(button);
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
    // What a tap in the coach shows may lie out of sight on a phone: a decision's detail
    // below the chips, an option (tapped far down the list) drawn on the replay table above
    // it. The panel scrolls as little as it must for it to be in sight, once per tap.
    const reveal = model.reveal;
    if (reveal && reveal.n !== revealed) {
      const behavior = reducedMotion() ? "auto" : "smooth";
      if (reveal.part === "table") q("[data-replay-seats]", replayPanel)?.scrollIntoView({ block: "nearest", behavior });
      else showDetail(behavior);
    }
    revealed = reveal?.n ?? 0;
  }

  /**
   * A decision's detail into sight, with the coach's summary and chips above it: the tallies
   * are what the player reads a verdict against. When the detail is too tall for both, the
   * summary goes to the top and the detail's verdict shows under the chips (its list of
   * options scrolls on below); only a detail that cannot show its verdict so is brought in alone.
   */
  function showDetail(behavior) {
    const detail = q("[data-review-detail]", replayPanel);
    const summary = q("[data-review-summary]", replayPanel);
    if (!detail || !summary) return;
    const box = replayPanel.getBoundingClientRect();
    const top = summary.getBoundingClientRect().top;
    const whole = detail.getBoundingClientRect();
    const verdict = q(".coach-verdict", detail)?.getBoundingClientRect() ?? whole;
    let by;
    if (whole.bottom - top <= box.height) by = top < box.top ? top - box.top : Math.max(0, whole.bottom - box.bottom);
    else if (verdict.bottom - top <= box.height) by = top - box.top;
    else {
      detail.scrollIntoView({ block: "start", behavior });
      return;
    }
    if (Math.abs(by) >= 1) replayPanel.scrollBy({ top: by, behavior });
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
    renderCharts(model);
  }

  function renderDaily(model) {
    setProp(dailyBlock, "hidden", model === null);
    // The result makes room for the block (on a phone its secondary lines fold away).
    toggleAttr(result, "data-with-daily", model !== null);
    if (model === null) return;
    toggleAttr(dailyBlock, "data-practice", model.practice);
    whenChanged(dailyBlock, model, () => {
      // One wrapping line beside Copy, so the result's own buttons stay in sight on a phone.
      const line = el(doc, "p", "daily-line");
      // `label` is the translation with "{points}" where the number goes (the language
      // decides the spacing: "You: +12", "你：+12").
      const points = (label, value, hook) => {
        const part = el(doc, "span", "daily-part");
        const number = el(doc, "strong", "daily-points", value);
        number.dataset[hook] = "";
        const [before, after = ""] = label.split("{points}");
        part.append(before, number, after);
        return part;
      };
      line.append(el(doc, "strong", "daily-title", model.title), points(model.youLabel, model.you, "youTotal"));
      if (model.hard === null) {
        const waiting = el(doc, "span", "daily-thinking", model.thinking);
        waiting.setAttribute("role", "status");
        line.append(waiting);
      } else {
        line.append(points(model.hardLabel, model.hard, "hardTotal"), el(doc, "span", "daily-verdict", model.verdict));
      }
      const parts = [line];
      if (model.share) {
        const button = el(doc, "button", "chip daily-copy", model.copy);
        button.type = "button";
        button.dataset.action = "copy-share";
        button.dataset.shareLine = model.share; // the line Copy puts on the clipboard
        button.title = model.share;
        parts.push(button);
      }
      if (model.copied) {
        const copied = el(doc, "p", model.copiedQuiet ? "daily-copied quiet" : "daily-copied", model.copied);
        copied.setAttribute("role", "status");
        parts.push(copied);
      }
      dailyBlock.replaceChildren(...parts);
    });
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svgNode(name, attributes) {
    const node = doc.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    return node;
  }

  /** One small chart: an inline SVG read out by its text alternative (also shown under it);
   * its words alone while there is too little to draw. */
  function chart(model) {
    const figure = el(doc, "figure", "stats-chart");
    figure.dataset.chart = model.key;
    figure.dataset.values = JSON.stringify(model.values);
    const caption = el(doc, "figcaption", "");
    caption.append(el(doc, "span", "chart-title", model.title), el(doc, "span", "chart-text", model.text));
    figure.append(caption);
    if (!model.drawn) return figure;
    const svg = svgNode("svg", { viewBox: `0 0 ${model.width} ${model.height}`, role: "img", "aria-label": model.label });
    const title = svgNode("title", {});
    title.textContent = model.label;
    svg.append(title, svgNode("line", { x1: model.zeroFrom, x2: model.width, y1: model.zeroY, y2: model.zeroY, class: "chart-zero" }));
    if (model.line) svg.append(svgNode("polyline", { points: model.line, class: "chart-line" }));
    if (model.dot) svg.append(svgNode("circle", { cx: model.dot.x, cy: model.dot.y, r: 3, class: "chart-dot" }));
    for (const label of model.labels) {
      const text = svgNode("text", { x: label.x, y: label.y, "text-anchor": label.anchor, class: "chart-label", "aria-hidden": "true" });
      text.textContent = label.text;
      svg.append(text);
    }
    for (const bar of model.bars) {
      const rect = svgNode("rect", { x: bar.x, y: bar.y, width: bar.w, height: bar.h, class: `chart-bar ${bar.tone}` });
      const tip = svgNode("title", {});
      tip.textContent = bar.label;
      rect.append(tip);
      svg.append(rect);
    }
    figure.append(svg);
    return figure;
  }

  function renderCharts(model) {
    const box = q("[data-stats-charts]", statsPanel);
    whenChanged(box, [model.daily, model.charts], () => {
      const daily = el(doc, "p", "stats-daily");
      daily.dataset.statsDaily = "";
      daily.dataset.streak = String(model.daily.streakDays);
      daily.append(el(doc, "strong", "", model.daily.title), " ", el(doc, "span", "", model.daily.streak), " · ", el(doc, "span", "", model.daily.record));
      box.replaceChildren(daily, ...model.charts.map(chart));
    });
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
    renderDaily(model.daily);
    renderUpdate(model.update);
    renderModal(model.modal);
    moveFocus(wasOpen, model.modal);
  }

  return { render };
}
