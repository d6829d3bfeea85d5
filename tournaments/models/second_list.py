"""The second list of a table (doppelte Listenführung, docs/rules.md 4) and its differences.

At a championship two players at the table each keep a list; they are compared game by
game before the players sign. The first (list A) is the table's official list, the
:class:`~tournaments.models.games.Game` rows that settlement, rankings, the seal and the
PDF read. The second (list B) is kept here, valued by the same entry path but without
list points of its own, so it never counts twice; its raw entries stay for an appeal.
Every game on which the two lists disagreed is a :class:`ListDifference`, open until the
lists agree again (a device took the other list's version) or the director settled it.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .games import EnteredGame, entered_game_checks
from .relations import recorded_by, table_link


class SecondListGame(EnteredGame):
    """One game of list B as its keeper entered it (Zweitliste)."""

    # No index of its own: the unique (table, number) begins with it.
    table = table_link("second_games", db_index=False)

    class Meta:
        verbose_name = _("game of the second list")
        verbose_name_plural = _("games of the second list")
        ordering = ["table_id", "number"]
        constraints = entered_game_checks("second_game")


class ListDifference(models.Model):
    """A game on which list A and list B disagreed, both versions as they were compared.

    ``a`` and ``b`` are the entries (the API's game fields with the score) when the
    difference was last seen; once settled, ``result`` is the version both lists hold and
    ``settled_how`` says who decided it and how. A game has at most one open difference;
    a game that comes to differ again after a settlement gets a new one.
    """

    class How(models.TextChoices):
        TOOK_A = "took_a", _("list B took list A's version")
        TOOK_B = "took_b", _("list A took list B's version")
        CORRECTED = "corrected", _("the lists came to agree by a correction")
        DIRECTOR_A = "director_a", _("the director chose list A")
        DIRECTOR_B = "director_b", _("the director chose list B")
        RULE = "rule", _("the director applied the court's rule")

    table = table_link("list_differences")
    number = models.PositiveSmallIntegerField(_("game number"))
    a = models.JSONField(_("list A's version"))
    b = models.JSONField(_("list B's version"))
    fields = models.JSONField(_("fields that differ"), default=list)
    revision = models.PositiveIntegerField(
        _("revision"),
        default=1,
        help_text=_("Counts the changes of either version while the difference is open."),
    )
    found_at = models.DateTimeField(_("found at"), auto_now_add=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    settled_how = models.CharField(_("settled how"), max_length=12, choices=How.choices, blank=True)
    settled_by = recorded_by(_("settled by"))
    settled_actor = models.CharField(_("settled by (device)"), max_length=150, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    result = models.JSONField(_("agreed version"), null=True, blank=True)

    class Meta:
        verbose_name = _("difference between the two lists")
        verbose_name_plural = _("differences between the two lists")
        ordering = ["table_id", "number", "found_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"],
                condition=Q(settled_at__isnull=True),
                name="listdifference_one_open_per_game",
            ),
            models.CheckConstraint(
                condition=Q(settled_at__isnull=True, settled_how="")
                | Q(settled_at__isnull=False) & ~Q(settled_how=""),
                name="listdifference_settled_with_how",
            ),
        ]

    def __str__(self) -> str:
        return _("Difference in game %(number)d") % {"number": self.number}

    @property
    def is_open(self) -> bool:
        return self.settled_at is None
