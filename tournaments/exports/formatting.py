"""How numbers, dates, text and file names look in exported files.

PDFs show numbers the German way (1.234, −56 with a real minus sign) whatever the request
language, because the printed list is the official German document; spreadsheets get real
numbers instead.
The PDFs embed DejaVu Sans (see :mod:`~tournaments.exports.styles`), which has every
Latin, Greek and Cyrillic letter: names print exactly as typed. A letter the font lacks
(Chinese, say) is written without its accent or as "?" rather than as a black box.
"""

import functools
import unicodedata

from django.utils import timezone

from tournaments.skat.explanation import MINUS


def number(value: int | None) -> str:
    """A whole number with German thousands separators and a real minus sign (``−1.234``,
    as on the pages); empty for None."""
    if value is None:
        return ""
    return f"{MINUS if value < 0 else ''}{abs(value):,}".replace(",", ".")


def euros(value) -> str:
    """An amount of money the German way, rounded half up to cents: ``−1.234,50 €``."""
    from tournaments.skat.money import cents

    amount = cents(value)
    whole, fraction = f"{abs(amount):.2f}".split(".")
    return f"{MINUS if amount < 0 else ''}{number(int(whole))},{fraction} €"


def signed_number(value: int) -> str:
    """A number with its sign, as the ±50 column shows it (``+150``, ``−50``, ``0``)."""
    return f"+{number(value)}" if value > 0 else number(value)


def date(value) -> str:
    return f"{value:%d.%m.%Y}" if value else ""


def date_time(value) -> str:
    """A stored moment in the tournament's local time (Europe/Berlin), e.g. 22.11.2026 14:03."""
    if value is None:
        return ""
    return f"{timezone.localtime(value):%d.%m.%Y %H:%M}"


def pdf_text(value) -> str:
    """``value`` as text the PDF font can draw: every letter it has kept as typed."""
    return _pdf_text(str(value or ""))


@functools.lru_cache(maxsize=8192)
def _pdf_text(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    drawable = _drawable()
    if all(ord(char) in drawable for char in text):
        return text
    return "".join(_pdf_char(char, drawable) for char in text)


@functools.lru_cache(maxsize=1)
def _drawable() -> frozenset:
    from reportlab.pdfbase import pdfmetrics

    from .styles import FONT, ITALIC

    font, italic = pdfmetrics.getFont(FONT).face, pdfmetrics.getFont(ITALIC).face
    return frozenset(font.charToGlyph) & frozenset(italic.charToGlyph)


def _pdf_char(char: str, drawable: frozenset) -> str:
    if ord(char) in drawable:
        return char
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if base and all(ord(c) in drawable for c in base):
        return base
    return "?"
