/* Rule checks on a declaration and its outcome (tournaments/skat/validation.py): every
   problem at once, in the words used at the table (docs/rules.md 1). */

import { MAX_BID, MAX_MATADORS, MIN_BID, POSSIBLE_GAME_VALUES, nullValue } from "./games.js";
import { problem } from "./problems.js";
import { isHand, schneiderIsAnnounced, schwarzIsAnnounced } from "./reading.js";

export const MAX_EYES = 120;
export const MAX_TRICKS = 10;
const MAX_SKAT_EYES = 22;

export function validate(declaration, outcome) {
  let problems = [];
  problems = problems.concat(checkMatadors(declaration));
  problems = problems.concat(checkHandAndAnnouncements(declaration));
  problems = problems.concat(checkBid(declaration));
  problems = problems.concat(checkEyesAndTricks(outcome));
  if (declaration.game === "null") {
    problems = problems.concat(checkNullOutcome(declaration, outcome));
  } else if (!problems.some((p) => p.field === "declarer_eyes" || p.field === "declarer_tricks")) {
    const unknownSchwarz = checkSchwarzIsKnown(outcome);
    problems = problems.concat(unknownSchwarz.length ? unknownSchwarz : checkTrumpOutcome(declaration, outcome));
  }
  return problems;
}

/* A Null game announced although the bid is above its fixed value (ISkO 3.6.2). */
export function nullIsOverbid(declaration) {
  const value = nullValue(declaration.ouvert, Boolean(declaration.hand));
  return declaration.bid !== null && declaration.bid > value;
}

function checkMatadors(declaration) {
  const game = declaration.game;
  const top = MAX_MATADORS[game];
  if (declaration.matadors === null) {
    if (game === "null" && !nullIsOverbid(declaration)) {
      return [];
    }
    const message = game === "null"
      ? "The bid is higher than this Null game is worth, so it is lost as the cheapest suit or grand game: enter the declarer's matadors (with or without 1 to 11)."
      : "Enter the matadors: with or without 1 to %(max)d.";
    return [problem("matadors", "matadors_required", message, { max: top })];
  }
  if (game === "null" && !nullIsOverbid(declaration)) {
    return [problem(
      "matadors",
      "matadors_not_in_null",
      "A Null game has no matadors: remove them, unless the bid was higher than the Null game is worth."
    )];
  }
  if (!(declaration.matadors >= 1 && declaration.matadors <= top)) {
    const message = game === "grand"
      ? "In a Grand only the jacks are trumps: with or without 1 to 4 matadors."
      : "In a suit game there are with or without 1 to 11 matadors (4 jacks and 7 cards of the trump suit).";
    return [problem("matadors", "matadors_out_of_range", message, { max: top })];
  }
  return [];
}

/* One problem for each announcement made (Schneider, Schwarz). */
function announced(declaration, code, message) {
  return ["schneider_announced", "schwarz_announced"]
    .filter((name) => declaration[name])
    .map((name) => problem(name, code, message));
}

function checkHandAndAnnouncements(declaration) {
  if (declaration.game === "null") {
    return announced(
      declaration,
      "announcement_not_in_null",
      "Schneider and Schwarz cannot be announced in a Null game: untick the announcement."
    );
  }
  const problems = [];
  if (declaration.ouvert && declaration.hand === false) {
    problems.push(problem(
      "hand",
      "ouvert_requires_hand",
      "An open suit or grand game is always a hand game: tick Hand or untick Ouvert."
    ));
  }
  if (!isHand(declaration)) {
    return problems.concat(announced(
      declaration,
      "announcement_requires_hand",
      "Schneider or Schwarz can only be announced in a hand game. After taking up the skat an announcement is void: tick Hand or untick the announcement."
    ));
  }
  return problems;
}

