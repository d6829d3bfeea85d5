/* List keeping at the table (/tisch/<id>/…): progressive enhancement of plain HTML forms.

   Touch entry: controls that do not apply are hidden or disabled, and every change asks the
   server for a preview (POST …/vorschau/): the game value and the new running totals come
   from the rules engine and the stored list points, never from this script. Saving stays
   an ordinary form post.
   Keyboard entry: the typed line is previewed as it is typed (POST …/notation/preview/),
   Enter saves it without reloading, the input is cleared and keeps the focus, the list
   grows; a refused line stays in the input with the offending words marked. Ctrl+Z (or
   Cmd+Z) in the empty input takes the last game back into the input.
   Undo: on the touch page a confirmation appears inline; on the keyboard page it is
   immediate, since the deleted line comes back into the input. */
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

  function checkedValue(form, name) {
    var checked = form.querySelector('input[name="' + name + '"]:checked');
    return checked ? checked.value : "";
  }

  /* ---------------------------------------------------------------- touch entry ---- */

  function initTouch(form) {
    var text = form.dataset;
    var el = {
      played: byId("played-fields"),
      matadors: byId("matadors"),
      matadorsGroup: byId("matadors-group"),
      nullOverbidNote: byId("null-overbid-note"),
      hand: byId("hand"),
      ouvert: byId("ouvert"),
      schneiderAnnounced: byId("schneider_announced"),
      schwarzAnnounced: byId("schwarz_announced"),
      schneider: byId("schneider"),
      schwarz: byId("schwarz"),
      bid: byId("bid"),
      preview: byId("preview"),
      empty: byId("preview-empty"),
      values: byId("preview-values"),
      figures: byId("preview-figures"),
      outcome: byId("preview-outcome"),
      errors: byId("preview-errors"),
      errorList: byId("preview-error-list"),
      save: byId("save-game"),
      previewButton: byId("preview-game"),
    };
    var timer = null;
    var sequence = 0;
    var lastGame = null;

    /* The live preview replaces the "show value first" button; the stepper needs us. */
    if (el.previewButton) {
      el.previewButton.hidden = true;
    }
    form.querySelectorAll(".step").forEach(function (button) {
      button.hidden = false;
    });

    function nullValue() {
      var key = (el.ouvert.checked ? "nullOuvert" : "null") + (el.hand.checked ? "Hand" : "");
      return Number(text[key + "Value"]);
    }

    /* Unavailable: disabled and unticked; implied: disabled and ticked (not sent; the
       server leaves it to the rules engine). What the user ticked comes back later. */
    function setCheckbox(box, available, implied) {
      if (box.dataset.user === undefined) {
        box.dataset.user = box.checked ? "1" : "";
      }
      box.disabled = implied || !available;
      box.checked = implied || (available && box.dataset.user === "1");
    }

    function sync() {
      var passed = checkedValue(form, "declarer") === "passed";
      el.played.hidden = passed;
      var game = checkedValue(form, "game");
      var isNull = game === "null";
      var trumpOuvert = game !== "" && !isNull && el.ouvert.checked;
      setCheckbox(el.hand, true, trumpOuvert);
      setCheckbox(el.schwarzAnnounced, !isNull && el.hand.checked, trumpOuvert);
      setCheckbox(
        el.schneiderAnnounced,
        !isNull && el.hand.checked,
        trumpOuvert || el.schwarzAnnounced.checked
      );
      setCheckbox(el.schwarz, !isNull, false);
      setCheckbox(el.schneider, !isNull, !isNull && el.schwarz.checked);

      var gameInput = form.querySelector('input[name="game"]:checked');
      var max = gameInput ? Number(gameInput.dataset.maxMatadors) : 11;
      el.matadors.max = String(max);
      if (game !== lastGame && Number(el.matadors.value) > max) {
        el.matadors.value = String(max);
      }
      lastGame = game;
      var bid = el.bid.value === "" ? 0 : Number(el.bid.value);
      var nullOverbid = isNull && bid > nullValue();
      el.matadorsGroup.hidden = isNull && !nullOverbid;
      el.nullOverbidNote.hidden = !nullOverbid;
      updateStepButtons();
    }

    function updateStepButtons() {
      var number = Number(el.matadors.value) || 0;
      form.querySelectorAll(".step").forEach(function (button) {
        var atEnd =
          Number(button.dataset.step) < 0 ? number <= 1 : number >= Number(el.matadors.max);
        button.setAttribute("aria-disabled", atEnd ? "true" : "false");
      });
    }

    function missing() {
      var names = [];
      var declarer = checkedValue(form, "declarer");
      if (declarer === "") {
        names.push(text.textDeclarer);
      }
      if (declarer !== "passed") {
        if (checkedValue(form, "game") === "") {
          names.push(text.textGame);
        }
        if (checkedValue(form, "won") === "") {
          names.push(text.textResult);
        }
      }
      return names;
    }

    function showEmpty(message) {
      el.values.hidden = true;
      el.errors.hidden = true;
      setText(el.empty, message);
      el.empty.hidden = false;
    }

    function showErrors(errors) {
      el.errorList.replaceChildren();
      errors.forEach(function (error) {
        var item = document.createElement("li");
        var control = byId(error.field + "-error");
        var target = control ? control.closest("fieldset, .calc-field, details") : null;
        if (target && target.id) {
          var link = document.createElement("a");
          link.href = "#" + target.id;
          link.textContent = error.message;
          item.appendChild(link);
        } else {
          item.textContent = error.message;
        }
        el.errorList.appendChild(item);
      });
      el.values.hidden = true;
      el.empty.hidden = true;
      el.errors.hidden = false;
    }

    function showPreview(data) {
      el.errors.hidden = true;
      el.empty.hidden = true;
      var outcome = data.passed
        ? text.textPassed
        : data.overbid
          ? text.textOverbid
          : data.won
            ? text.textWon
            : text.textLost;
      setText(el.outcome, outcome);
      el.outcome.className =
        "outcome" + (data.passed ? "" : data.won ? " is-won" : " is-lost");
      el.figures.hidden = !!data.passed;
      setText(byId("preview-value"), data.passed ? "" : String(data.game_value));
      setText(byId("preview-score"), data.passed ? "" : data.score_display);
      setText(byId("preview-explanation"), data.explanation || "");
      Object.keys(data.totals_display || {}).forEach(function (seat) {
        setText(byId("preview-points-" + seat), data.points_display[seat]);
        setText(byId("preview-total-" + seat), data.totals_display[seat]);
      });
      el.values.hidden = false;
    }

    function preview() {
      timer = null;
      var gaps = missing();
      if (gaps.length) {
        sequence += 1;
        showEmpty(text.textMissing + " " + gaps.join(", "));
        return;
      }
      sequence += 1;
      var current = sequence;
      el.preview.setAttribute("aria-busy", "true");
      post(form.dataset.previewUrl, form, { action: "preview" }, text.language)
        .then(function (answer) {
          if (current !== sequence) {
            return;
          }
          if (answer.data && answer.data.ok) {
            showPreview(answer.data);
          } else if (answer.data && Array.isArray(answer.data.errors)) {
            showErrors(answer.data.errors);
          } else {
            showEmpty(text.textUnavailable);
          }
        })
        .catch(function () {
          if (current === sequence) {
            showEmpty(text.textUnavailable);
          }
        })
        .finally(function () {
          if (current === sequence) {
            el.preview.removeAttribute("aria-busy");
          }
        });
    }

    function schedule() {
      if (timer) {
        window.clearTimeout(timer);
      }
      timer = window.setTimeout(preview, DEBOUNCE_MS);
    }

    function changed(event) {
      var target = event.target;
      if (target.type === "checkbox" && !target.disabled) {
        target.dataset.user = target.checked ? "1" : "";
      }
      sync();
      schedule();
    }

    form.addEventListener("change", changed);
    form.addEventListener("input", changed);
    form.querySelectorAll(".step").forEach(function (button) {
      button.addEventListener("click", function () {
        var number = Math.round(Number(el.matadors.value) || 0) + Number(button.dataset.step);
        el.matadors.value = String(Math.min(Number(el.matadors.max), Math.max(1, number)));
        sync();
        schedule();
      });
    });
    /* One tap saves once: a second tap while the page loads would be refused anyway
       (the game number is already taken), but should not even be sent. */
    form.addEventListener("submit", function (event) {
      if (form.dataset.sending === "1") {
        event.preventDefault();
        return;
      }
      form.dataset.sending = "1";
      el.save.disabled = true;
      setText(el.save, text.textSaving);
    });
    window.addEventListener("pageshow", function () {
      form.dataset.sending = "";
      el.save.disabled = false;
    });

    sync();
    if (!missing().length) {
      preview();
    }
  }

  /* ------------------------------------------------------------ keyboard entry ---- */

  function initKeyboard(form) {
    var text = form.dataset;
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

    function save(line) {
      saving = true;
      sequence += 1;
      input.value = "";
      clearFeedback();
      post(form.action, form, { line: line }, text.language)
        .then(function (answer) {
          var data = answer.data;
          if (data && data.saved) {
            showStatus(data.message, false);
            applyFragments(data);
            return;
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
          input.value = line;
          showStatus(text.textUnavailable, true);
        })
        .finally(function () {
          saving = false;
          input.focus();
        });
    }

    function undoLast() {
      var undoForm = byId("undo-form");
      if (!undoForm || saving) {
        return;
      }
      saving = true;
      post(form.dataset.undoUrl, undoForm, {}, text.language)
        .then(function (answer) {
          var data = answer.data;
          if (data && data.ok) {
            showStatus(data.message, false);
            applyFragments(data);
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

  var touchForm = byId("touch-form");
  var keyboardForm = byId("keyboard-form");
  if (touchForm) {
    initTouch(touchForm);
  }
  if (keyboardForm) {
    initKeyboard(keyboardForm);
  } else {
    initInlineUndo();
  }
})();
