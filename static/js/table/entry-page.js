/* What the touch and the keyboard page share around their own form: the queue of games
   (sending.js) with its banner, rows, status line and notes, the message after a save,
   the server's state of the list applied from a save's answer and from a poll every few
   seconds (never a page load to continue), and signing guarded offline. */

import { ASK_MS, within } from "../lib/http.js";
import { byId, setText } from "../lib/dom.js";
import { guardSigning, placeStatusLine, renderBanner, renderNotes, renderRows, renderStatus, showNote } from "./list-view.js";
import { keepPagesForOffline } from "./offline-cache.js";
import { say, signed } from "./page-data.js";
import { SERVER_ONLY, createSender } from "./sending.js";

/* An open device sees another device's game, the director's change or a settled
   difference within this time (docs/table-device.md). */
const STATE_POLL_MS = 3000;

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
      correctServer: (item, fields, reason) =>
        sender.correctServer(item, fields, reason).then((number) => (number ? tell(say(data, "corrected", { number: number })) : null)),
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
    /* The answer is the state: the device continues from it at once, and asks for the
       list's rows in the background (they are not needed to continue). */
    applyState(last.state || null);
    refreshFromServer();
  }

  /* The server's state of the list replaces what the device worked out: the next game,
     its deal, every total, the seats. An older state than the one applied is ignored. */
  function applyState(state, parts) {
    if (!state || (typeof data.version === "number" && state.version < data.version)) {
      return;
    }
    const wasOpen = data.nextNumber !== null && data.nextNumber !== undefined;
    Object.assign(data, state);
    Object.keys(parts || {}).forEach((id) => {
      if (byId(id)) {
        byId(id).innerHTML = parts[id];
      }
    });
    if (wasOpen !== (state.nextNumber !== null) && !sender.state.queue.length) {
      /* The list ended, was completed or reopened: the page offers other things now
         (signing, or the form again). */
      window.location.reload();
      return;
    }
    render(sender.state);
  }

  /* The list's state and its rows as the server has them now: asked every few seconds
     (answered 304 while nothing changed), after a save, and when asked to. */
  let etag = "";
  let asking = false;
  function refreshFromServer(fresh) {
    if (asking || !data.urls.state) {
      return Promise.resolve();
    }
    asking = true;
    const headers = Object.assign({ Accept: "application/json" }, SERVER_ONLY.headers);
    if (etag && !fresh) {
      headers["If-None-Match"] = etag;
    }
    const url = data.urls.state + (mode === "keyboard" ? "?mode=keyboard" : "");
    const read = (response) => {
      if (response.status === 403) {
        sender.endAccess();
      }
      if (response.status === 304) {
        /* Another table changed the tournament's version, not this list: the new ETag. */
        etag = response.headers.get("ETag") || etag;
      }
      if (response.status !== 200) {
        return null;
      }
      etag = response.headers.get("ETag") || "";
      return response.json();
    };
    return within(url, Object.assign({}, SERVER_ONLY, { headers: headers }), ASK_MS, read)
      .then((answer) => {
        if (answer && answer.state) {
          applyState(answer.state, answer.parts);
        }
      })
      .catch(() => {
        /* the device keeps what it shows; the next poll asks again */
      })
      .finally(() => {
        asking = false;
      });
  }

  placeStatusLine();
  sender = createSender(data, { changed: render, stored: stored, state: applyState });
  const state = () => sender.state;
  guardSigning(data, () => sender.state.queue.length);
  if (standIn) {
    showNote(standIn);
  }
  keepPagesForOffline(data);
  /* Another device's game, the director's change, a difference: the page asks now and
     then whether the list changed, while it is in view and the browser is online. */
  window.setInterval(() => {
    if (document.visibilityState === "visible" && navigator.onLine !== false && !state().accessEnded) {
      refreshFromServer();
    }
  }, STATE_POLL_MS);
  /* A saved game is corrected by tapping its row (its number is the link without JS). */
  document.addEventListener("click", (event) => {
    const row = event.target.closest ? event.target.closest("tr[data-correct-url]") : null;
    if (row && !event.target.closest("a, button")) {
      window.location.assign(row.dataset.correctUrl);
    }
  });
  return { sender: sender, tell: tell, refresh: () => refreshFromServer(true) };
}