function checkBid(declaration) {
  const bid = declaration.bid;
  if (bid === null) {
    return [];
  }
  if (!(bid >= MIN_BID && bid <= MAX_BID)) {
    return [problem(
      "bid",
      "bid_out_of_range",
      "Bids run from %(min)d to %(max)d; %(bid)d is not possible.",
      { min: MIN_BID, max: MAX_BID, bid: bid }
    )];
  }
  if (!POSSIBLE_GAME_VALUES.includes(bid)) {
    const lower = Math.max(...POSSIBLE_GAME_VALUES.filter((v) => v < bid));
    const higher = Math.min(...POSSIBLE_GAME_VALUES.filter((v) => v > bid));
    return [problem(
      "bid",
      "bid_not_a_game_value",
      "%(bid)d is not a game value and cannot be bid; did you mean %(lower)d or %(higher)d?",
      { bid: bid, lower: lower, higher: higher }
    )];
  }
  return [];
}

function checkEyesAndTricks(outcome) {
  const problems = [];
  const eyes = outcome.declarer_eyes;
  const tricks = outcome.declarer_tricks;
  if (eyes !== null && !(eyes >= 0 && eyes <= MAX_EYES)) {
    problems.push(problem("declarer_eyes", "eyes_out_of_range", "The declarer's eyes must be between 0 and 120 (skat included)."));
  }
  if (tricks !== null && !(tricks >= 0 && tricks <= MAX_TRICKS)) {
    problems.push(problem("declarer_tricks", "tricks_out_of_range", "The declarer's tricks must be between 0 and 10."));
  }
  if (problems.length || eyes === null || tricks === null) {
    return problems;
  }
  if ((tricks === 0 && eyes > MAX_SKAT_EYES) || (tricks === MAX_TRICKS && eyes !== MAX_EYES)) {
    problems.push(problem(
      "declarer_tricks",
      "tricks_contradict_eyes",
      "%(tricks)d tricks and %(eyes)d eyes do not fit together: without a trick the declarer has at most the 22 eyes pushed into the skat, with all 10 tricks he has 120.",
      { tricks: tricks, eyes: eyes }
    ));
  }
  return problems;
}

function checkSchwarzIsKnown(outcome) {
  if (outcome.declarer_tricks !== null || outcome.schwarz || outcome.conceded) {
    return [];
  }
  const eyes = outcome.declarer_eyes;
  if (eyes === 0 || eyes === MAX_EYES) {
    return [problem(
      "declarer_tricks",
      "tricks_required",
      "With %(eyes)d eyes Schwarz depends on the tricks: enter the declarer's tricks (0 to 10), or tick Schwarz if a party took no trick.",
      { eyes: eyes }
    )];
  }
  return [];
}

function concededButWon() {
  return problem("won", "conceded_game_is_lost", "A conceded game or one lost by a rule violation cannot be won.");
}

function checkNullOutcome(declaration, outcome) {
  const problems = [];
  ["schneider", "schwarz"].forEach((name) => {
    if (outcome[name]) {
      problems.push(problem(name, "not_in_null", "A Null game has no Schneider or Schwarz: untick it."));
    }
  });
  const tricks = outcome.declarer_tricks;
  if (outcome.won === null && tricks === null) {
    if (!nullIsOverbid(declaration) && !outcome.conceded) {
      problems.push(problem("won", "won_required", "Say whether the Null game was won or lost."));
    }
  } else if (outcome.won !== null && tricks !== null && outcome.won !== (tricks === 0)) {
    problems.push(problem(
      "won",
      "won_contradicts_tricks",
      "A Null game is won only if the declarer takes no trick; with %(tricks)d tricks it is lost.",
      { tricks: tricks }
    ));
  }
  if (outcome.conceded && outcome.won) {
    problems.push(concededButWon());
  }
  return problems;
}

