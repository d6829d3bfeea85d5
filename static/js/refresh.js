/* The director's dashboard refreshes itself, like the public ranking: every 30 seconds
   while the tab is visible, the page is fetched again and the content of the element
   with data-refresh-interval (seconds) is replaced by the same element of the new page.
   A refresh waits while the director types in a field of that region or a form of it is
   being sent, and a failed fetch keeps the old content (the hall's network comes and goes).
   Without JavaScript the page is reloaded by hand as before. */
import { ASK_MS, within } from "./lib/http.js";

(function () {
  "use strict";

  var region = document.querySelector("[data-refresh-interval]");
  if (!region || !region.id || !window.fetch || !window.DOMParser) {
    return;
  }
  var interval = (parseInt(region.getAttribute("data-refresh-interval"), 10) || 30) * 1000;
  var timer = null;
  var busy = false;

  function schedule() {
    window.clearTimeout(timer);
    if (!document.hidden) {
      timer = window.setTimeout(refresh, interval);
    }
  }

  function editing() {
    var active = document.activeElement;
    var typing =
      active && region.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
    return typing || region.querySelector('[aria-busy="true"]') !== null;
  }

  function swap(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var fresh = page.getElementById(region.id);
    if (!fresh) {
      throw new Error("unexpected answer");
    }
    if (editing()) {
      return;
    }
    region.replaceChildren.apply(
      region,
      Array.prototype.map.call(fresh.childNodes, function (node) {
        return document.importNode(node, true);
      })
    );
  }

  function refresh() {
    if (busy || document.hidden) {
      return;
    }
    if (editing()) {
      schedule();
      return;
    }
    busy = true;
    var request = {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "X-Requested-With": "fetch" },
    };
    var deadline = ASK_MS;
    within(window.location.href, request, deadline, function (response) {
      if (!response.ok || response.redirected) {
        throw new Error("HTTP " + response.status);
      }
      return response.text();
    })
      .then(swap)
      .catch(function () {
        /* keep the last content; the next attempt may work again */
      })
      .then(function () {
        busy = false;
        schedule();
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      window.clearTimeout(timer);
    } else {
      refresh();
    }
  });
  schedule();
})();
