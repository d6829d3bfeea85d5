"""Keyboard notation for entering a paper list: one short line per game (docs/notation.md).

Directors copy German paper lists, so the words are the German abbreviations used at the
table. A line is a set of tokens separated by blanks (or commas); their order, their case
and extra blanks do not matter. Canonical order, as :func:`format_game_line`
writes it: seat, game, matadors, levels, extras, result::

    token            meaning                                      API field
    1 … 4            seat of the declarer (Platz)                 declarer_seat
    p, e             passed in (eingepasst), alone on the line    passed
    kr, kreuz        Kreuz (clubs)                                game
    pi, pik          Pik (spades)                                 game
    he, herz         Herz (hearts)                                game
    ka, karo         Karo (diamonds)                              game
    gr, grand        Grand                                        game
    nu, null         Null (with h / o: Hand, ouvert)              game
    m2, mit2         mit 2 (with 2 matadors)                      matadors, with_matadors
    o3, ohne3        ohne 3 (without 3 matadors)                  matadors, with_matadors
    h, hand          Hand                                         hand
    s, schneider     Schneider (made)                             schneider
    sa               Schneider angesagt                           schneider_announced
    sw, schwarz      Schwarz (made)                               schwarz
    swa              Schwarz angesagt                             schwarz_announced
    o, ov, ouvert    ouvert (offen)                               ouvert
    rv               lost by rule violation or conceded           conceded
    r48, b48         bid (Reizwert) 48, for the overbid rule      bid
    a61              declarer's eyes (Augen), skat included       declarer_eyes
    st7              declarer's tricks (Stiche)                   declarer_tricks
    +, g             won (gewonnen)                               won
    -, v             lost (verloren)                              won

``o`` alone is ouvert, ``o`` with a number is ohne: numbers are always written without a
blank after their letters. A ``+`` or ``-`` may also stick to the token before it
(``s+``). Example: ``2 kr m2 h s +`` is seat 2, Kreuz mit 2, Hand, Schneider, won.

The parser only reads the notation; whether the game is possible (Schwarz announced
without Hand, 5 matadors in a Grand, a bid of 19 …) is the rules engine's verdict, merged
into the same list of problems, so every mistake of a line is shown at once. Problems of
the typed text have the field ``"notation"`` and name the token and its position; the
others carry the engine's field, and :meth:`ParsedLine.tokens_for` finds the tokens behind
it. The data of a valid line can be sent unchanged to ``POST /api/v1/tables/{id}/games/``.
"""

import re
from dataclasses import dataclass, field
from difflib import get_close_matches

from .extra_points import SKWO, ExtraPointsScheme
from .games import GameType
from .i18n import gettext_noop
from .notation_words import in_words
from .problems import GameInvalid, Problem
from .reading import read_game
from .values import Evaluation, evaluate

NOTATION = "notation"
SEATS = range(1, 5)

GAME_TOKENS = {
    "kr": GameType.CLUBS,
    "kreuz": GameType.CLUBS,
    "pi": GameType.SPADES,
    "pik": GameType.SPADES,
    "he": GameType.HEARTS,
    "herz": GameType.HEARTS,
    "ka": GameType.DIAMONDS,
    "karo": GameType.DIAMONDS,
    "gr": GameType.GRAND,
    "grand": GameType.GRAND,
    "nu": GameType.NULL,
    "null": GameType.NULL,
}
# token -> (field, value) for the tokens without a number.
FLAG_TOKENS = {
    "p": ("passed", True),
    "e": ("passed", True),
    "h": ("hand", True),
    "hand": ("hand", True),
    "s": ("schneider", True),
    "schneider": ("schneider", True),
    "sa": ("schneider_announced", True),
    "sw": ("schwarz", True),
    "schwarz": ("schwarz", True),
    "swa": ("schwarz_announced", True),
    "o": ("ouvert", True),
    "ov": ("ouvert", True),
    "ouvert": ("ouvert", True),
    "rv": ("conceded", True),
    "+": ("won", True),
    "g": ("won", True),
    "-": ("won", False),
    "v": ("won", False),
}
# prefix -> field of the tokens with a number (m2, o3, r48, a61, st7).
NUMBER_PREFIXES = {
    "m": "matadors",
    "mit": "matadors",
    "o": "matadors",
    "ohne": "matadors",
    "r": "bid",
    "b": "bid",
    "a": "declarer_eyes",
    "st": "declarer_tricks",
}
_WITHOUT = {"o", "ohne"}
# At most 9 digits: every number of the notation is far smaller, and int() of a
# pasted digit string of any length could be slow or fail.
_NUMBER_TOKEN = re.compile(r"([a-z]*)([0-9]{1,9})", re.ASCII)
_SIGNS = "+-"
# Dashes that word processors and paper-list scans put in place of a minus.
_DASHES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})
# What an unknown token is compared with to suggest the token that was meant.
_VOCABULARY = [
    *GAME_TOKENS,
    *FLAG_TOKENS,
    *("m2", "mit2", "o3", "ohne3", "r48", "b48", "a61", "st7"),
]

