/* Sending a game: the one way every game entered at the table reaches the server
   (docs/table-device.md).

   A saved game is first kept on the device (storage.js) with the number it gets and its
   own Idempotency-Key, then sent in order to POST /api/v1/tables/<id>/games/ with the
   table code, that key and its number, each request with a deadline (lib/http.js). 201 is
   stored, 200 is "already on the list" (the same game from another device, or a resend
   whose first answer was lost); the game leaves the device only then. No answer, a reset
   connection, a timeout, 429 or any 5xx (a proxy's 502 included) keep it as "not yet
   sent" and try again after 1, 2, 4 … at most 30 s, on every page load and when the
   browser reports the connection back: never an error page, never a lost game. 409 (the
   list moved on) and 400 keep it with the server's reason until the keeper renumbers,
   changes or discards it; 403 (the code was re-issued) stops sending. */

import { ASK_MS, SEND_MS, csrfToken, statusAndJson, within } from "../lib/http.js";
import { allItems, deleteItem, newKey, putItem } from "./storage.js";

const MAX_PAUSE_MS = 30000;
/* A page request the service worker must not answer from its cache. */
export const SERVER_ONLY = { credentials: "same-origin", cache: "no-store", headers: { "X-Server-Only": "1" } };

/* ``data``: the page's data (table, urls, code, nextNumber); ``on``: {changed(),
   stored(answers), accessEnded()} — what the page does when the queue changes. */
