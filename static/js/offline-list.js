/* The waiting games on the table page (offline.js): the banner "offline — N Spiele
   warten", their rows at the top of the game list marked "noch nicht gesendet" with
   "Wert folgt" for the value, and the notes with the clash, undo and change buttons.
   Loaded after offline-store.js and before offline.js. */
(function () {
  "use strict";

  var store = window.SkatOfflineStore;
  if (!store) {
    return;
  }
  var T = store.T;
  var byId = store.byId;
  var fill = store.fill;
  var element = store.element;
  var describe = store.describe;

  function renderBanner(state) {
    var banner = byId("offline-banner");
    if (!banner) {
      return;
    }
    var count = state.queue.length;
    banner.hidden = count === 0;
    banner.textContent = count === 1 ? T.waiting_one : fill(T.waiting_many, { count: count });
    if (state.flushing && navigator.onLine) {
      banner.textContent += " · " + T.sending;
    }
  }

  function listTable() {
    var table = byId("game-list-table");
    if (table) {
      return table;
    }
    var section = byId("game-list");
    if (!section) {
      return null;
    }
    table = element("table", "game-list");
    table.id = "game-list-table";
    table.appendChild(element("tbody"));
    var empty = byId("game-list-empty");
    if (empty) {
      empty.hidden = true;
    }
    section.appendChild(table);
    return table;
  }

  function renderRows(state) {
    var queue = state.queue;
    document.querySelectorAll(".queued-row").forEach(function (row) { row.remove(); });
    if (!queue.length) {
      return;
    }
    var table = listTable();
    if (!table) {
      return;
    }
    var body = table.tBodies[0];
    var columns = table.tHead ? table.tHead.rows[0].cells.length : 7;
    var keyboard = state.mode === "keyboard";
    queue.forEach(function (item) {
      var row = element("tr", "queued-row is-" + item.state);
      row.dataset.testid = "queued-row-" + item.number;
      row.setAttribute("data-testid", "queued-row-" + item.number);
      row.appendChild(element("th", "", String(item.number))).setAttribute("scope", "row");
      row.appendChild(element("td", "", "–"));
      row.appendChild(element("td", "", item.declarer === "passed" ? "–" : describe(item).split(" · ")[0]));
      var what = element("td", "", item.declarer === "passed" ? T.passed : item.label);
      what.appendChild(document.createTextNode(" "));
      what.appendChild(element("span", "not-sent-mark", item.key === state.sendingKey ? T.on_its_way : T.not_sent));
      row.appendChild(what);
      if (keyboard && table.tHead) {
        row.appendChild(element("td")).appendChild(element("code", "notation-line", item.line || ""));
      }
      row.appendChild(element("td", "num value-follows", T.value_follows));
      var rest = element("td");
      rest.colSpan = Math.max(1, columns - row.cells.length);
      row.appendChild(rest);
      body.insertBefore(row, body.firstChild);
    });
  }

  function button(text, testid, onClick, className) {
    var node = element("button", className || "button-secondary", text);
    node.type = "button";
    node.setAttribute("data-testid", testid);
    node.addEventListener("click", onClick);
    return node;
  }

  /* The messages and buttons under the header; ``on`` holds what the buttons do. */
  function renderNotes(state, on) {
    var queue = state.queue;
    var notes = byId("offline-notes");
    if (!notes) {
      return;
    }
    notes.replaceChildren();
    if (state.accessEnded) {
      notes.appendChild(element("p", "entry-message entry-message-error", T.access_ended));
    }
    var blocked = queue.filter(function (item) { return item.state !== "waiting"; });
    blocked.forEach(function (item) {
      var text = fill(item.state === "clash" ? T.clash : T.refused, {
        number: item.number,
        message: item.message,
      });
      var box = element("div", "offline-clash");
      box.setAttribute("data-testid", "offline-clash-" + item.number);
      box.appendChild(element("p", "", text));
      if (item.state === "clash") {
        box.appendChild(button(T.renumber, "renumber", on.renumber, "button-primary"));
      }
      box.appendChild(button(fill(T.discard, { number: item.number }), "discard-" + item.number, function () {
        on.discard(item);
      }));
      notes.appendChild(box);
    });
    var last = queue[queue.length - 1];
    if (last && !state.accessEnded) {
      var actions = element("div", "offline-actions");
      /* A game on its way may be stored whatever the device does now: it keeps no
         take-back and no change button. */
      var lastOnItsWay = last.key === state.sendingKey;
      if (state.confirmingUndo && !lastOnItsWay) {
        actions.appendChild(button(fill(T.confirm_take_back, { number: last.number }), "queued-undo-confirm", on.takeBack, "button-danger"));
        actions.appendChild(button(T.keep, "queued-undo-cancel", on.keep));
      } else if (!lastOnItsWay) {
        actions.appendChild(button(fill(T.take_back, { number: last.number }), "queued-undo", on.askTakeBack));
      }
      queue.forEach(function (item) {
        if (item.key === state.sendingKey) {
          return;
        }
        actions.appendChild(button(T.edit + " " + item.number, "queued-edit-" + item.number, function () {
          on.edit(item);
        }));
      });
      notes.appendChild(actions);
    }
    if (state.editingKey) {
      var editing = queue.filter(function (item) { return item.key === state.editingKey; })[0];
      if (editing) {
        notes.appendChild(element("p", "entry-message", fill(T.editing, { number: editing.number })));
      }
    }
    notes.hidden = !notes.childNodes.length;
  }

  /* Signing and locking need the server: refused offline, and while games wait, with
     the reason in words. */
  function guardSigning(mode, waiting) {
    function refuse(event) {
      var reason = !navigator.onLine ? T.sign_offline : waiting() ? T.unsent_before_signing : "";
      if (!reason) {
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      var notes = byId("offline-notes");
      if (notes) {
        notes.replaceChildren(element("p", "entry-message entry-message-error", reason));
        notes.hidden = false;
      }
    }
    document.addEventListener(
      "click",
      function (event) {
        if (event.target.closest && event.target.closest("#mode-sign")) {
          refuse(event);
        }
      },
      true
    );
    document.addEventListener(
      "submit",
      function (event) {
        if (mode === "sign") {
          refuse(event);
        }
      },
      true
    );
  }

  window.SkatOfflineList = {
    guardSigning: guardSigning,
    banner: renderBanner,
    rows: renderRows,
    notes: renderNotes,
  };
})();
