/* Small helpers every page script shares. */

export function byId(id) {
  return document.getElementById(id);
}

/* Change a node's text only when it differs (no flicker for screen readers). */
export function setText(node, value) {
  if (node && node.textContent !== value) {
    node.textContent = value;
  }
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) {
    node.className = className;
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

export function button(text, testid, onClick, className) {
  const node = element("button", className || "button-secondary", text);
  node.type = "button";
  node.setAttribute("data-testid", testid);
  node.addEventListener("click", onClick);
  return node;
}
