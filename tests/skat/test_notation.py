"""The keyboard notation: every game, every token, every problem, and the way back."""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tournaments.skat import GAME_FIELDS, GameInvalid, GameType, evaluate_data
from tournaments.skat.notation import (
    NOTATION,
    ParsedLine,
    canonical_data,
    format_game_line,
    parse_game_line,
    parse_game_lines,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTATION_SOURCE = REPO_ROOT / "tournaments" / "skat" / "notation.py"
API_FIELDS = set(GAME_FIELDS) | {"declarer_seat", "passed"}
SETTINGS = settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _codes(parsed: ParsedLine) -> list[tuple[str, str]]:
    return [(problem.field, problem.code) for problem in parsed.problems]


# -- games -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "game", "value"),
    [
        ("1 kr m1 +", "clubs", 24),
        ("1 kreuz m1 +", "clubs", 24),
        ("1 pi m1 +", "spades", 22),
        ("1 pik m1 +", "spades", 22),
        ("1 he m1 +", "hearts", 20),
        ("1 herz m1 +", "hearts", 20),
        ("1 ka m1 +", "diamonds", 18),
        ("1 karo m1 +", "diamonds", 18),
        ("1 gr m1 +", "grand", 48),
        ("1 grand m1 +", "grand", 48),
        ("1 nu +", "null", 23),
        ("1 null +", "null", 23),
        ("1 nu h +", "null", 35),
        ("1 nu o +", "null", 46),
        ("1 nu o h +", "null", 59),
    ],
)
def test_parse_game_line_reads_every_game(line, game, value):
    parsed = parse_game_line(line)

    assert (parsed.ok, parsed.data["game"], parsed.evaluation.game_value) == (True, game, value)


@pytest.mark.parametrize(
    ("line", "data"),
    [
        ("p", {"passed": True}),
        ("e", {"passed": True}),
        ("P", {"passed": True}),
    ],
)
def test_parse_game_line_reads_passed_game_alone(line, data):
    parsed = parse_game_line(line)

    assert (parsed.ok, parsed.data, parsed.passed, parsed.evaluation) == (True, data, True, None)


# -- every token -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("1", {"declarer_seat": 1}),
        ("4", {"declarer_seat": 4}),
        ("m2", {"matadors": 2, "with_matadors": True}),
        ("mit2", {"matadors": 2, "with_matadors": True}),
        ("o3", {"matadors": 3, "with_matadors": False}),
        ("ohne3", {"matadors": 3, "with_matadors": False}),
        ("h", {"hand": True}),
        ("hand", {"hand": True}),
        ("s", {"schneider": True}),
        ("schneider", {"schneider": True}),
        ("sa", {"schneider_announced": True}),
        ("sw", {"schwarz": True}),
        ("schwarz", {"schwarz": True}),
        ("swa", {"schwarz_announced": True}),
        ("o", {"ouvert": True}),
        ("ov", {"ouvert": True}),
        ("ouvert", {"ouvert": True}),
        ("rv", {"conceded": True}),
        ("r48", {"bid": 48}),
        ("b48", {"bid": 48}),
        ("a61", {"declarer_eyes": 61}),
        ("st7", {"declarer_tricks": 7}),
        ("+", {"won": True}),
        ("g", {"won": True}),
        ("-", {"won": False}),
        ("v", {"won": False}),
        ("\u2212", {"won": False}),
        ("\u2013", {"won": False}),
    ],
)
def test_parse_game_line_reads_every_token(token, expected):
    parsed = parse_game_line(f"gr {token}")

    assert parsed.data == {"game": "grand", **expected}
    assert parsed.tokens[1].text == token


@pytest.mark.parametrize(
    ("line", "data"),
    [
        (
            "2 kr m2 h s +",
            {
                "declarer_seat": 2,
                "game": "clubs",
                "matadors": 2,
                "with_matadors": True,
                "hand": True,
                "schneider": True,
                "won": True,
            },
        ),
        (
            "3 gr o4 h sa swa sw +",
            {
                "declarer_seat": 3,
                "game": "grand",
                "matadors": 4,
                "with_matadors": False,
                "hand": True,
                "schneider_announced": True,
                "schwarz_announced": True,
                "schwarz": True,
                "won": True,
            },
        ),
        (
            "1 pi m1 r33 a75",
            {
                "declarer_seat": 1,
                "game": "spades",
                "matadors": 1,
                "with_matadors": True,
                "bid": 33,
                "declarer_eyes": 75,
            },
        ),
        (
            "4 nu o h -",
            {"declarer_seat": 4, "game": "null", "ouvert": True, "hand": True, "won": False},
        ),
    ],
)
def test_parse_game_line_gives_api_data(line, data):
    parsed = parse_game_line(line)

    assert (parsed.ok, parsed.data) == (True, data)


