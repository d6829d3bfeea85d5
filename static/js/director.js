/* Tournament director's screens (/leitung/): small helpers on top of plain forms.
   Every page works without this script; it only brings the first error after a refused
   form into view and focuses it, and asks before a form that replaces something
   (data-confirm: a new draw, a new table code). */
(function () {
  "use strict";

  /* After a refused form the answer may open far from the message: at its top, or at the
     section the form belongs to (a redirect with an anchor) while the message stands
     above. The first field marked invalid (its message is right under it) or else the
     first refusal the server marked (data-refusal: a form's error box, an error message)
     is scrolled to the middle of the screen and focused, so it is both seen and read out. */
  function showFirstRefusal() {
    var target =
      document.querySelector('.director [aria-invalid="true"]') ||
      document.querySelector(".director [data-refusal]");
    if (!target) {
      return;
    }
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }

  function confirmBeforeSubmit(event) {
    var form = event.target;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  }

  document.addEventListener("submit", confirmBeforeSubmit);
  showFirstRefusal();
  if (window.location.hash) {
    /* The browser scrolls to the anchor once the page has loaded: after that, again. */
    window.addEventListener("load", function () {
      window.setTimeout(showFirstRefusal, 0);
    });
  }
})();
