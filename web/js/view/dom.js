//# allFunctionsCalledOnLoad
// Small DOM helpers shared by the modules that draw (render.js,
// render_dialogs.js, render_panels.js). Each writes only when the value
// changes, so a redraw from the same model touches nothing.

export function el(doc, tag, className, text) {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The suits' symbols, each with U+FE0E: drawn as text in the card's colour, never as an emoji. */
const SUIT_GLYPHS = Object.freeze({ S: "\u2660\uFE0E", H: "\u2665\uFE0E", D: "\u2666\uFE0E", C: "\u2663\uFE0E" });

/**
 * A suit's shape: its symbol as text, in the card's colour, so the shape as well as the
 * colour tells the suit, crisp at any size. Text because a phone paints it for almost
 * nothing: the SVG masks drawn before cost two thirds of all painting at every play and
 * deal (each mask re-painted its SVG), an inline SVG several elements to style and lay out.
 */
export function suitIcon(doc, suit, className = "") {
  const node = el(doc, "span", `suit-shape${className ? ` ${className}` : ""}`, SUIT_GLYPHS[suit]);
  node.setAttribute("aria-hidden", "true");
  return node;
}

/**
 * A writer for the page's fixed labels (the [data-text] nodes and their kind): each text
 * or label is written only when it differs from what this writer last gave that node, so
 * nothing is read back from the page. The labels change with the language, hardly ever
 * with a tap, and reading some fifty of them back at every drawing was a tenth of a tap's
 * script on a slow phone. Only for nodes no other code writes.
 */
export function createLabelWriter() {
  const texts = new WeakMap();
  const labels = new WeakMap();
  return {
    text(node, text) {
      if (!node || texts.get(node) === text) return;
      texts.set(node, text);
      if (node.textContent !== text) node.textContent = text;
    },
    /** An accessible name that is also the tooltip (aria-label and title). */
    label(node, label) {
      if (!node || labels.get(node) === label) return;
      labels.set(node, label);
      node.setAttribute("aria-label", label);
      node.title = label;
    },
  };
}

/**
 * Run `callback` when the page is next idle, and in any case within `timeout` ms: returns
 * what cancels it. Where a browser has no idle callbacks, a timer of `fallback` ms.
 */
export function whenIdle(win, callback, { timeout, fallback }) {
  if (typeof win.requestIdleCallback !== "function") {
    const timer = win.setTimeout(callback, fallback);
    return () => win.clearTimeout(timer);
  }
  const handle = win.requestIdleCallback(callback, { timeout });
  return () => win.cancelIdleCallback(handle);
}

export function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

/**
 * Set an attribute only when its value differs: writing even the same value is a change to
 * the page (mutation records; on the focused element, tabindex makes the browser lay out the
 * page at once to check it can still hold focus).
 */
export function setAttr(node, name, value) {
  if (node && node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** Set a reflected property (hidden, disabled, title) only when it differs, as setAttr does. */
export function setProp(node, name, value) {
  if (node && node[name] !== value) node[name] = value;
}

export function toggleAttr(node, name, on, value = "") {
  if (!node) return;
  if (on) {
    if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  } else if (node.hasAttribute(name)) {
    node.removeAttribute(name);
  }
}

/**
 * Fill a <select> with `options` ({value, label, lang?}) and choose `value`.
 * The options are rebuilt only when they change; with none (the engine has not
 * said yet what there is to choose) the select is hidden.
 */
export function fillSelect(doc, select, { value, options }, enabled = true) {
  if (!select) return;
  const signature = JSON.stringify(options);
  if (select.dataset.options !== signature) {
    select.replaceChildren(
      ...options.map((option) => {
        const node = el(doc, "option", "", option.label);
        node.value = option.value;
        if (option.lang) node.lang = option.lang;
        return node;
      }),
    );
    select.dataset.options = signature;
  }
  if (select.value !== value) select.value = value;
  setProp(select, "disabled", !enabled || options.length === 0);
  setProp(select, "hidden", options.length === 0);
}
