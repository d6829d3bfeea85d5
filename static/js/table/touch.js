/* The touch entry at the table (/tisch/<id>/) and the correction of a saved game.

   Every change of the form values the game on the device (valuation.js, the rules in
   ../rules/): value, score, explanation, every player's new total, shown before the save,
   online and offline alike. Saving checks the game the same way, keeps it on the device
   and sends it (sending.js); the form is fresh at once for the next game, whatever the
   network does. A correction is sent by the form itself: it changes a stored game now or
   not at all. */

import { byId, setText } from "../lib/dom.js";
import { GameInvalid } from "../rules/problems.js";
import { checkedValue, fillForm, freshForm, listenToChoices, markDealer, pairsOf, syncControls } from "./game-form.js";
import { gameFields } from "./game-fields.js";
import { startEntryPage } from "./entry-page.js";
import { showNewTotals, showTotalsBefore } from "./new-totals.js";
import { dealOf, plain, readPageData, say } from "./page-data.js";
import { gameWords, problemMessages, shown, totalsBefore, valueGame } from "./valuation.js";

const data = readPageData();
const page = byId("entry-page");
const form = byId("touch-form");

function setNumberText(node, name, number) {
  if (node) {
    setText(node, say(data, name, { number: number }));
  }
}

function start() {
  const correcting = data.correcting || null;
  let sender = null;
  let tell = () => {};

  function formNumber() {
    return correcting ? correcting.number : sender.numberInForm();
  }

  function showNumber() {
    const number = formNumber();
    if (!form || correcting) {
      return;
    }
    form.querySelector('input[name="number"]').value = String(number);
    setNumberText(byId("entry"), "enter_game", number);
    setNumberText(byId("save-game"), "save_game", number);
    setNumberText(byId("preview-heading"), "before_saving", number);
    const deal = dealOf(data, number);
    markDealer(form, deal);
    showSeatsOf(deal);
  }

  /* The bar shows the players of the game in the form: a seat that is empty then (a
     player left) is hidden, a seat taken over names its new player. */
  function showSeatsOf(deal) {
    if (!deal) {
      return;
    }
    document.querySelectorAll("#preview-totals li[data-seat]").forEach((line) => {
      const participant = deal.participants[line.dataset.seat];
      line.hidden = participant === undefined;
      const name = line.querySelector(".preview-name");
      if (name && participant !== undefined && data.people[participant]) {
        setText(name, data.people[participant]);
      }
    });
  }

  function missing() {
    const names = [];
    const declarer = checkedValue(form, "declarer");
    if (declarer === "") {
      names.push(say(data, "declarer"));
    }
    if (declarer !== "passed") {
      if (checkedValue(form, "game") === "") {
        names.push(say(data, "game"));
      }
      if (checkedValue(form, "won") === "") {
        names.push(say(data, "result"));
      }
    }
    return names.length ? say(data, "missing") + " " + names.join(", ") : "";
  }

  function clearErrors() {
    form.querySelectorAll(".field-error").forEach((slot) => {
      slot.textContent = "";
      slot.hidden = true;
    });
    form.querySelectorAll('[aria-invalid="true"]').forEach((control) => control.removeAttribute("aria-invalid"));
    byId("preview-errors").hidden = true;
  }

  function showErrors(problems) {
    clearErrors();
    const list = byId("preview-error-list");
    list.replaceChildren();
    problemMessages(data, problems).forEach((item) => {
      const slot = byId((item.field === "declarer_seat" || item.field === "passed" ? "declarer" : item.field === "with_matadors" ? "matadors" : item.field) + "-error") || byId("form-errors");
      slot.textContent = (slot.textContent + " " + item.text).trim();
      slot.hidden = false;
      form.querySelectorAll('[name="' + item.field + '"]').forEach((input) => input.setAttribute("aria-invalid", "true"));
      const entry = document.createElement("li");
      entry.textContent = item.text;
      list.appendChild(entry);
    });
    byId("preview-values").hidden = true;
    byId("preview-empty").hidden = true;
    byId("preview-errors").hidden = false;
  }

  /* With no game to value, the bar shows every player's total before the game in the
     form: the same totals the game would be added to (one source, totalsBefore). */
  function showEmpty(message) {
    clearErrors();
    byId("preview-values").hidden = true;
    setText(byId("preview-empty"), message);
    byId("preview-empty").hidden = false;
    if (!correcting) {
      showTotalsBefore(data, sender.state.queue, dealOf(data, formNumber()), sender.state.editingKey);
    }
  }

  function showValues(view) {
    clearErrors();
    byId("preview-empty").hidden = true;
    setText(byId("preview-outcome"), view.game || view.outcome);
    byId("preview-outcome").className = "outcome" + (view.passed ? "" : view.won ? " is-won" : " is-lost");
    byId("preview-figures").hidden = view.passed;
    setText(byId("preview-value"), view.passed ? "" : view.value);
    setText(byId("preview-score"), view.passed ? "" : view.score);
    setText(byId("preview-explanation"), view.passed ? "" : view.explanation);
    showNewTotals(view);
    byId("preview-values").hidden = false;
  }

  /* The game in the form valued now: what saving it would store. */
  function valued() {
    const number = formNumber();
    const before = correcting ? correcting.totals_before : totalsBefore(data, sender.state.queue, number, sender.state.editingKey);
    return valueGame(data, gameFields(pairsOf(form)), number, before);
  }

  function preview() {
    syncControls(form);
    const gap = missing();
    if (gap) {
      showEmpty(gap);
      return null;
    }
    const result = valued();
    if (!result.deal) {
      showEmpty(say(data, "list_complete"));
      return null;
    }
    if (result.problems) {
      showErrors(result.problems);
      return null;
    }
    showValues(Object.assign(shown(data, result), { game: gameWords(data, result, gameFields(pairsOf(form))) }));
    if (correcting) {
      Object.keys(result.totals).forEach((seat) => {
        const change = result.points[seat] - (correcting.old_points[seat] || 0);
        setText(byId("after-total-" + seat), plain(data, correcting.now[seat] + change));
      });
    }
    return result;
  }

  function save(event) {
    event.preventDefault();
    const result = preview();
    if (!result) {
      const first = form.querySelector(".field-error:not([hidden])") || byId("preview");
      first.scrollIntoView({ block: "center" });
      return;
    }
    const pairs = pairsOf(form);
    const body = gameFields(pairs);
    delete body.number;
    const declarer = checkedValue(form, "declarer");
    /* The form is fresh before the game joins the queue: whatever the queue's change
       renders values the next game, never the saved one a second time. */
    freshForm(form);
    sender
      .keep({ kind: "touch", declarer: declarer, form: pairs, body: body })
      .then((item) => {
        tell(navigator.onLine ? "" : say(data, "kept", { number: item.number }));
        showNumber();
        preview();
        /* The next game starts at its first choice, the declarer. */
        byId("entry").scrollIntoView({ block: "start" });
      })
      .catch((error) => {
        fillForm(form, pairs.filter((pair) => pair[0] !== "number"));
        showNumber();
        preview();
        if (!(error instanceof GameInvalid)) {
          tell(say(data, "storage_lost"));
        }
      });
  }

  if (!correcting) {
    const entry = startEntryPage(data, "touch", {
      rendered: () => {
        if (form) {
          showNumber();
          preview();
        }
      },
      edit: (item) => {
        fillForm(form, (item.form || []).filter((pair) => pair[0] !== "number"));
        showNumber();
        preview();
      },
    });
    sender = entry.sender;
    tell = entry.tell;
  }
  if (form) {
    const previewButton = byId("preview-game");
    if (previewButton) {
      previewButton.hidden = true;
    }
    listenToChoices(form, preview);
    if (!correcting) {
      form.addEventListener("submit", save);
    }
    syncControls(form);
    preview();
  }
  initInlineUndo();
}

/* Taking the last stored game back: the question appears inline, naming the game. */
function initInlineUndo() {
  document.addEventListener("click", (event) => {
    if (!event.target.closest) {
      return;
    }
    const link = event.target.closest("#undo-link");
    const cancel = event.target.closest("#undo-cancel");
    const undoForm = byId("undo-form");
    if (link && undoForm) {
      event.preventDefault();
      undoForm.hidden = false;
      link.setAttribute("aria-expanded", "true");
      byId("undo-confirm").focus();
    } else if (cancel && undoForm && cancel.type === "button") {
      undoForm.hidden = true;
      byId("undo-link").setAttribute("aria-expanded", "false");
      byId("undo-link").focus();
    }
  });
}

if (data && page) {
  start();
}