@pytest.mark.parametrize(
    "line",
    [
        "2 kr m2 h s +",
        "2 KR M2 H S +",
        "  2   kr\tm2  h   s  +  ",
        "2,kr,m2,h,s,+",
        "2 kr m2 h s+",
        "2 Kreuz Mit2 Hand Schneider G",
        "kr m2 + s h 2",
    ],
)
def test_parse_game_line_ignores_case_blanks_and_order(line):
    parsed = parse_game_line(line)

    assert (parsed.ok, parsed.data) == (True, parse_game_line("2 kr m2 h s +").data)


def test_parse_game_line_data_is_json_for_the_games_endpoint():
    parsed = parse_game_line("2 gr o2 h sa s r96 a95 st8 +")

    assert set(parsed.data) <= API_FIELDS
    assert json.loads(json.dumps(parsed.data)) == parsed.data


@pytest.mark.parametrize("line", ["2 kr m2 h s +", "p", "kr", "9 xx", ""])
def test_parse_game_line_data_uses_only_api_fields(line):
    assert set(parse_game_line(line).data) <= API_FIELDS


# -- values, checked by hand ---------------------------------------------------------------

HAND_CHECKED = [
    # (2 + 1 + 1 + 1) × 12 = 60
    ("2 kr m2 h s +", 60, 60),
    # Spiel 2 × 11 = 22
    ("3 pi o1 +", 22, 22),
    # 2 × 10 = 20, lost double
    ("1 he m1 -", 20, -40),
    # 3 × 24 = 72
    ("2 gr m2 +", 72, 72),
    ("3 nu +", 23, 23),
    ("1 nu h -", 35, -70),
    # (3 + 1 + 1) × 9 = 45
    ("2 ka o3 s +", 45, 45),
    # (1 + 1 + 1) × 24 = 72
    ("3 gr o1 h +", 72, 72),
    # RULES 1.5: bid 48, Kreuz mit 1 won without Schneider → 4 × 12 = 48, −96
    ("1 kr m1 r48 +", 48, -96),
    ("2 nu o h +", 59, 59),
    # RULES 1.5: bid 33, Pik mit 1 won with 75 eyes → 3 × 11 = 33, −66
    ("3 pi m1 r33 a75", 33, -66),
]
MORE_HAND_CHECKED = [
    # Grand ohne 4, Hand, Schneider, angesagt, Schwarz, angesagt: 10 × 24 = 240
    ("1 gr o4 h swa sw +", 240, 240),
    # RULES 1.3: Kreuz ouvert mit 2 = 9 × 12 = 108
    ("1 kr m2 o sw +", 108, 108),
    # rule violation, lost einfach: (2 + 1) × 12 = 36, −72
    ("2 kr m2 rv", 36, -72),
    # RULES 1.5: Null at bid 24 with a club jack is lost as Kreuz 24, −48
    ("3 nu m1 r24 -", 24, -48),
    # Herz ohne 2, declarer schwarz (0 tricks): (2 + 1 + 1 + 1) × 10 = 50, −100
    ("1 he o2 st0 a0 -", 50, -100),
]


@pytest.mark.parametrize(("line", "value", "score"), HAND_CHECKED + MORE_HAND_CHECKED)
def test_parsed_line_values_as_checked_by_hand(line, value, score):
    evaluation = parse_game_line(line).evaluation

    assert (evaluation.game_value, evaluation.score) == (value, score)


@pytest.mark.parametrize(("line", "value", "score"), HAND_CHECKED + MORE_HAND_CHECKED)
def test_parsed_line_data_values_the_same_through_the_engine(line, value, score):
    evaluation = evaluate_data(parse_game_line(line).data)

    assert (evaluation.game_value, evaluation.score) == (value, score)


