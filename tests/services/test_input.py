"""Whole numbers and free text read the same way at every door (services/input.py)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.services.errors import Rejected
from tournaments.services.input import (
    MAX_REASON_LENGTH,
    ascii_whole_number,
    free_text,
    query_number,
    whole_number,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("12", 12),
        (" 7 ", 7),
        (0, 0),
        (5, 5),
        ("³", None),
        ("٣", None),
        ("1e3", None),
        ("-1", None),
        (-1, None),
        (True, None),
        ("", None),
        (None, None),
        ("1" * 19, None),
    ],
)
def test_ascii_whole_number_reads_only_ascii_digits(value, expected):
    assert ascii_whole_number(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"), [("³", 12), ("", 12), (None, 12), ("3", 5), ("99", 40), ("20", 20)]
)
def test_query_number_falls_back_to_the_default_and_clamps(value, expected):
    assert query_number(value, default=12, low=5, high=40) == expected


@given(st.text(max_size=12))
def test_query_number_never_raises_and_stays_in_range(text):
    assert 5 <= query_number(text, default=12, low=5, high=40) <= 40


@pytest.mark.parametrize("value", ["³", "0", "41", None, "x"])
def test_whole_number_names_the_field_when_refused(value):
    with pytest.raises(Rejected) as refused:
        whole_number(value, field="lost_game_fee_from", low=1, high=40)

    problem = refused.value.problems[0]
    assert (problem.field, problem.code) == ("lost_game_fee_from", "invalid_number")
    assert problem.text() == "Enter a whole number from 1 to 40 (digits 0–9 only)."


def test_free_text_is_normalised_and_trimmed():
    decomposed = "Mu\u0308ller hat sich verzählt  "

    assert free_text(decomposed, field="reason", max_length=50) == "Müller hat sich verzählt"


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("a\ud800b", "invalid_character"),
        ("a\ufffdb", "invalid_character"),  # what invalid UTF-8 was decoded to
        ("\ufffd\ufffd\ufffd", "invalid_character"),
        ("a\x00b", "control_character"),
        ("a\x1bb", "control_character"),
        ("x" * 501, "too_long"),
        (42, "invalid_text"),
    ],
)
def test_free_text_refusals_name_the_field(value, code):
    with pytest.raises(Rejected) as refused:
        free_text(value, field="reason", max_length=MAX_REASON_LENGTH)

    assert (refused.value.problems[0].field, refused.value.problems[0].code) == ("reason", code)


def test_free_text_keeps_line_breaks_only_where_several_lines_make_sense():
    assert free_text("a\nb", field="note", max_length=10) == "a\nb"
    with pytest.raises(Rejected):
        free_text("a\nb", field="name", max_length=10, multiline=False)


def test_free_text_required_refuses_blank():
    with pytest.raises(Rejected) as refused:
        free_text("   ", field="reason", max_length=10, required=True)

    assert refused.value.problems[0].code == "required"


def test_limit_is_counted_after_normalisation():
    assert free_text("e\u0301" * 500, field="reason", max_length=500) == "é" * 500
