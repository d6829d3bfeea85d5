/* The games of tournament Skat and their fixed values: tournaments/skat/games.py on the
   table device (docs/rules.md 1.1). A differential test holds both equal. */

export const SUIT_GAMES = ["diamonds", "hearts", "spades", "clubs"];
export const TRUMP_GAMES = [...SUIT_GAMES, "grand"];
export const GAMES = [...TRUMP_GAMES, "null"];

export const BASE_VALUES = { diamonds: 9, hearts: 10, spades: 11, clubs: 12, grand: 24 };

export const GAME_LABELS = {
  diamonds: "Diamonds",
  hearts: "Hearts",
  spades: "Spades",
  clubs: "Clubs",
  grand: "Grand",
  null: "Null",
};

/* The fixed value of a Null game: (ouvert, hand). */
export function nullValue(ouvert, hand) {
  if (ouvert) {
    return hand ? 59 : 46;
  }
  return hand ? 35 : 23;
}

export const MAX_MATADORS = { diamonds: 11, hearts: 11, spades: 11, clubs: 11, grand: 4, null: 11 };
export const LEVELS_ABOVE_MATADORS = 7;
export const MIN_BID = 18;
export const MAX_BID = 264;

function possibleGameValues() {
  const values = new Set([nullValue(false, false), nullValue(false, true), nullValue(true, false), nullValue(true, true)]);
  TRUMP_GAMES.forEach((game) => {
    const top = MAX_MATADORS[game] + LEVELS_ABOVE_MATADORS;
    for (let multiplier = 2; multiplier <= top; multiplier += 1) {
      values.add(BASE_VALUES[game] * multiplier);
    }
  });
  return [...values].sort((a, b) => a - b);
}

/* Every value a game can have, ascending (18 … 264); also every valid bid. */
export const POSSIBLE_GAME_VALUES = possibleGameValues();

export function isNull(game) {
  return game === "null";
}
