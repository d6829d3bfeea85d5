"""A name, a club or a sentence on paper: printed whole, never cut.

A text too wide for its place is printed up to :data:`SHRINK` points smaller; if that is
not enough it is wrapped between words onto further lines, in the smaller type. A word
wider than the place on its own breaks after a hyphen of its own, as a double name does
("Müller-" / "Lüdenscheidt"); only a part still too wide (a web address) gets smaller type.
The ranking tables (``pdf_ranking``), the start cards and the table plan (``pdf_plan``)
and the table cards (``pdf_table_cards``) all ask :func:`fit`; a game list's grid, whose
rows hold one line, asks :func:`fitting_size` for one line in smaller type.
"""

import functools
import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from .formatting import pdf_text
from .styles import FONT

SHRINK = 2
SMALLEST = 4.5


@dataclass(frozen=True)
class Fitted:
    """The lines of a text as printed, in ``font`` at ``size`` (one line if it fits)."""

    lines: tuple[str, ...]
    font: str
    size: float

    @property
    def leading(self) -> float:
        """The distance from one line's baseline to the next."""
        return self.size + 1.5

    @property
    def extra(self) -> float:
        """How much further down the text reaches than it would on one line."""
        return (len(self.lines) - 1) * self.leading


@functools.lru_cache(maxsize=4096)
def fit(text: str, width: float, font: str, size: float, *, smallest: float = 0) -> Fitted:
    """``text`` whole within ``width`` points: at ``size``, or up to :data:`SHRINK` points
    smaller (not below ``smallest``), or wrapped between words at that smaller size."""
    text = pdf_text(text)
    if stringWidth(text, font, size) <= width:
        return Fitted((text,), font, size)
    smaller = max(size - SHRINK, smallest)
    if stringWidth(text, font, smaller) <= width:
        return Fitted((text,), font, smaller)
    # (separator, piece): a word, or the parts of a word too wide on its own.
    pieces = []
    for word in text.split():
        parts = [word] if stringWidth(word, font, smaller) <= width else _HYPHENS.findall(word)
        pieces += [(" " if index == 0 else "", part) for index, part in enumerate(parts)]
    smaller = min(fitting_size(piece, width, smaller, font) for _, piece in pieces)
    return Fitted(tuple(_lines(pieces, width, font, smaller)), font, smaller)


# A word's parts after each of its hyphens: "Müller-Lüdenscheidt" -> "Müller-", "Lüdenscheidt".
_HYPHENS = re.compile(r"[^-]*-+(?=[^-])|[^-]+-*|-+")


def _lines(pieces: list[tuple[str, str]], width: float, font: str, size: float) -> list[str]:
    """The pieces filled into lines greedily, each after its separator (a space between
    words, nothing between the parts of one)."""
    lines: list[str] = []
    for separator, piece in pieces:
        if lines and stringWidth(lines[-1] + separator + piece, font, size) <= width:
            lines[-1] += separator + piece
        else:
            lines.append(piece)
    return lines


@functools.lru_cache(maxsize=4096)
def fitting_size(text: str, width: float, size: float, font: str = FONT) -> float:
    """The largest font size up to ``size`` at which ``text`` fits ``width`` on one line
    (4.5 at least)."""
    text = pdf_text(text)
    while size > SMALLEST and stringWidth(text, font, size) > width:
        size -= 0.25
    return size


def draw(canvas, x: float, baseline: float, fitted: Fitted, align: str = "left") -> float:
    """Draw ``fitted`` with its first line on ``baseline``; returns the last line's baseline.

    ``x`` is the left end, the right end (``align="right"``) or the middle ("centre").
    """
    canvas.setFont(fitted.font, fitted.size)
    drawing = {
        "left": canvas.drawString,
        "right": canvas.drawRightString,
        "centre": canvas.drawCentredString,
    }[align]
    for line in fitted.lines:
        drawing(x, baseline, line)
        baseline -= fitted.leading
    return baseline + fitted.leading
