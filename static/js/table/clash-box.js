/* A waiting game the server did not take (docs/table-device.md, "Conflict").

   A game under a number the server already holds is a version of that game: the same
   number is the same deal. The box shows both versions side by side in the players'
   words and offers only what cannot store the deal twice: keep the server's game (this
   device's version is discarded) or correct the server's game to this device's version,
   with a reason. Entering it after the server's games is offered only for a game whose
   number the server does not hold (the director took games back meanwhile). */

import { button, element } from "../lib/dom.js";
import { say, signed } from "./page-data.js";
import { describe, fieldsOf } from "./valuation.js";

/* Who sat on ``seat`` at game ``number``, from the seats and their changes. */
function nameAt(data, seat, number) {
  const found = (data.seats || []).find((line) => line.seat === seat && line.from_game <= number && (line.until_game === null || number <= line.until_game));
  return found ? found.name : "";
}

/* "Platz 2 · Öztürk: Kreuz mit 2, gewonnen, +36" (the score where the server valued it). */
function versionWords(data, number, fields, score) {
  if (!fields) {
    return "–";
  }
  if (fields.passed) {
    return describe(data, fields);
  }
  const won = fields.won !== undefined && fields.won !== null ? fields.won : fields.won_entered;
  const tr = (word) => (data.catalogue && data.catalogue[word]) || word;
  const seat = fields.declarer_seat;
  const name = nameAt(data, seat, number);
  const parts = [describe(data, fields), tr(won ? "won" : "lost")];
  if (typeof score === "number") {
    parts.push(signed(data, score));
  }
  return say(data, "seat", { seat: seat }) + (name ? " · " + name : "") + ": " + parts.join(", ");
}

function versionColumn(title, words, testid) {
  const column = element("div", "clash-version");
  column.setAttribute("data-testid", testid);
  column.appendChild(element("strong", "", title));
  column.appendChild(element("span", "", words));
  return column;
}

/* ``on``: {discard(item), renumber(), correctServer(item, fields, reason)}. */
export function clashBox(data, item, on) {
  const box = element("div", "offline-clash");
  box.setAttribute("data-testid", "offline-clash-" + item.number);
  const stored = item.number <= (data.lastNumber || 0);
  if (!stored) {
    box.appendChild(element("p", "", say(data, item.state === "clash" ? "clash" : "refused", { number: item.number, message: item.message })));
    if (data.nextNumber) {
      box.appendChild(button(say(data, "renumber"), "renumber", on.renumber, "button-primary"));
    }
    box.appendChild(button(say(data, "discard", { number: item.number }), "discard-" + item.number, () => on.discard(item)));
    return box;
  }
  const mine = fieldsOf(item, data);
  box.appendChild(element("p", "", say(data, "clash_versions", { number: item.number })));
  const versions = element("div", "clash-versions");
  const server = item.server || null;
  versions.appendChild(versionColumn(say(data, "clash_server", { number: item.number }), versionWords(data, item.number, server, server ? server.score : undefined), "clash-server-" + item.number));
  versions.appendChild(versionColumn(say(data, "clash_mine"), versionWords(data, item.number, mine), "clash-mine-" + item.number));
  box.appendChild(versions);
  if (item.correctionError) {
    box.appendChild(element("p", "entry-message entry-message-error", item.correctionError));
  }
  box.appendChild(button(say(data, "keep_server", { number: item.number }), "keep-server-" + item.number, () => on.discard(item), "button-primary"));
  const reasonId = "clash-reason-" + item.number;
  const label = element("label", "clash-reason-label", say(data, "clash_reason"));
  label.htmlFor = reasonId;
  const reason = element("input", "clash-reason");
  reason.id = reasonId;
  reason.maxLength = 500;
  reason.setAttribute("data-testid", reasonId);
  box.appendChild(label);
  box.appendChild(reason);
  if (mine) {
    box.appendChild(button(say(data, "correct_server", { number: item.number }), "correct-server-" + item.number, () => on.correctServer(item, mine, reason.value)));
  }
  return box;
}
