"""The links between the models (Verknüpfungen), declared once per kind of parent.

Rows hang off their parents in one pattern: the link is named after the parent; deleting a
tournament, series or table deletes the rows that belong to it; a participant or club that
rows point to cannot be deleted from under them; a user who recorded something may go
while the record stays. Each factory below states one of these rules, so a model reads
as "belongs to this table" instead of repeating the keyword arguments.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def link(to, verbose_name, related_name, *, on_delete, optional=False, **extra):
    """A foreign key (or ``field=models.OneToOneField``); ``optional`` allows no parent."""
    field = extra.pop("field", models.ForeignKey)
    if optional:
        extra.update(null=True, blank=True)
    return field(
        to, verbose_name=verbose_name, on_delete=on_delete, related_name=related_name, **extra
    )


def tournament_link(related_name, **extra):
    """The tournament a row belongs to; it goes with the tournament."""
    return link(
        "tournaments.Tournament", _("tournament"), related_name, on_delete=models.CASCADE, **extra
    )


def series_link(related_name, *, on_delete=models.CASCADE, **extra):
    """The series a row belongs to; it goes with the series unless ``on_delete`` says not."""
    return link("tournaments.Series", _("series"), related_name, on_delete=on_delete, **extra)


def table_link(related_name, *, on_delete=models.CASCADE, **extra):
    """The table a row belongs to; it goes with the table unless ``on_delete`` says not."""
    return link("tournaments.Table", _("table"), related_name, on_delete=on_delete, **extra)


def participant_link(related_name, verbose_name=None, **extra):
    """A participant with results or payments cannot be deleted."""
    verbose_name = verbose_name or _("participant")
    return link(
        "tournaments.Participant", verbose_name, related_name, on_delete=models.PROTECT, **extra
    )


def club_link(related_name, verbose_name=None, **extra):
    """An optional club; a club that anything points to cannot be deleted."""
    verbose_name = verbose_name or _("club")
    return link(
        "tournaments.Club",
        verbose_name,
        related_name,
        on_delete=models.PROTECT,
        optional=True,
        **extra,
    )


def recorded_by(verbose_name):
    """The user who recorded a row; the row outlives the user's account."""
    return link(
        settings.AUTH_USER_MODEL, verbose_name, "+", on_delete=models.SET_NULL, optional=True
    )


def assigned_users(verbose_name, related_name, help_text):
    """Users given a role for this row (a club's directors, its treasurers); none at first."""
    return models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=verbose_name,
        blank=True,
        related_name=related_name,
        help_text=help_text,
    )
