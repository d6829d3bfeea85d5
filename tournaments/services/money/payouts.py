"""Prize payouts (Preise auszahlen): one tap per place once the ranking is final.

The amounts are the settlement's awards (:func:`~.settlement.settlement_of`, frozen when
the tournament is finished), read here and never computed again; a payout row stores
what was handed over, with the place, so the cash box knows which prizes are still to be
paid (docs/money.md).

A payout is money handed over and is never dropped by the software: reopening a finished
tournament keeps it. Should a correction change a paid place's winners or amounts, the
place is :attr:`PrizePlace.stale` after the next finish (the cash page flags it and offers
the undo); a payout whose place pays no prize any more is listed as a stale place too.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import PrizePayout, PrizeRule, Tournament
from tournaments.services import audit
from tournaments.services.errors import Refusal
from tournaments.services.input import MAX_REASON_LENGTH, REASON_REQUIRED, free_text

from .settlement import settlement_of

PRIZES_BEFORE_FINISH = Refusal(
    "rank",
    "prizes_before_finish",
    gettext_noop(
        "Prizes are paid out once the tournament is finished and its ranking is final: "
        "finish the tournament first."
    ),
    conflict=True,
)
NO_PRIZE_FOR_PLACE = Refusal(
    "rank", "no_prize_for_place", gettext_noop("Place %(rank)d pays no prize.")
)
UNKNOWN_CLASSIFICATION = Refusal(
    "classification",
    "unknown_classification",
    gettext_noop("Choose overall, women, juniors, seniors, teams or series."),
)
PRIZE_NOT_PAID_OUT = Refusal(
    "rank",
    "prize_not_paid_out",
    gettext_noop("The prize of place %(rank)d has not been paid out; there is nothing to undo."),
    conflict=True,
)
PRIZE_ALREADY_PAID_OUT = Refusal(
    "rank",
    "prize_already_paid_out",
    gettext_noop("The prize of place %(rank)d has already been paid out."),
    conflict=True,
)


@dataclass(frozen=True)
class PrizePlace:
    """A place of a classification with its winners (participant, name, amount) and
    whether its prize has been handed over."""

    classification: str
    rank: int
    winners: tuple[tuple[int, str, Decimal], ...]
    amount: Decimal
    paid_out: bool
    series: int = 0  # a series prize's series: each series pays its places
    # What was handed over for this place (participant, name, amount), as recorded.
    recorded: tuple[tuple[int, str, Decimal], ...] = ()

    @property
    def stale(self) -> bool:
        """Paid out to other winners or amounts than the standings now award (a correction
        after a reopen): to be undone and paid again."""
        paid = sorted((participant, amount) for participant, _name, amount in self.recorded)
        due = sorted((participant, amount) for participant, _name, amount in self.winners if amount)
        return self.paid_out and paid != due


def recorded_payouts(tournament: Tournament) -> dict[tuple[str, int, int], tuple]:
    """The payouts of ``tournament`` by place (classification, series, rank): each a tuple
    of (participant, name, amount), in the order they were recorded."""
    recorded: dict[tuple[str, int, int], tuple] = {}
    rows = (
        PrizePayout.objects.filter(tournament=tournament)
        .select_related("participant__player")
        .order_by("classification", "series", "rank", "id")
    )
    for row in rows:
        key = (row.classification, row.series, row.rank)
        one = (row.participant_id, row.participant.player.full_name, row.amount)
        recorded[key] = (*recorded.get(key, ()), one)
    return recorded


def prize_places(tournament: Tournament) -> list[PrizePlace]:
    """The settlement's awards grouped by place, in the settlement's order, each with what
    was paid out for it; then the paid places that pay no prize any more (stale)."""
    recorded = recorded_payouts(tournament)
    places: dict[tuple[str, int, int], list] = {}
    for award in settlement_of(tournament).awards:
        places.setdefault((award.classification, award.series, award.rank), []).append(award)
    listed = [
        PrizePlace(
            classification,
            rank,
            tuple((award.participant, award.name, award.amount) for award in awards),
            sum((award.amount for award in awards), Decimal(0)),
            (classification, series, rank) in recorded,
            series,
            recorded.get((classification, series, rank), ()),
        )
        for (classification, series, rank), awards in places.items()
    ]
    orphans = [
        PrizePlace(classification, rank, (), Decimal(0), True, series, paid)
        for (classification, series, rank), paid in recorded.items()
        if (classification, series, rank) not in places
    ]
    return listed + orphans


def pay_out_prize(
    tournament: Tournament, classification: str, rank: int, *, series: int = 0, user=None
) -> list[PrizePayout]:
    """Record that the prize of ``rank`` in ``classification`` was handed over: a row per
    winner of that place with their amount. Refused before the finish, for a place without
    a prize, and a second time for the same place."""
    _check_classification(classification)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status != Tournament.Status.FINISHED:
            raise PRIZES_BEFORE_FINISH.rejected()
        awards = [
            award
            for award in settlement_of(tournament).awards
            if (award.classification, award.series, award.rank) == (classification, series, rank)
            and award.amount
        ]
        if not awards:
            raise NO_PRIZE_FOR_PLACE.rejected(rank=rank)
        done = PrizePayout.objects.filter(
            tournament=tournament, classification=classification, series=series, rank=rank
        )
        if done.exists():
            raise PRIZE_ALREADY_PAID_OUT.rejected(rank=rank)
        payouts = [
            PrizePayout.objects.create(
                tournament=tournament,
                participant_id=award.participant,
                classification=classification,
                series=series,
                rank=rank,
                amount=award.amount,
                created_by=user if user is not None and user.is_authenticated else None,
            )
            for award in awards
        ]
        audit.record(
            "prize_paid_out",
            user=user,
            obj=tournament,
            after={
                "classification": classification,
                "series": series,
                "rank": rank,
                "payouts": [
                    {"participant": p.participant_id, "amount": str(p.amount)} for p in payouts
                ],
            },
        )
    return payouts


def undo_prize_payout(
    tournament: Tournament, classification: str, rank: int, reason, *, series: int = 0, user=None
) -> None:
    """Take back the payout of ``rank`` in ``classification`` (tapped for the wrong place,
    or the winner handed the money back): its rows are deleted, what they said and why
    are kept in the audit trail (``prize_payout_undone``); the place can be paid out again.
    Refused without a reason and for a place not paid out."""
    _check_classification(classification)
    reason = free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        payouts = list(
            PrizePayout.objects.filter(
                tournament=tournament, classification=classification, series=series, rank=rank
            ).order_by("id")
        )
        if not payouts:
            raise PRIZE_NOT_PAID_OUT.rejected(rank=rank)
        if not reason:
            raise REASON_REQUIRED.rejected()
        PrizePayout.objects.filter(pk__in=[p.pk for p in payouts]).delete()
        audit.record(
            "prize_payout_undone",
            user=user,
            obj=tournament,
            before={
                "classification": classification,
                "series": series,
                "rank": rank,
                "payouts": [
                    {"participant": p.participant_id, "amount": str(p.amount)} for p in payouts
                ],
            },
            reason=reason,
        )


def prize_place(
    tournament: Tournament, classification: str, rank: int, *, series: int = 0
) -> PrizePlace | None:
    """One place of :func:`prize_places`, None when it pays no prize."""
    for place in prize_places(tournament):
        if (place.classification, place.series, place.rank) == (classification, series, rank):
            return place
    return None


def _check_classification(classification) -> None:
    if classification not in PrizeRule.Classification.values:
        raise UNKNOWN_CLASSIFICATION.rejected()
