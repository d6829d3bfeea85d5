/* The game value calculator (/rechner/): the game form the touch entry uses (table/
   game-form.js, table/game-fields.js) and the rules on the device (rules/), so the value,
   the score and the list points appear as the player taps, also without a connection.
   The server's POST /api/v1/game-value/ reads the same form the same way for programs. */

import { byId, setText } from "./lib/dom.js";
import { explain } from "./rules/explanation.js";
import { GameInvalid, problemText } from "./rules/problems.js";
import { SKWO, evaluateData } from "./rules/values.js";
import { checkedValue, listenToChoices, pairsOf, syncControls } from "./table/game-form.js";
import { calculatorFields } from "./table/game-fields.js";
import { readPageData, signed, translator } from "./table/page-data.js";

const FIELDS = [
  "game", "matadors", "with_matadors", "hand", "ouvert", "schneider_announced",
  "schwarz_announced", "bid", "won", "schneider", "schwarz", "declarer_eyes", "declarer_tricks",
];

function start(form, data) {
  const text = form.dataset;
  const tr = translator(data);

  function clearErrors() {
    FIELDS.forEach((field) => {
      const slot = byId(field + "-error");
      if (slot) {
        slot.textContent = "";
        slot.hidden = true;
      }
    });
    form.querySelectorAll('[aria-invalid="true"]').forEach((control) => control.removeAttribute("aria-invalid"));
    byId("result-error-list").replaceChildren();
    byId("result-errors").hidden = true;
  }

  /* The first visible control of a field, to link the summary entry to it. */
  function controlFor(field) {
    return [...form.querySelectorAll('[name="' + field + '"]')].find((node) => !node.closest("[hidden]")) || null;
  }

  function showErrors(problems) {
    clearErrors();
    problems.forEach((item) => {
      const message = problemText(item, tr);
      const control = controlFor(item.field);
      const slot = control ? byId(item.field + "-error") : null;
      if (slot && !slot.parentElement.closest("[hidden]")) {
        slot.textContent = (slot.textContent + " " + message).trim();
        slot.hidden = false;
      }
      form.querySelectorAll('[name="' + item.field + '"]').forEach((input) => input.setAttribute("aria-invalid", "true"));
      const entry = document.createElement("li");
      if (control && control.id) {
        const link = document.createElement("a");
        link.href = "#" + control.id;
        link.textContent = message;
        entry.appendChild(link);
      } else {
        entry.textContent = message;
      }
      byId("result-error-list").appendChild(entry);
    });
    byId("result-values").hidden = true;
    byId("result-empty").hidden = true;
    byId("result-bar").hidden = true;
    byId("result-errors").hidden = false;
  }

  function showResult(evaluation) {
    clearErrors();
    const outcome = byId("result-outcome");
    setText(outcome, evaluation.overbid ? text.textOverbid : evaluation.won ? text.textWon : text.textLost);
    outcome.className = "outcome " + (evaluation.won ? "is-won" : "is-lost");
    setText(byId("result-game-value"), String(evaluation.game_value));
    setText(byId("result-score"), signed(data, evaluation.score));
    setText(byId("result-declarer"), signed(data, evaluation.list_points.declarer));
    setText(byId("result-opponent-3"), signed(data, evaluation.list_points.opponent_at_3_table));
    setText(byId("result-opponent-4"), signed(data, evaluation.list_points.opponent_at_4_table));
    setText(byId("result-explanation"), explain(evaluation, tr));
    setText(byId("bar-game-value"), String(evaluation.game_value));
    setText(byId("bar-score"), signed(data, evaluation.score));
    byId("result-empty").hidden = true;
    byId("result-values").hidden = false;
    byId("result-bar").hidden = false;
  }

  function update() {
    const game = syncControls(form);
    const eyesMode = checkedValue(form, "result_mode") === "eyes";
    byId("mode-won").hidden = eyesMode;
    byId("mode-eyes").hidden = !eyesMode;
    byId("eyes-field").hidden = game === "null";
    byId("tricks-hint").hidden = game !== "null";
    if (!game) {
      clearErrors();
      byId("result-values").hidden = true;
      byId("result-bar").hidden = true;
      byId("result-empty").hidden = false;
      return;
    }
    try {
      showResult(evaluateData(calculatorFields(pairsOf(form)), SKWO));
    } catch (error) {
      if (!(error instanceof GameInvalid)) {
        throw error;
      }
      showErrors(error.problems);
    }
  }

  listenToChoices(form, update);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
  update();
}

const calculatorForm = byId("calculator");
const calculatorData = readPageData("calculator-data");
if (calculatorForm && calculatorData) {
  start(calculatorForm, calculatorData);
}
