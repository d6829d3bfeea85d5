/* The numbers of the games on the device, before the server has them: each waiting game
   and the game in the form valued with the rules (../rules/), checked against its deal,
   with the list points and the running totals it leads to. */

import { explain } from "../rules/explanation.js";
import { checkEntry, pointsPerSeat, totalsAfter } from "../rules/entry.js";
import { formatGameLine, parseGameLine } from "../rules/notation.js";
import { GameInvalid, problemText } from "../rules/problems.js";
import { dealOf, plain, say, signed, translator } from "./page-data.js";

const ANNOUNCEMENTS = [["hand", "Hand"], ["schneider_announced", "Schneider announced"], ["schwarz_announced", "Schwarz announced"], ["ouvert", "Ouvert"]];
const LEVELS = [["schneider", "Schneider"], ["schwarz", "Schwarz"]];
const GAME_LABELS = { diamonds: "Diamonds", hearts: "Hearts", spades: "Spades", clubs: "Clubs", grand: "Grand", null: "Null" };

/* The API fields of a waiting game: a touch entry's as kept, a typed line read again. */
export function fieldsOf(item, data) {
  if (item.kind !== "line") {
    return item.body;
  }
  const parsed = parseGameLine(item.line, data.scheme);
  return parsed.problems.length ? null : parsed.data;
}

/* Game ``number`` as ``fields`` describe it, after ``totals`` (by participant):
   {number, deal, problems} or {number, deal, entry, points, totals, byParticipant}. */
export function valueGame(data, fields, number, totals) {
  const deal = dealOf(data, number);
  if (!deal) {
    return { number: number, deal: null, problems: [] };
  }
  try {
    const entry = checkEntry(Object.assign({}, fields, { number: undefined }), deal, data.scheme);
    const points = pointsPerSeat(entry, deal);
    const after = totalsAfter(totals, deal, points);
    return { number: number, deal: deal, entry: entry, points: points, totals: after.bySeat, byParticipant: after.byParticipant };
  } catch (error) {
    if (error instanceof GameInvalid) {
      return { number: number, deal: deal, problems: error.problems };
    }
    throw error;
  }
}

/* Every waiting game valued in order, and the totals after them. */
export function valueQueue(data, queue) {
  let totals = Object.assign({}, data.totals);
  const rows = queue.map((item) => {
    const fields = fieldsOf(item, data);
    const result = fields ? valueGame(data, fields, item.number, totals) : { number: item.number, problems: [] };
    if (result.byParticipant) {
      totals = result.byParticipant;
    }
    return { item: item, fields: fields, result: result };
  });
  return { rows: rows, totals: totals };
}

/* The totals before game ``number``: the server's, plus the waiting games before it. */
export function totalsBefore(data, queue, number, skipKey) {
  const earlier = queue.filter((item) => item.number < number && item.key !== skipKey);
  return valueQueue(data, earlier).totals;
}

export function problemMessages(data, problems) {
  const tr = translator(data);
  return problems.map((p) => Object.assign({}, p, { text: problemText(p, tr) }));
}

/* The game in the words of a paper list: "Kreuz mit 2, Hand, Schneider". */
export function describe(data, fields) {
  const tr = translator(data);
  if (!fields || fields.passed) {
    return tr("passed in");
  }
  let first = tr(GAME_LABELS[fields.game] || String(fields.game || ""));
  if (fields.matadors !== undefined && fields.matadors !== null && fields.game !== "null") {
    first += " " + tr(fields.with_matadors === false ? "without %(n)d" : "with %(n)d").replace("%(n)d", fields.matadors);
  }
  const parts = [first];
  ANNOUNCEMENTS.concat(LEVELS).forEach((pair) => {
    if (fields[pair[0]]) {
      parts.push(tr(pair[1]));
    }
  });
  if (fields.bid) {
    parts.push(tr("bid %(bid)d").replace("%(bid)d", fields.bid));
  }
  if (fields.conceded) {
    parts.push(tr("conceded"));
  }
  return parts.join(", ");
}

/* The game and its result as the bar names it, in the words of the paper list:
   "Kreuz mit 1, Hand – gewonnen" (web/table/display.py says it the same way). */
export function gameWords(data, result, fields) {
  if (!result.entry || result.entry.passed) {
    return "";
  }
  const evaluation = result.entry.evaluation;
  const outcome = evaluation.overbid ? say(data, "overbid_lost") : translator(data)(evaluation.won ? "won" : "lost");
  return describe(data, fields) + " – " + outcome;
}

/* What the preview shows of a valued game: outcome, value, score, explanation, totals. */
export function shown(data, result) {
  const evaluation = result.entry && result.entry.evaluation;
  const totals = {};
  const points = {};
  Object.keys(result.totals || {}).forEach((seat) => {
    totals[seat] = plain(data, result.totals[seat]);
    points[seat] = signed(data, result.points[seat]);
  });
  if (!evaluation) {
    return { passed: true, outcome: say(data, "passed_title"), totals: totals, points: points };
  }
  const outcome = evaluation.overbid ? "overbid_title" : evaluation.won ? "won_title" : "lost_title";
  return {
    passed: false,
    won: evaluation.won,
    outcome: say(data, outcome),
    value: String(evaluation.game_value),
    score: signed(data, evaluation.score),
    explanation: explain(evaluation, translator(data)),
    totals: totals,
    points: points,
  };
}

/* One sentence for a line: "Spiel 5: Platz 2, Kreuz mit 2, Hand – gewonnen, Wert 48, +48". */
export function summary(data, result, fields) {
  if (!result.entry || result.entry.passed) {
    return say(data, "summary_passed", { number: result.number });
  }
  const evaluation = result.entry.evaluation;
  const tr = translator(data);
  const outcome = evaluation.overbid ? say(data, "overbid_lost") : tr(evaluation.won ? "won" : "lost");
  return say(data, "summary", {
    number: result.number,
    seat: result.entry.declarer_seat,
    game: describe(data, fields),
    outcome: outcome,
    value: evaluation.game_value,
    score: signed(data, evaluation.score),
  });
}

export { formatGameLine };
