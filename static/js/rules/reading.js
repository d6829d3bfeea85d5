/* Reading a game from key/value input (tournaments/skat/reading.py): every type problem
   at once; range and rule checks follow in validation.js. */

import { GAMES } from "./games.js";
import { GameInvalid, problem } from "./problems.js";

export const DECLARATION_FIELDS = [
  "game", "matadors", "with_matadors", "hand", "ouvert", "schneider_announced",
  "schwarz_announced", "bid",
];
export const OUTCOME_FIELDS = [
  "won", "schneider", "schwarz", "declarer_eyes", "declarer_tricks", "conceded",
];
export const GAME_FIELDS = [...DECLARATION_FIELDS, ...OUTCOME_FIELDS];

const BOOL_FIELDS = new Set([
  "with_matadors", "hand", "ouvert", "schneider_announced", "schwarz_announced", "won",
  "schneider", "schwarz", "conceded",
]);
const INT_FIELDS = new Set(["matadors", "bid", "declarer_eyes", "declarer_tricks"]);
const FALSE_BY_DEFAULT = ["ouvert", "schneider_announced", "schwarz_announced", "conceded"];

export function isMapping(data) {
  return data !== null && typeof data === "object" && !Array.isArray(data);
}

export function isWholeNumber(value) {
  return typeof value === "number" && Number.isInteger(value);
}

/* How Python writes a value in a message (repr), for the few values a message quotes. */
export function pythonRepr(value) {
  if (value === null || value === undefined) {
    return "None";
  }
  if (typeof value === "boolean") {
    return value ? "True" : "False";
  }
  if (typeof value === "number") {
    return String(value);
  }
  if (typeof value === "string") {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const escaped = value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t");
    return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
  }
  if (Array.isArray(value)) {
    return "[" + value.map(pythonRepr).join(", ") + "]";
  }
  return "{" + Object.keys(value).map((key) => pythonRepr(key) + ": " + pythonRepr(value[key])).join(", ") + "}";
}

export function readBool(name, raw, problems) {
  if (typeof raw === "boolean") {
    return raw;
  }
  problems.push(problem(name, "not_a_boolean", "%(field)s must be true or false.", { field: name }));
  return null;
}

function readInt(name, raw, problems) {
  if (isWholeNumber(raw)) {
    return raw;
  }
  problems.push(problem(name, "not_an_integer", "%(field)s must be a whole number.", { field: name }));
  return null;
}

function readGameType(raw, problems) {
  if (typeof raw === "string" && GAMES.includes(raw)) {
    return raw;
  }
  problems.push(problem(
    "game",
    "unknown_game",
    "Unknown game %(value)s. Tournament Skat knows diamonds, hearts, spades, clubs, grand and null.",
    { value: pythonRepr(raw) }
  ));
  return null;
}

/* A declaration and an outcome from raw input, or GameInvalid with every type problem. */
export function readGame(data) {
  if (!isMapping(data)) {
    throw new GameInvalid([
      problem("body", "not_an_object", 'Send the game as an object, e.g. {"game": "clubs", ...}.'),
    ]);
  }
  const problems = [];
  const values = {};
  GAME_FIELDS.forEach((name) => {
    const raw = data[name];
    if (raw === undefined || raw === null) {
      return;
    }
    if (name === "game") {
      values[name] = readGameType(raw, problems);
    } else if (BOOL_FIELDS.has(name)) {
      values[name] = readBool(name, raw, problems);
    } else if (INT_FIELDS.has(name)) {
      values[name] = readInt(name, raw, problems);
    }
  });
  if (data.game === undefined || data.game === null) {
    problems.push(problem("game", "game_required", "Choose the game that was played."));
  }
  if (problems.length) {
    throw new GameInvalid(problems);
  }
  FALSE_BY_DEFAULT.forEach((name) => {
    if (!(name in values)) {
      values[name] = false;
    }
  });
  if (!("with_matadors" in values)) {
    values.with_matadors = true;
  }
  const declaration = { matadors: null, hand: null, bid: null };
  const outcome = { won: null, schneider: null, schwarz: null, declarer_eyes: null, declarer_tricks: null };
  DECLARATION_FIELDS.forEach((name) => {
    if (name in values) {
      declaration[name] = values[name];
    }
  });
  OUTCOME_FIELDS.forEach((name) => {
    if (name in values) {
      outcome[name] = values[name];
    }
  });
  return { declaration: declaration, outcome: outcome };
}

/* Ouvert trump games are always hand games; Null ouvert may take up the skat. */
export function isHand(declaration) {
  return Boolean(declaration.hand) || (declaration.ouvert && declaration.game !== "null");
}

export function schneiderIsAnnounced(declaration) {
  const trumpOuvert = declaration.ouvert && declaration.game !== "null";
  return declaration.schneider_announced || declaration.schwarz_announced || trumpOuvert;
}

export function schwarzIsAnnounced(declaration) {
  return declaration.schwarz_announced || (declaration.ouvert && declaration.game !== "null");
}