def test_parse_game_lines_reads_a_48_game_paper_list():
    block = ["2 kr m2 h s +", "3 pi o1 +", "p", "1 he m1 -"] + [
        line for line, _, _ in HAND_CHECKED[3:]
    ]
    text = "\n".join(block * 4) + "\n\n"

    parsed = parse_game_lines(text)

    assert len(parsed) == 48
    assert all(line.ok for line in parsed)
    # per block of 12: 60 + 22 + 0 − 40 + 72 + 23 − 70 + 45 + 72 − 96 + 59 − 66 = 81
    assert sum(line.evaluation.score for line in parsed if not line.passed) == 4 * 81


# -- problems ----------------------------------------------------------------------------

NOTATION_PROBLEMS = [
    # (line, code, token of the problem or None)
    pytest.param("", "empty_line", None, id="empty_line"),
    pytest.param("   \t ", "empty_line", None, id="empty_line-blanks"),
    pytest.param("2 kr m2 hnd +", "unknown_token", "hnd", id="unknown_token-suggestion"),
    pytest.param("2 kr m2 h xyzzy +", "unknown_token", "xyzzy", id="unknown_token"),
    pytest.param("2 kr m2 h s % +", "unknown_token", "%", id="unknown_token-sign"),
    pytest.param("2 kr m1234567890 +", "unknown_token", "m1234567890", id="unknown_token-long"),
    pytest.param("2 kr x2 +", "unknown_token", "x2", id="unknown_token-prefix"),
    pytest.param("p zz", "unknown_token", "zz", id="unknown_token-passed"),
    pytest.param("2 kr m +", "missing_number", "m", id="missing_number-m"),
    pytest.param("2 kr mit 2 +", "missing_number", "mit", id="missing_number-mit"),
    pytest.param("2 kr ohne +", "missing_number", "ohne", id="missing_number-ohne"),
    pytest.param("2 kr m2 r +", "missing_number", "r", id="missing_number-bid"),
    pytest.param("2 kr m2 a", "missing_number", "a", id="missing_number-eyes"),
    pytest.param("2 kr m2 st +", "missing_number", "st", id="missing_number-tricks"),
    pytest.param("kr m2 +", "missing_seat", None, id="missing_seat"),
    pytest.param("5 kr m2 +", "seat_out_of_range", "5", id="seat_out_of_range"),
    pytest.param("0 kr m2 +", "seat_out_of_range", "0", id="seat_out_of_range-0"),
    pytest.param("2 m2 +", "missing_game", None, id="missing_game"),
    pytest.param("2 kr m2 h h +", "duplicate_token", "h", id="duplicate_token"),
    pytest.param("2 kr m2 + g", "duplicate_token", "g", id="duplicate_token-alias"),
    pytest.param("p e", "duplicate_token", "e", id="duplicate_token-passed"),
    pytest.param("2 kr pi m2 +", "conflicting_tokens", "pi", id="conflicting_tokens-game"),
    pytest.param("2 kr m2 + -", "conflicting_tokens", "-", id="conflicting_tokens-result"),
    pytest.param("2 kr m2 o2 +", "conflicting_tokens", "o2", id="conflicting_tokens-mit-ohne"),
    pytest.param("2 kr m2 3 +", "conflicting_tokens", "3", id="conflicting_tokens-seat"),
    pytest.param("2 kr m2 r18 r20 +", "conflicting_tokens", "r20", id="conflicting_tokens-bid"),
    pytest.param("2 p", "conflicting_tokens", "2", id="conflicting_tokens-passed"),
    pytest.param("2 kr +", "missing_matadors", None, id="missing_matadors"),
    pytest.param("2 nu r24 -", "missing_matadors", None, id="missing_matadors-null-overbid"),
    pytest.param("2 kr m2", "missing_result", None, id="missing_result"),
    pytest.param("2 nu h", "missing_result", None, id="missing_result-null"),
]


@pytest.mark.parametrize(("line", "code", "token"), NOTATION_PROBLEMS)
def test_parse_game_line_reports_notation_problem(line, code, token):
    parsed = parse_game_line(line)

    problem = next(p for p in parsed.problems if p.code == code)
    assert problem.field == NOTATION
    assert problem.text()
    if token is not None:
        assert problem.params["token"] == token
        assert line[problem.params["start"] : problem.params["end"]] == token
        assert parsed.tokens[problem.params["position"] - 1].text == token


