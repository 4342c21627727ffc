//# allFunctionsCalledOnLoad
// Draws the table's dialogs from model.dialogs (dialogs_model.js): the
// Settings and How to play dialogs, the question before a new hand abandons
// this one, the turn timer and the auto-play bar.
// render.js calls it at the end of every render; together they are the only
// modules that write to the DOM.

import { createLabelWriter, el, fillSelect, setAttr, setProp, setText, toggleAttr } from "./dom.js";

/** Opens or closes a dialog as a modal (focus stays inside, Esc closes it, the table is inert). */
function showDialog(dialog, open) {
  if (!dialog || dialog.open === open) return;
  if (!open) {
    dialog.close();
    return;
  }
  if (typeof dialog.showModal === "function") {
    dialog.showModal();
  } else {
    dialog.setAttribute("open", ""); // very old browsers: a plain panel
  }
}

/**
 * @param {Document} doc
 * @param {object} cards
 * @param {(doc: Document, card: object, hooks: string) => Element} cards.tableCard
 *        render.js's drawing of a card lying on the table (How to play's examples use it)
 */
export function createDialogRenderer(doc, { tableCard }) {
  const root = doc.querySelector("[data-app]");
  const q = (selector, scope = root) => scope?.querySelector(selector) ?? null;
  const settings = q("[data-panel=settings]");
  const help = q("[data-panel=help]");
  const confirmNew = q("[data-confirm=new-hand]");

  const textNodes = [...root.querySelectorAll("[data-text]")];
  const labelWriter = createLabelWriter();
  // The [data-text] nodes whose text this model gives (the others are render.js's), found
  // at the first drawing: the model's keys never change.
  let ownTexts = null;

  function renderTexts(texts) {
    ownTexts ??= textNodes.filter((node) => typeof texts[node.dataset.text] === "string");
    for (const node of ownTexts) labelWriter.text(node, texts[node.dataset.text]);
  }

  function renderSettings(model) {
    fillSelect(doc, q("[data-setting=language]"), model.settings.language);
    fillSelect(doc, q("[data-setting=speed]"), model.settings.speed);
    fillSelect(doc, q("[data-setting=sound]"), model.settings.sound);
    fillSelect(doc, q("[data-setting=direction]"), model.settings.direction);
    fillSelect(doc, q("[data-setting=autoPass]"), model.settings.autoPass);
    const rulesLine = q("[data-settings-rules]");
    setText(rulesLine, model.settings.rulesLine);
    if (rulesLine) setProp(rulesLine, "hidden", !model.settings.rulesLine);
    const thisHand = q("[data-settings-hand]");
    setText(thisHand, model.settings.thisHand);
    if (thisHand) setProp(thisHand, "hidden", !model.settings.thisHand);
  }

  /** A line of How to play; a kind's line shows its example in the table's cards. */
  function helpItem(item) {
    const li = el(doc, "li", item.cards.length ? "help-kind" : "", item.text);
    if (item.kind) li.dataset.kind = item.kind;
    if (item.cards.length) {
      const example = el(doc, "span", "played help-example");
      example.style.setProperty("--n", String(item.cards.length));
      example.setAttribute("role", "img");
      example.setAttribute("aria-label", item.cardsLabel);
      for (const card of item.cards) {
        const node = tableCard(doc, card, "none");
        node.dataset.exampleCard = card.code;
        example.append(node);
      }
      li.append(example);
    }
    return li;
  }

  function renderHelp(model) {
    const content = model.help;
    if (!help || !content) return;
    setText(q("[data-help-title]", help), content.title);
    const thisHand = q("[data-help-this-hand]", help);
    setText(thisHand, content.thisHand);
    setProp(thisHand, "hidden", !content.thisHand);
    const body = q("[data-help-body]", help);
    const signature = JSON.stringify(content);
    if (body.dataset.signature === signature) return;
    body.dataset.signature = signature;
    body.replaceChildren(
      ...content.sections.map((section) => {
        const part = el(doc, "section", "help-section");
        part.dataset.helpSection = section.id;
        part.append(el(doc, "h3", "", section.heading));
        if (section.items.length) {
          const list = el(doc, "ul");
          list.append(...section.items.map(helpItem));
          part.append(list);
        }
        for (const text of section.paragraphs) part.append(el(doc, "p", "", text));
        return part;
      }),
    );
    body.scrollTop = 0;
  }

  function renderTimer(model) {
    const node = q("[data-timer]");
    if (!node) return;
    const timer = model.timer;
    setProp(node, "hidden", timer === null);
    if (!timer) {
      delete node.dataset.seconds;
      return;
    }
    if (node.dataset.seconds !== String(timer.seconds)) node.dataset.seconds = String(timer.seconds);
    node.classList.toggle("urgent", timer.urgent);
    node.classList.toggle("paused", timer.paused);
    setAttr(node, "aria-label", timer.label);
    setAttr(node, "title", timer.label);
    setText(q("[data-timer-seconds]", node), timer.text);
    node.style.setProperty("--left", String(timer.fraction));
  }

  function renderAuto(model) {
    const node = q("[data-auto]");
    if (!node) return;
    setProp(node, "hidden", model.auto === null);
    toggleAttr(node.parentElement, "data-auto-up", model.auto !== null); // its buttons step back (table.css)
    if (model.auto) setText(q("[data-auto-text]", node), model.auto.text);
  }

  function render(model) {
    const dialogs = model.dialogs;
    const html = doc.documentElement;
    if (html.dataset.speed !== dialogs.speed) html.dataset.speed = dialogs.speed;
    renderTexts(dialogs.texts);
    if (dialogs.open === "settings") renderSettings(dialogs); // hidden, it waits until it opens
    renderHelp(dialogs);
    renderTimer(dialogs);
    renderAuto(dialogs);
    // Last, so a dialog opens with its content already in place.
    showDialog(settings, dialogs.open === "settings");
    showDialog(help, dialogs.open === "help");
    showDialog(confirmNew, dialogs.open === "new-hand");
  }

  return { render };
}
