/* The controls of one game (the touch entry, its corrections and the calculator): which
   apply, which are implied, and a fresh form after every save.

   A box that does not apply is disabled and unticked, an implied one disabled and ticked
   (Hand in a suit ouvert); what the keeper ticked comes back when it applies again, but
   only within one game: ``freshForm`` forgets it, so nothing carries over to the next. */

import { byId } from "../lib/dom.js";
import { MAX_MATADORS, nullValue } from "../rules/games.js";

export function checkedValue(form, name) {
  const checked = form.querySelector('input[name="' + name + '"]:checked');
  return checked ? checked.value : "";
}

/* The form's controls as [name, value] pairs, as the browser would post them. */
export function pairsOf(form) {
  const pairs = [];
  new FormData(form).forEach((value, name) => {
    if (name !== "csrfmiddlewaretoken") {
      pairs.push([name, String(value)]);
    }
  });
  return pairs;
}

function controls() {
  return {
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
}

function setCheckbox(box, available, implied) {
  if (!box) {
    return;
  }
  if (box.dataset.user === undefined) {
    box.dataset.user = box.checked ? "1" : "";
  }
  box.disabled = implied || !available;
  box.checked = implied || (available && box.dataset.user === "1");
}

/* Bring the controls in line with the rules. The matadors field keeps what was typed,
   also when it is out of range: the rules name the problem, the field never contradicts it. */
export function syncControls(form) {
  const el = controls();
  const game = checkedValue(form, "game");
  const isNull = game === "null";
  const trumpOuvert = game !== "" && !isNull && el.ouvert.checked;
  setCheckbox(el.hand, true, trumpOuvert);
  setCheckbox(el.schwarzAnnounced, !isNull && el.hand.checked, trumpOuvert);
  setCheckbox(el.schneiderAnnounced, !isNull && el.hand.checked, trumpOuvert || el.schwarzAnnounced.checked);
  setCheckbox(el.schwarz, !isNull, false);
  setCheckbox(el.schneider, !isNull, !isNull && el.schwarz.checked);
  const max = game ? MAX_MATADORS[game] : 11;
  el.matadors.max = String(max);
  const bid = el.bid && el.bid.value !== "" ? Number(el.bid.value) : 0;
  const nullOverbid = isNull && bid > nullValue(el.ouvert.checked, el.hand.checked);
  el.matadorsGroup.hidden = isNull && !nullOverbid;
  el.nullOverbidNote.hidden = !nullOverbid;
  const number = Number(el.matadors.value) || 0;
  form.querySelectorAll(".step").forEach((step) => {
    const atEnd = Number(step.dataset.step) < 0 ? number <= 1 : number >= max;
    step.setAttribute("aria-disabled", atEnd ? "true" : "false");
  });
  return game;
}

/* Remember what the keeper ticks, so an implied box gives it back when it applies again. */
function rememberChoice(event) {
  const target = event.target;
  if (target.type === "checkbox" && !target.disabled) {
    target.dataset.user = target.checked ? "1" : "";
  }
}

/* The + and − buttons of the matadors. */
function stepMatadors(step) {
  const el = controls();
  const value = Number(el.matadors.value);
  const number = Number.isFinite(value) ? Math.round(value) : 0;
  el.matadors.value = String(Math.min(Number(el.matadors.max), Math.max(1, number + step)));
}

/* ``changed()`` after every choice: a tap, a typed number, a step of the matadors. */
export function listenToChoices(form, changed) {
  ["input", "change"].forEach((kind) => form.addEventListener(kind, (event) => {
    rememberChoice(event);
    changed();
  }));
  form.querySelectorAll(".step").forEach((step) => {
    step.hidden = false;
    step.addEventListener("click", () => {
      stepMatadors(Number(step.dataset.step));
      changed();
    });
  });
}

/* Every choice of the last game gone: no declarer, game, result, box or bid; mit 1. */
export function freshForm(form) {
  form.reset();
  form.querySelectorAll('input[type="radio"], input[type="checkbox"]').forEach((input) => {
    input.checked = input.name === "with_matadors" && input.value === "true";
    delete input.dataset.user;
    input.disabled = false;
    input.removeAttribute("aria-invalid");
  });
  const el = controls();
  el.matadors.value = "1";
  if (el.bid) {
    el.bid.value = "";
  }
  form.querySelectorAll(".field-error").forEach((slot) => {
    slot.textContent = "";
    slot.hidden = true;
  });
  const more = byId("more-fields");
  if (more) {
    more.open = false;
  }
  syncControls(form);
}

/* The form filled with a kept game's choices, to change it. */
export function fillForm(form, pairs) {
  freshForm(form);
  form.querySelectorAll('input[type="radio"], input[type="checkbox"]').forEach((input) => {
    const given = pairs.filter((pair) => pair[0] === input.name);
    if (input.type === "checkbox") {
      input.checked = given.length > 0;
    } else if (given.length) {
      input.checked = given[given.length - 1][1] === input.value;
    }
  });
  pairs.forEach((pair) => {
    const field = form.querySelector('[name="' + pair[0] + '"]:not([type="radio"]):not([type="checkbox"]):not([type="hidden"])');
    if (field) {
      field.value = pair[1];
    }
  });
  syncControls(form);
}

/* Whether a seat may declare game ``deal``: the dealer of a 4-table sits out. */
export function markDealer(form, deal) {
  form.querySelectorAll('input[name="declarer"]').forEach((tile) => {
    if (tile.value === "passed") {
      return;
    }
    const sitsOut = deal !== null && deal.table_size === 4 && Number(tile.value) === deal.dealer;
    const absent = deal !== null && !deal.seats.includes(Number(tile.value));
    tile.disabled = sitsOut || absent;
    if (tile.disabled) {
      tile.checked = false;
    }
    const label = tile.closest("label");
    if (label) {
      label.classList.toggle("tile-dealer", sitsOut);
      label.hidden = absent;
      const note = label.querySelector(".tile-note");
      if (note) {
        note.hidden = !sitsOut;
      }
    }
  });
}
