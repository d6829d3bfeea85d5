"""Kinds of column that several models share, each declared once with what it means.

A model then reads as "a table code" or "a bound, empty for none" instead of repeating
the keyword arguments that make it one.
"""

from django.db import models


def table_code(verbose_name, help_text) -> models.CharField:
    """A code that lets a device keep a list without an account: unique, empty until the
    director gives it out (tournaments/services/lists/table_device.py makes it)."""
    return models.CharField(
        verbose_name, max_length=16, null=True, blank=True, unique=True, help_text=help_text
    )


def register_number(verbose_name, help_text) -> models.CharField:
    """A number another register gives (the federation's club number, the club's membership
    number); empty where there is none."""
    return models.CharField(verbose_name, max_length=30, blank=True, help_text=help_text)


def optional_bound(verbose_name, help_text) -> models.PositiveSmallIntegerField:
    """A count that limits something (the best N series, from lost game N on, until game N);
    empty: no limit."""
    return models.PositiveSmallIntegerField(
        verbose_name, null=True, blank=True, help_text=help_text
    )
