/* Game value calculator (/rechner/).
   Every change posts the entered game to POST /api/v1/game-value/ and shows the answer;
   the rules live on the server only. Controls that do not apply are disabled or hidden,
   and what the user ticked is remembered, so switching back restores it. */
(function () {
  "use strict";

  var form = document.getElementById("calculator");
  if (!form || !window.fetch) {
    return;
  }

  var MINUS = "\u2212";
  var FIELDS = [
    "game", "matadors", "with_matadors", "hand", "ouvert", "schneider_announced",
    "schwarz_announced", "bid", "won", "schneider", "schwarz", "declarer_eyes",
    "declarer_tricks",
  ];
  var DEBOUNCE_MS = 150;

  function byId(id) {
    return document.getElementById(id);
  }

  var el = {
    matadors: byId("matadors"),
    matadorsGroup: byId("matadors-group"),
    nullOverbidNote: byId("null-overbid-note"),
    hand: byId("hand"),
    ouvert: byId("ouvert"),
    schneiderAnnounced: byId("schneider_announced"),
    schwarzAnnounced: byId("schwarz_announced"),
    bid: byId("bid"),
    modeWon: byId("mode-won"),
    modeEyes: byId("mode-eyes"),
    eyesField: byId("eyes-field"),
    eyes: byId("declarer_eyes"),
    tricks: byId("declarer_tricks"),
    tricksNullHint: byId("tricks-hint"),
    schneider: byId("schneider"),
    schwarz: byId("schwarz"),
    result: byId("result"),
    empty: byId("result-empty"),
    values: byId("result-values"),
    errors: byId("result-errors"),
    errorList: byId("result-error-list"),
    bar: byId("result-bar"),
  };
  var text = form.dataset;
  var sequence = 0;
  var timer = null;
  var controller = null;
  var lastGame = null;

  function checkedValue(name) {
    var checked = form.querySelector('input[name="' + name + '"]:checked');
    return checked ? checked.value : "";
  }

  /* A whole number as a number; anything else as typed, so the API can say what is wrong. */
  function readNumber(input) {
    var raw = input.value.trim();
    if (raw === "") {
      return undefined;
    }
    var number = Number(raw);
    return Number.isFinite(number) ? number : raw;
  }

  function nullValue() {
    var key = (el.ouvert.checked ? "nullOuvert" : "null") + (el.hand.checked ? "Hand" : "");
    return Number(text[key + "Value"]);
  }

  /* A checkbox that may be unavailable (disabled, unticked) or implied (disabled, ticked). */
  function setCheckbox(box, available, implied) {
    if (box.dataset.user === undefined) {
      box.dataset.user = box.checked ? "1" : "";
    }
    box.disabled = implied || !available;
    box.checked = implied || (available && box.dataset.user === "1");
  }

  /* Bring the controls in line with the rules: which ones apply, which are implied. */
  function sync() {
    var game = checkedValue("game");
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

    var eyesMode = checkedValue("result_mode") === "eyes";
    el.modeWon.hidden = eyesMode;
    el.modeEyes.hidden = !eyesMode;
    el.eyesField.hidden = isNull;
    el.tricksNullHint.hidden = !isNull;
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

  function collect() {
    var game = checkedValue("game");
    var isNull = game === "null";
    var body = { game: game, hand: el.hand.checked, ouvert: el.ouvert.checked };
    if (!el.matadorsGroup.hidden) {
      body.matadors = readNumber(el.matadors);
      body.with_matadors = checkedValue("with_matadors") !== "false";
    }
    if (!isNull) {
      body.schneider_announced = el.schneiderAnnounced.checked;
      body.schwarz_announced = el.schwarzAnnounced.checked;
    }
    if (el.bid.value !== "") {
      body.bid = Number(el.bid.value);
    }
    if (checkedValue("result_mode") === "eyes") {
      if (!isNull) {
        body.declarer_eyes = readNumber(el.eyes);
      }
      body.declarer_tricks = readNumber(el.tricks);
    } else {
      var won = checkedValue("won");
      if (won !== "") {
        body.won = won === "true";
      }
      if (!isNull) {
        body.schneider = el.schneider.checked;
        body.schwarz = el.schwarz.checked;
      }
    }
    return body;
  }

  function signed(number) {
    if (number > 0) {
      return "+" + number;
    }
    return number < 0 ? MINUS + -number : "0";
  }

  function setText(id, value) {
    var node = byId(id);
    if (node.textContent !== value) {
      node.textContent = value;
    }
  }

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

  function showEmpty() {
    clearErrors();
    el.values.hidden = true;
    el.empty.hidden = false;
    el.bar.hidden = true;
  }

  function showResult(data) {
    clearErrors();
    var outcome = byId("result-outcome");
    var label = data.overbid ? text.textOverbid : data.won ? text.textWon : text.textLost;
    setText("result-outcome", label);
    outcome.className = "outcome " + (data.won ? "is-won" : "is-lost");
    setText("result-game-value", String(data.game_value));
    setText("result-score", signed(data.score));
    setText("result-declarer", signed(data.list_points.declarer));
    setText("result-opponent-3", signed(data.list_points.opponent_at_3_table));
    setText("result-opponent-4", signed(data.list_points.opponent_at_4_table));
    setText("result-explanation", data.explanation);
    setText("bar-game-value", String(data.game_value));
    setText("bar-score", signed(data.score));
    el.empty.hidden = true;
    el.values.hidden = false;
    el.bar.hidden = false;
  }

  /* The first visible control of a field, to link the summary entry to it. */
  function controlFor(field) {
    if (FIELDS.indexOf(field) < 0) {
      return null;
    }
    var controls = form.querySelectorAll('[name="' + field + '"]');
    for (var i = 0; i < controls.length; i += 1) {
      if (!controls[i].closest("[hidden]")) {
        return controls[i];
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
      var item = document.createElement("li");
      if (control && control.id) {
        var link = document.createElement("a");
        link.href = "#" + control.id;
        link.textContent = message;
        item.appendChild(link);
      } else {
        item.textContent = message;
      }
      el.errorList.appendChild(item);
    });
    el.values.hidden = true;
    el.empty.hidden = true;
    el.bar.hidden = true;
    el.errors.hidden = false;
  }

  function showUnavailable() {
    showErrors([{ field: "", message: text.textUnavailable }]);
  }

  function calculate() {
    timer = null;
    if (checkedValue("game") === "") {
      showEmpty();
      return;
    }
    sequence += 1;
    var current = sequence;
    if (controller) {
      controller.abort();
    }
    controller = new AbortController();
    el.result.setAttribute("aria-busy", "true");
    fetch(form.dataset.apiUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Accept-Language": form.dataset.language,
      },
      body: JSON.stringify(collect()),
      signal: controller.signal,
    })
      .then(function (response) {
        return response
          .json()
          .catch(function () {
            return null;
          })
          .then(function (data) {
            return { status: response.status, data: data };
          });
      })
      .then(function (answer) {
        if (current !== sequence) {
          return;
        }
        if (answer.status === 200 && answer.data) {
          showResult(answer.data);
        } else if (answer.data && Array.isArray(answer.data.errors)) {
          showErrors(answer.data.errors);
        } else {
          showUnavailable();
        }
      })
      .catch(function (error) {
        if (error.name !== "AbortError" && current === sequence) {
          showUnavailable();
        }
      })
      .finally(function () {
        if (current === sequence) {
          el.result.removeAttribute("aria-busy");
        }
      });
  }

  function schedule() {
    if (timer) {
      window.clearTimeout(timer);
    }
    timer = window.setTimeout(calculate, DEBOUNCE_MS);
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
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    calculate();
  });
  form.querySelectorAll(".step").forEach(function (button) {
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
  calculate();
})();
