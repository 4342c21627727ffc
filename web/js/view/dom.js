// Small DOM helpers shared by the modules that draw (render.js,
// render_dialogs.js, render_panels.js). Each writes only when the value
// changes, so a redraw from the same model touches nothing.

export function el(doc, tag, className, text) {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A suit's shape (icons/suit-X.svg, painted in the text's colour through a CSS mask:
 * cards.css): crisp at any size, and the shape, not only the colour, tells the suit. One
 * plain element: an inline SVG with a <use> of a sprite cost the phone's style and layout
 * several elements per shape, on every card of every play and deal.
 */
export function suitIcon(doc, suit, className = "") {
  const node = el(doc, "span", `suit-shape suit-shape-${suit}${className ? ` ${className}` : ""}`);
  node.setAttribute("aria-hidden", "true");
  return node;
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
