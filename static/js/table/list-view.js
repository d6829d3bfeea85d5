/* The waiting games on the table page, with the numbers the device worked out: the status
   line ("offline — N Spiele warten" and its other states), their rows at the top of the game list (value, score and
   the running totals, marked "noch nicht gesendet"), the status line (next game, dealer,
   everybody's total after them) and the notes with the clash, undo and change buttons. */

import { button, byId, element, setText } from "../lib/dom.js";
import { dealOf, plain, say, signed } from "./page-data.js";
import { clashBox } from "./clash-box.js";
import { describe, valueQueue } from "./valuation.js";

/* The one status line, in plain words and each state its own: the device is offline;
   games wait to be sent (the server does not answer); the code is no longer valid; a
   clash or a refused game is to be decided; the two lists differ. Nothing claims
   "offline" while the browser is online. It sits at the bar, next to the totals (see
   placeStatusLine), and never over the form. */
export function statusLine(data, state) {
  const count = state.queue.length;
  const decide = state.queue.find((item) => item.state !== "waiting");
  const differences = data.differences || [];
  if (state.accessEnded) {
    return { name: "access-ended", text: say(data, "status_access_ended", { count: count }) };
  }
  if (decide) {
    return { name: decide.state, text: say(data, decide.state === "clash" ? "status_clash" : "status_refused", { number: decide.number }) };
  }
  if (count && navigator.onLine === false) {
    return { name: "offline", text: count === 1 ? say(data, "waiting_one") : say(data, "waiting_many", { count: count }) };
  }
  if (count) {
    const name = state.retrying ? "silent" : "waiting";
    let text = say(data, "status_" + name + (count === 1 ? "_one" : "_many"), { count: count });
    if (state.flushing && !state.retrying) {
      text += " · " + say(data, "sending");
    }
    return { name: name, text: text };
  }
  if (differences.length) {
    return { name: "difference", text: say(data, "status_difference", { numbers: differences.join(", ") }) };
  }
  return { name: "", text: "" };
}

export function renderBanner(data, state) {
  const banner = byId("offline-banner");
  if (!banner) {
    return;
  }
  const line = statusLine(data, state);
  banner.hidden = !line.text;
  banner.textContent = line.text;
  banner.dataset.state = line.name;
}

/* The status line and the notes (clash boxes, messages) go where the keeper looks while
   entering: the status line beside the message of the last save (in the touch page's
   bar, next to the totals), the notes right above the bar, in the page's flow. */
export function placeStatusLine() {
  const banner = byId("offline-banner");
  const status = byId("entry-status");
  if (banner && status) {
    status.before(banner);
  }
  const notes = byId("offline-notes");
  const bar = byId("entry-bar");
  if (notes && bar) {
    bar.before(notes);
  } else if (notes && status) {
    status.after(notes);
  }
  /* A clash or a refused game: tapping the line shows the box to decide in. */
  if (banner && notes) {
    banner.addEventListener("click", () => {
      if (!notes.hidden) {
        notes.scrollIntoView({ block: "center" });
      }
    });
  }
}

function listTable() {
  let table = byId("game-list-table");
  if (table) {
    return table;
  }
  const section = byId("game-list");
  if (!section) {
    return null;
  }
  table = element("table", "game-list");
  table.id = "game-list-table";
  table.appendChild(element("tbody"));
  const empty = byId("game-list-empty");
  if (empty) {
    empty.hidden = true;
  }
  section.appendChild(table);
  return table;
}

/* The seat columns of the list, in order, as the server's header names them. */
function seatColumns(table) {
  const header = table.tHead ? [...table.tHead.rows[0].cells] : [];
  return header.filter((cell) => cell.dataset.seat).map((cell) => cell.dataset.seat);
}

export function renderRows(data, state, mode) {
  document.querySelectorAll(".queued-row").forEach((row) => row.remove());
  const empty = byId("game-list-empty");
  if (empty) {
    empty.hidden = state.queue.length > 0;
  }
  if (!state.queue.length) {
    return;
  }
  const table = listTable();
  if (!table) {
    return;
  }
  const body = table.tBodies[0];
  const columns = seatColumns(table);
  const valued = valueQueue(data, state.queue).rows;
  valued.forEach((row) => {
    const item = row.item;
    const result = row.result;
    const deal = result.deal || dealOf(data, item.number);
    const passed = row.fields && row.fields.passed;
    const node = element("tr", "queued-row is-" + item.state);
    node.setAttribute("data-testid", "queued-row-" + item.number);
    node.appendChild(element("th", "", String(item.number))).setAttribute("scope", "row");
    node.appendChild(element("td", "col-dealer", deal ? String(deal.dealer) : "–"));
    const seat = row.fields && row.fields.declarer_seat;
    const person = deal && seat ? data.people[deal.participants[seat]] : "";
    node.appendChild(element("td", "col-declarer", passed || !seat ? "–" : seat + (person ? " · " + person : "")));
    const what = element("td", "col-game", row.fields ? describe(data, row.fields) : item.line || "");
    if (result.entry && !passed) {
      what.appendChild(document.createTextNode(" "));
      what.appendChild(element("span", "result-word", result.entry.evaluation.won ? data.catalogue.won || "won" : data.catalogue.lost || "lost"));
    }
    what.appendChild(document.createTextNode(" "));
    what.appendChild(element("span", "not-sent-mark", say(data, item.key === state.sendingKey ? "on_its_way" : "not_sent")));
    node.appendChild(what);
    if (mode === "keyboard" && table.tHead) {
      node.appendChild(element("td", "col-line")).appendChild(element("code", "notation-line", item.line || ""));
    }
    const evaluation = result.entry && result.entry.evaluation;
    node.appendChild(element("td", "num col-value", evaluation ? String(evaluation.game_value) : ""));
    node.appendChild(element("td", "num score", evaluation ? signed(data, evaluation.score) : ""));
    columns.forEach((column) => {
      node.appendChild(element("td", "num col-stand", result.totals && column in result.totals ? plain(data, result.totals[column]) : ""));
    });
    const header = table.tHead ? table.tHead.rows[0].cells.length : node.cells.length;
    if (header > node.cells.length) {
      node.appendChild(element("td")).colSpan = header - node.cells.length;
    }
    body.insertBefore(node, body.firstChild);
  });
}