function checkTrumpOutcome(declaration, outcome) {
  const problems = [];
  const eyes = outcome.declarer_eyes;
  if (outcome.won === null && eyes === null && !outcome.conceded) {
    return [problem("won", "won_required", "Say whether the game was won or lost, or enter the eyes.")];
  }
  if (outcome.conceded && outcome.won) {
    problems.push(concededButWon());
  }
  const schwarz = schwarzFromInput(outcome);
  const tricks = outcome.declarer_tricks;
  if (outcome.schwarz !== null && tricks !== null && outcome.schwarz !== schwarz) {
    problems.push(problem(
      "schwarz",
      "schwarz_contradicts_tricks",
      "Schwarz means a party took no trick; with %(tricks)d declarer tricks correct Schwarz or the tricks.",
      { tricks: tricks }
    ));
  }
  if (eyes !== null) {
    checkEyesAgree(declaration, outcome, schwarz).forEach((item) => problems.push(item));
  } else if ((tricks === 0 || tricks === MAX_TRICKS) && outcome.won !== null && !outcome.conceded) {
    if (outcome.won !== (tricks === MAX_TRICKS)) {
      const message = outcome.won
        ? "Without a trick the declarer has lost, not won: correct the result or the tricks."
        : "With all 10 tricks the declarer has won, not lost: correct the result or the tricks.";
      problems.push(problem("won", "won_contradicts_tricks", message, { tricks: tricks }));
    }
  }
  if (outcome.won && !outcome.conceded) {
    const schneider = schneiderFromInput(outcome, schwarz);
    if (schwarzIsAnnounced(declaration) && !schwarz) {
      problems.push(problem(
        "schwarz",
        declaration.ouvert ? "ouvert_won_without_schwarz" : "won_missing_announced_schwarz",
        "An open game or one with Schwarz announced is won only with every trick: tick Schwarz, or enter the game as lost."
      ));
    } else if (schneiderIsAnnounced(declaration) && !schneider) {
      problems.push(problem(
        "schneider",
        "won_missing_announced_schneider",
        "With Schneider announced the game is won only with 90 eyes or more: tick Schneider, or enter the game as lost."
      ));
    }
  }
  return problems;
}

function checkEyesAgree(declaration, outcome, schwarz) {
  const problems = [];
  const eyes = outcome.declarer_eyes;
  if (outcome.schwarz && eyes > 0 && eyes < MAX_EYES) {
    problems.push(problem(
      "schwarz",
      "schwarz_contradicts_eyes",
      "Schwarz means a party took no trick, so the declarer has 0 or 120 eyes, not %(eyes)d.",
      { eyes: eyes }
    ));
  }
  const eyesSaySchneider = eyes <= 30 || eyes >= 90;
  if (outcome.schneider !== null && !schwarz && outcome.schneider !== eyesSaySchneider) {
    const message = eyesSaySchneider
      ? "With %(eyes)d eyes a party is Schneider (30 eyes or fewer): tick Schneider or correct the eyes."
      : "With %(eyes)d eyes neither party is Schneider: untick Schneider or correct the eyes.";
    problems.push(problem("schneider", "schneider_contradicts_eyes", message, { eyes: eyes }));
  }
  if (outcome.won !== null && !outcome.conceded) {
    if (outcome.won !== wonByPlay(declaration, eyes, outcome.declarer_tricks, schwarz)) {
      const message = outcome.won
        ? "With %(eyes)d eyes the declarer has lost, not won: 61 eyes win, 60 lose; with Schneider announced he needs 90, with Schwarz announced every trick."
        : "With %(eyes)d eyes the declarer has won, not lost: correct the result or the eyes.";
      problems.push(problem("won", "won_contradicts_eyes", message, { eyes: eyes }));
    }
  }
  return problems;
}

/* Whether the declarer's eyes (and tricks) win the game as announced. */
export function wonByPlay(declaration, eyes, tricks, schwarz) {
  if (schwarzIsAnnounced(declaration)) {
    return tricks !== null ? tricks === MAX_TRICKS : schwarz && eyes === MAX_EYES;
  }
  if (schneiderIsAnnounced(declaration)) {
    return eyes >= 90;
  }
  return eyes >= 61;
}

function schwarzFromInput(outcome) {
  if (outcome.declarer_tricks !== null) {
    return outcome.declarer_tricks === 0 || outcome.declarer_tricks === MAX_TRICKS;
  }
  return Boolean(outcome.schwarz);
}

function schneiderFromInput(outcome, schwarz) {
  if (outcome.declarer_eyes !== null) {
    return outcome.declarer_eyes <= 30 || outcome.declarer_eyes >= 90 || schwarz;
  }
  return Boolean(outcome.schneider) || schwarz;
}
