"""The strokes of a drawn signature: what the signing pad recorded, checked for plausibility.

The pad sends, beside the PNG, every stroke as the points the finger or pen passed through,
in the field's coordinates (``{"width", "height", "strokes": [[[x, y], …], …]}``). A
signature is a few strokes that run across a good part of the field: a dot, a tap, a single
short line or hundreds of scribbles are refused, naming the seat. Reading them costs
microseconds, whatever the image.
"""

import itertools
import json
import math
from dataclasses import dataclass

from django.utils.translation import gettext_noop

from ..errors import Refusal

STROKES_UNREADABLE = Refusal(
    "strokes",
    "strokes_unreadable",
    gettext_noop("The signing pad sent no readable strokes; clear the field and sign again."),
)
STROKES_TOO_MANY = Refusal(
    "strokes",
    "strokes_too_many",
    gettext_noop("The signature has too many points; clear the field and sign again."),
)
STROKES_IMPLAUSIBLE = Refusal(
    "strokes",
    "strokes_implausible",
    gettext_noop(
        "The signature of seat %(seat)d is a dot or a scribble, not a signature. Sign "
        "with your name across the field, or confirm with the PIN from the start card."
    ),
)
STROKES_TOO_SMALL = Refusal(
    "strokes",
    "strokes_too_small",
    gettext_noop(
        "The signature of seat %(seat)d is too small to be a signature. Sign with "
        "your name across the field, or confirm with the PIN from the start card."
    ),
)

MAX_TEXT = 200_000
MAX_POINTS = 5_000
MIN_STROKES, MAX_STROKES = 1, 60
MIN_POINTS = 8
# Of the field: how far the strokes reach across and up, and how long they are together.
MIN_SPAN_WIDTH = 0.2
MIN_SPAN_HEIGHT = 0.08
MIN_LENGTH = 0.6


@dataclass(frozen=True)
class Strokes:
    width: int
    height: int
    strokes: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def points(self):
        return [point for stroke in self.strokes for point in stroke]

    def length(self) -> float:
        return sum(
            math.dist(a, b) for stroke in self.strokes for a, b in itertools.pairwise(stroke)
        )


def read_strokes(value) -> Strokes:
    """The pad's strokes from its JSON text; refused (naming ``strokes``) if malformed."""
    try:
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise ValueError
        data = json.loads(value)
        width, height = data["width"], data["height"]
        strokes = tuple(
            tuple((int(point[0]), int(point[1])) for point in stroke) for stroke in data["strokes"]
        )
        if not all(isinstance(n, int) and 1 <= n <= 4096 for n in (width, height)):
            raise ValueError
    except (ValueError, TypeError, KeyError, IndexError):
        raise STROKES_UNREADABLE.rejected() from None
    if sum(len(stroke) for stroke in strokes) > MAX_POINTS:
        raise STROKES_TOO_MANY.rejected()
    return Strokes(width, height, strokes)


def check_strokes(strokes: Strokes, seat: int) -> None:
    """A signature's strokes: a few, reaching across the field, not a dot or a scribble."""
    points = strokes.points
    if not MIN_STROKES <= len(strokes.strokes) <= MAX_STROKES or len(points) < MIN_POINTS:
        raise STROKES_IMPLAUSIBLE.rejected(seat=seat)
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    if (
        max(xs) - min(xs) < MIN_SPAN_WIDTH * strokes.width
        or max(ys) - min(ys) < MIN_SPAN_HEIGHT * strokes.height
        or strokes.length() < MIN_LENGTH * strokes.width
    ):
        raise STROKES_TOO_SMALL.rejected(seat=seat)
