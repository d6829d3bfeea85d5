/* The sign-off page (/tisch/<id>/unterschreiben/): signing needs the server, so it is
   refused with the reason while the device is offline or games wait to be sent; the
   signature pads (signature-pad.js) send each player's strokes. */

import { byId } from "../lib/dom.js";
import { guardSigning, showNote } from "./list-view.js";
import { keepPagesForOffline } from "./offline-cache.js";
import { readPageData, say } from "./page-data.js";
import { setUpPads } from "./signature-pad.js";
import { allItems } from "./storage.js";

const data = readPageData();
let waiting = 0;

if (data && byId("entry-page")) {
  allItems()
    .then((items) => {
      waiting = items.filter((item) => String(item.table) === String(data.table)).length;
    })
    .catch(() => {});
  guardSigning(data, () => waiting);
  if (!navigator.onLine) {
    showNote(say(data, "sign_offline")); /* said at once, not only when a form is sent */
  }
  window.addEventListener("offline", () => showNote(say(data, "sign_offline")));
  keepPagesForOffline(data);
}
setUpPads();
