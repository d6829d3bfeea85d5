"""Match days (Spieltage) and their venues (Spielorte): who plays where, as a tournament.

Each venue's play is an ordinary :class:`~tournaments.models.Tournament` with the league's
series, organised by the host team's club; each team at the venue is a team of that
tournament, so the draw seats its players apart and the team's game points are its
members' series totals. A central match day's groups (RULES 6.1) are venues too, without
a host: the group leader organises them, and their tournaments belong to no club.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class MatchDay(models.Model):
    """A match day of a group: decentral (a host receives three teams at each of several
    venues) or central (the whole group at one place)."""

    group = models.ForeignKey(
        "league.LeagueGroup",
        verbose_name=pgettext_lazy("league", "group"),
        on_delete=models.CASCADE,
        related_name="match_days",
    )
    number = models.PositiveSmallIntegerField(_("number"))
    date = models.DateField(_("date"))
    central = models.BooleanField(_("central"), default=False)

    class Meta:
        verbose_name = _("match day")
        verbose_name_plural = _("match days")
        ordering = ["group", "number"]
        constraints = [
            models.UniqueConstraint(fields=["group", "number"], name="match_day_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="match_day_number_min"),
        ]

    def __str__(self) -> str:
        return _("Match day %(number)d") % {"number": self.number}


class Venue(models.Model):
    """Where some teams of a match day play together; its play is ``tournament``.

    On a central match day each of its groups is a venue with no ``host``: the teams of
    the group are scored among themselves, and ``organiser`` (the group leader who set the
    day up) receives the lost-game money of its tournament, which belongs to no club.
    """

    match_day = models.ForeignKey(
        MatchDay, verbose_name=_("match day"), on_delete=models.CASCADE, related_name="venues"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    host = models.ForeignKey(
        "league.LeagueTeam",
        verbose_name=_("host team"),
        on_delete=models.PROTECT,
        related_name="hosted_venues",
        null=True,
        blank=True,
    )
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organiser"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("The group leader of a central match day; receives its lost-game money."),
    )
    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.PROTECT,
        related_name="league_venue",
    )
    # The invitation's facts (docs/league.md "Spielplan erzeugen"): where and when the
    # teams meet, and whom to call.
    address = models.CharField(_("address"), max_length=300, blank=True)
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    contact = models.CharField(
        _("contact"), max_length=200, blank=True, help_text=_("Name and phone of the host.")
    )

    class Meta:
        verbose_name = _("venue")
        verbose_name_plural = _("venues")
        ordering = ["match_day", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match_day", "number"], name="venue_unique_number"),
        ]

    def __str__(self) -> str:
        return _("Venue %(number)d") % {"number": self.number}

    @property
    def title(self) -> str:
        """How pages and the report name the venue: "Venue 2 at Herzbuben I", or a central
        day's "Group 2"."""
        if self.host_id is None:
            return _("Group %(number)d") % {"number": self.number}
        return _("Venue %(number)d at %(host)s") % {"number": self.number, "host": self.host.name}


class VenueTeam(models.Model):
    """A team playing at a venue, and the tournament team its players are registered in.

    ``match_day`` repeats the venue's so that the database keeps a team to one venue per
    match day. ``no_show``: the team did not turn up; it scores nothing there.
    ``from_series``: a late team (Anlage 10) plays from that series on; it counts as not
    turned up in the series before.
    """

    venue = models.ForeignKey(
        Venue, verbose_name=_("venue"), on_delete=models.CASCADE, related_name="venue_teams"
    )
    match_day = models.ForeignKey(
        MatchDay, verbose_name=_("match day"), on_delete=models.CASCADE, related_name="+"
    )
    team = models.ForeignKey(
        "league.LeagueTeam",
        verbose_name=_("team"),
        on_delete=models.PROTECT,
        related_name="venue_entries",
    )
    tournament_team = models.OneToOneField(
        "tournaments.Team",
        verbose_name=_("tournament team"),
        on_delete=models.PROTECT,
        related_name="league_entry",
    )
    no_show = models.BooleanField(_("did not turn up"), default=False)
    from_series = models.PositiveSmallIntegerField(
        _("plays from series"), null=True, blank=True, help_text=_("Set for a late team only.")
    )

    class Meta:
        verbose_name = _("team at a venue")
        verbose_name_plural = _("teams at venues")
        ordering = ["venue", "id"]
        constraints = [
            models.UniqueConstraint(fields=["match_day", "team"], name="venue_team_once_a_day"),
        ]

    def __str__(self) -> str:
        return str(self.team)
