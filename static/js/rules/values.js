/* The game value and the declarer's score (tournaments/skat/values.py), and the SkWO list
   points (tournaments/skat/extra_points.py), exactly as docs/rules.md 1 and 2 say. */

import { BASE_VALUES, TRUMP_GAMES, nullValue } from "./games.js";
import { GameInvalid } from "./problems.js";
import { isHand, readGame, schneiderIsAnnounced, schwarzIsAnnounced } from "./reading.js";
import { MAX_TRICKS, nullIsOverbid, validate, wonByPlay } from "./validation.js";

export const SKWO = { won_bonus: 50, lost_malus: 50, opponent_credit_at_3_table: 40, opponent_credit_at_4_table: 30 };
export const GAME_POINTS_ONLY = { won_bonus: 0, lost_malus: 0, opponent_credit_at_3_table: 0, opponent_credit_at_4_table: 0 };

/* A game's list points for the declarer and each other player at a 3- and a 4-table. */
export function listPoints(score, won, scheme) {
  if (won) {
    return { declarer: score + scheme.won_bonus, opponent_at_3_table: 0, opponent_at_4_table: 0 };
  }
  return {
    declarer: score - scheme.lost_malus,
    opponent_at_3_table: scheme.opponent_credit_at_3_table,
    opponent_at_4_table: scheme.opponent_credit_at_4_table,
  };
}

export function forOpponent(points, tableSize) {
  return tableSize === 4 ? points.opponent_at_4_table : points.opponent_at_3_table;
}

export function levelsMultiplier(levels) {
  const flags = [levels.hand, levels.schneider, levels.schneider_announced, levels.schwarz, levels.schwarz_announced, levels.ouvert];
  return levels.matadors + 1 + flags.filter(Boolean).length;
}

function makeLevels(matadors, withMatadors, flags) {
  return Object.assign(
    { matadors: matadors, with_matadors: withMatadors, hand: false, schneider: false, schneider_announced: false, schwarz: false, schwarz_announced: false, ouvert: false },
    flags || {}
  );
}

/* Value a game; throw GameInvalid listing every problem of the input. */
export function evaluate(declaration, outcome, scheme) {
  const problems = validate(declaration, outcome);
  if (problems.length) {
    throw new GameInvalid(problems);
  }
  if (declaration.game === "null") {
    return evaluateNull(declaration, outcome, scheme || SKWO);
  }
  return evaluateTrumpGame(declaration, outcome, scheme || SKWO);
}

/* Read raw input and value it in one step (the calculator's use case). */
export function evaluateData(data, scheme) {
  const read = readGame(data);
  return evaluate(read.declaration, read.outcome, scheme);
}

function evaluateTrumpGame(declaration, outcome, scheme) {
  const played = result(declaration, outcome);
  const levels = makeLevels(declaration.matadors, declaration.with_matadors, {
    hand: isHand(declaration),
    schneider: played.schneider || schneiderIsAnnounced(declaration),
    schneider_announced: schneiderIsAnnounced(declaration),
    schwarz: played.schwarz || schwarzIsAnnounced(declaration),
    schwarz_announced: schwarzIsAnnounced(declaration),
    ouvert: declaration.ouvert,
  });
  const base = BASE_VALUES[declaration.game];
  const playedMultiplier = levelsMultiplier(levels);
  const bid = applyBid(base, playedMultiplier, declaration.bid);
  const uncounted = outcome.declarer_tricks === 0 ? outcome.declarer_eyes || 0 : 0;
  const evaluation = makeEvaluation(declaration, declaration.game, base, bid.multiplier, played.won && !bid.overbid, bid.overbid, scheme, {
    levels: levels,
    conceded: outcome.conceded,
    played_multiplier: playedMultiplier,
  });
  evaluation.uncounted_skat_eyes = uncounted;
  return evaluation;
}

function evaluateNull(declaration, outcome, scheme) {
  if (nullIsOverbid(declaration)) {
    const cheapest = cheapestGameReachingBid(declaration);
    return makeEvaluation(declaration, cheapest.game, cheapest.base, cheapest.multiplier, false, true, scheme, {
      levels: cheapest.levels,
      conceded: outcome.conceded,
    });
  }
  const value = nullValue(declaration.ouvert, Boolean(declaration.hand));
  let won;
  if (outcome.conceded) {
    won = false;
  } else if (outcome.won !== null) {
    won = outcome.won;
  } else {
    won = outcome.declarer_tricks === 0;
  }
  return makeEvaluation(declaration, "null", value, null, won, false, scheme, { conceded: outcome.conceded });
}

/* The suit or grand game an overbid Null is lost as (docs/rules.md 1.5, ISkO 3.6.2). */
export function cheapestGameReachingBid(declaration) {
  let best = null;
  TRUMP_GAMES.forEach((game) => {
    const matadors = game === "grand" ? Math.min(declaration.matadors, 4) : declaration.matadors;
    const levels = makeLevels(matadors, declaration.with_matadors, { hand: Boolean(declaration.hand) });
    const base = BASE_VALUES[game];
    const multiplier = applyBid(base, levelsMultiplier(levels), declaration.bid).multiplier;
    const value = base * multiplier;
    if (best === null || value < best.value) {
      best = { value: value, game: game, base: base, multiplier: multiplier, levels: levels };
    }
  });
  return best;
}

/* Raise the multiplier to the smallest one reaching the bid; say if that was needed. */
function applyBid(base, multiplier, bid) {
  if (bid === null || base * multiplier >= bid) {
    return { multiplier: multiplier, overbid: false };
  }
  return { multiplier: Math.max(multiplier, Math.ceil(bid / base)), overbid: true };
}

/* Won, Schneider and Schwarz as played (before the bid is checked). */
function result(declaration, outcome) {
  let schwarz;
  if (outcome.declarer_tricks !== null) {
    schwarz = outcome.declarer_tricks === 0 || outcome.declarer_tricks === MAX_TRICKS;
  } else {
    schwarz = Boolean(outcome.schwarz);
  }
  const eyes = outcome.declarer_eyes;
  let schneider;
  let won;
  if (eyes !== null) {
    schneider = eyes <= 30 || eyes >= 90 || schwarz;
    won = wonByPlay(declaration, eyes, outcome.declarer_tricks, schwarz);
  } else {
    schneider = Boolean(outcome.schneider) || schwarz;
    won = Boolean(outcome.won);
  }
  if (outcome.conceded) {
    return { won: false, schneider: false, schwarz: false };
  }
  return { won: won, schneider: schneider, schwarz: schwarz };
}

function makeEvaluation(declaration, scoredAs, base, multiplier, won, overbid, scheme, extra) {
  const value = multiplier === null ? base : base * multiplier;
  const score = won ? value : -2 * value;
  return {
    declaration: declaration,
    game: declaration.game,
    bid: declaration.bid,
    scored_as: scoredAs,
    base_value: base,
    multiplier: multiplier,
    game_value: value,
    won: won,
    overbid: overbid,
    score: score,
    list_points: listPoints(score, won, scheme),
    levels: extra.levels || null,
    conceded: Boolean(extra.conceded),
    played_multiplier: extra.played_multiplier === undefined ? null : extra.played_multiplier,
    uncounted_skat_eyes: 0,
  };
}