export function createSender(data, on) {
  const state = {
    queue: [],
    loaded: false,
    flushing: false,
    sendingKey: null,
    editingKey: null,
    confirmingUndo: false,
    accessEnded: false,
    /* The last try got no answer (or 429/5xx): the status line says the server does not
       answer, not "offline", while the browser is online. */
    retrying: false,
  };
  let attempt = 0;
  let retryTimer = null;
  const table = String(data.table);

  function changed() {
    on.changed(state);
  }

  function load() {
    return allItems().then((items) => {
      state.queue = items.filter((item) => String(item.table) === table);
      state.loaded = true;
      changed();
      return state.queue;
    });
  }

  function nextNumber() {
    const last = state.queue[state.queue.length - 1];
    return last ? last.number + 1 : data.nextNumber;
  }

  /* The number the game in the form gets: the waiting one being changed keeps its own. */
  function numberInForm() {
    const editing = editingItem();
    return editing ? editing.number : nextNumber();
  }

  function editingItem() {
    return state.queue.find((item) => item.key === state.editingKey) || null;
  }

  const ready = load().catch(() => {
    state.loaded = true;
    return [];
  });

  /* Keep a game and send it: {kind: "touch"|"line", body, line?, form?}. */
  function keep(fields) {
    return ready.then(() => {
      const editing = editingItem();
      state.editingKey = null;
      const number = editing ? editing.number : nextNumber();
      const item = Object.assign({ key: newKey(), table: table, tableNumber: data.tableNumber, state: "waiting", message: "", created: Date.now() }, fields, { number: number });
      item.body = Object.assign({}, fields.body, { number: number });
      const stored = editing ? deleteItem(editing.key).then(() => putItem(item)) : putItem(item);
      return stored.then(load).then(() => {
        flush();
        return item;
      });
    });
  }

  function takeBackLast() {
    const last = state.queue[state.queue.length - 1];
    state.confirmingUndo = false;
    if (!last || last.key === state.sendingKey) {
      return Promise.resolve(null);
    }
    return deleteItem(last.key).then(load).then(() => last);
  }

  function discard(item) {
    return deleteItem(item.key).then(load).then(flush);
  }

  function edit(item) {
    if (item.key !== state.sendingKey) {
      state.editingKey = item.key;
      changed();
    }
  }

  function headers(item) {
    const sent = {
      "Content-Type": "application/json",
      Accept: "application/json",
      "Accept-Language": document.documentElement.lang || "de",
      "Idempotency-Key": item.key,
    };
    if (data.code) {
      sent["X-Table-Code"] = data.code;
    } else {
      sent["X-CSRFToken"] = csrfToken();
    }
    return sent;
  }

  /* One game to the server: "sent", "retry" (no answer, 429, 5xx) or "stop" (kept). */
  function send(item, answers) {
    state.sendingKey = item.key;
    changed();
    const request = { method: "POST", headers: headers(item), body: JSON.stringify(item.body), credentials: "same-origin", cache: "no-store" };
    /* ?state=1: the answer carries the list's state after this game (api/list_state.py). */
    return within(data.urls.games + "?state=1", request, SEND_MS, statusAndJson)
      .then((answer) => outcome(item, answer, answers))
      .catch(() => "retry")
      .then((result) => {
        state.sendingKey = null;
        return result;
      });
  }

  function outcome(item, answer, answers) {
    const status = answer.status;
    const state = (answer.data && answer.data.state) || null;
    if (status === 201 || status === 200) {
      answers.push({ item: item, already: status === 200, game: answer.data || {}, state: state });
      return deleteItem(item.key).then(() => "sent");
    }
    if (status === 429 || status >= 500 || status === 0) {
      return "retry";
    }
    if (status === 403) {
      endAccess();
      return "stop";
    }
    item.state = status === 409 ? "clash" : "refused";
    const errors = (answer.data && answer.data.errors) || [];
    item.message = (answer.data && answer.data.detail) || errors.map((e) => e.message).join(" ") || String(status);
    /* The server's version of the game under this number, shown beside the device's;
       the state says which numbers the server holds (clash-box.js). */
    item.server = (answer.data && answer.data.stored) || null;
    if (state && on.state) {
      on.state(state);
    }
    return putItem(item).then(() => "stop");
  }

  /* The server's game ``item.number`` becomes this device's version of it (``fields``),
     with the keeper's reason: a correction, never a second game. Resolves to the number
     corrected, or null when the server refused (the reason stays on the item). */
  function correctServer(item, fields, reason) {
    const body = Object.assign({}, fields, { reason: reason || "" });
    delete body.number;
    const sent = headers(item);
    delete sent["Idempotency-Key"];
    const request = { method: "PUT", headers: sent, body: JSON.stringify(body), credentials: "same-origin", cache: "no-store" };
    const url = data.urls.games + item.number + "/?state=1";
    return within(url, request, SEND_MS, statusAndJson)
      .then((answer) => {
        if (answer.status === 200) {
          if (answer.data && answer.data.state && on.state) {
            on.state(answer.data.state);
          }
          return deleteItem(item.key).then(load).then(flush).then(() => item.number);
        }
        if (answer.status === 403) {
          endAccess();
          return null;
        }
        const errors = (answer.data && answer.data.errors) || [];
        item.correctionError = errors.map((e) => e.message).join(" ") || (answer.data && answer.data.detail) || String(answer.status);
        return putItem(item).then(load).then(() => null);
      })
      .catch(() => {
        item.correctionError = "";
        return null;
      });
  }

  function scheduleRetry() {
    window.clearTimeout(retryTimer);
    const pause = Math.min(MAX_PAUSE_MS, 1000 * Math.pow(2, attempt));
    attempt += 1;
    retryTimer = window.setTimeout(() => {
      retryTimer = null;
      flush();
    }, pause);
  }

  function flush() {
    if (state.flushing || state.accessEnded || !state.queue.length) {
      return Promise.resolve();
    }
    state.flushing = true;
    changed();
    const answers = [];
    let changedMeanwhile = false;
    const items = state.queue.slice();

    function next(index) {
      const item = items[index];
      if (!item || item.state !== "waiting") {
        return finish();
      }
      if (!state.queue.some((kept) => kept.key === item.key)) {
        /* Taken back or changed on the device while an earlier game was on its way: send
           what the device holds now, not what it held then. */
        changedMeanwhile = true;
        return finish();
      }
      return send(item, answers).then((result) => {
        if (result === "sent") {
          state.retrying = false;
          return next(index + 1);
        }
        state.retrying = result === "retry";
        if (result === "retry") {
          scheduleRetry();
        }
        return finish();
      });
    }

    function finish() {
      state.flushing = false;
      if (answers.length) {
        attempt = 0;
      }
      return load().then(() => {
        if (answers.length) {
          on.stored(answers);
        }
        /* Games kept while these were on their way follow at once. */
        if (changedMeanwhile || (answers.length && state.queue.length)) {
          return flush();
        }
        return undefined;
      });
    }

    return next(0);
  }

  function endAccess() {
    state.accessEnded = true;
    changed();
    if (on.accessEnded) {
      on.accessEnded();
    }
  }

  /* The code may have been re-issued while the device was away: ask the server. The
     browser reports "online" before requests get through, so a failed check is repeated. */
  function checkAccess(tries) {
    const count = tries || 0;
    within(data.urls.touch, SERVER_ONLY, ASK_MS)
      .then((response) => {
        if (response.status === 403) {
          endAccess();
        } else if (response.status >= 500) {
          throw new Error(String(response.status));
        }
      })
      .catch(() => {
        if (count < 8) {
          window.setTimeout(() => checkAccess(count + 1), Math.min(MAX_PAUSE_MS, 1000 * Math.pow(2, count)));
        }
      });
  }

  /* After a clash: the waiting games follow the server's last game, in their order. The
     server's next number comes with the clash's answer (the list's state). */
  function renumber() {
    const first = data.nextNumber;
    const old = state.queue.slice();
    /* A waiting game under a number the server holds is a version of that game (the same
       deal): it is never entered a second time behind the server's games. */
    if (!first || old.some((item) => item.number <= (data.lastNumber || 0))) {
      return Promise.resolve();
    }
    const renumbered = old.map((item, index) => Object.assign({}, item, {
      number: first + index,
      body: Object.assign({}, item.body, { number: first + index }),
      key: newKey(),
      state: "waiting",
      message: "",
      server: null,
    }));
    return Promise.all(renumbered.map(putItem))
      .then(() => Promise.all(old.map((item) => deleteItem(item.key))))
      .then(load)
      .then(flush)
      .catch(() => {});
  }

  window.addEventListener("online", () => {
    attempt = 0;
    checkAccess();
    flush();
  });
  window.addEventListener("offline", changed);
  ready.then(flush);

  return {
    state: state,
    ready: ready,
    keep: keep,
    flush: flush,
    nextNumber: nextNumber,
    numberInForm: numberInForm,
    editingItem: editingItem,
    takeBackLast: takeBackLast,
    discard: discard,
    correctServer: correctServer,
    edit: edit,
    renumber: renumber,
    endAccess: endAccess,
    askTakeBack: () => {
      state.confirmingUndo = true;
      changed();
    },
    keepLast: () => {
      state.confirmingUndo = false;
      changed();
    },
  };
}
