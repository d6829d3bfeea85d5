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

  var dataNode = document.getElementById("offline-data");
  if (!dataNode || !window.indexedDB || !window.fetch) {
    return;
  }
  var DATA = JSON.parse(dataNode.textContent);
  var T = DATA.texts;
  var SEATS = DATA.seats || {};
  var DB_NAME = "skatverein-table-device";
  var STORE = "waiting";
  var MAX_PAUSE_MS = 30000;
  /* A page request the service worker must not answer from its cache. */
  var SERVER_ONLY = {
    credentials: "same-origin",
    cache: "no-store",
    headers: { "X-Server-Only": "1" },
  };

  function byId(id) {
    return document.getElementById(id);
  }

  function fill(text, params) {
    return text.replace(/%\((\w+)\)s/g, function (_match, name) {
      return String(params[name]);
    });
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) {
      return window.crypto.randomUUID();
    }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map
      .call(bytes, function (b) { return (b + 256).toString(16).slice(1); })
      .join("");
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  /* ------------------------------------------------------------ storage ---- */

  var dbPromise = null;

  function openDb() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var request = window.indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, { keyPath: "key" });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return dbPromise;
  }

  function withStore(mode, work) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(STORE, mode);
        var result = work(transaction.objectStore(STORE));
        transaction.oncomplete = function () {
          resolve(result && "result" in result ? result.result : undefined);
        };
        transaction.onerror = function () { reject(transaction.error); };
      });
    });
  }

  function allItems() {
    return withStore("readonly", function (store) { return store.getAll(); }).then(
      function (items) {
        return (items || []).sort(function (a, b) {
          return a.table === b.table ? a.number - b.number : a.table < b.table ? -1 : 1;
        });
      }
    );
  }

  function putItem(item) {
    return withStore("readwrite", function (store) { store.put(item); });
  }

  function deleteItem(key) {
    return withStore("readwrite", function (store) { store.delete(key); });
  }

  /* ------------------------------------------------ leftovers (code page) ---- */

  function renderLeftovers() {
    var box = byId("offline-leftovers");
    if (!box) {
      return;
    }
    allItems().then(function (items) {
      box.replaceChildren();
      if (!items.length) {
        box.hidden = true;
        return;
      }
      box.appendChild(element("h2", "", T.leftovers));
      var list = element("ul", "offline-leftover-list");
      items.forEach(function (item) {
        var text = fill(T.table, { table: item.tableNumber || item.table }) + " · " +
          item.number + ": " + describe(item) + " (" + T.not_sent + ")";
        list.appendChild(element("li", "", text));
      });
      box.appendChild(list);
      var clear = element("button", "button-secondary", T.clear_leftovers);
      clear.type = "button";
      clear.setAttribute("data-testid", "clear-leftovers");
      clear.addEventListener("click", function () {
        Promise.all(items.map(function (item) { return deleteItem(item.key); })).then(renderLeftovers);
      });
      box.appendChild(clear);
      box.hidden = false;
    });
  }

  function describe(item) {
    if (item.declarer === "passed") {
      return T.passed;
    }
    var seat = fill(T.seat, { seat: item.declarer }) +
      (SEATS[item.declarer] ? " " + SEATS[item.declarer] : "");
    return item.declarer ? seat + " · " + item.label : item.label;
  }

  var page = byId("entry-page");
  if (!page || !page.dataset.tableId) {
    renderLeftovers();
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
  var flushing = false;
  var attempt = 0;
  var retryTimer = null;
  var accessEnded = false;
  var editingKey = null;
  var confirmingUndo = false;

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

  function shouldQueue() {
    return !navigator.onLine || queue.length > 0 || editingKey !== null || accessEnded;
  }

  function keep(fields) {
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
    if (!last) {
      return Promise.resolve(null);
    }
    return deleteItem(last.key).then(load).then(function () {
      showNextNumber(last.number);
      return last;
    });
  }

  /* ---------------------------------------------------- touch entry form ---- */

  var NULL_GAME = "null";
  var TICKED_MEANS_TRUE = ["hand", "ouvert", "schneider_announced", "schwarz_announced", "conceded"];

  function numberOrText(text) {
    var trimmed = String(text).trim();
    return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed.slice(0, 20);
  }

  /* The API's fields of the touch form, read the way services/game_preview.py reads them. */
  function touchBody(form) {
    var data = new FormData(form);
    var declarer = data.get("declarer") || "";
    if (declarer === "passed") {
      return { passed: true };
    }
    var body = {};
    if (declarer) {
      body.declarer_seat = numberOrText(declarer);
    }
    var game = data.get("game") || "";
    if (game) {
      body.game = game;
    }
    TICKED_MEANS_TRUE.forEach(function (name) {
      if (data.has(name)) {
        body[name] = true;
      }
    });
    ["schneider", "schwarz"].forEach(function (name) {
      if (data.has(name)) {
        body[name] = true;
      } else if (game !== NULL_GAME) {
        body[name] = false;
      }
    });
    if (data.get("bid")) {
      body.bid = numberOrText(data.get("bid"));
    }
    if (data.get("won") === "true" || data.get("won") === "false") {
      body.won = data.get("won") === "true";
    }
    if (needsMatadors(form, game, body) && data.get("matadors")) {
      body.matadors = numberOrText(data.get("matadors"));
      body.with_matadors = data.get("with_matadors") !== "false";
    }
    return body;
  }

  function needsMatadors(form, game, body) {
    if (game !== NULL_GAME) {
      return true;
    }
    var key = body.ouvert ? (body.hand ? "nullOuvertHandValue" : "nullOuvertValue")
      : body.hand ? "nullHandValue" : "nullValue";
    return typeof body.bid === "number" && body.bid > Number(form.dataset[key]);
  }

  function touchLabel(form) {
    var words = [];
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.name === "declarer" || input.name === "with_matadors" || input.disabled) {
        return;
      }
      var label = form.querySelector('label[for="' + input.id + '"]');
      if (label) {
        words.push(label.textContent.replace(/\s+/g, " ").trim());
      }
      if (input.name === "game" && input.value !== NULL_GAME) {
        var matadors = form.querySelector('input[name="matadors"]');
        var without = form.querySelector('input[name="with_matadors"][value="false"]:checked');
        var how = form.querySelector('label[for="with-matadors-' + (without ? "false" : "true") + '"]');
        if (matadors && how) {
          words.push(how.textContent.trim() + " " + matadors.value);
        }
      }
    });
    return words.join(" · ");
  }

  function formPairs(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "number") {
        pairs.push([name, String(value)]);
      }
    });
    return pairs;
  }

  function keepTouch(form) {
    var declarer = new FormData(form).get("declarer") || "";
    return keep({
      kind: "touch",
      declarer: String(declarer),
      label: declarer === "passed" ? "" : touchLabel(form),
      form: formPairs(form),
      body: touchBody(form),
    }).then(function (number) {
      readyTouchForm(form, number, []);
    });
  }

  function setNumberText(node, number) {
    if (node) {
      node.textContent = node.textContent.replace(/\d+/, String(number));
    }
  }

  /* Empty the form for the next game (or fill it with a kept game to change it). */
  function readyTouchForm(form, number, pairs) {
    form.reset();
    form.querySelectorAll('input[type="radio"], input[type="checkbox"]').forEach(function (input) {
      input.checked = pairs.some(function (pair) {
        return pair[0] === input.name && (input.type === "checkbox" || pair[1] === input.value);
      });
      if (input.name === "with_matadors" && !pairs.length) {
        input.checked = input.value === "true";
      }
      if (input.name === "declarer") {
        /* The dealer of a later game is not known here; the server checks it when sent. */
        input.disabled = false;
      }
    });
    pairs.forEach(function (pair) {
      var field = form.querySelector('[name="' + pair[0] + '"]:not([type="radio"]):not([type="checkbox"])');
      if (field) {
        field.value = pair[1];
      }
    });
    form.querySelector('input[name="number"]').value = String(number);
    setNumberText(byId("entry"), number);
    setNumberText(byId("save-game"), number);
    setNumberText(byId("preview-heading"), number);
    form.dataset.sending = "";
    var save = byId("save-game");
    if (save) {
      save.disabled = false;
    }
    var first = form.querySelector("input");
    if (first) {
      first.dispatchEvent(new Event("change", { bubbles: true }));
    }
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
        if (event.submitter && event.submitter.name === "action") {
          return;
        }
        event.preventDefault();
        event.stopImmediatePropagation();
        if (busy || !loaded) {
          return;
        }
        if (shouldQueue()) {
          keepTouch(form);
          return;
        }
        busy = true;
        fetch(form.action, {
          method: "POST",
          body: new FormData(form),
          headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
          credentials: "same-origin",
        })
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
    return fetch(page.dataset.apiGamesUrl, {
      method: "POST",
      headers: headers(item),
      body: JSON.stringify(item.body),
      credentials: "same-origin",
      cache: "no-store",
    })
      .then(function (response) {
        return response
          .json()
          .catch(function () { return null; })
          .then(function (data) { return outcome(item, response.status, data); });
      })
      .catch(function () { return "retry"; });
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
    var items = queue.slice();

    function next(index) {
      var item = items[index];
      if (!item || item.state !== "waiting") {
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
      return load();
    }

    return next(0);
  }

  function endAccess() {
    accessEnded = true;
    render();
  }

  /* The code may have been re-issued while the device was away: ask the server. The
     browser reports "online" before requests get through, so a failed check is repeated. */
  function checkAccess(tries) {
    tries = tries || 0;
    fetch(page.dataset.touchUrl, SERVER_ONLY)
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
    renderBanner();
    renderRows();
    renderNotes();
    var undoBox = byId("undo-box");
    if (undoBox) {
      undoBox.hidden = queue.length > 0;
    }
  }

  function renderBanner() {
    var banner = byId("offline-banner");
    if (!banner) {
      return;
    }
    var count = queue.length;
    banner.hidden = count === 0;
    banner.textContent = count === 1 ? T.waiting_one : fill(T.waiting_many, { count: count });
    if (flushing && navigator.onLine) {
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

  function renderRows() {
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
    var keyboard = page.dataset.mode === "keyboard";
    queue.forEach(function (item) {
      var row = element("tr", "queued-row is-" + item.state);
      row.dataset.testid = "queued-row-" + item.number;
      row.setAttribute("data-testid", "queued-row-" + item.number);
      row.appendChild(element("th", "", String(item.number))).setAttribute("scope", "row");
      row.appendChild(element("td", "", "–"));
      row.appendChild(element("td", "", item.declarer === "passed" ? "–" : describe(item).split(" · ")[0]));
      var what = element("td", "", item.declarer === "passed" ? T.passed : item.label);
      what.appendChild(document.createTextNode(" "));
      what.appendChild(element("span", "not-sent-mark", T.not_sent));
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

  function renderNotes() {
    var notes = byId("offline-notes");
    if (!notes) {
      return;
    }
    notes.replaceChildren();
    if (accessEnded) {
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
        box.appendChild(button(T.renumber, "renumber", renumber, "button-primary"));
      }
      box.appendChild(button(fill(T.discard, { number: item.number }), "discard-" + item.number, function () {
        deleteItem(item.key).then(load).then(flush);
      }));
      notes.appendChild(box);
    });
    var last = queue[queue.length - 1];
    if (last && !accessEnded) {
      var actions = element("div", "offline-actions");
      if (confirmingUndo) {
        actions.appendChild(button(fill(T.confirm_take_back, { number: last.number }), "queued-undo-confirm", function () {
          confirmingUndo = false;
          takeBackLast();
        }, "button-danger"));
        actions.appendChild(button(T.keep, "queued-undo-cancel", function () {
          confirmingUndo = false;
          render();
        }));
      } else {
        actions.appendChild(button(fill(T.take_back, { number: last.number }), "queued-undo", function () {
          confirmingUndo = true;
          render();
        }));
      }
      queue.forEach(function (item) {
        actions.appendChild(button(T.edit + " " + item.number, "queued-edit-" + item.number, function () {
          edit(item);
        }));
      });
      notes.appendChild(actions);
    }
    if (editingKey) {
      var editing = queue.filter(function (item) { return item.key === editingKey; })[0];
      if (editing) {
        notes.appendChild(element("p", "entry-message", fill(T.editing, { number: editing.number })));
      }
    }
    notes.hidden = !notes.childNodes.length;
  }

  function edit(item) {
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
    fetch(location.pathname, SERVER_ONLY)
      .then(function (response) { return response.ok ? response.text() : Promise.reject(); })
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
            return withStore("readwrite", function (store) {
              store.put(item);
            });
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

  /* ------------------------------------------------------------ signing ---- */

  function refuseSigning(event) {
    var reason = !navigator.onLine ? T.sign_offline : queue.length ? T.unsent_before_signing : "";
    if (!reason) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    var notes = byId("offline-notes");
    if (notes) {
      notes.replaceChildren(element("p", "entry-message entry-message-error", reason));
      notes.setAttribute("data-reason", "signing");
      notes.hidden = false;
    }
  }

  document.addEventListener(
    "click",
    function (event) {
      var link = event.target.closest ? event.target.closest("#mode-sign") : null;
      if (link) {
        refuseSigning(event);
      }
    },
    true
  );
  document.addEventListener(
    "submit",
    function (event) {
      if (page.dataset.mode === "sign") {
        refuseSigning(event);
      }
    },
    true
  );

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
  load().then(flush);
})();
