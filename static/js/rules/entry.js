/* One entry of a list checked against its deal (tournaments/skat/entry.py): passed in,
   who may declare, the value, and the list points of every seat present.

   A deal is {number, dealer, seats, active, table_size}: the server sends the deals of the
   games still to come with the page, so the device knows them offline too. */

import { GameInvalid, problem } from "./problems.js";
import { GAME_FIELDS, isWholeNumber, readGame } from "./reading.js";
import { evaluate, forOpponent } from "./values.js";

export const ENTRY_FIELDS = new Set([...GAME_FIELDS, "declarer_seat", "passed", "number"]);

/* ``data`` (the API's fields) as game ``deal.number``: {passed, declarer_seat, evaluation}. */
export function checkEntry(data, deal, scheme) {
  let problems = unknownFields(data);
  const passed = data.passed === undefined ? false : data.passed;
  if (typeof passed !== "boolean") {
    problems.push(problem("passed", "not_a_boolean", "%(field)s must be true or false.", { field: "passed" }));
  } else if (passed) {
    problems = problems.concat(passedWithoutValues(data));
    if (problems.length) {
      throw new GameInvalid(problems);
    }
    return { passed: true, declarer_seat: null, evaluation: null };
  }
  problems = problems.concat(declarerProblems(data.declarer_seat === undefined ? null : data.declarer_seat, deal));
  let evaluation;
  try {
    const read = readGame(data);
    evaluation = evaluate(read.declaration, read.outcome, scheme);
  } catch (error) {
    if (error instanceof GameInvalid) {
      throw new GameInvalid(problems.concat(error.problems));
    }
    throw error;
  }
  if (problems.length) {
    throw new GameInvalid(problems);
  }
  return { passed: false, declarer_seat: data.declarer_seat, evaluation: evaluation };
}

/* The list points of every seat present at the deal. */
export function pointsPerSeat(entry, deal) {
  const points = {};
  deal.seats.forEach((seat) => {
    if (entry.passed) {
      points[seat] = 0;
    } else if (seat === entry.declarer_seat) {
      points[seat] = entry.evaluation.list_points.declarer;
    } else {
      points[seat] = forOpponent(entry.evaluation.list_points, deal.table_size);
    }
  });
  return points;
}

export function unknownFields(data) {
  return Object.keys(data)
    .filter((name) => !ENTRY_FIELDS.has(name))
    .map((name) => problem(name, "unknown_field", "%(field)s is not a field of a game; check the spelling.", { field: name }));
}

function passedWithoutValues(data) {
  return [...GAME_FIELDS, "declarer_seat"]
    .filter((name) => data[name] !== undefined && data[name] !== null)
    .map((name) => problem(
      name,
      "passed_game_has_no_values",
      "A passed-in game (eingepasst) has no declarer and no game: remove %(field)s or untick 'passed'.",
      { field: name }
    ));
}

/* The declarer must be one of the three seats playing the deal. */
export function declarerProblems(seat, deal) {
  const active = deal.active.join(", ");
  if (seat === null) {
    return [problem(
      "declarer_seat",
      "declarer_required",
      "Enter the declarer's seat (%(active)s), or mark the game as passed in.",
      { active: active }
    )];
  }
  if (!isWholeNumber(seat) || !deal.seats.includes(seat)) {
    return [problem(
      "declarer_seat",
      "unknown_seat",
      "There is no player on seat %(seat)s at game %(number)d; the declarer is one of seats %(active)s.",
      { seat: seat, number: deal.number, active: active }
    )];
  }
  if (!deal.active.includes(seat)) {
    return [problem(
      "declarer_seat",
      "dealer_cannot_declare",
      "Seat %(seat)d deals game %(number)d and sits out at a 4-player table; the declarer is one of seats %(active)s.",
      { seat: seat, number: deal.number, active: active }
    )];
  }
  return [];
}

/* The running totals after a game: ``totals`` by participant before it, ``points`` by
   seat, ``deal.participants`` who sits on each seat. A replacement counts from zero: the
   total follows the player, not the seat. Returns {byParticipant, bySeat}. */
export function totalsAfter(totals, deal, points) {
  const byParticipant = Object.assign({}, totals);
  const bySeat = {};
  deal.seats.forEach((seat) => {
    const participant = deal.participants[seat];
    byParticipant[participant] = (byParticipant[participant] || 0) + points[seat];
    bySeat[seat] = byParticipant[participant];
  });
  return { byParticipant: byParticipant, bySeat: bySeat };
}
