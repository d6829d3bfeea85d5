/* Live rankings: while a series is running, ask every 30 seconds whether anything changed
   and, only when it did, fetch the ranking table and swap it in place, without reloading
   the page.

   The page marks the container with data-version-url (a tiny {"version": n} answer),
   data-version (the version shown), data-live-url (the same page with ?fragment=1) and
   data-live-interval (seconds). Hundreds of phones polling thus cost one primary-key
   read each; the table is fetched only after a game was entered. The server answers with the table alone, wrapped in an
   element whose data-live says whether to keep going and whose data-stamp is the new
   "As of 14:03" text. Only that short text is announced to screen readers (aria-live on
   #live-stamp), never the whole table. Polling pauses while the tab is hidden and stops
   for good once the series or tournament is finished. Without JavaScript the page's
   "Refresh" link reloads it. */
import { ASK_MS, within } from "./lib/http.js";

(function () {
  "use strict";

  var region = document.getElementById("live-region");
  if (!region || !region.dataset.liveUrl || !window.fetch || !window.HTMLTemplateElement) {
    return;
  }
  var url = region.dataset.liveUrl;
  var versionUrl = region.dataset.versionUrl;
  var shownVersion = region.dataset.version;
  var interval = (parseInt(region.dataset.liveInterval, 10) || 30) * 1000;
  var stamp = document.getElementById("live-stamp");
  var refreshLink = document.getElementById("live-refresh");
  var timer = null;
  var busy = false;
  var stopped = false;

  function schedule() {
    window.clearTimeout(timer);
    if (!stopped && !document.hidden) {
      timer = window.setTimeout(refresh, interval);
    }
  }

  function stop() {
    stopped = true;
    window.clearTimeout(timer);
  }

  /* The link or table cell that had the focus, found again by its href or position, so a
     keyboard user does not lose their place when the table is replaced. */
  function focusKey() {
    var active = document.activeElement;
    if (!active || !region.contains(active)) {
      return null;
    }
    if (active.getAttribute("href")) {
      return { href: active.getAttribute("href") };
    }
    return { scroller: active.classList.contains("table-scroll") };
  }

  function restoreFocus(key) {
    if (!key) {
      return;
    }
    var target = null;
    if (key.href) {
      target = region.querySelector('a[href="' + key.href.replace(/"/g, '\\"') + '"]');
    } else if (key.scroller) {
      target = region.querySelector(".table-scroll");
    }
    if (target) {
      target.focus({ preventScroll: true });
    }
  }

  function swap(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    var fragment = template.content.firstElementChild;
    if (!fragment || !fragment.classList.contains("live-fragment")) {
      throw new Error("unexpected answer");
    }
    var pageX = window.scrollX;
    var pageY = window.scrollY;
    var oldScroller = region.querySelector(".table-scroll");
    var tableX = oldScroller ? oldScroller.scrollLeft : 0;
    var key = focusKey();

    region.replaceChildren(fragment);

    var newScroller = region.querySelector(".table-scroll");
    if (newScroller) {
      newScroller.scrollLeft = tableX;
    }
    window.scrollTo(pageX, pageY);
    restoreFocus(key);
    if (stamp && fragment.dataset.stamp && stamp.textContent !== fragment.dataset.stamp) {
      stamp.textContent = fragment.dataset.stamp;
    }
    if (fragment.dataset.version) {
      shownVersion = fragment.dataset.version;
    }
    if (fragment.dataset.live !== "true") {
      stop();
    }
  }

  /* The answer's body, read by ``read`` (its text or its JSON); fails on an error status. */
  function get(address, read) {
    var request = {
      credentials: "same-origin",
      cache: "no-store",
      headers: { "X-Requested-With": "fetch" },
    };
    return within(address, request, ASK_MS, function (response) {
      if (!response.ok) {
        throw new Error("HTTP " + response.status);
      }
      return read(response);
    });
  }

  /* Resolves to the new version, or null when the shown table is still current. */
  function changedVersion(force) {
    if (!versionUrl || force) {
      return Promise.resolve("");
    }
    return get(versionUrl, function (response) { return response.json(); })
      .then(function (answer) {
        var version = String(answer.version);
        return version === shownVersion ? null : version;
      });
  }

  function refresh(force) {
    if (busy || stopped) {
      return;
    }
    busy = true;
    window.clearTimeout(timer);
    changedVersion(force === true)
      .then(function (version) {
        if (version === null) {
          return;
        }
        return get(url, function (response) { return response.text(); }).then(swap);
      })
      .catch(function () {
        /* Keep the last table and its time stamp; the next attempt may work again
           (a phone in a hall often loses the network for a moment). */
      })
      .then(function () {
        busy = false;
        schedule();
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      window.clearTimeout(timer);
    } else if (!stopped) {
      refresh();
    }
  });

  if (refreshLink) {
    refreshLink.addEventListener("click", function (event) {
      if (stopped) {
        return; /* the plain link reloads the page */
      }
      event.preventDefault();
      refresh(true);
    });
  }

  schedule();
})();
