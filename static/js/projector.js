/* Projector mode: show the ranking's pages one after the other, every data-seconds
   seconds; after the last page fetch the whole ranking again (fresh results and a new
   "As of" time) and start over. Without JavaScript the page's meta refresh does the
   paging instead. A module: its request has the deadline of lib/http.js. */
import { ASK_MS, within } from "./lib/http.js";

(function () {
  "use strict";

  var root = document.getElementById("projector");
  if (!root) {
    return;
  }
  var seconds = parseInt(root.dataset.seconds, 10) || 15;

  function pages() {
    return Array.prototype.slice.call(root.querySelectorAll("[data-page]"));
  }

  function current() {
    var all = pages();
    for (var i = 0; i < all.length; i += 1) {
      if (!all[i].hidden) {
        return i;
      }
    }
    return 0;
  }

  function show(index) {
    pages().forEach(function (page, i) {
      page.hidden = i !== index;
    });
  }

  function reload() {
    /* With a deadline (lib/http.js): a swallowed answer must not stop the paging. */
    within(window.location.pathname + window.location.search, { credentials: "same-origin" }, ASK_MS, function (response) {
      if (!response.ok) {
        throw new Error(String(response.status));
      }
      return response.text();
    })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("projector");
        if (fresh) {
          root.innerHTML = fresh.innerHTML;
        }
        show(0);
      })
      .catch(function () {
        show(0); /* keep showing the last results; try again after the next round */
      });
  }

  function advance() {
    var index = current();
    if (index + 1 < pages().length) {
      show(index + 1);
    } else {
      reload();
    }
  }

  window.setInterval(advance, seconds * 1000);
})();
