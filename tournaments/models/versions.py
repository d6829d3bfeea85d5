"""A tournament's change counter (Stand): what public pages and caches are keyed by."""

import uuid

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


def new_roster_stamp() -> str:
    return uuid.uuid4().hex


class TournamentVersion(models.Model):
    """How often a tournament's results, lists, seats or participants have changed.

    A separate row rather than a field of ``Tournament``, so saving a tournament loaded
    earlier (the settings form, the admin) can never write an older counter back. The key
    is a plain integer, not a foreign key: a change noticed while a tournament is being
    deleted must not fail, and an orphaned counter is harmless.
    """

    tournament_id = models.PositiveBigIntegerField(_("tournament"), primary_key=True)
    # A context of its own: Django's password hashers name their "version" too.
    version = models.PositiveBigIntegerField(pgettext_lazy("changes", "version"), default=0)
    changed_at = models.DateTimeField(_("changed at"), default=timezone.now)
    # Who plays and what they are called (participants, players, clubs, teams, seats): a
    # new random stamp at each such change, none at a game's. The rankings keep the names
    # they read under it, so a ranking after a game sums the games without reading the
    # people again. Random rather than counted, so a tournament that takes the id of a
    # deleted one can never meet the older one's stamp.
    roster = models.CharField(_("roster stamp"), max_length=32, default=new_roster_stamp)

    class Meta:
        verbose_name = _("tournament version")
        verbose_name_plural = _("tournament versions")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.version}"