/* "Spiel 13 von 48", the dealer, and every player's total: after the waiting games, or
   as the server's state says when none wait. */
export function renderStatus(data, state) {
  const next = byId("next-game");
  if (!next) {
    return;
  }
  const last = state.queue[state.queue.length - 1];
  const number = last ? last.number + 1 : data.nextNumber;
  const deal = dealOf(data, number);
  const totals = valueQueue(data, state.queue).totals;
  if (deal) {
    const dealer = data.people[deal.participants[deal.dealer]] || "";
    setText(next.querySelector(".next-number"), say(data, "game_of", { number: number, planned: data.deals[data.deals.length - 1].number }));
    setText(byId("next-dealer-name"), dealer);
    setText(next.querySelector(".next-seat"), say(data, "seat_lower", { seat: deal.dealer }));
    next.dataset.number = String(number);
    next.dataset.dealer = String(deal.dealer);
    document.querySelectorAll("#seat-totals .seat-total").forEach((line) => {
      const participant = deal.participants[line.dataset.seat];
      line.classList.toggle("is-dealer", Number(line.dataset.seat) === deal.dealer);
      if (participant !== undefined) {
        setText(line.querySelector(".seat-now"), plain(data, totals[participant] || 0));
      }
    });
  }
}

/* The messages and buttons under the header; ``on`` holds what the buttons do. */
export function renderNotes(data, state, on) {
  const notes = byId("offline-notes");
  if (!notes) {
    return;
  }
  const queue = state.queue;
  notes.replaceChildren();
  if (on.note) {
    notes.appendChild(element("p", "entry-message entry-message-error", on.note));
  }
  if (state.accessEnded) {
    notes.appendChild(element("p", "entry-message entry-message-error", say(data, "access_ended")));
  }
  queue.filter((item) => item.state !== "waiting").forEach((item) => {
    notes.appendChild(clashBox(data, item, on));
  });
  const last = queue[queue.length - 1];
  if (last && !state.accessEnded) {
    const actions = element("div", "offline-actions");
    /* A game on its way may be stored whatever the device does now: it keeps no take-back
       and no change button. */
    const lastOnItsWay = last.key === state.sendingKey;
    if (state.confirmingUndo && !lastOnItsWay) {
      actions.appendChild(button(say(data, "confirm_take_back", { number: last.number }), "queued-undo-confirm", on.takeBack, "button-danger"));
      actions.appendChild(button(say(data, "keep"), "queued-undo-cancel", on.keepLast));
    } else if (!lastOnItsWay) {
      actions.appendChild(button(say(data, "take_back", { number: last.number }), "queued-undo", on.askTakeBack));
    }
    queue.forEach((item) => {
      if (item.key !== state.sendingKey) {
        actions.appendChild(button(say(data, "edit") + " " + item.number, "queued-edit-" + item.number, () => on.edit(item)));
      }
    });
    notes.appendChild(actions);
  }
  const editing = queue.find((item) => item.key === state.editingKey);
  if (editing) {
    notes.appendChild(element("p", "entry-message", say(data, "editing", { number: editing.number })));
  }
  notes.hidden = !notes.childNodes.length;
  const undoBox = byId("undo-box");
  if (undoBox) {
    undoBox.hidden = queue.length > 0;
  }
}

/* Signing needs the server: refused offline and while games wait, with the reason. */
export function guardSigning(data, waiting) {
  function refuse(event) {
    const reason = !navigator.onLine ? say(data, "sign_offline") : waiting() ? say(data, "unsent_before_signing") : "";
    if (!reason) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    showNote(reason);
  }
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("#mode-sign, #go-sign")) {
      refuse(event);
    }
  }, true);
  document.addEventListener("submit", (event) => {
    if (event.target.closest && event.target.closest(".sign-form")) {
      refuse(event);
    }
  }, true);
}

export function showNote(text, isError) {
  const notes = byId("offline-notes");
  if (notes) {
    notes.replaceChildren(element("p", "entry-message" + (isError === false ? "" : " entry-message-error"), text));
    notes.hidden = false;
  }
}
