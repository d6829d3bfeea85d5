/* The phone's own registration page: asks the server every few seconds what became of
   the registration (waiting, accepted with a start number, seated) and shows it, in the
   page's own translated sentences (data-text-… attributes). */

import { ASK_MS, statusAndJson, within } from "../lib/http.js";

const root = document.querySelector(".door-status");

function sentence(name, values) {
  let text = root.dataset[name];
  for (const [placeholder, value] of Object.entries(values)) {
    text = text.replace(placeholder, String(value));
  }
  return text;
}

function show(state) {
  const line = document.getElementById("door-state");
  if (state.status === "waiting") {
    line.textContent = sentence("textWaiting", { NUMBER: state.number });
  } else if (state.status === "accepted") {
    line.textContent = sentence("textAccepted", { START: state.start_number });
  } else {
    line.textContent = root.dataset.textRejected;
  }
  // A late arrival (accepted after a draw) is told the first series they play.
  const from = document.getElementById("door-from");
  from.hidden = !(state.status === "accepted" && state.from_series > 1);
  from.textContent = from.hidden ? "" : sentence("textFrom", { SERIES: state.from_series });
  const list = document.getElementById("door-seats");
  list.replaceChildren(
    ...state.seats.map((place) => {
      const item = document.createElement("li");
      item.textContent = sentence("textSeat", {
        SERIES: place.series,
        TABLE: place.table,
        SEAT: place.seat,
      });
      return item;
    }),
  );
}

function poll() {
  within(root.dataset.pollUrl, { credentials: "same-origin" }, ASK_MS, statusAndJson)
    .then(({ status, data }) => {
      if (status === 200 && data) show(data);
    })
    .catch(() => {})
    .finally(() => window.setTimeout(poll, Number(root.dataset.pollSeconds) * 1000));
}

if (root) window.setTimeout(poll, Number(root.dataset.pollSeconds) * 1000);
