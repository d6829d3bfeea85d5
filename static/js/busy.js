/* Feedback on long work: a form marked with data-busy, and every download link
   (a[download], or a link marked with data-busy), shows "being created …" while the
   server works (a draw, an import, a PDF of many lists) and cannot be sent a second time
   by a double tap. The text is the element's data-busy value, else the page's
   <body data-busy-text>, which the base template fills in the reader's language.

   Forms: on submit the submit buttons are disabled and the pressed one shows the text;
   the page that comes back replaces everything. A form whose submit another script
   cancelled (a "Really?" question answered with no) is left alone.
   Links (downloads): the page stays, so the link shows the text, ignores further taps,
   and becomes usable again after a while or when the window gets the focus back (the
   browser's save dialog has closed). Without JavaScript everything works as before. */
(function () {
  "use strict";

  var LINK_PAUSE_MS = 10000;
  var LINKS = "a[download], a[data-busy]";

  function busyText(element) {
    return element.getAttribute("data-busy") || document.body.getAttribute("data-busy-text") || "…";
  }

  function onSubmit(event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-busy")) {
      return;
    }
    if (form.getAttribute("aria-busy") === "true") {
      event.preventDefault(); /* the second tap of a double tap */
      return;
    }
    var pressed = event.submitter || form.querySelector('[type="submit"]');
    /* After every submit listener has run: a cancelled submit (a "Really?" answered with
       no) stays usable, and the pressed button's name and value are still sent. */
    window.setTimeout(function () {
      if (event.defaultPrevented) {
        return;
      }
      form.setAttribute("aria-busy", "true");
      form.querySelectorAll('[type="submit"]').forEach(function (button) {
        button.disabled = true;
      });
      if (pressed) {
        pressed.setAttribute("data-label", pressed.textContent);
        pressed.textContent = busyText(form);
      }
    }, 0);
  }

  function release(link) {
    link.removeAttribute("aria-disabled");
    link.removeAttribute("aria-busy");
    if (link.hasAttribute("data-label")) {
      link.textContent = link.getAttribute("data-label");
      link.removeAttribute("data-label");
    }
  }

  function onClick(event) {
    var link = event.target.closest ? event.target.closest(LINKS) : null;
    if (!link) {
      return;
    }
    if (link.getAttribute("aria-busy") === "true") {
      event.preventDefault();
      return;
    }
    link.setAttribute("aria-busy", "true");
    link.setAttribute("aria-disabled", "true");
    link.setAttribute("data-label", link.textContent);
    link.textContent = busyText(link);
    window.setTimeout(function () {
      release(link);
    }, LINK_PAUSE_MS);
  }

  function onFocus() {
    document.querySelectorAll('a[aria-busy="true"]').forEach(function (link) {
      window.setTimeout(function () {
        release(link);
      }, 1000);
    });
  }

  document.addEventListener("submit", onSubmit);
  document.addEventListener("click", onClick);
  window.addEventListener("focus", onFocus);
})();
