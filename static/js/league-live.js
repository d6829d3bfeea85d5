/* The group leader's live match day (/liga/leitung/spieltag/<id>/live/): reload the page
   every data-refresh-seconds while the box "refresh" is ticked and the tab is visible,
   so the leader can stop it to read (a meta refresh could not be stopped). Without
   JavaScript the "refresh now" link does it. */
(function () {
  "use strict";

  var note = document.querySelector("[data-refresh-seconds]");
  var box = document.getElementById("auto-refresh");
  if (!note || !box) {
    return;
  }
  var seconds = parseInt(note.dataset.refreshSeconds, 10) || 30;
  var timer = null;

  function plan() {
    window.clearTimeout(timer);
    if (box.checked && !document.hidden) {
      timer = window.setTimeout(function () {
        window.location.reload();
      }, seconds * 1000);
    }
  }

  box.addEventListener("change", plan);
  document.addEventListener("visibilitychange", plan);
  plan();
})();
