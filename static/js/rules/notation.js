/* The keyboard notation (tournaments/skat/notation.py, docs/notation.md): one short line
   per game, e.g. "2 kr m2 h s +". Read on the device, so the keyboard page shows the value
   and the new totals before the save also without the server. Offsets count code points,
   as Python's do. */

import { closestMatch } from "./close-matches.js";
import { GameInvalid, problem } from "./problems.js";
import { readGame } from "./reading.js";
import { evaluate } from "./values.js";

export const NOTATION = "notation";

const GAME_TOKENS = {
  kr: "clubs", kreuz: "clubs", pi: "spades", pik: "spades", he: "hearts", herz: "hearts",
  ka: "diamonds", karo: "diamonds", gr: "grand", grand: "grand", nu: "null", null: "null",
};
const FLAG_TOKENS = {
  p: ["passed", true], e: ["passed", true], h: ["hand", true], hand: ["hand", true],
  s: ["schneider", true], schneider: ["schneider", true], sa: ["schneider_announced", true],
  sw: ["schwarz", true], schwarz: ["schwarz", true], swa: ["schwarz_announced", true],
  o: ["ouvert", true], ov: ["ouvert", true], ouvert: ["ouvert", true], rv: ["conceded", true],
  "+": ["won", true], g: ["won", true], "-": ["won", false], v: ["won", false],
};
const NUMBER_PREFIXES = {
  m: "matadors", mit: "matadors", o: "matadors", ohne: "matadors", r: "bid", b: "bid",
  a: "declarer_eyes", st: "declarer_tricks",
};
const WITHOUT = new Set(["o", "ohne"]);
const NUMBER_TOKEN = /^([a-z]*)([0-9]{1,9})$/;
const DASHES = /[\u2212\u2013\u2014]/g;
/* Python's whitespace (str.isspace), which its \s matches, and the separators , and ;. */
const WORD = /[^\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000,;]+/gu;
const VOCABULARY = [
  ...Object.keys(GAME_TOKENS), ...Object.keys(FLAG_TOKENS),
  "m2", "mit2", "o3", "ohne3", "r48", "b48", "a61", "st7",
];
const CANONICAL_GAME = { clubs: "kr", spades: "pi", hearts: "he", diamonds: "ka", grand: "gr", null: "nu" };
const CANONICAL_FLAGS = [
  ["hand", "h"], ["schneider", "s"], ["schneider_announced", "sa"], ["schwarz", "sw"],
  ["schwarz_announced", "swa"], ["ouvert", "o"], ["conceded", "rv"],
];
const CANONICAL_NUMBERS = [["bid", "r"], ["declarer_eyes", "a"], ["declarer_tricks", "st"]];

/* Python's str.casefold for the words of a line: "ß" is "ss", as in a German word. */
function casefold(text) {
  return text.toUpperCase().toLowerCase();
}

function keyOf(word) {
  return casefold(word).replace(DASHES, "-");
}

function token(text, position, start, end, field, value) {
  return {
    text: text,
    position: position,
    start: start,
    end: end,
    field: field === undefined ? null : field,
    value: value === undefined ? null : value,
  };
}

function params(item) {
  return { token: item.text, position: item.position, start: item.start, end: item.end };
}

function readToken(word, position, start, end) {
  const key = keyOf(word);
  if (Object.prototype.hasOwnProperty.call(GAME_TOKENS, key)) {
    return token(word, position, start, end, "game", GAME_TOKENS[key]);
  }
  if (Object.prototype.hasOwnProperty.call(FLAG_TOKENS, key)) {
    return token(word, position, start, end, FLAG_TOKENS[key][0], FLAG_TOKENS[key][1]);
  }
  if (Object.prototype.hasOwnProperty.call(NUMBER_PREFIXES, key)) {
    return token(word, position, start, end, NUMBER_PREFIXES[key]);
  }
  const number = NUMBER_TOKEN.exec(key);
  if (number === null) {
    return token(word, position, start, end);
  }
  const prefix = number[1];
  const digits = Number(number[2]);
  if (!prefix) {
    return token(word, position, start, end, "declarer_seat", digits);
  }
  if (!Object.prototype.hasOwnProperty.call(NUMBER_PREFIXES, prefix)) {
    return token(word, position, start, end);
  }
  const name = NUMBER_PREFIXES[prefix];
  return token(word, position, start, end, name, name === "matadors" ? [digits, !WITHOUT.has(prefix)] : digits);
}

