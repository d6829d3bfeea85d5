/* The signature pads of the sign-off page. Each player's pad form stays hidden without
   JavaScript (the PIN form works alone). A finger, pen or mouse draws through pointer
   events; "Clear" starts again; on submit the drawing goes to the server as a PNG and as
   its strokes (the points of each line, in the field's coordinates), which the server
   checks: a signature has a few strokes that cover part of the field, not a dot or a
   filled box. An empty pad is not sent: the message next to it says what to do instead. */

const MAX_POINTS = 2000;

function setUp(form) {
  const canvas = form.querySelector("canvas");
  const context = canvas.getContext && canvas.getContext("2d");
  if (!context) {
    return;
  }
  const imageField = form.querySelector(".signature-image");
  const strokesField = form.querySelector(".signature-strokes");
  const error = form.querySelector(".field-error");
  let strokes = [];
  let current = null;

  form.hidden = false;

  /* Draw at the size shown (at most twice the pixels, to keep the PNG small). */
  function resize() {
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const box = canvas.getBoundingClientRect();
    const width = Math.max(1, Math.round(box.width * ratio));
    const height = Math.max(1, Math.round(box.height * ratio));
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
    strokes = [];
  }

  function point(event) {
    const box = canvas.getBoundingClientRect();
    return [Math.round(event.clientX - box.left), Math.round(event.clientY - box.top)];
  }

  function pointCount() {
    return strokes.reduce((sum, stroke) => sum + stroke.length, 0);
  }

  canvas.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    const at = point(event);
    current = [at];
    strokes.push(current);
    context.beginPath();
    context.arc(at[0], at[1], 1.2, 0, 2 * Math.PI);
    context.fillStyle = "#000000";
    context.fill();
    error.hidden = true;
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!current) {
      return;
    }
    event.preventDefault();
    const last = current[current.length - 1];
    const next = point(event);
    context.beginPath();
    context.moveTo(last[0], last[1]);
    context.lineTo(next[0], next[1]);
    context.stroke();
    if (pointCount() < MAX_POINTS) {
      current.push(next);
    }
  });
  function stop() {
    current = null;
  }
  canvas.addEventListener("pointerup", stop);
  canvas.addEventListener("pointercancel", stop);
  canvas.addEventListener("lostpointercapture", stop);

  form.querySelector(".signature-clear").addEventListener("click", () => {
    context.clearRect(0, 0, canvas.width, canvas.height);
    strokes = [];
    imageField.value = "";
  });

  form.addEventListener("submit", (event) => {
    if (!strokes.length) {
      event.preventDefault();
      error.textContent = error.dataset.emptyMessage;
      error.hidden = false;
      return;
    }
    imageField.value = canvas.toDataURL("image/png");
    if (strokesField) {
      const box = canvas.getBoundingClientRect();
      strokesField.value = JSON.stringify({ width: Math.round(box.width), height: Math.round(box.height), strokes: strokes });
    }
  });

  resize();
  window.addEventListener("resize", () => {
    if (!strokes.length) {
      resize();
    }
  });
}

export function setUpPads() {
  if (window.HTMLCanvasElement) {
    document.querySelectorAll("form[data-signature-pad]").forEach(setUp);
  }
}