def _codes_in_notation_source() -> set[str]:
    """The code of every Problem(...) that notation.py builds."""
    tree = ast.parse(NOTATION_SOURCE.read_text(encoding="utf-8"))
    return {
        node.args[1].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "Problem"
        and isinstance(node.args[1], ast.Constant)
    }


def test_notation_problems_cover_every_code_of_the_parser():
    tested = {case.values[1] for case in NOTATION_PROBLEMS}

    assert tested == _codes_in_notation_source()


@pytest.mark.parametrize(
    ("line", "field", "code"),
    [
        ("2 kr m2 sa s +", "schneider_announced", "announcement_requires_hand"),
        ("2 kr m2 swa sw +", "schwarz_announced", "announcement_requires_hand"),
        ("2 gr m5 +", "matadors", "matadors_out_of_range"),
        ("2 kr m12 +", "matadors", "matadors_out_of_range"),
        ("2 kr o0 +", "matadors", "matadors_out_of_range"),
        ("2 kr m1 r19 +", "bid", "bid_not_a_game_value"),
        ("2 kr m1 r300 +", "bid", "bid_out_of_range"),
        ("2 nu sa +", "schneider_announced", "announcement_not_in_null"),
        ("2 nu s +", "schneider", "not_in_null"),
        ("2 kr m1 a121", "declarer_eyes", "eyes_out_of_range"),
        ("2 kr m1 a60 st11", "declarer_tricks", "tricks_out_of_range"),
        ("2 kr m1 a70 -", "won", "won_contradicts_eyes"),
        ("2 kr m1 h sa +", "schneider", "won_missing_announced_schneider"),
        ("2 kr m1 o +", "schwarz", "ouvert_won_without_schwarz"),
        ("2 kr m1 rv +", "won", "conceded_game_is_lost"),
    ],
)
def test_parse_game_line_merges_problems_of_the_engine(line, field, code):
    parsed = parse_game_line(line)

    assert _codes(parsed) == [(field, code)]
    assert parsed.evaluation is None


def test_parse_game_line_reports_every_problem_at_once():
    parsed = parse_game_line("9 gr kr m5 hnd sa sa s +")

    assert _codes(parsed) == [
        (NOTATION, "seat_out_of_range"),
        (NOTATION, "conflicting_tokens"),
        (NOTATION, "unknown_token"),
        (NOTATION, "duplicate_token"),
        ("matadors", "matadors_out_of_range"),
        ("schneider_announced", "announcement_requires_hand"),
    ]
    assert parsed.data["game"] == "grand"


def test_parse_game_line_reports_missing_seat_game_and_unknown_together():
    parsed = parse_game_line("zz +")

    assert _codes(parsed) == [
        (NOTATION, "unknown_token"),
        (NOTATION, "missing_seat"),
        (NOTATION, "missing_game"),
    ]


def test_parse_game_line_reports_missing_number_instead_of_missing_matadors():
    parsed = parse_game_line("2 kr mit 2 +")

    assert _codes(parsed) == [(NOTATION, "missing_number"), (NOTATION, "duplicate_token")]


def test_parse_game_line_reports_passed_with_other_tokens_once_each():
    parsed = parse_game_line("p 2 kr kr")

    assert [p.params["token"] for p in parsed.problems] == ["2", "kr", "kr"]
    assert parsed.data == {"passed": True}


def test_unknown_token_suggests_the_closest_token():
    parsed = parse_game_line("2 kreutz m2 +")

    assert parsed.problems[0].params["suggestion"] == "kreuz"
    assert '"kreuz"' in parsed.problems[0].text()


def test_tokens_for_engine_field_finds_the_typed_token():
    parsed = parse_game_line("2 kr m2 SA s +")

    (problem,) = parsed.problems
    assert [token.text for token in parsed.tokens_for(problem.field)] == ["SA"]
    assert [token.start for token in parsed.tokens_for("with_matadors")] == [5]


def test_problem_text_translates_with_params():
    parsed = parse_game_line("2 kr m2 xyzzy +")

    text = parsed.problems[0].text(lambda message: message.replace("Entry", "Eintrag"))

    assert text.startswith('Eintrag 4 "xyzzy"')


