/* The table device's service worker, served as /tisch/sw.js?v=<release>&static=<prefix>
   so that its scope covers the table pages (/tisch/…).

   Pages under /tisch/ and the static files they load are fetched from the network first
   and kept in a cache named after the release; without a network, or when the server
   answers 5xx, the kept copy is used. A new release registers the script under a new
   URL, the new worker takes over and deletes every older cache. Posts (saving a game,
   signing) are never answered from the cache: they go to the server or fail. */
"use strict";

var PARAMS = new URL(self.location.href).searchParams;
var VERSION = PARAMS.get("v") || "0";
var STATIC_PREFIX = PARAMS.get("static") || "/static/";
var PREFIX = "skatverein-table-";
var CACHE = PREFIX + VERSION;
var TABLE_PAGE = /^\/tisch\/\d+\/(tastatur\/|unterschreiben\/)?$/;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) { return name.indexOf(PREFIX) === 0 && name !== CACHE; })
            .map(function (name) { return caches.delete(name); })
        );
      })
      .then(function () { return self.clients.claim(); })
  );
});

function cacheKey(url) {
  return TABLE_PAGE.test(url.pathname) ? url.origin + url.pathname : url.href;
}

function keeps(url) {
  if (url.origin !== self.location.origin) {
    return false;
  }
  return TABLE_PAGE.test(url.pathname) || url.pathname.indexOf(STATIC_PREFIX) === 0;
}

function fromCache(url) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(cacheKey(url)).then(function (hit) {
      if (hit || !TABLE_PAGE.test(url.pathname)) {
        return hit;
      }
      /* A table page never opened before: the table's touch page, if kept. */
      var touch = url.pathname.replace(/^(\/tisch\/\d+\/).*$/, "$1");
      return cache.match(url.origin + touch);
    });
  });
}

function store(url, response) {
  if (response.ok && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { return cache.put(cacheKey(url), copy); });
  }
  return response;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  /* Questions only the server can answer (is the code still valid? which game is next?)
     carry this header and are never answered from the cache. */
  if (request.method !== "GET" || !keeps(url) || request.headers.get("X-Server-Only")) {
    return;
  }
  event.respondWith(
    fetch(request)
      .then(function (response) {
        if (response.status >= 500) {
          return fromCache(url).then(function (hit) { return hit || response; });
        }
        return store(url, response);
      })
      .catch(function () {
        return fromCache(url).then(function (hit) { return hit || Response.error(); });
      })
  );
});

/* The page that registered the worker asks it to keep itself and its files: on the very
   first visit the page was loaded before the worker could see it. */
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return Promise.all(
        urls.map(function (href) {
          var url = new URL(href, self.location.origin);
          if (!keeps(url)) {
            return null;
          }
          return fetch(url.href, { credentials: "same-origin" })
            .then(function (response) {
              if (response.ok) {
                return cache.put(cacheKey(url), response);
              }
              return null;
            })
            .catch(function () { return null; });
        })
      ).then(function () {
        if (event.source) {
          event.source.postMessage({ kept: urls.length, cache: CACHE });
        }
      });
    })
  );
});
