/* The table device's waiting games on the device (IndexedDB), and the page helpers the
   offline scripts share (docs/table-device.md). On the table code page it lists the games
   a device could not send, for the tournament director. Loaded before offline.js. */
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

  window.SkatOfflineStore = {
    T: T,
    byId: byId,
    fill: fill,
    newKey: newKey,
    element: element,
    allItems: allItems,
    putItem: putItem,
    deleteItem: deleteItem,
    describe: describe,
  };
  if (!byId("entry-page")) {
    renderLeftovers();
  }
})();
