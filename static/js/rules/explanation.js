/* The explanation of a game value in the words players use at the table
   (tournaments/skat/explanation.py), e.g. "mit 2, Spiel 3, Hand 4 × Kreuz (12) = 48,
   gewonnen: +48". ``translate`` turns an English message id into the page's language. */

import { GAME_LABELS, nullValue } from "./games.js";
import { fill } from "./problems.js";
import { levelsMultiplier } from "./values.js";

export const MINUS = "\u2212";

const NULL_NAMES = [["Null", "Null hand"], ["Null ouvert", "Null ouvert hand"]];

function same(message) {
  return message;
}

/* +48 / −96 with a real minus sign, as on printed lists. */
export function signedScore(number) {
  return number >= 0 ? "+" + number : MINUS + -number;
}

export function levelSteps(levels, translate) {
  const matadors = levels.with_matadors ? "with %(n)d" : "without %(n)d";
  const steps = [fill(translate(matadors), { n: levels.matadors })];
  let count = levels.matadors + 1;
  steps.push(fill(translate("game %(n)d"), { n: count }));
  const flagged = [
    [levels.hand, "hand %(n)d"],
    [levels.schneider, "Schneider %(n)d"],
    [levels.schneider_announced, "Schneider announced %(n)d"],
    [levels.schwarz, "Schwarz %(n)d"],
    [levels.schwarz_announced, "Schwarz announced %(n)d"],
    [levels.ouvert, "ouvert %(n)d"],
  ];
  flagged.forEach((pair) => {
    if (pair[0]) {
      count += 1;
      steps.push(fill(translate(pair[1]), { n: count }));
    }
  });
  return steps;
}

export function explain(evaluation, translate) {
  const tr = translate || same;
  const declaration = evaluation.declaration;
  let prefix = "";
  if (evaluation.game === "null") {
    const hand = Boolean(declaration.hand);
    const name = tr(NULL_NAMES[declaration.ouvert ? 1 : 0][hand ? 1 : 0]);
    if (!evaluation.overbid) {
      return name + " = " + evaluation.game_value + ", " + resultText(evaluation, tr);
    }
    prefix = name + " (" + nullValue(declaration.ouvert, hand) + ") – " + overbidText(evaluation, tr) + ": ";
  }
  const tail = fill(tr("× %(game)s (%(base)d) = %(value)d"), {
    game: tr(GAME_LABELS[evaluation.scored_as]),
    base: evaluation.base_value,
    value: evaluation.game_value,
  });
  const steps = levelSteps(evaluation.levels, tr).join(", ");
  let body;
  if (evaluation.multiplier === levelsMultiplier(evaluation.levels)) {
    body = steps + " " + tail;
  } else if (prefix) {
    body = steps + " – " + evaluation.multiplier + " " + tail;
  } else {
    body = steps + " – " + overbidText(evaluation, tr) + ": " + evaluation.multiplier + " " + tail;
  }
  return prefix + body + ", " + resultText(evaluation, tr) + skatNote(evaluation, tr);
}

function skatNote(evaluation, tr) {
  if (!evaluation.uncounted_skat_eyes) {
    return "";
  }
  return fill(tr(" (the %(eyes)d eyes in the skat do not count: without a trick the declarer is Schwarz)"), {
    eyes: evaluation.uncounted_skat_eyes,
  });
}

function overbidText(evaluation, tr) {
  return fill(tr("overbid at %(bid)d"), { bid: evaluation.bid });
}

function resultText(evaluation, tr) {
  let message = "lost: %(score)s";
  if (evaluation.won) {
    message = "won: %(score)s";
  } else if (evaluation.conceded) {
    message = "lost (einfach): %(score)s";
  }
  return fill(tr(message), { score: signedScore(evaluation.score) });
}
