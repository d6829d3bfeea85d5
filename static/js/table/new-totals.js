/* Every player's new running total after the game being entered (table/_new_totals.html):
   in the touch bar and under the keyboard line alike, so both pages say the same. */

import { byId, setText } from "../lib/dom.js";
import { plain } from "./page-data.js";
import { totalsBefore } from "./valuation.js";

/* ``view``: {totals, points} by seat, as ``shown`` (valuation.js) words them. */
export function showNewTotals(view) {
  Object.keys(view.totals).forEach((seat) => {
    setText(byId("preview-points-" + seat), view.points[seat] || "");
    setText(byId("preview-total-" + seat), view.totals[seat]);
  });
}

/* No game to value yet: each player's total before game ``number``, the totals that game
   will be added to (the server's and the waiting games before it, one source). */
export function showTotalsBefore(data, queue, deal, skipKey) {
  if (!deal) {
    return;
  }
  const before = totalsBefore(data, queue, deal.number, skipKey);
  const totals = {};
  Object.keys(deal.participants).forEach((seat) => {
    totals[seat] = plain(data, before[deal.participants[seat]] || 0);
  });
  showNewTotals({ totals: totals, points: {} });
}