# -- the way back ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "line"),
    [
        ({"passed": True}, "p"),
        (
            {
                "passed": False,
                "declarer_seat": 2,
                "game": "clubs",
                "matadors": 2,
                "with_matadors": True,
                "hand": True,
                "ouvert": False,
                "schneider_announced": False,
                "schwarz_announced": False,
                "won": True,
                "schneider": True,
                "conceded": False,
            },
            "2 kr m2 h s +",
        ),
        (
            {"declarer_seat": 1, "game": GameType.GRAND, "matadors": 4, "with_matadors": False}
            | {"hand": True, "schwarz_announced": True, "schwarz": True, "won": True},
            "1 gr o4 h sw swa +",
        ),
        (
            {"declarer_seat": 3, "game": "null", "with_matadors": True, "ouvert": True}
            | {"hand": True, "won": False},
            "3 nu h o -",
        ),
        (
            {"declarer_seat": 1, "game": "spades", "matadors": 1, "bid": 33}
            | {"declarer_eyes": 75, "declarer_tricks": 6, "conceded": True},
            "1 pi m1 rv r33 a75 st6",
        ),
    ],
)
def test_format_game_line_writes_the_canonical_line(data, line):
    assert format_game_line(data) == line


def test_format_game_line_rejects_unknown_game():
    with pytest.raises(ValueError):
        format_game_line({"declarer_seat": 1, "game": "ramsch"})


SEATS = st.integers(min_value=1, max_value=4)
BOOLS = st.booleans()
MAYBE_BOOL = st.none() | BOOLS


@st.composite
def stored_games(draw):
    """Games in the shape of a stored game's inputs (explicit False, None for not given).

    Biased towards games the engine accepts, so that the value property is not vacuous;
    the rest are invalid in every way the types allow.
    """
    game = draw(st.sampled_from(list(GameType)))
    top = 4 if game is GameType.GRAND else 11
    matadors = st.integers(min_value=1, max_value=top)
    hand = draw(MAYBE_BOOL)
    announce = BOOLS if hand and not game.is_null else st.sampled_from([False] * 5 + [True])
    level = st.sampled_from([None, False]) if game.is_null else MAYBE_BOOL
    data = {
        "passed": False,
        "declarer_seat": draw(SEATS),
        "game": game.value,
        "matadors": draw((st.none() | matadors) if game.is_null else matadors),
        "with_matadors": draw(BOOLS),
        "hand": hand,
        "ouvert": draw(st.sampled_from([False, False, False, True])),
        "schneider_announced": draw(announce),
        "schwarz_announced": draw(announce),
        "bid": draw(st.none() | st.sampled_from([18, 20, 24, 33, 48, 60, 96, 120])),
        "won": draw(MAYBE_BOOL),
        "schneider": draw(level),
        "schwarz": draw(level),
        "conceded": draw(st.sampled_from([False, False, False, True])),
    }
    if draw(BOOLS):
        data["declarer_eyes"] = draw(st.integers(min_value=0, max_value=120))
        data["declarer_tricks"] = draw(st.none() | st.integers(min_value=0, max_value=10))
    elif data["won"] is None:
        data["won"] = draw(BOOLS)
    return data


def _engine_result(data):
    try:
        evaluation = evaluate_data(data)
    except GameInvalid:
        return None
    return (evaluation.scored_as, evaluation.game_value, evaluation.score, evaluation.overbid)


@SETTINGS
@given(stored_games())
@example({"passed": True})
def test_format_then_parse_gives_the_same_data(data):
    parsed = parse_game_line(format_game_line(data))

    assert parsed.data == canonical_data(data)


@SETTINGS
@given(stored_games())
def test_format_then_parse_values_a_valid_game_the_same(data):
    expected = _engine_result(data)

    parsed = parse_game_line(format_game_line(data))

    if expected is not None:
        assert parsed.ok
        assert _engine_result(parsed.data) == expected
        assert parsed.evaluation.score == expected[2]


