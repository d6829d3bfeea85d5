/* Signature pad of the sign-off page (/tisch/<id>/unterschreiben/).

   Each player's pad form stays hidden without JavaScript (the PIN form works alone). With
   it, a finger, pen or mouse draws on the canvas through pointer events; "Clear" starts
   again; on submit the drawing goes to the server as a PNG data URL (the server checks
   it). An empty pad is not sent: the message next to it says what to do instead. */
(function () {
  "use strict";

  var forms = document.querySelectorAll("form[data-signature-pad]");
  if (!forms.length || !window.HTMLCanvasElement) {
    return;
  }

  function setUp(form) {
    var canvas = form.querySelector("canvas");
    var context = canvas.getContext && canvas.getContext("2d");
    if (!context) {
      return;
    }
    var field = form.querySelector(".signature-image");
    var error = form.querySelector(".field-error");
    var drawn = false;
    var last = null;

    form.hidden = false;

    /* Draw at the size shown (at most twice the pixels, to keep the PNG small). */
    function resize() {
      var ratio = Math.min(window.devicePixelRatio || 1, 2);
      var box = canvas.getBoundingClientRect();
      var width = Math.max(1, Math.round(box.width * ratio));
      var height = Math.max(1, Math.round(box.height * ratio));
      if (canvas.width === width && canvas.height === height) {
        return;
      }
      canvas.width = width;
      canvas.height = height;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.lineWidth = 2.5;
      context.lineCap = "round";
      context.lineJoin = "round";
      context.strokeStyle = "#000000";
      drawn = false;
    }

    function point(event) {
      var box = canvas.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    }

    canvas.addEventListener("pointerdown", function (event) {
      event.preventDefault();
      canvas.setPointerCapture(event.pointerId);
      last = point(event);
      context.beginPath();
      context.arc(last.x, last.y, 1.2, 0, 2 * Math.PI);
      context.fillStyle = "#000000";
      context.fill();
      drawn = true;
      error.hidden = true;
    });
    canvas.addEventListener("pointermove", function (event) {
      if (!last) {
        return;
      }
      event.preventDefault();
      var next = point(event);
      context.beginPath();
      context.moveTo(last.x, last.y);
      context.lineTo(next.x, next.y);
      context.stroke();
      last = next;
    });
    function stop() {
      last = null;
    }
    canvas.addEventListener("pointerup", stop);
    canvas.addEventListener("pointercancel", stop);
    canvas.addEventListener("lostpointercapture", stop);

    form.querySelector(".signature-clear").addEventListener("click", function () {
      context.clearRect(0, 0, canvas.width, canvas.height);
      drawn = false;
      field.value = "";
    });

    form.addEventListener("submit", function (event) {
      if (!drawn) {
        event.preventDefault();
        error.textContent = error.dataset.emptyMessage;
        error.hidden = false;
        return;
      }
      field.value = canvas.toDataURL("image/png");
    });

    resize();
    window.addEventListener("resize", function () {
      if (!drawn) {
        resize();
      }
    });
  }

  forms.forEach(setUp);
})();
