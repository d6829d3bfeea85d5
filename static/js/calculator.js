/* The game form: the controls of one game (game, matadors, announcements, bid, result)
   and its live value preview, shared by the calculator (/rechner/) and the touch entry at
   the table (/tisch/<id>/).

   Controls that do not apply are disabled or hidden, and what the user ticked is
   remembered, so switching back restores it. Every change asks the server for the value
   (POST form.dataset.apiUrl): the calculator sends the game as JSON to
   /api/v1/game-value/, the touch entry posts its form (data-send="form") to the table's
   preview, which also answers the new running totals. The rules live on the server only.
   Each page brings its own way to show the answer (showResult, showErrors, showEmpty). */
(function () {
  "use strict";

  if (!window.fetch || !window.FormData) {
    return;
  }

  var MINUS = "\u2212";
  var DEBOUNCE_MS = 150;

  function byId(id) {
    return document.getElementById(id);
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

  /* A whole number as a number; anything else as typed, so the server can say what is wrong. */
  function readNumber(input) {
    var raw = input.value.trim();
    if (raw === "") {
      return undefined;
    }
    var number = Number(raw);
    return Number.isFinite(number) ? number : raw;
  }

  function signed(number) {
    if (number > 0) {
      return "+" + number;
    }
    return number < 0 ? MINUS + -number : "0";
  }

  function csrfToken(form) {
    var input = form.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  /* An error summary entry that links to the control (or its group) the error names. */
  function errorItem(message, target) {
    var item = document.createElement("li");
    if (target && target.id) {
      var link = document.createElement("a");
      link.href = "#" + target.id;
      link.textContent = message;
      item.appendChild(link);
    } else {
      item.textContent = message;
    }
    return item;
  }

  /* The controls and the preview request of one game form.
     Both pages post their form as it is: the server reads the two forms with one reader.
     page: {missing(): what is still to choose ("" when ready); afterSync(game);
     showResult(data); showErrors(errors); showEmpty(message); showUnavailable(); busy: the
     region marked aria-busy}. */
  function gameForm(form, page) {
    var text = form.dataset;
    var el = {
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
    };
    var sequence = 0;
    var timer = null;
    var controller = null;
    var lastGame = null;

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

    /* aria-disabled rather than disabled, so that the focus stays on the button at the end. */
    function updateStepButtons() {
      var value = readNumber(el.matadors);
      var number = typeof value === "number" ? value : 0;
      form.querySelectorAll(".step").forEach(function (button) {
        var step = Number(button.dataset.step);
        var atEnd = step < 0 ? number <= 1 : number >= Number(el.matadors.max);
        button.setAttribute("aria-disabled", atEnd ? "true" : "false");
      });
    }

    /* Bring the controls in line with the rules: which ones apply, which are implied. */
    function sync() {
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
      var matadors = readNumber(el.matadors);
      if (game !== lastGame && typeof matadors === "number" && matadors > max) {
        el.matadors.value = String(max);
      }
      lastGame = game;
      var bid = el.bid.value === "" ? 0 : Number(el.bid.value);
      var nullOverbid = isNull && bid > nullValue();
      el.matadorsGroup.hidden = isNull && !nullOverbid;
      el.nullOverbidNote.hidden = !nullOverbid;
      updateStepButtons();
      if (page.afterSync) {
        page.afterSync(game);
      }
    }

    function request() {
      var headers = { Accept: "application/json", "Accept-Language": form.dataset.language };
      if (csrfToken(form)) {
        headers["X-CSRFToken"] = csrfToken(form);
      }
      var body = new FormData(form);
      body.set("action", "preview");
      return fetch(form.dataset.apiUrl, {
        method: "POST",
        headers: headers,
        body: body,
        credentials: "same-origin",
        signal: controller.signal,
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

    function preview() {
      timer = null;
      sequence += 1;
      var gap = page.missing();
      if (gap) {
        page.showEmpty(gap);
        return;
      }
      var current = sequence;
      if (controller) {
        controller.abort();
      }
      controller = new AbortController();
      page.busy.setAttribute("aria-busy", "true");
      request()
        .then(function (answer) {
          if (current !== sequence) {
            return;
          }
          var data = answer.data;
          if (answer.status === 200 && data && data.ok !== false) {
            page.showResult(data);
          } else if (data && Array.isArray(data.errors)) {
            page.showErrors(data.errors);
          } else {
            page.showUnavailable();
          }
        })
        .catch(function (error) {
          if (error.name !== "AbortError" && current === sequence) {
            page.showUnavailable();
          }
        })
        .finally(function () {
          if (current === sequence) {
            page.busy.removeAttribute("aria-busy");
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
      button.hidden = false;
      button.addEventListener("click", function () {
        var value = readNumber(el.matadors);
        var number = typeof value === "number" ? Math.round(value) : 0;
        var max = Number(el.matadors.max);
        number = Math.min(max, Math.max(1, number + Number(button.dataset.step)));
        el.matadors.value = String(number);
        sync();
        schedule();
      });
    });
    sync();
    return { el: el, preview: preview, sync: sync };
  }

  /* ------------------------------------------------------------ calculator ---- */

  var FIELDS = [
    "game", "matadors", "with_matadors", "hand", "ouvert", "schneider_announced",
    "schwarz_announced", "bid", "won", "schneider", "schwarz", "declarer_eyes",
    "declarer_tricks",
  ];

  function initCalculator(form) {
    var text = form.dataset;
    var el = {
      modeWon: byId("mode-won"),
      modeEyes: byId("mode-eyes"),
      eyesField: byId("eyes-field"),
      eyes: byId("declarer_eyes"),
      tricks: byId("declarer_tricks"),
      tricksNullHint: byId("tricks-hint"),
      result: byId("result"),
      empty: byId("result-empty"),
      values: byId("result-values"),
      errors: byId("result-errors"),
      errorList: byId("result-error-list"),
      bar: byId("result-bar"),
    };
    var controls;

    function clearErrors() {
      FIELDS.forEach(function (field) {
        var slot = byId(field + "-error");
        if (slot) {
          slot.textContent = "";
          slot.hidden = true;
        }
      });
      form.querySelectorAll('[aria-invalid="true"]').forEach(function (control) {
        control.removeAttribute("aria-invalid");
      });
      el.errorList.replaceChildren();
      el.errors.hidden = true;
    }

    /* The first visible control of a field, to link the summary entry to it. */
    function controlFor(field) {
      if (FIELDS.indexOf(field) < 0) {
        return null;
      }
      var found = form.querySelectorAll('[name="' + field + '"]');
      for (var i = 0; i < found.length; i += 1) {
        if (!found[i].closest("[hidden]")) {
          return found[i];
        }
      }
      return null;
    }

    function showErrors(errors) {
      clearErrors();
      errors.forEach(function (error) {
        var message = String(error.message || "");
        var control = controlFor(error.field);
        var slot = control ? byId(error.field + "-error") : null;
        if (slot && !slot.parentElement.closest("[hidden]")) {
          slot.textContent = (slot.textContent + " " + message).trim();
          slot.hidden = false;
        }
        if (control) {
          form.querySelectorAll('[name="' + error.field + '"]').forEach(function (input) {
            input.setAttribute("aria-invalid", "true");
          });
        }
        el.errorList.appendChild(errorItem(message, control));
      });
      el.values.hidden = true;
      el.empty.hidden = true;
      el.bar.hidden = true;
      el.errors.hidden = false;
    }

    controls = gameForm(form, {
      busy: el.result,
      missing: function () {
        return checkedValue(form, "game") === "" ? " " : "";
      },
      afterSync: function (game) {
        var isNull = game === "null";
        var eyesMode = checkedValue(form, "result_mode") === "eyes";
        el.modeWon.hidden = eyesMode;
        el.modeEyes.hidden = !eyesMode;
        el.eyesField.hidden = isNull;
        el.tricksNullHint.hidden = !isNull;
      },
      showEmpty: function () {
        clearErrors();
        el.values.hidden = true;
        el.empty.hidden = false;
        el.bar.hidden = true;
      },
      showResult: function (data) {
        clearErrors();
        var outcome = byId("result-outcome");
        var label = data.overbid ? text.textOverbid : data.won ? text.textWon : text.textLost;
        setText(outcome, label);
        outcome.className = "outcome " + (data.won ? "is-won" : "is-lost");
        setText(byId("result-game-value"), String(data.game_value));
        setText(byId("result-score"), signed(data.score));
        setText(byId("result-declarer"), signed(data.list_points.declarer));
        setText(byId("result-opponent-3"), signed(data.list_points.opponent_at_3_table));
        setText(byId("result-opponent-4"), signed(data.list_points.opponent_at_4_table));
        setText(byId("result-explanation"), data.explanation);
        setText(byId("bar-game-value"), String(data.game_value));
        setText(byId("bar-score"), signed(data.score));
        el.empty.hidden = true;
        el.values.hidden = false;
        el.bar.hidden = false;
      },
      showErrors: showErrors,
      showUnavailable: function () {
        showErrors([{ field: "", message: text.textUnavailable }]);
      },
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      controls.preview();
    });
    controls.preview();
  }

  /* ------------------------------------------------------------ touch entry ---- */

  function initTouch(form) {
    var text = form.dataset;
    var el = {
      played: byId("played-fields"),
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
      return names.length ? text.textMissing + " " + names.join(", ") : "";
    }

    function showEmpty(message) {
      el.values.hidden = true;
      el.errors.hidden = true;
      setText(el.empty, message);
      el.empty.hidden = false;
    }

    /* The live preview replaces the "show value first" button. */
    if (el.previewButton) {
      el.previewButton.hidden = true;
    }
    var controls = gameForm(form, {
      busy: el.preview,
      missing: missing,
      afterSync: function () {
        el.played.hidden = checkedValue(form, "declarer") === "passed";
      },
      showEmpty: showEmpty,
      showResult: function (data) {
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
        el.outcome.className = "outcome" + (data.passed ? "" : data.won ? " is-won" : " is-lost");
        el.figures.hidden = !!data.passed;
        setText(byId("preview-value"), data.passed ? "" : String(data.game_value));
        setText(byId("preview-score"), data.passed ? "" : data.score_display);
        setText(byId("preview-explanation"), data.explanation || "");
        Object.keys(data.totals_display || {}).forEach(function (seat) {
          setText(byId("preview-points-" + seat), data.points_display[seat]);
          setText(byId("preview-total-" + seat), data.totals_display[seat]);
        });
        el.values.hidden = false;
      },
      showErrors: function (errors) {
        el.errorList.replaceChildren();
        errors.forEach(function (error) {
          var slot = byId(error.field + "-error");
          var group = slot ? slot.closest("fieldset, .calc-field, details") : null;
          el.errorList.appendChild(errorItem(error.message, group));
        });
        el.values.hidden = true;
        el.empty.hidden = true;
        el.errors.hidden = false;
      },
      showUnavailable: function () {
        showEmpty(text.textUnavailable);
      },
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
    if (!missing()) {
      controls.preview();
    }
  }

  var calculatorForm = byId("calculator");
  var touchForm = byId("touch-form");
  if (calculatorForm) {
    initCalculator(calculatorForm);
  }
  if (touchForm) {
    initTouch(touchForm);
  }
})();
