"""The games of tournament Skat and their fixed values (docs/rules.md 1.1)."""

from enum import StrEnum

from .i18n import gettext_noop


class GameType(StrEnum):
    """The game a declarer announces (Spielart)."""

    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    CLUBS = "clubs"
    GRAND = "grand"
    NULL = "null"

    @property
    def is_null(self) -> bool:
        return self is GameType.NULL

    @property
    def is_suit(self) -> bool:
        return self in SUIT_GAMES

    @property
    def label(self) -> str:
        """English message id of the name players use (Karo, Herz, Pik, Kreuz, Grand, Null)."""
        return GAME_LABELS[self]


SUIT_GAMES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
TRUMP_GAMES = (*SUIT_GAMES, GameType.GRAND)

BASE_VALUES = {
    GameType.DIAMONDS: 9,
    GameType.HEARTS: 10,
    GameType.SPADES: 11,
    GameType.CLUBS: 12,
    GameType.GRAND: 24,
}

GAME_LABELS = {
    GameType.DIAMONDS: gettext_noop("Diamonds"),
    GameType.HEARTS: gettext_noop("Hearts"),
    GameType.SPADES: gettext_noop("Spades"),
    GameType.CLUBS: gettext_noop("Clubs"),
    GameType.GRAND: gettext_noop("Grand"),
    GameType.NULL: gettext_noop("Null"),
}

# (ouvert, hand) -> fixed value of a Null game; Null has no multiplier.
NULL_VALUES = {
    (False, False): 23,
    (False, True): 35,
    (True, False): 46,
    (True, True): 59,
}

# Matadors range per game: 4 jacks + 7 suit cards in suit games, only jacks in Grand.
MAX_MATADORS = {
    **{game: 11 for game in SUIT_GAMES},
    GameType.GRAND: 4,
    GameType.NULL: 11,
}

# Highest multiplier of a trump game: all matadors + Spiel, Hand, Schneider, angesagt,
# Schwarz, angesagt, Ouvert.
LEVELS_ABOVE_MATADORS = 7

MIN_BID = 18
MAX_BID = 264


def _possible_game_values() -> tuple[int, ...]:
    values = set(NULL_VALUES.values())
    for game in TRUMP_GAMES:
        top = MAX_MATADORS[game] + LEVELS_ABOVE_MATADORS
        values.update(BASE_VALUES[game] * multiplier for multiplier in range(2, top + 1))
    return tuple(sorted(values))


POSSIBLE_GAME_VALUES: tuple[int, ...] = _possible_game_values()
"""Every value a game can have, ascending (18 … 264); also every valid bid (Reizwert)."""
