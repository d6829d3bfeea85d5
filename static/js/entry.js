/* List keeping at the table (/tisch/<id>/…): progressive enhancement of plain HTML forms.

   Touch entry: see calculator.js, the game form it shares with the calculator.
   Keyboard entry: the typed line is previewed as it is typed (POST …/notation/preview/),
   Enter saves it without reloading, the input is cleared and keeps the focus, the list
   grows; a refused line stays in the input with the offending words marked. Ctrl+Z (or
   Cmd+Z) in the empty input asks (naming the game) and then takes the last game back
   into the input.
   Undo: on the touch page a confirmation appears inline; on the keyboard page a dialog
   names the game, and the deleted line comes back into the input. */
(function () {
  "use strict";

  if (!window.fetch || !window.FormData) {
    return;
  }

  var DEBOUNCE_MS = 150;

  function byId(id) {
    return document.getElementById(id);
  }

  function csrfToken(form) {
    var input = form.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  /* POST a form's data; resolves to {status, data} with the parsed JSON (or null). */
  function post(url, form, extra, language) {
    var body = new FormData(form);
    Object.keys(extra || {}).forEach(function (key) {
      body.set(key, extra[key]);
    });
    return fetch(url, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "X-CSRFToken": csrfToken(form),
        "Accept-Language": language || document.documentElement.lang || "de",
      },
      body: body,
      credentials: "same-origin",
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return null;
        })
        .then(function (data) {
          return { status: response.status, data: data };
        });
    });
  }

  function setText(node, value) {
    if (node && node.textContent !== value) {
      node.textContent = value;
    }
  }

  /* A saved game is never deleted by a key alone: the question names the game. */
  function confirmUndo(undoForm) {
    return window.confirm(undoForm.dataset.question || "");
  }

  /* ------------------------------------------------------------ keyboard entry ---- */

  function initKeyboard(form) {
    var text = form.dataset;
    var offline = window.SkatOffline || null;
    var input = byId("notation-input");
    var mirror = byId("notation-mirror");
    var previewLine = byId("notation-preview");
    var errorList = byId("notation-errors");
    var status = byId("keyboard-status");
    var label = byId("notation-label");
    var timer = null;
    var sequence = 0;
    var saving = false;

    function renderMirror(line, tokens) {
      mirror.replaceChildren();
      var at = 0;
      var anyBad = false;
      (tokens || []).forEach(function (token) {
        if (token.start > at) {
          mirror.appendChild(document.createTextNode(line.slice(at, token.start)));
        }
        var node = document.createElement(token.bad ? "mark" : "span");
        node.className = token.bad ? "token-bad" : "token";
        node.textContent = line.slice(token.start, token.end);
        mirror.appendChild(node);
        anyBad = anyBad || token.bad;
        at = token.end;
      });
      if (at < line.length) {
        mirror.appendChild(document.createTextNode(line.slice(at)));
      }
      mirror.hidden = !anyBad;
    }

    function clearFeedback() {
      mirror.hidden = true;
      previewLine.hidden = true;
      errorList.hidden = true;
      input.removeAttribute("aria-invalid");
    }

    function showLine(data) {
      renderMirror(data.line, data.tokens);
      if (data.ok) {
        errorList.hidden = true;
        input.removeAttribute("aria-invalid");
        setText(previewLine, data.preview ? data.preview.summary : data.canonical);
        previewLine.className =
          "notation-preview" + (data.preview && data.preview.won === false ? " is-lost" : "");
        previewLine.hidden = false;
        return;
      }
      previewLine.hidden = true;
      errorList.replaceChildren();
      (data.errors || []).forEach(function (error) {
        var item = document.createElement("li");
        item.textContent = error.message;
        errorList.appendChild(item);
      });
      errorList.hidden = false;
      input.setAttribute("aria-invalid", "true");
    }

    function showStatus(message, isError) {
      setText(status, message);
      status.className = "entry-message" + (isError ? " entry-message-error" : "");
      status.hidden = !message;
    }

    function preview() {
      timer = null;
      var line = input.value;
      sequence += 1;
      var current = sequence;
      if (!line.trim()) {
        clearFeedback();
        return;
      }
      post(form.dataset.previewUrl, form, { line: line }, text.language)
        .then(function (answer) {
          if (current === sequence && answer.data && input.value === line) {
            showLine(answer.data);
          }
        })
        .catch(function () {
          /* The preview is a courtesy; saving reports problems itself. */
        });
    }

    function schedule() {
      if (timer) {
        window.clearTimeout(timer);
      }
      timer = window.setTimeout(preview, DEBOUNCE_MS);
    }

    function applyFragments(data) {
      if (!data.html) {
        return;
      }
      byId("table-status").innerHTML = data.html.status;
      byId("game-list").innerHTML = data.html.list;
      byId("undo-area").innerHTML = data.html.undo;
      if (data.complete) {
        window.location.reload();
        return;
      }
      if (data.next_number) {
        byId("notation-number").value = String(data.next_number);
        if (label && text.labelTemplate) {
          setText(label, text.labelTemplate.replace("__N__", String(data.next_number)));
        }
      }
    }

    function setNumber(number) {
      byId("notation-number").value = String(number);
      if (label && text.labelTemplate) {
        setText(label, text.labelTemplate.replace("__N__", String(number)));
      }
    }

    /* Without the server the line is kept on the device and sent later (offline.js). */
    function keepOnDevice(line) {
      showStatus("", false);
      return window.SkatOffline.keepLine(line)
        .then(setNumber)
        .catch(function () {
          input.value = line;
          showStatus(text.textUnavailable, true);
        });
    }

    function save(line) {
      saving = true;
      sequence += 1;
      input.value = "";
      clearFeedback();
      if (offline && offline.shouldQueue()) {
        keepOnDevice(line).finally(function () {
          saving = false;
          input.focus();
        });
        return;
      }
      post(form.action, form, { line: line }, text.language)
        .then(function (answer) {
          var data = answer.data;
          if (data && data.saved) {
            showStatus(data.message, false);
            applyFragments(data);
            if (offline) {
              offline.refreshCache();
            }
            return;
          }
          if (offline && (answer.status >= 500 || answer.status === 403)) {
            if (answer.status === 403) {
              offline.endAccess();
            }
            return keepOnDevice(line);
          }
          input.value = line;
          if (data && (data.errors || data.tokens)) {
            showLine(data);
            showStatus("", false);
          } else {
            showStatus(text.textUnavailable, true);
          }
        })
        .catch(function () {
          if (offline) {
            return keepOnDevice(line);
          }
          input.value = line;
          showStatus(text.textUnavailable, true);
        })
        .finally(function () {
          saving = false;
          input.focus();
        });
    }

    function undoLast() {
      if (offline && offline.count() > 0 && !saving) {
        /* The last waiting game comes back into the input, as a stored one would. */
        offline.takeBackLast().then(function (item) {
          if (item) {
            input.value = item.line || "";
            setNumber(item.number);
          }
          input.focus();
        });
        return;
      }
      var undoForm = byId("undo-form");
      if (!undoForm || saving || !confirmUndo(undoForm)) {
        return;
      }
      saving = true;
      post(form.dataset.undoUrl, undoForm, {}, text.language)
        .then(function (answer) {
          var data = answer.data;
          if (data && data.ok) {
            showStatus(data.message, false);
            applyFragments(data);
            if (offline) {
              offline.refreshCache();
            }
            input.value = data.line;
            preview();
          } else {
            var errors = (data && data.errors) || [];
            showStatus(
              errors.length ? errors.map(function (e) { return e.message; }).join(" ") : text.textUnavailable,
              true
            );
          }
        })
        .catch(function () {
          showStatus(text.textUnavailable, true);
        })
        .finally(function () {
          saving = false;
          input.focus();
        });
    }

    input.addEventListener("input", schedule);
    input.addEventListener("keydown", function (event) {
      var undoKey = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "z";
      if (undoKey && input.value === "") {
        event.preventDefault();
        undoLast();
      }
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var line = input.value;
      if (!line.trim() || saving) {
        return;
      }
      save(line);
    });
    /* On the keyboard page the undo button acts at once; the line comes back to the input. */
    document.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("#undo-link") : null;
      if (link) {
        event.preventDefault();
        undoLast();
      }
    });
    if (input.value) {
      preview();
    }
  }

  /* ------------------------------------------------------------ touch undo ---- */

  function initInlineUndo() {
    document.addEventListener("click", function (event) {
      if (!event.target.closest) {
        return;
      }
      var link = event.target.closest("#undo-link");
      var cancel = event.target.closest("#undo-cancel");
      var undoForm = byId("undo-form");
      if (link && undoForm) {
        event.preventDefault();
        undoForm.hidden = false;
        link.setAttribute("aria-expanded", "true");
        byId("undo-confirm").focus();
      } else if (cancel && undoForm && cancel.type === "button") {
        undoForm.hidden = true;
        var undoLink = byId("undo-link");
        undoLink.setAttribute("aria-expanded", "false");
        undoLink.focus();
      }
    });
  }

  var keyboardForm = byId("keyboard-form");
  if (keyboardForm) {
    initKeyboard(keyboardForm);
  } else {
    initInlineUndo();
  }
})();
