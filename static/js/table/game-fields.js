/* The one reader of the game form on the device (services/lists/game_form.py on the server):
   the posted controls (declarer, game, matadors with/without, the boxes, won/lost, bid)
   as the API's game fields. The touch entry, its corrections and the calculator read their
   forms here; what is wrong stays as typed, for the rules to name. */

import { nullValue } from "../rules/games.js";

const TICKED_MEANS_TRUE = ["hand", "ouvert", "schneider_announced", "schwarz_announced", "conceded"];
const MAX_DIGITS = 9;
const EYES_FIELDS = ["declarer_eyes", "declarer_tricks"];
/* Python's str.strip(): its whitespace, which JavaScript's trim() does not all know. */
const EDGE_SPACE = /^[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/gu;

function strip(text) {
  return String(text).replace(EDGE_SPACE, "");
}

/* ``text`` as a whole number of at most 9 ASCII digits, else null. */
export function wholeNumber(text) {
  const stripped = strip(text);
  return /^[0-9]+$/.test(stripped) && stripped.length <= MAX_DIGITS ? Number(stripped) : null;
}

/* A whole number, or the text as typed (at most 20 characters) for the rules to name. */
export function numberOrText(text) {
  const number = wholeNumber(text);
  return number === null ? Array.from(strip(text)).slice(0, 20).join("") : number;
}

/* A form's [name, value] pairs as a lookup that answers like Django's QueryDict:
   ``get`` gives the last value of a name, ``has`` whether it was sent at all. */
export function formLookup(pairs) {
  const values = new Map();
  pairs.forEach((pair) => values.set(pair[0], String(pair[1])));
  return {
    get: (name, fallback) => (values.has(name) ? values.get(name) : fallback === undefined ? "" : fallback),
    has: (name) => values.has(name),
  };
}

function needsMatadors(game, data) {
  if (game !== "null") {
    return true;
  }
  const value = nullValue(Boolean(data.ouvert), Boolean(data.hand));
  return typeof data.bid === "number" && data.bid > value;
}

/* The API's game fields of the touch form (game_fields). */
export function gameFields(pairs) {
  const form = formLookup(pairs);
  const declarer = form.get("declarer");
  const data = {};
  const number = wholeNumber(form.get("number"));
  if (number !== null) {
    data.number = number;
  }
  if (declarer === "passed") {
    data.passed = true;
    return data;
  }
  if (declarer) {
    data.declarer_seat = numberOrText(declarer);
  }
  const game = form.get("game");
  if (game) {
    data.game = game;
  }
  TICKED_MEANS_TRUE.forEach((name) => {
    if (form.has(name)) {
      data[name] = true;
    }
  });
  ["schneider", "schwarz"].forEach((name) => {
    if (form.has(name)) {
      data[name] = true;
    } else if (game !== "null") {
      data[name] = false;
    }
  });
  if (form.get("bid")) {
    data.bid = numberOrText(form.get("bid"));
  }
  if (form.get("won") === "true" || form.get("won") === "false") {
    data.won = form.get("won") === "true";
  }
  if (needsMatadors(game, data) && form.get("matadors")) {
    data.matadors = numberOrText(form.get("matadors"));
    data.with_matadors = form.get("with_matadors", "true") !== "false";
  }
  return data;
}

/* The calculator's form (calculator_fields): won/lost and levels, or eyes and tricks. */
export function calculatorFields(pairs) {
  const form = formLookup(pairs);
  const data = gameFields(pairs);
  if (form.get("result_mode") !== "eyes") {
    return data;
  }
  ["won", "schneider", "schwarz"].forEach((name) => delete data[name]);
  const names = data.game === "null" ? ["declarer_tricks"] : EYES_FIELDS;
  names.forEach((name) => {
    if (strip(form.get(name))) {
      data[name] = numberOrText(form.get(name));
    }
  });
  return data;
}