/* The tokens of a line, each with its code point offsets; a trailing + or - is its own. */
export function readTokens(text) {
  const points = Array.from(text);
  const tokens = [];
  let position = 0;
  let at = 0;
  const offsets = [];
  points.forEach((point) => {
    offsets.push(at);
    at += point.length;
  });
  const indexOf = (unit) => offsets.indexOf(unit);
  for (const match of text.matchAll(WORD)) {
    const start = indexOf(match.index);
    let end = start + Array.from(match[0]).length;
    const signs = [];
    while (end - start > 1 && "+-".includes(points[end - 1].replace(DASHES, "-"))) {
      end -= 1;
      signs.push([end, end + 1]);
    }
    [[start, end], ...signs.reverse()].forEach((span) => {
      position += 1;
      tokens.push(readToken(points.slice(span[0], span[1]).join(""), position, span[0], span[1]));
    });
  }
  return tokens;
}

function sameValue(first, second) {
  return JSON.stringify(first) === JSON.stringify(second);
}

function readData(tokens) {
  const data = {};
  const first = {};
  const problems = [];
  tokens.forEach((item) => {
    if (item.field === null) {
      problems.push(unknown(item));
    } else if (item.value === null) {
      problems.push(missingNumber(item));
    } else if (Object.prototype.hasOwnProperty.call(first, item.field)) {
      problems.push(repeated(item, first[item.field]));
    } else {
      first[item.field] = item;
      if (item.field === "matadors") {
        data.matadors = item.value[0];
        data.with_matadors = item.value[1];
      } else {
        data[item.field] = item.value;
      }
      if (item.field === "declarer_seat" && !(item.value >= 1 && item.value <= 4)) {
        problems.push(problem(
          NOTATION,
          "seat_out_of_range",
          "Entry %(position)d \"%(token)s\": the seat is 1, 2, 3 or 4 (the declarer's place at the table).",
          params(item)
        ));
      }
    }
  });
  return { data: data, problems: problems };
}

/* One line read: {text, data, problems, tokens, evaluation}, every problem at once. */
export function parseGameLine(text, scheme) {
  const tokens = readTokens(text);
  if (!tokens.length) {
    return { text: text, data: {}, tokens: [], evaluation: null, problems: [problem(
      NOTATION,
      "empty_line",
      "The line is empty. Type one game, e.g. \"2 kr m2 h s +\" (seat 2, Kreuz mit 2, Hand, Schneider, won), or \"p\" for a passed-in game."
    )] };
  }
  const passed = tokens.find((item) => item.field === "passed");
  if (passed) {
    return { text: text, data: { passed: true }, tokens: tokens, evaluation: null, problems: passedProblems(tokens, passed) };
  }
  const read = readData(tokens);
  const data = read.data;
  let problems = read.problems;
  if (!("declarer_seat" in data)) {
    problems.push(problem(
      NOTATION,
      "missing_seat",
      "Start the line with the declarer's seat (1 to 4), e.g. \"2 kr m2 +\"; for a passed-in game type only \"p\"."
    ));
  }
  if (!("game" in data)) {
    problems.push(problem(
      NOTATION,
      "missing_game",
      "Add the game: kr (Kreuz), pi (Pik), he (Herz), ka (Karo), gr (Grand) or nu (Null)."
    ));
    return { text: text, data: data, problems: problems, tokens: tokens, evaluation: null };
  }
  let evaluation = null;
  try {
    const game = readGame(data);
    evaluation = evaluate(game.declaration, game.outcome, scheme);
  } catch (error) {
    if (!(error instanceof GameInvalid)) {
      throw error;
    }
    const withoutNumber = new Set(tokens.filter((item) => item.value === null).map((item) => item.field));
    problems = problems.concat(error.problems.filter((p) => !withoutNumber.has(p.field)).map((p) => inNotation(p, data)));
  }
  return { text: text, data: data, problems: problems, tokens: tokens, evaluation: problems.length ? null : evaluation };
}

/* The tokens that set ``field`` (an engine problem's field), to mark them. */
export function tokensFor(tokens, field) {
  const name = field === "with_matadors" ? "matadors" : field;
  return tokens.filter((item) => item.field === name);
}

/* The canonical line of a game in API fields (format_game_line). */
export function formatGameLine(data) {
  if (data.passed) {
    return "p";
  }
  const words = [];
  if (data.declarer_seat !== undefined && data.declarer_seat !== null) {
    words.push(String(data.declarer_seat));
  }
  if (data.game !== undefined && data.game !== null) {
    words.push(CANONICAL_GAME[data.game]);
  }
  if (data.matadors !== undefined && data.matadors !== null) {
    words.push((data.with_matadors === false ? "o" : "m") + data.matadors);
  }
  CANONICAL_FLAGS.forEach((pair) => {
    if (data[pair[0]]) {
      words.push(pair[1]);
    }
  });
  CANONICAL_NUMBERS.forEach((pair) => {
    if (data[pair[0]] !== undefined && data[pair[0]] !== null) {
      words.push(pair[1] + data[pair[0]]);
    }
  });
  if (data.won !== undefined && data.won !== null) {
    words.push(data.won ? "+" : "-");
  }
  return words.join(" ");
}

