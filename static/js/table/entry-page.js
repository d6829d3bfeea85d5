/* What the touch and the keyboard page share around their own form: the queue of games
   (sending.js) with its banner, rows, status line and notes, the message after a save,
   the server's list shown again once it stored games, and signing guarded offline. */

import { ASK_MS, within } from "../lib/http.js";
import { byId, setText } from "../lib/dom.js";
import { guardSigning, renderBanner, renderNotes, renderRows, renderStatus, showNote } from "./list-view.js";
import { keepPagesForOffline } from "./offline-cache.js";
import { say, signed } from "./page-data.js";
import { SERVER_ONLY, createSender } from "./sending.js";

const DIFFERENCES_POLL_MS = 20000;

/* ``hooks``: {rendered(state): the page's own form follows; edit(item): a waiting game
   comes back into the form}. Returns the sender and ``tell(text)`` for the status line. */
export function startEntryPage(data, mode, hooks) {
  const status = byId("entry-status");
  let sender = null;
  /* The signing page was never kept for offline use: an entry page stands in for it. */
  const standIn = location.pathname === data.urls.sign ? say(data, "sign_here_offline") : "";

  function tell(text) {
    if (status) {
      setText(status, text);
      status.hidden = !text;
    }
  }

  function render(state) {
    renderBanner(data, state);
    renderRows(data, state, mode);
    renderStatus(data, state);
    renderNotes(data, state, {
      note: standIn,
      renumber: sender.renumber,
      discard: sender.discard,
      askTakeBack: sender.askTakeBack,
      keepLast: sender.keepLast,
      takeBack: () => sender.takeBackLast().then((item) => (item && hooks.takenBack ? hooks.takenBack(item) : null)),
      edit: (item) => {
        sender.edit(item);
        hooks.edit(item);
      },
    });
    hooks.rendered(state);
  }

  function stored(answers) {
    const last = answers[answers.length - 1];
    const game = last.game;
    if (last.already) {
      tell(say(data, "already", { number: last.item.number }));
    } else if (game.passed) {
      tell(say(data, "saved_passed", { number: game.number }));
    } else {
      tell(say(data, "saved", { number: game.number, score: signed(data, game.score) }));
    }
    refreshFromServer();
  }

  /* The server's list, totals and next game replace what the device worked out. */
  function refreshFromServer() {
    const read = (response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status))));
    return within(location.pathname, SERVER_ONLY, ASK_MS, read)
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html");
        const node = fresh.getElementById("table-data");
        if (!node) {
          return;
        }
        const freshData = JSON.parse(node.textContent);
        if (freshData.nextNumber === null && !sender.state.queue.length) {
          window.location.reload(); /* the list is complete: the page offers signing */
          return;
        }
        ["table-status", "game-list", "undo-area", "differences-area"].forEach((id) => {
          if (byId(id) && fresh.getElementById(id)) {
            byId(id).innerHTML = fresh.getElementById(id).innerHTML;
          }
        });
        Object.assign(data, freshData);
        render(sender.state);
      })
      .catch(() => {
        /* the rows stay as the device worked them out; the next save asks again */
      });
  }

  sender = createSender(data, { changed: render, stored: stored });
  guardSigning(data, () => sender.state.queue.length);
  if (standIn) {
    showNote(standIn);
  }
  keepPagesForOffline(data);
  /* Where two lists are kept, a difference the other device caused shows here too, also
     while this device enters nothing: the page asks the server now and then. */
  if (byId("differences-area")) {
    window.setInterval(() => {
      const waiting = sender.state.queue.length || data.nextNumber === null;
      if (!waiting && document.visibilityState === "visible" && navigator.onLine !== false) {
        refreshFromServer();
      }
    }, DIFFERENCES_POLL_MS);
  }
  /* A saved game is corrected by tapping its row (its number is the link without JS). */
  document.addEventListener("click", (event) => {
    const row = event.target.closest ? event.target.closest("tr[data-correct-url]") : null;
    if (row && !event.target.closest("a, button")) {
      window.location.assign(row.dataset.correctUrl);
    }
  });
  return { sender: sender, tell: tell, refresh: refreshFromServer };
}
