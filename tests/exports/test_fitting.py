"""The one rule for texts on paper (exports/fitting.py): whole, a little smaller, wrapped."""

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests import factories as f
from tournaments.exports.fitting import SHRINK, fit
from tournaments.exports.styles import BOLD, FONT

CLUB = f.LONG_CLUB


def test_a_text_that_fits_keeps_its_size_and_line():
    assert fit("Łukasz Wąsik", 200, FONT, 13).lines == ("Łukasz Wąsik",)
    assert fit("Łukasz Wąsik", 200, FONT, 13).size == 13


def test_a_text_a_little_too_wide_is_set_smaller_on_one_line():
    width = stringWidth(CLUB, FONT, 9)

    fitted = fit(CLUB, width, FONT, 10)

    assert fitted.lines == (CLUB,)
    assert 10 - SHRINK <= fitted.size < 10


def test_a_text_much_too_wide_wraps_between_words_at_the_smaller_size():
    fitted = fit(CLUB, 150, FONT, 10)

    assert fitted.size == 10 - SHRINK
    assert " ".join(fitted.lines) == CLUB
    assert len(fitted.lines) == 2
    assert all(stringWidth(line, FONT, fitted.size) <= 150 for line in fitted.lines)


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("Jürgen Müller-Lüdenscheidt", ("Jürgen Müller-", "Lüdenscheidt")),
        ("Wolfgang von der Heydt-Ærøskøbing", ("Wolfgang von der", "Heydt-Ærøskøbing")),
    ],
)
def test_a_double_name_too_wide_on_its_own_breaks_after_its_hyphen(name, lines):
    assert fit(name, 105, BOLD, 13).lines == lines


def test_a_word_without_a_break_gets_smaller_type_but_is_never_cut():
    address = "https://skat.example.org/tisch/"

    fitted = fit(address, 90, FONT, 12)

    assert fitted.lines == (address,)
    assert stringWidth(address, FONT, fitted.size) <= 90


def test_a_smallest_size_is_kept_and_the_text_wraps_instead():
    note = "Bestätigt Ihre Spiellisten. Bitte geben Sie sie nicht weiter."

    fitted = fit(note, 158, FONT, 8, smallest=8)

    assert fitted.size == 8
    assert fitted.lines == ("Bestätigt Ihre Spiellisten. Bitte geben Sie", "sie nicht weiter.")
