/* What the server sends a table page for its scripts (web/table/offline.py): the facts of
   the list (coming deals, running totals, extra points), the addresses, the sentences and
   the rules' messages in the page's language; and how numbers read on a list. */

import { byId } from "../lib/dom.js";
import { fill } from "../rules/problems.js";

export const MINUS = "\u2212";

export function readPageData(id) {
  const node = byId(id || "table-data");
  return node ? JSON.parse(node.textContent) : null;
}

/* English message id → the page's language. */
export function translator(data) {
  const catalogue = data.catalogue || {};
  return (message) => (Object.prototype.hasOwnProperty.call(catalogue, message) ? catalogue[message] : message);
}

export function say(data, name, params) {
  return fill(data.texts[name] || name, params || {});
}

/* 1.234 / −56: grouped as the language groups, with a real minus sign. */
export function plain(data, number) {
  const digits = String(Math.abs(number)).replace(/\B(?=(\d{3})+(?!\d))/g, data.thousands || ".");
  return (number < 0 ? MINUS : "") + digits;
}

/* +48 / −96: a list score always shows its sign. */
export function signed(data, number) {
  return (number > 0 ? "+" : "") + plain(data, number);
}

export function dealOf(data, number) {
  return data.deals.find((deal) => deal.number === number) || null;
}
