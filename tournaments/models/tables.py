"""Tables (Tisch), their seats (Platz) and the summary entry of a paper list."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.skat.rounds import Presence

from .checks import at_least, within
from .fields import optional_bound, table_code
from .locking import ListRow, TableQuerySet, ensure_table_changeable, ensure_table_deletable
from .numbering import numbered_within
from .relations import participant_link, series_link, table_link, tournament_link


class Table(models.Model):
    """One table of a series; it keeps one game list (Spielliste).

    ``status``: *open* while the list is kept and signed; *signed* once every player who sat
    at the table confirmed it; *locked* when the director closed it with a reason although
    signatures are missing. A signed or locked list carries a seal and cannot be changed
    (see :mod:`tournaments.models.locking`) until the director reopens it.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        SIGNED = "signed", _("signed")
        LOCKED = "locked", _("locked")

    class EntryMode(models.TextChoices):
        NONE = "", _("nothing entered yet")
        GAMES = "games", _("game by game")
        SUMMARY = "summary", _("summary of a paper list")

    series = series_link("tables")
    number = models.PositiveSmallIntegerField(_("table number"))
    status = models.CharField(
        _("list status"), max_length=8, choices=Status.choices, default=Status.OPEN
    )
    entry_mode = models.CharField(
        _("entry mode"),
        max_length=8,
        choices=EntryMode.choices,
        default=EntryMode.NONE,
        blank=True,
    )
    locked_at = models.DateTimeField(_("locked at"), null=True, blank=True)
    closed_reason = models.TextField(_("reason for closing without all signatures"), blank=True)
    seal = models.CharField(_("seal"), max_length=64, blank=True, db_index=True)
    sealed_at = models.DateTimeField(_("sealed at"), null=True, blank=True)
    seal_document = models.JSONField(
        _("sealed list"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("The list as the players confirmed it, names included; the seal covers it."),
    )
    ended_early_at = models.DateTimeField(
        _("ended early at"),
        null=True,
        blank=True,
        help_text=_("The director ended the list before all games were played."),
    )
    ended_reason = models.TextField(_("reason for ending the list early"), blank=True)
    access_code = table_code(
        _("table code"), _("Lets one device at the table keep this list without an account.")
    )
    second_code = table_code(
        _("table code of the second list"),
        _("Lets a second device keep the second list (list B) when two are kept."),
    )

    objects = TableQuerySet.as_manager()

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["series_id", "number"]
        constraints = numbered_within("series", "table")

    def __str__(self) -> str:
        return _("Table %(number)d") % {"number": self.number}

    def save(self, *args, **kwargs):
        ensure_table_changeable(self, kwargs.get("update_fields"))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        ensure_table_deletable(self)
        return super().delete(*args, **kwargs)

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class Seat(ListRow):
    """A participant on seat 1-4 of a table from one game up to another.

    Leaving, joining and replacements are recorded as several seats, so the list always
    shows who sat where for each game.
    """

    table = table_link("seats")
    series = series_link("+", editable=False)
    number = models.PositiveSmallIntegerField(_("seat"))
    participant = participant_link("seats")
    from_game = models.PositiveSmallIntegerField(_("from game"), default=1)
    until_game = optional_bound(_("until game"), _("Empty: to the end of the series."))

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table_id", "number", "from_game"]
        constraints = [
            models.UniqueConstraint(
                fields=["series", "participant"], name="seat_participant_once_per_series"
            ),
            models.UniqueConstraint(
                fields=["table", "number", "from_game"], name="seat_unique_start"
            ),
            within("seat", "number", 1, 4),
            at_least("seat", "from_game"),
            models.CheckConstraint(
                condition=Q(until_game__isnull=True) | Q(until_game__gte=F("from_game") - 1),
                name="seat_until_after_from",
            ),
        ]

    def __str__(self) -> str:
        return _("Seat %(number)d") % {"number": self.number}

    def save(self, *args, **kwargs):
        self.series_id = self.table.series_id
        super().save(*args, **kwargs)

    def covers(self, game_number: int) -> bool:
        return Presence(self.number, self.from_game, self.until_game).covers(game_number)


class SummaryEntry(ListRow):
    """Per seat: game points, games won and lost of a list kept on paper.

    Clubs that play on paper enter only these sums; the 30/40 credits follow from the other
    players' lost games and are stored so that rankings stay database aggregates.
    """

    table = table_link("summary_entries")
    series = series_link("+", editable=False)
    tournament = tournament_link("+", editable=False)
    seat = models.PositiveSmallIntegerField(_("seat"))
    participant = participant_link("summary_entries")
    game_points = models.IntegerField(_("game points"))
    won = models.PositiveSmallIntegerField(_("games won"))
    lost = models.PositiveSmallIntegerField(_("games lost"))
    credits = models.IntegerField(_("points for the opponents' lost games"), default=0)
    total = models.IntegerField(_("total"), default=0)

    class Meta:
        verbose_name = _("summary entry")
        verbose_name_plural = _("summary entries")
        ordering = ["table_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="summary_unique_seat"),
            models.UniqueConstraint(
                fields=["table", "participant"], name="summary_unique_participant"
            ),
            within("summary", "seat", 1, 4),
        ]
        indexes = [models.Index(fields=["tournament", "participant"])]

    def __str__(self) -> str:
        return f"{self.table} / {_('Seat %(number)d') % {'number': self.seat}}: {self.total}"

    def save(self, *args, **kwargs):
        self.series_id = self.table.series_id
        if self.tournament_id is None:
            self.tournament_id = self.table.series.tournament_id
        super().save(*args, **kwargs)
