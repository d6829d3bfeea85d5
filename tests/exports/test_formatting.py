"""How numbers, moments and names look in the exported files."""

import datetime

import pytest

from tournaments.exports import formatting


@pytest.mark.parametrize(
    ("value", "shown"),
    [(None, ""), (0, "0"), (999, "999"), (1234, "1.234"), (-1234567, "\u22121.234.567")],
)
def test_number_has_german_thousands_separators_and_nothing_for_none(value, shown):
    assert formatting.number(value) == shown


@pytest.mark.parametrize(
    ("moment", "shown"),
    [
        (None, ""),
        (datetime.datetime(2026, 11, 22, 13, 3, tzinfo=datetime.UTC), "22.11.2026 14:03"),
        (datetime.datetime(2026, 7, 1, 22, 30, tzinfo=datetime.UTC), "02.07.2026 00:30"),
    ],
)
def test_date_time_is_berlin_time_and_nothing_for_none(moment, shown):
    assert formatting.date_time(moment) == shown


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        (None, ""),
        ("Zoë Müller-Łukasiewicz", "Zoë Müller-Łukasiewicz"),
        ("Ольга Σοφία", "Ольга Σοφία"),
        ("ℊünter", "günter"),  # a letter the font lacks, printed without its flourish
        ("Li 李", "Li ?"),  # a letter with no printable base at all
    ],
)
def test_pdf_text_keeps_drawable_letters_and_replaces_the_others(typed, printed):
    assert formatting.pdf_text(typed) == printed