function passedProblems(tokens, passed) {
  const problems = [];
  tokens.forEach((item) => {
    if (item.field === null) {
      problems.push(unknown(item));
    } else if (item !== passed) {
      problems.push(item.field === "passed" ? repeated(item, passed) : notWithPassed(item, passed));
    }
  });
  return problems;
}

function missingNumber(item) {
  return problem(
    NOTATION,
    "missing_number",
    "Entry %(position)d \"%(token)s\" needs its number without a blank: m2 for mit 2, o3 for ohne 3, r48 for the bid, a61 for eyes, st7 for tricks.",
    params(item)
  );
}

function unknown(item) {
  const suggestion = closestMatch(keyOf(item.text), VOCABULARY, 0.6);
  if (suggestion !== null) {
    return problem(
      NOTATION,
      "unknown_token",
      "Entry %(position)d \"%(token)s\" is not part of the notation; did you mean \"%(suggestion)s\"?",
      Object.assign(params(item), { suggestion: suggestion })
    );
  }
  return problem(
    NOTATION,
    "unknown_token",
    "Entry %(position)d \"%(token)s\" is not part of the notation. A line reads e.g. \"2 kr m2 h s +\": seat, game, matadors, levels, + or -.",
    params(item)
  );
}

function repeated(item, first) {
  const values = Object.assign(params(item), { other: first.text, other_position: first.position });
  if (sameValue(item.value, first.value)) {
    return problem(NOTATION, "duplicate_token", "Entry %(position)d \"%(token)s\" repeats entry %(other_position)d \"%(other)s\": delete one of them.", values);
  }
  const message = item.field === "declarer_seat"
    ? "Entry %(position)d \"%(token)s\" is a second seat after entry %(other_position)d \"%(other)s\": a game has one declarer. Write matadors as m2 or o3, without a blank."
    : "Entry %(position)d \"%(token)s\" contradicts entry %(other_position)d \"%(other)s\": keep the one that is right.";
  return problem(NOTATION, "conflicting_tokens", message, values);
}

function notWithPassed(item, passed) {
  return problem(
    NOTATION,
    "conflicting_tokens",
    "A passed-in game (%(other)s) has no declarer and no game: delete entry %(position)d \"%(token)s\", or the \"%(other)s\" if the game was played.",
    Object.assign(params(item), { other: passed.text, other_position: passed.position })
  );
}

/* The engine's messages speak of the touch form's boxes ("tick Hand"); a typed line has
   words. Same field and code (the words behind the field are marked), other message. */
const IN_WORDS = {
  announcement_not_in_null: "Schneider and Schwarz cannot be announced in a Null game: delete sa or swa.",
  ouvert_requires_hand: "An open suit or grand game is always a hand game: add h, or delete o.",
  announcement_requires_hand: "Schneider or Schwarz can only be announced in a hand game. After taking up the skat an announcement is void: add h, or delete sa or swa.",
  not_in_null: "A Null game has no Schneider or Schwarz: delete s or sw.",
  won_missing_announced_schwarz: "An open game or one with Schwarz announced is won only with every trick: add sw, or enter the game as lost with -.",
  ouvert_won_without_schwarz: "An open game or one with Schwarz announced is won only with every trick: add sw, or enter the game as lost with -.",
  won_missing_announced_schneider: "With Schneider announced the game is won only with 90 eyes or more: add s, or enter the game as lost with -.",
  tricks_required: "With %(eyes)d eyes Schwarz depends on the tricks: add the declarer's tricks (st0 to st10), or sw if a party took no trick.",
  matadors_not_in_null: "A Null game has no matadors: delete the m or o with its number, unless the bid was higher than the Null game is worth.",
};
const SCHNEIDER_IN_WORDS = {
  true: "With %(eyes)d eyes a party is Schneider (30 eyes or fewer): add s or correct the eyes.",
  false: "With %(eyes)d eyes neither party is Schneider: delete s or correct the eyes.",
};

function inWords(item, data) {
  const message = item.code === "schneider_contradicts_eyes" ? SCHNEIDER_IN_WORDS[!data.schneider] : IN_WORDS[item.code];
  return message ? problem(item.field, item.code, message, item.params) : item;
}

function inNotation(item, data) {
  if (item.code === "won_required") {
    return problem(NOTATION, "missing_result", "End the line with + (won) or - (lost), or give the declarer's eyes, e.g. a61.");
  }
  if (item.code === "matadors_required") {
    const message = data.game === "null"
      ? "The bid is higher than this Null game is worth, so it is lost as the cheapest suit or grand game: add the declarer's matadors, e.g. m1 or o2."
      : "Add the matadors: m2 for mit 2, o3 for ohne 3.";
    return problem(NOTATION, "missing_matadors", message);
  }
  return inWords(item, data);
}
