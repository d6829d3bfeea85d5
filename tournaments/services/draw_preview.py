"""What a draw would do, before it is saved: which wish gives way when two cannot both be met.

A seeded draw promises places 1-4 at table 1; "keep club mates apart" would move a leader.
The seeding wins (tournaments/skat/draw.py), and the director is told so on the draw
page before the tables are stored, with the pairs that stay together. The preview draws
with the seed it names, so confirming it stores exactly the tables it described.
"""

import secrets
from dataclasses import dataclass

from django.utils.translation import gettext_noop

from tournaments.models import Series
from tournaments.skat.draw import (
    ConflictKind,
    DrawImpossible,
    DrawMode,
    draw_tables,
    seeding_overrides_clubs,
)

from .draw import (
    SEED_LIMIT,
    DrawnConflict,
    describe_conflict,
    earlier_meetings,
    present_players,
)

SEEDING_BEFORE_CLUBS = gettext_noop(
    "A seeded draw and “Keep players of the same club apart” cannot both be met: the "
    "seeding takes precedence (places 1–4 at table 1, …), so these club mates sit "
    "together: %(pairs)s. Draw to accept this; a random draw keeps club mates apart."
)
PAIR = gettext_noop("table %(table)d: %(first)s and %(second)s (%(group)s)")


@dataclass(frozen=True)
class DrawPreview:
    """The seed the preview drew with, the wish that gave way (None: every wish was met
    as far as possible) and the pairs it concerns."""

    seed: int
    gave_way: str | None
    conflicts: tuple[DrawnConflict, ...]

    def text(self, translate) -> str:
        pairs = "; ".join(translate(PAIR) % conflict.params for conflict in self.conflicts)
        return translate(SEEDING_BEFORE_CLUBS) % {"pairs": pairs}


def preview_draw(
    series: Series, *, mode=DrawMode.RANDOM, seed=None, prefer_three=False, separate_clubs=False
) -> DrawPreview:
    """Draw ``series`` as :func:`~tournaments.services.draw.draw_series` would, storing
    nothing. A field that cannot be seated previews no conflict: the draw itself refuses
    it with its message."""
    seeded = DrawMode(mode) is DrawMode.SEEDED
    seed = secrets.randbelow(SEED_LIMIT) if seed is None else seed
    players, names = present_players(series, seeded=seeded)
    try:
        draw = draw_tables(
            players,
            seed=seed,
            mode=mode,
            prefer_three=prefer_three,
            separate_clubs=separate_clubs,
            met=earlier_meetings(series),
        )
    except DrawImpossible:
        return DrawPreview(seed=seed, gave_way=None, conflicts=())
    if not seeding_overrides_clubs(draw, mode, separate_clubs):
        return DrawPreview(seed=seed, gave_way=None, conflicts=())
    together = tuple(
        describe_conflict(conflict, names, seeded=True)
        for conflict in draw.conflicts
        if conflict.kind is ConflictKind.SAME_CLUB
    )
    return DrawPreview(seed=seed, gave_way="separate_clubs", conflicts=together)
