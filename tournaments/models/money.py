"""The cash box (Kasse): a tournament's tariff, payments, prize table and frozen settlement.

Only what people decide or hand over is stored here; what anybody owes is computed from
the games by :mod:`tournaments.services.money`, so correcting a game corrects the money.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .checks import at_least
from .fields import optional_bound
from .relations import link, participant_link, recorded_by, series_link, tournament_link

MONEY = {"max_digits": 8, "decimal_places": 2}


def _euros(label, **extra):
    return models.DecimalField(label, default=0, **MONEY, **extra)


class Tariff(models.Model):
    """What a tournament charges (Startgeld, Abreizgeld …), one per tournament."""

    tournament = tournament_link("tariff", field=models.OneToOneField)
    entry_fee = _euros(_("entry fee"))
    lost_game_fee = _euros(_("fee per lost game"))
    lost_game_fee_from = optional_bound(
        _("higher fee from lost game"),
        _("From this lost game of a series on the higher fee applies."),
    )
    lost_game_fee_higher = models.DecimalField(
        _("higher fee per lost game"), null=True, blank=True, **MONEY
    )
    passed_game_fee = _euros(_("fee per passed-in game"))
    team_fee = _euros(_("team classification fee per player"))
    tandem_fee = _euros(_("tandem classification fee per player"))

    class Meta:
        verbose_name = _("tariff")
        verbose_name_plural = _("tariffs")
        constraints = [
            models.CheckConstraint(
                condition=Q(entry_fee__gte=0)
                & Q(lost_game_fee__gte=0)
                & Q(passed_game_fee__gte=0)
                & Q(team_fee__gte=0)
                & Q(tandem_fee__gte=0)
                & (Q(lost_game_fee_higher__isnull=True) | Q(lost_game_fee_higher__gte=0)),
                name="tariff_amounts_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(lost_game_fee_from__isnull=True) | Q(lost_game_fee_from__gte=1),
                name="tariff_higher_from_min",
            ),
        ]

    def __str__(self) -> str:
        return str(_("Tariff of %(tournament)s") % {"tournament": self.tournament})


class PaymentImmutable(Exception):
    """A payment row was about to be changed or deleted; it is reversed by a counter-entry."""


class Payment(models.Model):
    """Money handed over: an entry fee, lost-game money (of one series), or a refund.

    A row is never changed or deleted (``save`` and ``delete`` refuse): a mistake is undone
    by a counter-entry (Gegenbuchung) that ``reverses`` it with the negative amount, the
    same kind and series, and a reason. So every sum over the rows of a kind is what that
    kind stands at, and the history of the cash box stays complete.
    """

    class Kind(models.TextChoices):
        ENTRY_FEE = "entry_fee", _("entry fee")
        LOST_GAME_FEES = "lost_game_fees", _("lost-game money")
        REFUND = "refund", _("refund")

    tournament = tournament_link("payments")
    participant = participant_link("payments")
    series = series_link(
        "payments",
        on_delete=models.PROTECT,
        optional=True,
        help_text=_("For lost-game money: the series it was paid for."),
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    amount = models.DecimalField(_("amount"), **MONEY)
    reverses = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reversal",
        verbose_name=_("reverses"),
        help_text=_("The payment this counter-entry cancels."),
    )
    reason = models.CharField(_("reason"), max_length=500, blank=True, default="")
    created_at = models.DateTimeField(_("paid at"), auto_now_add=True)
    created_by = recorded_by(_("recorded by"))

    class Meta:
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        ordering = ["tournament_id", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(reverses__isnull=True) & Q(amount__gt=0))
                | (Q(reverses__isnull=False) & Q(amount__lt=0) & ~Q(reason="")),
                name="payment_positive_or_reversal",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant}: {self.get_kind_display()} {self.amount}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise PaymentImmutable("a payment is never changed; reverse it instead")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PaymentImmutable("a payment is never deleted; reverse it instead")


class PrizeRule(models.Model):
    """One line of the prize table: a place of a classification pays a fixed amount or a
    percentage of the entry fees collected (exactly one of the two)."""

    class Classification(models.TextChoices):
        OVERALL = "overall", _("overall")
        WOMEN = "women", _("best women")
        JUNIORS = "juniors", _("best juniors")
        SENIORS = "seniors", _("best seniors")
        TEAMS = "teams", _("teams")
        SERIES = "series", _("series prize")

    tournament = tournament_link("prize_rules")
    classification = models.CharField(
        _("classification"),
        max_length=10,
        choices=Classification.choices,
        default=Classification.OVERALL,
    )
    rank = models.PositiveSmallIntegerField(_("place"))
    amount = models.DecimalField(_("amount"), null=True, blank=True, **MONEY)
    percent = models.DecimalField(
        _("percent of entry fees"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    # A series prize's series number; 0 for the scheme every series pays (and for every
    # other classification). A series with lines of its own pays those instead.
    series = models.PositiveSmallIntegerField(
        _("series"), default=0, help_text=_("Series prizes: the series, 0 for every series.")
    )

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prize table")
        ordering = ["tournament_id", "classification", "series", "rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "classification", "series", "rank"],
                name="prize_unique_rank",
            ),
            models.CheckConstraint(
                condition=Q(classification="series") | Q(series=0),
                name="prize_series_only_for_series_prizes",
            ),
            at_least("prize", "rank"),
            models.CheckConstraint(
                condition=Q(amount__isnull=False, percent__isnull=True, amount__gte=0)
                | Q(amount__isnull=True, percent__isnull=False, percent__gte=0, percent__lte=100),
                name="prize_amount_or_percent",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_classification_display()} {self.rank}"


class PrizePayout(models.Model):
    """A prize handed over (Preis ausgezahlt): money out of the cash box to the participant
    on a place of a classification, as much as the settlement awards them there.

    One row per participant and place (a shared place pays each their share); recorded by
    ``services.money.payouts``, which takes the amount from the settlement.
    """

    tournament = tournament_link("prize_payouts")
    # RESTRICT, not PROTECT: the participant cannot be deleted from under a payout, but the
    # tournament's own deletion (the demo's, too) takes its payouts and participants along.
    participant = link(
        "tournaments.Participant", _("participant"), "prize_payouts", on_delete=models.RESTRICT
    )
    classification = models.CharField(
        _("classification"), max_length=10, choices=PrizeRule.Classification.choices
    )
    rank = models.PositiveSmallIntegerField(_("place"))
    # The series number of a series prize (0 otherwise): each series pays its own places.
    series = models.PositiveSmallIntegerField(_("series"), default=0)
    amount = models.DecimalField(_("amount"), **MONEY)
    created_at = models.DateTimeField(_("paid out at"), auto_now_add=True)
    created_by = recorded_by(_("recorded by"))

    class Meta:
        verbose_name = _("prize payout")
        verbose_name_plural = _("prize payouts")
        ordering = ["tournament_id", "classification", "series", "rank", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "classification", "series", "rank", "participant"],
                name="prize_payout_once_per_place",
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="prize_payout_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.participant}: {self.get_classification_display()} {self.rank}"


class SettlementSnapshot(models.Model):
    """The settlement (Kassenbericht) as it stood when the tournament was finished."""

    tournament = tournament_link("settlement_snapshot", field=models.OneToOneField)
    data = models.JSONField(_("settlement"))
    frozen_at = models.DateTimeField(_("frozen at"), auto_now=True)

    class Meta:
        verbose_name = _("frozen settlement")
        verbose_name_plural = _("frozen settlements")

    def __str__(self) -> str:
        return str(self.tournament)