# Canonical spelling, in the order of the levels (Gewinnstufen) on a list.
CANONICAL_GAME = {
    GameType.CLUBS: "kr",
    GameType.SPADES: "pi",
    GameType.HEARTS: "he",
    GameType.DIAMONDS: "ka",
    GameType.GRAND: "gr",
    GameType.NULL: "nu",
}
CANONICAL_FLAGS = (
    ("hand", "h"),
    ("schneider", "s"),
    ("schneider_announced", "sa"),
    ("schwarz", "sw"),
    ("schwarz_announced", "swa"),
    ("ouvert", "o"),
    ("conceded", "rv"),
)
CANONICAL_NUMBERS = (("bid", "r"), ("declarer_eyes", "a"), ("declarer_tricks", "st"))


@dataclass(frozen=True)
class Token:
    """One blank-separated word of a line, and what it was read as.

    ``start``/``end`` are character offsets into the line (end exclusive), so that an
    interface can highlight the token; ``position`` counts tokens from 1 for messages.
    ``field`` is the API field the token sets, ``None`` if it was not understood;
    ``value`` is ``None`` for a letter whose number is missing ("m" instead of "m2").
    """

    text: str
    position: int
    start: int
    end: int
    field: str | None = None
    value: object = None

    @property
    def params(self) -> dict[str, object]:
        return {
            "token": self.text,
            "position": self.position,
            "start": self.start,
            "end": self.end,
        }


@dataclass(frozen=True)
class ParsedLine:
    """The result of reading one line: the API data, every problem, and the valued game."""

    text: str
    data: dict[str, object]
    problems: tuple[Problem, ...]
    tokens: tuple[Token, ...] = ()
    evaluation: Evaluation | None = field(default=None, compare=False)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def passed(self) -> bool:
        return self.data.get("passed") is True

    def tokens_for(self, field_name: str) -> tuple[Token, ...]:
        """The tokens that set ``field_name``, to highlight them next to an engine problem."""
        if field_name == "with_matadors":
            field_name = "matadors"
        return tuple(token for token in self.tokens if token.field == field_name)


def parse_game_line(text: str, scheme: ExtraPointsScheme = SKWO) -> ParsedLine:
    """Read one line of notation; report every problem of the text and of the game at once.

    ``scheme`` only changes the list points of :attr:`ParsedLine.evaluation` (the preview).
    """
    tokens = tuple(_read_tokens(text))
    if not tokens:
        problem = Problem(
            NOTATION,
            "empty_line",
            gettext_noop(
                'The line is empty. Type one game, e.g. "2 kr m2 h s +" (seat 2, Kreuz mit '
                '2, Hand, Schneider, won), or "p" for a passed-in game.'
            ),
        )
        return ParsedLine(text, {}, (problem,))
    passed = next((token for token in tokens if token.field == "passed"), None)
    if passed is not None:
        return ParsedLine(text, {"passed": True}, _passed_problems(tokens, passed), tokens)
    data, problems = _read_data(tokens)
    if "declarer_seat" not in data:
        problems.append(
            Problem(
                NOTATION,
                "missing_seat",
                gettext_noop(
                    'Start the line with the declarer\'s seat (1 to 4), e.g. "2 kr m2 +"; '
                    'for a passed-in game type only "p".'
                ),
            )
        )
    if "game" not in data:
        problems.append(
            Problem(
                NOTATION,
                "missing_game",
                gettext_noop(
                    "Add the game: kr (Kreuz), pi (Pik), he (Herz), ka (Karo), gr (Grand) or "
                    "nu (Null)."
                ),
            )
        )
        return ParsedLine(text, data, tuple(problems), tokens)
    try:
        evaluation = evaluate(*read_game(data), scheme)
    except GameInvalid as invalid:
        without_number = {token.field for token in tokens if token.value is None}
        problems += [
            _in_notation(problem, data)
            for problem in invalid.problems
            if problem.field not in without_number
        ]
        evaluation = None
    if problems:
        evaluation = None
    return ParsedLine(text, data, tuple(problems), tokens, evaluation)


