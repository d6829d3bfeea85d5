"""Rows counted 1, 2, 3 … within their parent: series in a tournament, tables, games."""

from django.db import models

from .checks import at_least


def numbered_within(parent: str, prefix: str) -> list[models.BaseConstraint]:
    """Each ``number`` once per ``parent`` and none below 1; ``prefix`` names the constraints."""
    return [
        models.UniqueConstraint(fields=[parent, "number"], name=f"{prefix}_unique_number"),
        at_least(prefix, "number"),
    ]
