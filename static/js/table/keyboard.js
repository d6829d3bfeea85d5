/* The keyboard entry at the table (/tisch/<id>/tastatur/): one line of notation per game.

   The line is read as it is typed, on the device (../rules/notation.js): the value, the
   score and the new totals show before Enter, online and offline; the words that are
   wrong are marked and the messages speak of words, not boxes. Enter keeps the game and
   sends it (sending.js), the field is empty for the next line at once. On a device with a
   keyboard, Ctrl+Z (Cmd+Z) in the empty field takes the last game back into it. */

import { ASK_MS, csrfToken, statusAndJson, within } from "../lib/http.js";
import { byId, setText } from "../lib/dom.js";
import { NOTATION, parseGameLine, tokensFor } from "../rules/notation.js";
import { startEntryPage } from "./entry-page.js";
import { readPageData, say } from "./page-data.js";
import { showNewTotals } from "./new-totals.js";
import { problemMessages, shown, summary, totalsBefore, valueGame } from "./valuation.js";

const data = readPageData();
const form = byId("keyboard-form");
const input = byId("notation-input");
const mirror = byId("notation-mirror");
const previewLine = byId("notation-preview");
const errorList = byId("notation-errors");
const label = byId("notation-label");
const newTotals = byId("notation-totals");

/* Touch screens have no Ctrl key to speak of: no undo by key there, and no hint about it. */
const FINE_POINTER = window.matchMedia("(pointer: fine)").matches;

function marks(parsed, problems) {
  const marked = new Set();
  problems.forEach((item) => {
    if (item.field === NOTATION && "start" in item.params) {
      marked.add(item.params.start);
    } else {
      tokensFor(parsed.tokens, item.field).forEach((token) => marked.add(token.start));
    }
  });
  return marked;
}

function renderMirror(line, tokens, marked) {
  const points = Array.from(line);
  mirror.replaceChildren();
  let at = 0;
  tokens.forEach((token) => {
    if (token.start > at) {
      mirror.appendChild(document.createTextNode(points.slice(at, token.start).join("")));
    }
    const node = document.createElement(marked.has(token.start) ? "mark" : "span");
    node.className = marked.has(token.start) ? "token-bad" : "token";
    node.textContent = points.slice(token.start, token.end).join("");
    mirror.appendChild(node);
    at = token.end;
  });
  if (at < points.length) {
    mirror.appendChild(document.createTextNode(points.slice(at).join("")));
  }
  mirror.hidden = marked.size === 0;
}

function start() {
  let sender = null;
  let tell = () => {};
  let saving = false;

  function number() {
    return sender ? sender.numberInForm() : data.nextNumber;
  }

  function showNumber() {
    byId("notation-number").value = String(number());
    if (label) {
      setText(label, say(data, "line_label", { number: number() }));
    }
  }

  function clearFeedback() {
    mirror.hidden = true;
    previewLine.hidden = true;
    newTotals.hidden = true;
    errorList.hidden = true;
    input.removeAttribute("aria-invalid");
  }

  /* The line read and valued as game ``number``: {parsed, result, problems}. */
  function check(line) {
    const parsed = parseGameLine(line, data.scheme);
    if (parsed.problems.length) {
      return { parsed: parsed, result: null, problems: parsed.problems };
    }
    const at = number();
    const result = valueGame(data, parsed.data, at, totalsBefore(data, sender.state.queue, at, sender.state.editingKey));
    return { parsed: parsed, result: result, problems: result.problems || [] };
  }

  function show(line) {
    if (!line.trim()) {
      clearFeedback();
      return null;
    }
    const checked = check(line);
    renderMirror(line, checked.parsed.tokens, marks(checked.parsed, checked.problems));
    if (!checked.problems.length && checked.result && checked.result.deal) {
      errorList.hidden = true;
      input.removeAttribute("aria-invalid");
      setText(previewLine, summary(data, checked.result, checked.parsed.data));
      const evaluation = checked.result.entry.evaluation;
      previewLine.className = "notation-preview" + (evaluation && !evaluation.won ? " is-lost" : "");
      previewLine.hidden = false;
      /* The same new totals as the touch bar shows, before Enter. */
      setText(byId("notation-totals-heading"), say(data, "totals_after", { number: checked.result.number }));
      showNewTotals(shown(data, checked.result));
      newTotals.hidden = false;
      return checked;
    }
    previewLine.hidden = true;
    newTotals.hidden = true;
    errorList.replaceChildren();
    const messages = checked.result && !checked.result.deal ? [{ text: say(data, "list_complete") }] : problemMessages(data, checked.problems);
    messages.forEach((item) => {
      const entry = document.createElement("li");
      entry.textContent = item.text;
      errorList.appendChild(entry);
    });
    errorList.hidden = false;
    input.setAttribute("aria-invalid", "true");
    return null;
  }

  function save(event) {
    event.preventDefault();
    const line = input.value;
    if (!line.trim() || saving) {
      return;
    }
    if (!show(line)) {
      return;
    }
    saving = true;
    input.value = "";
    clearFeedback();
    sender
      .keep({ kind: "line", line: line, body: { line: line } })
      .then((item) => tell(navigator.onLine ? "" : say(data, "kept", { number: item.number })))
      .catch(() => {
        input.value = line;
        tell(say(data, "storage_lost"));
      })
      .finally(() => {
        saving = false;
        showNumber();
        input.focus();
      });
  }

  /* The last game back into the field: a waiting one at once, a stored one after asking. */
  function undoLast() {
    if (saving) {
      return;
    }
    if (sender.state.queue.length) {
      sender.takeBackLast().then((item) => {
        if (item) {
          input.value = item.line || "";
          showNumber();
          show(input.value);
        }
        input.focus();
      });
      return;
    }
    const undoForm = byId("undo-form");
    if (!undoForm || !window.confirm(undoForm.dataset.question || "")) {
      return;
    }
    saving = true;
    const request = {
      method: "POST",
      headers: { Accept: "application/json", "X-CSRFToken": csrfToken(undoForm) },
      body: new FormData(undoForm),
      credentials: "same-origin",
    };
    within(form.dataset.undoUrl, request, ASK_MS, statusAndJson)
      .then((answer) => {
        const answerData = answer.data;
        if (answerData && answerData.ok) {
          tell(answerData.message);
          input.value = answerData.line;
          return entry.refresh();
        }
        const errors = (answerData && answerData.errors) || [];
        tell(errors.length ? errors.map((e) => e.message).join(" ") : say(data, "unavailable"));
        return null;
      })
      .catch(() => tell(say(data, "unavailable")))
      .finally(() => {
        saving = false;
        show(input.value);
        input.focus();
      });
  }

  const entry = startEntryPage(data, "keyboard", {
    rendered: () => {
      if (form) {
        showNumber();
        show(input.value);
      }
    },
    edit: (item) => {
      input.value = item.line || "";
      showNumber();
      show(input.value);
      input.focus();
    },
    takenBack: (item) => {
      input.value = item.line || "";
      show(input.value);
    },
  });
  sender = entry.sender;
  tell = entry.tell;
  if (!form) {
    return;
  }
  input.addEventListener("input", () => show(input.value));
  input.addEventListener("keydown", (event) => {
    const undoKey = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "z";
    if (undoKey && input.value === "" && FINE_POINTER) {
      event.preventDefault();
      undoLast();
    }
  });
  form.addEventListener("submit", save);
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("#undo-link")) {
      event.preventDefault();
      undoLast();
    }
  });
  show(input.value);
}

if (data && byId("entry-page")) {
  start();
}