def parse_game_lines(text: str, scheme: ExtraPointsScheme = SKWO) -> list[ParsedLine]:
    """Read a pasted block of lines, one game each; blank lines are skipped."""
    return [parse_game_line(line, scheme) for line in text.splitlines() if line.strip()]


def format_game_line(data: dict) -> str:
    """The canonical line for a game in API fields (a stored game, or a parsed line).

    Only what is true is written: a flag that is false and one that was not given read
    the same in the notation, and for a valid game they value the same.
    Raises ``ValueError`` for a game that is not one of :class:`GameType`.
    """
    if data.get("passed"):
        return "p"
    words = []
    if data.get("declarer_seat") is not None:
        words.append(str(data["declarer_seat"]))
    if data.get("game") is not None:
        words.append(CANONICAL_GAME[GameType(data["game"])])
    if data.get("matadors") is not None:
        prefix = "m" if data.get("with_matadors", True) else "o"
        words.append(f"{prefix}{data['matadors']}")
    words += [word for name, word in CANONICAL_FLAGS if data.get(name)]
    words += [
        f"{prefix}{data[name]}" for name, prefix in CANONICAL_NUMBERS if data.get(name) is not None
    ]
    if data.get("won") is not None:
        words.append("+" if data["won"] else "-")
    return " ".join(words)


def canonical_data(data: dict) -> dict[str, object]:
    """``data`` as its canonical line reads back: what :func:`format_game_line` keeps.

    Drops ``None`` and false flags, and keeps ``with_matadors`` only next to matadors
    (true if not given, as in the API), so that a stored game and its line compare equal.
    """
    if data.get("passed"):
        return {"passed": True}
    kept = {}
    for name, value in data.items():
        if value is None or name in ("passed", "with_matadors"):
            continue
        if value is False and name != "won":
            continue
        kept[name] = GameType(value).value if name == "game" else value
    if kept.get("matadors") is not None:
        kept["with_matadors"] = data.get("with_matadors", True)
    return kept


def _read_tokens(text: str):
    position = 0
    for match in re.finditer(r"[^\s,;]+", text):
        for start, end in _split_signs(match.start(), match.end(), text):
            position += 1
            yield _read_token(text[start:end], position, start, end)


def _split_signs(start: int, end: int, text: str):
    """Split a trailing + or - off the word before it: "s+" is "s" and "+"."""
    signs = []
    while end - start > 1 and text[end - 1].translate(_DASHES) in _SIGNS:
        end -= 1
        signs.append((end, end + 1))
    yield (start, end)
    yield from reversed(signs)


def _read_token(word: str, position: int, start: int, end: int) -> Token:
    key = word.casefold().translate(_DASHES)
    if key in GAME_TOKENS:
        return Token(word, position, start, end, "game", GAME_TOKENS[key].value)
    if key in FLAG_TOKENS:
        name, value = FLAG_TOKENS[key]
        return Token(word, position, start, end, name, value)
    if key in NUMBER_PREFIXES:
        return Token(word, position, start, end, NUMBER_PREFIXES[key])
    number = _NUMBER_TOKEN.fullmatch(key)
    if number is None:
        return Token(word, position, start, end)
    prefix, digits = number.group(1), int(number.group(2))
    if not prefix:
        return Token(word, position, start, end, "declarer_seat", digits)
    if prefix not in NUMBER_PREFIXES:
        return Token(word, position, start, end)
    name = NUMBER_PREFIXES[prefix]
    value = (digits, prefix not in _WITHOUT) if name == "matadors" else digits
    return Token(word, position, start, end, name, value)


def _read_data(tokens: tuple[Token, ...]) -> tuple[dict[str, object], list[Problem]]:
    """The API data of a played game's tokens; the first of repeated tokens counts."""
    data: dict[str, object] = {}
    first: dict[str, Token] = {}
    problems = []
    for token in tokens:
        if token.field is None:
            problems.append(_unknown(token))
        elif token.value is None:
            problems.append(_missing_number(token))
        elif token.field in first:
            problems.append(_repeated(token, first[token.field]))
        else:
            first[token.field] = token
            if token.field == "matadors":
                data["matadors"], data["with_matadors"] = token.value
            else:
                data[token.field] = token.value
            if token.field == "declarer_seat" and token.value not in SEATS:
                problems.append(_seat_out_of_range(token))
    return data, problems


