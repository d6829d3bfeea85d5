/* The table device without the hall's Wi-Fi (docs/table-device.md).

   Registers the service worker that keeps the table pages for offline use, and keeps
   every game entered without a connection on the device (IndexedDB), in the list at
   once with a "not yet sent" mark and the number it will get. The games are sent in
   order to the API (POST /api/v1/tables/<id>/games/) with the table code, their own
   Idempotency-Key (made when the game was kept, stored with it) and their number: a
   resend is answered, never stored twice; a list that moved on answers 409 and the
   game waits for the player to renumber or discard it. Sending starts on every page
   load, when the browser reports the connection back, and again with a growing pause
   while the server does not answer (or answers 5xx). The value of a kept game is not
   computed here: the rules live on the server, so the list says "value follows" until
   the server has stored it.

   The keyboard and touch entry scripts ask window.SkatOffline whether to keep a game
   (offline, or games already waiting, so the order holds) and hand it over. */
(function () {
  "use strict";

  var store = window.SkatOfflineStore;
  var touchFields = window.SkatOfflineTouch;
  var view = window.SkatOfflineList;
  if (!store || !touchFields || !view) {
    return;
  }
  var byId = store.byId;
  var newKey = store.newKey;
  var allItems = store.allItems;
  var putItem = store.putItem;
  var deleteItem = store.deleteItem;
  var readyTouchForm = touchFields.ready;
  var setNumberText = touchFields.setNumberText;
  var MAX_PAUSE_MS = 30000;
  /* Requests with a deadline (fetch-within.js): an answer that does not come is a lost
     connection, and the game is sent again later with the same key. */
  var within = window.SkatFetch.within;
  var SEND_WITHIN_MS = window.SkatFetch.SEND_MS;
  var ASK_WITHIN_MS = window.SkatFetch.ASK_MS;
  /* A page request the service worker must not answer from its cache. */
  var SERVER_ONLY = {
    credentials: "same-origin",
    cache: "no-store",
    headers: { "X-Server-Only": "1" },
  };

  var page = byId("entry-page");
  if (!page || !page.dataset.tableId) {
    return;
  }

  /* ------------------------------------------------------ service worker ---- */

  function keepPageForOffline() {
    if (!("serviceWorker" in navigator) || !page.dataset.swUrl) {
      return;
    }
    navigator.serviceWorker
      .register(page.dataset.swUrl, { scope: page.dataset.swScope })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        var urls = [location.pathname, page.dataset.touchUrl, page.dataset.keyboardUrl];
        document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=manifest]")
          .forEach(function (node) { urls.push(node.getAttribute("src") || node.getAttribute("href")); });
        if (registration.active) {
          registration.active.postMessage({ keep: urls });
        }
      })
      .catch(function () {
        /* Without a service worker the pages still work online. */
      });
  }

  /* ------------------------------------------------------------- queue ---- */

  var tableId = page.dataset.tableId;
  var queue = [];
  var loaded = false;
  var noStorage = false;
  var flushing = false;
  var attempt = 0;
  var retryTimer = null;
  var accessEnded = false;
  var editingKey = null;
  var confirmingUndo = false;
  /* The game whose request is on its way: it can no longer be taken back or changed. */
  var sendingKey = null;
  /* Settles once the waiting games are read from the device (see the end of this file). */
  var ready = null;

  function load() {
    return allItems().then(function (items) {
      queue = items.filter(function (item) { return item.table === tableId; });
      loaded = true;
      if (queue.length && !editingKey) {
        showNextNumber(nextNumber());
      }
      render();
      return queue;
    });
  }

  function entryForm() {
    return byId("touch-form") || byId("keyboard-form");
  }

  function pageNextNumber() {
    var form = entryForm();
    var input = form ? form.querySelector('input[name="number"]') : null;
    return Number((input && input.value) || page.dataset.nextNumber || 1);
  }

  function nextNumber() {
    if (!queue.length) {
      return pageNextNumber();
    }
    return queue[queue.length - 1].number + 1;
  }

  /* The entry forms name the game they enter: after waiting games, the one after them. */
  function showNextNumber(number) {
    var form = entryForm();
    var input = form ? form.querySelector('input[name="number"]') : null;
    if (!input || Number(input.value) === number) {
      return;
    }
    input.value = String(number);
    ["entry", "save-game", "preview-heading", "notation-label"].forEach(function (id) {
      setNumberText(byId(id), number);
    });
    form.querySelectorAll('input[name="declarer"]').forEach(function (tile) {
      tile.disabled = false;
    });
  }

  /* Until the device's waiting games are read, a new game is kept too: it must come after
     them, and only then is its number known. */
  function shouldQueue() {
    if (noStorage) {
      return false;
    }
    return !loaded || !navigator.onLine || queue.length > 0 || editingKey !== null || accessEnded;
  }

  function keep(fields) {
    return ready.then(function () {
      return keepRead(fields);
    });
  }

  function keepRead(fields) {
    var editing = editingKey
      ? queue.filter(function (item) { return item.key === editingKey; })[0]
      : null;
    editingKey = null;
    var number = editing ? editing.number : nextNumber();
    var item = Object.assign(
      {
        key: newKey(),
        table: tableId,
        tableNumber: page.dataset.tableNumber,
        number: number,
        state: "waiting",
        message: "",
        created: Date.now(),
      },
      fields
    );
    item.body = Object.assign({}, fields.body, { number: number });
    var stored = editing ? deleteItem(editing.key).then(function () { return putItem(item); }) : putItem(item);
    return stored.then(load).then(function () {
      flush();
      return nextNumber();
    });
  }

  /* Keyboard entry: the typed line travels as it is; the server reads it. */
  function keepLine(line) {
    return keep({ kind: "line", line: line, declarer: lineDeclarer(line), label: line, body: { line: line } });
  }

  function lineDeclarer(line) {
    var first = line.trim().split(/\s+/)[0] || "";
    return /^p$/i.test(first) ? "passed" : /^[1-4]$/.test(first) ? first : "";
  }

  function takeBackLast() {
    var last = queue[queue.length - 1];
    if (!last || last.key === sendingKey) {
      return Promise.resolve(null);
    }
    return deleteItem(last.key).then(load).then(function () {
      showNextNumber(last.number);
      return last;
    });
  }

  function keepTouch(form) {
    var declarer = new FormData(form).get("declarer") || "";
    return keep({
      kind: "touch",
      declarer: String(declarer),
      label: declarer === "passed" ? "" : touchFields.label(form),
      form: touchFields.pairs(form),
      body: touchFields.body(form),
    }).then(function (number) {
      readyTouchForm(form, number, []);
    });
  }
  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  function initTouch(form) {
    var busy = false;
    form.addEventListener(
      "submit",
      function (event) {
        if ((event.submitter && event.submitter.name === "action") || noStorage) {
          /* Without storage on the device (a private window may refuse it) the page
             saves as it did before: a plain form post. */
          return;
        }
        event.preventDefault();
        event.stopImmediatePropagation();
        if (busy) {
          return;
        }
        if (shouldQueue()) {
          /* Storage that fails (found out only now) saves as without it: a form post. */
          keepTouch(form).catch(function () {
            form.submit();
          });
          return;
        }
        busy = true;
        within(
          form.action,
          {
            method: "POST",
            body: new FormData(form),
            headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
            credentials: "same-origin",
          },
          SEND_WITHIN_MS
        )
          .then(function (response) {
            if (response.status === 201) {
              location.assign(page.dataset.touchUrl + "?gespeichert=" + pageNextNumber() + "#entry");
            } else if (response.status >= 500) {
              return keepTouch(form);
            } else if (response.status === 403) {
              endAccess();
              return keepTouch(form);
            } else {
              /* Refused: the server shows the form again with its messages. */
              form.submit();
            }
          })
          .catch(function () {
            return keepTouch(form);
          })
          .finally(function () {
            busy = false;
          });
      },
      true
    );
  }

  /* ----------------------------------------------------------- sending ---- */

  function headers(item) {
    var sent = {
      "Content-Type": "application/json",
      Accept: "application/json",
      "Accept-Language": document.documentElement.lang || "de",
      "Idempotency-Key": item.key,
    };
    if (page.dataset.tableCode) {
      sent["X-Table-Code"] = page.dataset.tableCode;
    } else {
      sent["X-CSRFToken"] = csrfToken();
    }
    return sent;
  }

  /* One game to the server: "sent", "retry" (no answer, 429, 5xx) or "stop" (kept). */
  function send(item) {
    sendingKey = item.key;
    render();
    var request = {
      method: "POST",
      headers: headers(item),
      body: JSON.stringify(item.body),
      credentials: "same-origin",
      cache: "no-store",
    };
    return within(page.dataset.apiGamesUrl, request, SEND_WITHIN_MS, function (response) {
      return response
        .json()
        .catch(function () { return null; })
        .then(function (data) { return { status: response.status, data: data }; });
    })
      .then(function (answer) { return outcome(item, answer.status, answer.data); })
      .catch(function () { return "retry"; })
      .then(function (result) {
        sendingKey = null;
        return result;
      });
  }

  function outcome(item, status, data) {
    if (status === 201 || status === 200) {
      return deleteItem(item.key).then(function () { return "sent"; });
    }
    if (status === 429 || status >= 500 || status === 0) {
      return "retry";
    }
    if (status === 403) {
      endAccess();
      return "stop";
    }
    item.state = status === 409 ? "clash" : "refused";
    item.message = (data && data.detail) || String(status);
    return putItem(item).then(function () { return "stop"; });
  }

  function scheduleRetry() {
    if (retryTimer) {
      window.clearTimeout(retryTimer);
    }
    var pause = Math.min(MAX_PAUSE_MS, 1000 * Math.pow(2, attempt));
    attempt += 1;
    retryTimer = window.setTimeout(function () {
      retryTimer = null;
      flush();
    }, pause);
  }

  function flush() {
    if (flushing || accessEnded || !queue.length) {
      return Promise.resolve();
    }
    flushing = true;
    render();
    var sent = 0;
    var changed = false;
    var items = queue.slice();

    function next(index) {
      var item = items[index];
      if (!item || item.state !== "waiting") {
        return finish();
      }
      if (!stillKept(item)) {
        /* Taken back or corrected on the device while an earlier game was on its way
           (a slow answer): send what the device holds now, not what it held then. */
        changed = true;
        return finish();
      }
      return send(item).then(function (result) {
        if (result === "sent") {
          sent += 1;
          return next(index + 1);
        }
        if (result === "retry") {
          scheduleRetry();
        }
        return finish();
      });
    }

    function finish() {
      flushing = false;
      if (sent) {
        attempt = 0;
        /* The server's list, with the values it computed, replaces the kept rows. */
        window.location.replace(location.pathname + location.hash);
        return;
      }
      return changed ? load().then(flush) : load();
    }

    return next(0);
  }

  /* A corrected game is kept under a new key, so the old version is no longer kept. */
  function stillKept(item) {
    return queue.some(function (kept) { return kept.key === item.key; });
  }

  function endAccess() {
    accessEnded = true;
    render();
  }

  /* The code may have been re-issued while the device was away: ask the server. The
     browser reports "online" before requests get through, so a failed check is repeated. */
  function checkAccess(tries) {
    tries = tries || 0;
    within(page.dataset.touchUrl, SERVER_ONLY, ASK_WITHIN_MS)
      .then(function (response) {
        if (response.status === 403) {
          endAccess();
        } else if (response.status >= 500) {
          return Promise.reject(response.status);
        }
      })
      .catch(function () {
        if (tries < 8) {
          window.setTimeout(function () {
            checkAccess(tries + 1);
          }, Math.min(MAX_PAUSE_MS, 1000 * Math.pow(2, tries)));
        }
      });
  }

  /* ------------------------------------------------------------ display ---- */

  function render() {
    var state = {
      queue: queue,
      flushing: flushing,
      accessEnded: accessEnded,
      confirmingUndo: confirmingUndo,
      editingKey: editingKey,
      sendingKey: sendingKey,
      mode: page.dataset.mode,
    };
    view.banner(state);
    view.rows(state);
    view.notes(state, {
      renumber: renumber,
      discard: function (item) {
        deleteItem(item.key).then(load).then(flush);
      },
      askTakeBack: function () {
        confirmingUndo = true;
        render();
      },
      takeBack: function () {
        confirmingUndo = false;
        takeBackLast();
      },
      keep: function () {
        confirmingUndo = false;
        render();
      },
      edit: edit,
    });
    var undoBox = byId("undo-box");
    if (undoBox) {
      undoBox.hidden = queue.length > 0;
    }
  }

  function edit(item) {
    if (item.key === sendingKey) {
      return;
    }
    editingKey = item.key;
    var touch = byId("touch-form");
    var input = byId("notation-input");
    if (touch && item.kind === "touch") {
      readyTouchForm(touch, item.number, item.form || []);
    } else if (input) {
      input.value = item.line || "";
      input.focus();
    }
    render();
  }

  /* After a clash: the waiting games follow the server's last game, in their order. */
  function renumber() {
    within(location.pathname, SERVER_ONLY, ASK_WITHIN_MS, function (response) {
      return response.ok ? response.text() : Promise.reject();
    })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var next = doc.querySelector('input[name="number"]');
        var first = next ? Number(next.value) : NaN;
        if (!first) {
          return Promise.reject();
        }
        return queue.reduce(function (chain, item, index) {
          return chain.then(function () {
            item.number = first + index;
            item.body = Object.assign({}, item.body, { number: item.number });
            item.key = newKey();
            item.state = "waiting";
            item.message = "";
            return putItem(item);
          });
        }, Promise.resolve());
      })
      .then(function () {
        return allItems();
      })
      .then(function (items) {
        /* Keys changed: drop the entries stored under the old keys. */
        var keys = queue.map(function (item) { return item.key; });
        return Promise.all(
          items
            .filter(function (item) { return item.table === tableId && keys.indexOf(item.key) < 0; })
            .map(function (item) { return deleteItem(item.key); })
        );
      })
      .then(load)
      .then(flush)
      .catch(function () {});
  }

  /* Signing needs the server (offline-list.js says why when it refuses). */
  view.guardSigning(page.dataset.mode, function () {
    return queue.length;
  });

  /* ------------------------------------------------------------- start ---- */

  window.SkatOffline = {
    shouldQueue: shouldQueue,
    keepLine: keepLine,
    count: function () { return queue.length; },
    takeBackLast: takeBackLast,
    endAccess: endAccess,
    refreshCache: keepPageForOffline,
  };

  var touchForm = byId("touch-form");
  if (touchForm) {
    initTouch(touchForm);
  }
  window.addEventListener("online", function () {
    attempt = 0;
    checkAccess();
    flush();
  });
  window.addEventListener("offline", render);
  keepPageForOffline();
  ready = load().catch(function () {
    noStorage = true;
    loaded = true;
  });
  ready.then(function () {
    if (!noStorage) {
      flush();
    }
  });
})();
