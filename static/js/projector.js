/* Projector mode: show the ranking's pages one after the other, every data-seconds
   seconds; after the last page fetch the whole ranking again (fresh results and a new
   "As of" time) and start over. The server pages the ranking by a number of rows; here
   the rows are paged again by the screen: each page takes as many rows as fit (names wrap,
   so rows differ in height), at most data-rows when the address asks for a number. Without
   JavaScript the page's meta refresh does the paging instead. A module: its request has
   the deadline of lib/http.js. */
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

  function fitsScreen() {
    return document.documentElement.scrollHeight <= window.innerHeight;
  }

  function emptyPage(template, number) {
    var page = template.cloneNode(true);
    page.dataset.page = String(number);
    page.querySelector("tbody").replaceChildren();
    return page;
  }

  /* Deal the rows of every page out again, page after page, each as full as the screen
     allows; a row that does not fit starts the next page (a page holds one row at least). */
  function pageByScreen() {
    var all = pages();
    var rows = [];
    all.forEach(function (page) {
      rows.push.apply(rows, page.querySelectorAll("tbody tr"));
    });
    if (rows.length === 0) {
      return;
    }
    var most = parseInt(root.dataset.rows, 10) || rows.length;
    var template = emptyPage(all[0], 1);
    all.forEach(function (page) {
      page.remove();
    });
    var built = [];
    var page = null;
    var body = null;
    rows.forEach(function (row) {
      if (page !== null) {
        body.appendChild(row);
        if (body.children.length <= most && fitsScreen()) {
          return;
        }
        page.hidden = true;
      }
      page = emptyPage(template, built.length + 1);
      page.hidden = false;
      body = page.querySelector("tbody");
      body.appendChild(row);
      root.appendChild(page);
      built.push(page);
    });
    built.forEach(function (each, index) {
      var pager = each.querySelector(".projector-pager");
      if (pager) {
        pager.textContent = root.dataset.pager
          .replace("{page}", String(index + 1))
          .replace("{pages}", String(built.length));
      }
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
          pageByScreen();
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

  pageByScreen();
  show(0);
  var resized = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resized);
    resized = window.setTimeout(function () {
      pageByScreen();
      show(0);
    }, 300);
  });
  window.setInterval(advance, seconds * 1000);
})();
