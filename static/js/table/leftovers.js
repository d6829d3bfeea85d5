/* The table code page (/tisch/): the games a device kept but could not send (its code was
   re-issued), listed for the tournament director to enter, with a button that deletes
   them from the device afterwards. */

import { button, byId, element } from "../lib/dom.js";
import { readPageData, say } from "./page-data.js";
import { allItems, deleteItem } from "./storage.js";
import { describe, fieldsOf } from "./valuation.js";

const data = readPageData("offline-data");

function render() {
  const box = byId("offline-leftovers");
  if (!box || !data) {
    return;
  }
  allItems().then((items) => {
    box.replaceChildren();
    box.hidden = !items.length;
    if (!items.length) {
      return;
    }
    box.appendChild(element("h2", "", say(data, "leftovers")));
    const list = element("ul", "offline-leftover-list");
    items.forEach((item) => {
      const fields = item.kind === "line" ? null : fieldsOf(item, data);
      const seat = item.body && item.body.declarer_seat ? say(data, "seat", { seat: item.body.declarer_seat }) + " · " : "";
      const what = fields ? seat + describe(data, fields) : item.line;
      const text = say(data, "table", { table: item.tableNumber || item.table }) + " · " + item.number + ": " + what + " (" + say(data, "not_sent") + ")";
      list.appendChild(element("li", "", text));
    });
    box.appendChild(list);
    box.appendChild(button(say(data, "clear_leftovers"), "clear-leftovers", () => {
      Promise.all(items.map((item) => deleteItem(item.key))).then(render);
    }));
  });
}

render();