GAME_WORDS = {
    GameType.CLUBS: ["kr", "kreuz"],
    GameType.SPADES: ["pi", "pik"],
    GameType.HEARTS: ["he", "herz"],
    GameType.DIAMONDS: ["ka", "karo"],
    GameType.GRAND: ["gr", "grand"],
    GameType.NULL: ["nu", "null"],
}
OPTIONAL_WORDS = [
    ["h", "hand"],
    ["s", "schneider"],
    ["sa"],
    ["sw", "schwarz"],
    ["swa"],
    ["o", "ov", "ouvert"],
    ["rv"],
    ["r24", "b24"],
    ["a70", "a20"],
    ["st5"],
    ["+", "g", "-", "v"],
]


@st.composite
def typed_lines(draw):
    """A line as a director might type it: any aliases, order, case and blanks."""
    words = [
        str(draw(SEATS)),
        draw(st.sampled_from(GAME_WORDS[draw(st.sampled_from(list(GameType)))])),
    ]
    if draw(BOOLS):
        prefix = draw(st.sampled_from(["m", "mit", "o", "ohne"]))
        words.append(f"{prefix}{draw(st.integers(min_value=1, max_value=11))}")
    for choices in OPTIONAL_WORDS:
        if draw(BOOLS):
            words.append(draw(st.sampled_from(choices)))
    words = draw(st.permutations(words))
    words = [draw(st.sampled_from([word, word.upper(), word.capitalize()])) for word in words]
    blanks = st.sampled_from([" ", "  ", "\t", ", "])
    return draw(blanks).strip(",") + "".join(word + draw(blanks) for word in words)


ENGINE_VERDICTS = {"missing_result", "missing_matadors"}


@SETTINGS
@given(typed_lines())
@example("2 KR m2 h S+")
def test_typed_line_reads_like_its_canonical_line(line):
    parsed = parse_game_line(line)

    again = parse_game_line(format_game_line(parsed.data))

    assert again.data == parsed.data
    assert _codes(again) == _codes(parsed)
    assert {p.code for p in parsed.problems if p.field == NOTATION} <= ENGINE_VERDICTS


# -- purity ------------------------------------------------------------------------------


def test_notation_imports_no_django():
    check = (
        "import sys, tournaments.skat.notation; "
        "assert not any(m.startswith('django') for m in sys.modules)"
    )

    result = subprocess.run(
        [sys.executable, "-c", check], cwd=REPO_ROOT, capture_output=True, text=True, check=False
    )

    assert (result.returncode, result.stderr) == (0, "")


# -- the documentation -------------------------------------------------------------------

DOCS = (REPO_ROOT / "docs" / "notation.md").read_text(encoding="utf-8")


def _docs_table(heading: str) -> list[list[str]]:
    section = DOCS.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row] for row in rows[2:]]


def _docs_tokens() -> list[str]:
    return [
        token for row in _docs_table("Die Zeichen") for token in re.findall(r"`([^`]+)`", row[0])
    ]


@pytest.mark.parametrize("token", _docs_tokens())
def test_docs_token_is_read(token):
    parsed = parse_game_line(f"gr {token}")

    assert parsed.tokens[1].field is not None


@pytest.mark.parametrize(("line", "score"), [(row[0], row[2]) for row in _docs_table("Beispiele")])
def test_docs_example_has_the_documented_score(line, score):
    parsed = parse_game_line(line.strip("`"))

    expected = int(score.replace("\u2212", "-").lstrip("+"))
    assert parsed.ok
    assert (parsed.evaluation.score if parsed.evaluation else 0) == expected


@pytest.mark.parametrize("code", sorted(_codes_in_notation_source()))
def test_docs_explain_every_problem_code(code):
    assert f"| `{code}` |" in DOCS


@pytest.mark.parametrize(
    "line",
    [
        "1 nu sa +",
        "1 kr m1 o h- +",
        "1 kr m1 sa +",
        "1 nu s +",
        "1 kr m1 h swa +",
        "1 kr m1 h sa +",
        "1 kr m1 a120",
        "1 kr m1 a50 s",
        "2 nu m2 +",
        "1 kr m1 h sa a50 s -",
    ],
)
def test_a_lines_messages_speak_of_words_not_boxes(line):
    parsed = parse_game_line(line)

    assert parsed.problems
    for problem in parsed.problems:
        text = problem.text().lower()
        assert "tick" not in text and "box" not in text, (problem.code, text)
