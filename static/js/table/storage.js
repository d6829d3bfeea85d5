/* The table device's waiting games, kept in the page's own storage (IndexedDB), so they
   survive a reload, a locked phone and a page opened over plain HTTP, where no service
   worker runs (docs/table-device.md). Where the browser refuses storage (a private window)
   they are kept in the page's memory: sent all the same, but lost if the page closes. */

const DB_NAME = "skatverein-table-device";
const STORE = "waiting";

let opening = null;
let memory = null;

function openDb() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      if (!window.indexedDB) {
        reject(new Error("no IndexedDB"));
        return;
      }
      const request = window.indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opening;
}

function unwrap(result) {
  return result && "result" in result ? result.result : undefined;
}

function withStore(mode, work) {
  if (memory) {
    return Promise.resolve(unwrap(work(null)));
  }
  return openDb().then(
    (db) => new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const result = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(unwrap(result));
      transaction.onerror = () => reject(transaction.error);
    }),
    () => {
      memory = new Map();
      return unwrap(work(null));
    }
  );
}

/* Whether games survive the page (false once the browser refused its storage). */
export function keptOnDevice() {
  return memory === null;
}

function sorted(items) {
  return (items || []).slice().sort((a, b) => (a.table === b.table ? a.number - b.number : a.table < b.table ? -1 : 1));
}

export function allItems() {
  return withStore("readonly", (store) => (store ? store.getAll() : { result: [...memory.values()] })).then(sorted);
}

export function putItem(item) {
  return withStore("readwrite", (store) => {
    if (store) {
      store.put(item);
    } else {
      memory.set(item.key, Object.assign({}, item));
    }
  });
}

export function deleteItem(key) {
  return withStore("readwrite", (store) => {
    if (store) {
      store.delete(key);
    } else {
      memory.delete(key);
    }
  });
}

/* A new Idempotency-Key: random, also where crypto.randomUUID is missing (plain HTTP). */
export function newKey() {
  if (window.crypto.randomUUID && window.isSecureContext) {
    return window.crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join("");
}
