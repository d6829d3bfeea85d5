"""Check constraints of the two kinds most columns need: a number within fixed bounds (a
seat 1 to 4, rounds 1 to 40) and a number from a minimum on (a start number from 1).

Each names its constraint ``<prefix>_<field>_range`` or ``<prefix>_<field>_min``, the
names the database already knows, so a model states the bound instead of the ``Q``.
"""

from django.db import models
from django.db.models import Q


def within(prefix: str, field: str, low: int, high: int) -> models.CheckConstraint:
    """``field`` lies between ``low`` and ``high``, both included."""
    return models.CheckConstraint(
        condition=Q(**{f"{field}__gte": low}) & Q(**{f"{field}__lte": high}),
        name=f"{prefix}_{field}_range",
    )


def at_least(prefix: str, field: str, low: int = 1) -> models.CheckConstraint:
    """``field`` is ``low`` or more."""
    return models.CheckConstraint(
        condition=Q(**{f"{field}__gte": low}), name=f"{prefix}_{field}_min"
    )