def _passed_problems(tokens: tuple[Token, ...], passed: Token) -> tuple[Problem, ...]:
    problems = []
    for token in tokens:
        if token.field is None:
            problems.append(_unknown(token))
        elif token is not passed:
            problems.append(
                _repeated(token, passed)
                if token.field == "passed"
                else _not_with_passed(token, passed)
            )
    return tuple(problems)


def _missing_number(token: Token) -> Problem:
    return Problem(
        NOTATION,
        "missing_number",
        gettext_noop(
            'Entry %(position)d "%(token)s" needs its number without a blank: m2 for mit 2, '
            "o3 for ohne 3, r48 for the bid, a61 for eyes, st7 for tricks."
        ),
        token.params,
    )


def _unknown(token: Token) -> Problem:
    key = token.text.casefold().translate(_DASHES)
    suggestion = get_close_matches(key, _VOCABULARY, n=1, cutoff=0.6)
    if suggestion:
        return Problem(
            NOTATION,
            "unknown_token",
            gettext_noop(
                'Entry %(position)d "%(token)s" is not part of the notation; did you mean '
                '"%(suggestion)s"?'
            ),
            {**token.params, "suggestion": suggestion[0]},
        )
    return Problem(
        NOTATION,
        "unknown_token",
        gettext_noop(
            'Entry %(position)d "%(token)s" is not part of the notation. A line reads e.g. '
            '"2 kr m2 h s +": seat, game, matadors, levels, + or -.'
        ),
        token.params,
    )


def _repeated(token: Token, first: Token) -> Problem:
    params = {**token.params, "other": first.text, "other_position": first.position}
    if token.value == first.value:
        return Problem(
            NOTATION,
            "duplicate_token",
            gettext_noop(
                'Entry %(position)d "%(token)s" repeats entry %(other_position)d '
                '"%(other)s": delete one of them.'
            ),
            params,
        )
    if token.field == "declarer_seat":
        message = gettext_noop(
            'Entry %(position)d "%(token)s" is a second seat after entry %(other_position)d '
            '"%(other)s": a game has one declarer. Write matadors as m2 or o3, without a blank.'
        )
    else:
        message = gettext_noop(
            'Entry %(position)d "%(token)s" contradicts entry %(other_position)d '
            '"%(other)s": keep the one that is right.'
        )
    return Problem(NOTATION, "conflicting_tokens", message, params)


def _not_with_passed(token: Token, passed: Token) -> Problem:
    return Problem(
        NOTATION,
        "conflicting_tokens",
        gettext_noop(
            "A passed-in game (%(other)s) has no declarer and no game: delete entry "
            '%(position)d "%(token)s", or the "%(other)s" if the game was played.'
        ),
        {**token.params, "other": passed.text, "other_position": passed.position},
    )


def _in_notation(problem: Problem, data: dict) -> Problem:
    """Say in notation words what is missing or wrong; the rest passes unchanged."""
    if problem.code == "won_required":
        return Problem(
            NOTATION,
            "missing_result",
            gettext_noop(
                "End the line with + (won) or - (lost), or give the declarer's eyes, e.g. a61."
            ),
        )
    if problem.code == "matadors_required":
        if data.get("game") == GameType.NULL.value:
            message = gettext_noop(
                "The bid is higher than this Null game is worth, so it is lost as the "
                "cheapest suit or grand game: add the declarer's matadors, e.g. m1 or o2."
            )
        else:
            message = gettext_noop("Add the matadors: m2 for mit 2, o3 for ohne 3.")
        return Problem(NOTATION, "missing_matadors", message)
    return in_words(problem, data)


def _seat_out_of_range(token: Token) -> Problem:
    return Problem(
        NOTATION,
        "seat_out_of_range",
        gettext_noop(
            'Entry %(position)d "%(token)s": the seat is 1, 2, 3 or 4 (the declarer\'s place '
            "at the table)."
        ),
        token.params,
    )


__all__ = [
    "NOTATION",
    "ParsedLine",
    "Token",
    "canonical_data",
    "format_game_line",
    "parse_game_line",
    "parse_game_lines",
]
