/* The touch entry form read and filled for the waiting games (offline.js): the API's game
   fields read the way services/game_preview.py reads the posted form, a short label, and
   the form made ready for the next game or for changing a waiting one. No values are
   computed here: the rules live on the server. Loaded before offline.js. */
(function () {
  "use strict";

  function byId(id) {
    return document.getElementById(id);
  }

  /* ---------------------------------------------------- touch entry form ---- */

  var NULL_GAME = "null";
  var TICKED_MEANS_TRUE = ["hand", "ouvert", "schneider_announced", "schwarz_announced", "conceded"];

  function numberOrText(text) {
    var trimmed = String(text).trim();
    return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed.slice(0, 20);
  }

  /* The API's fields of the touch form, read the way services/game_preview.py reads them. */
  function touchBody(form) {
    var data = new FormData(form);
    var declarer = data.get("declarer") || "";
    if (declarer === "passed") {
      return { passed: true };
    }
    var body = {};
    if (declarer) {
      body.declarer_seat = numberOrText(declarer);
    }
    var game = data.get("game") || "";
    if (game) {
      body.game = game;
    }
    TICKED_MEANS_TRUE.forEach(function (name) {
      if (data.has(name)) {
        body[name] = true;
      }
    });
    ["schneider", "schwarz"].forEach(function (name) {
      if (data.has(name)) {
        body[name] = true;
      } else if (game !== NULL_GAME) {
        body[name] = false;
      }
    });
    if (data.get("bid")) {
      body.bid = numberOrText(data.get("bid"));
    }
    if (data.get("won") === "true" || data.get("won") === "false") {
      body.won = data.get("won") === "true";
    }
    if (needsMatadors(form, game, body) && data.get("matadors")) {
      body.matadors = numberOrText(data.get("matadors"));
      body.with_matadors = data.get("with_matadors") !== "false";
    }
    return body;
  }

  function needsMatadors(form, game, body) {
    if (game !== NULL_GAME) {
      return true;
    }
    var key = body.ouvert ? (body.hand ? "nullOuvertHandValue" : "nullOuvertValue")
      : body.hand ? "nullHandValue" : "nullValue";
    return typeof body.bid === "number" && body.bid > Number(form.dataset[key]);
  }

  function touchLabel(form) {
    var words = [];
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.name === "declarer" || input.name === "with_matadors" || input.disabled) {
        return;
      }
      var label = form.querySelector('label[for="' + input.id + '"]');
      if (label) {
        words.push(label.textContent.replace(/\s+/g, " ").trim());
      }
      if (input.name === "game" && input.value !== NULL_GAME) {
        var matadors = form.querySelector('input[name="matadors"]');
        var without = form.querySelector('input[name="with_matadors"][value="false"]:checked');
        var how = form.querySelector('label[for="with-matadors-' + (without ? "false" : "true") + '"]');
        if (matadors && how) {
          words.push(how.textContent.trim() + " " + matadors.value);
        }
      }
    });
    return words.join(" · ");
  }

  function formPairs(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "number") {
        pairs.push([name, String(value)]);
      }
    });
    return pairs;
  }

  function setNumberText(node, number) {
    if (node) {
      node.textContent = node.textContent.replace(/\d+/, String(number));
    }
  }

  /* Empty the form for the next game (or fill it with a kept game to change it). */
  function readyTouchForm(form, number, pairs) {
    form.reset();
    form.querySelectorAll('input[type="radio"], input[type="checkbox"]').forEach(function (input) {
      input.checked = pairs.some(function (pair) {
        return pair[0] === input.name && (input.type === "checkbox" || pair[1] === input.value);
      });
      if (input.name === "with_matadors" && !pairs.length) {
        input.checked = input.value === "true";
      }
      if (input.name === "declarer") {
        /* The dealer of a later game is not known here; the server checks it when sent. */
        input.disabled = false;
      }
    });
    pairs.forEach(function (pair) {
      var field = form.querySelector('[name="' + pair[0] + '"]:not([type="radio"]):not([type="checkbox"])');
      if (field) {
        field.value = pair[1];
      }
    });
    form.querySelector('input[name="number"]').value = String(number);
    setNumberText(byId("entry"), number);
    setNumberText(byId("save-game"), number);
    setNumberText(byId("preview-heading"), number);
    form.dataset.sending = "";
    var save = byId("save-game");
    if (save) {
      save.disabled = false;
    }
    var first = form.querySelector("input");
    if (first) {
      first.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  window.SkatOfflineTouch = {
    body: touchBody,
    label: touchLabel,
    pairs: formPairs,
    ready: readyTouchForm,
    setNumberText: setNumberText,
  };
})();
