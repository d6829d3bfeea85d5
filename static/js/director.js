/* Tournament director's screens (/leitung/): small helpers on top of plain forms.
   Every page works without this script; it only moves the focus to the first field with
   an error after a refused form, and asks before a form that replaces something
   (data-confirm: a new draw, a new table code). */
(function () {
  "use strict";

  function focusFirstError() {
    var field = document.querySelector('.director [aria-invalid="true"]');
    if (field) {
      field.focus();
      return;
    }
    var summary = document.querySelector(".director .form-errors");
    if (summary) {
      summary.focus();
    }
  }

  function confirmBeforeSubmit(event) {
    var form = event.target;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  }

  document.addEventListener("submit", confirmBeforeSubmit);
  focusFirstError();
})();
