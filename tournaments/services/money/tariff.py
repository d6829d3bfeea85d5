"""The tariff of a tournament: read it, change it (audited once play has started)."""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import GamePoints, Series, SummaryEntry, Tariff, Tournament
from tournaments.services import audit
from tournaments.services.errors import Refusal, Rejected
from tournaments.services.input import ascii_whole_number
from tournaments.skat import Problem
from tournaments.skat.money import LostGameRates

from .amounts import amount_problem, read_amount

TARIFF_NOT_AN_OBJECT = Refusal(
    "", "tariff_not_an_object", gettext_noop("Send the tariff as a JSON object.")
)


AMOUNT_FIELDS = (
    "entry_fee",
    "lost_game_fee",
    "lost_game_fee_higher",
    "passed_game_fee",
    "team_fee",
    "tandem_fee",
)
OPTIONAL = {"lost_game_fee_higher", "team_fee", "tandem_fee", "passed_game_fee"}


def tariff_of(tournament: Tournament) -> Tariff:
    """The stored tariff, or an unsaved one of zeros (nothing is charged)."""
    try:
        return tournament.tariff
    except Tariff.DoesNotExist:
        return Tariff(tournament=tournament)


def rates_of(tariff: Tariff) -> LostGameRates:
    return LostGameRates(
        rate=tariff.lost_game_fee,
        higher_from=tariff.lost_game_fee_from,
        higher=tariff.lost_game_fee_higher,
        passed=tariff.passed_game_fee,
    )


def play_started(tournament: Tournament) -> bool:
    return (
        tournament.series.exclude(status=Series.Status.PLANNED).exists()
        or GamePoints.objects.filter(tournament=tournament).exists()
        or SummaryEntry.objects.filter(tournament=tournament).exists()
    )


def set_tariff(tournament: Tournament, data: dict, *, user=None) -> Tariff:
    """Replace the tariff with ``data`` (every problem reported at once, nothing stored on
    any); a change after the first series started is written to the audit trail."""
    from .payments import ensure_cash_box_open

    values = read_tariff(data)
    with transaction.atomic():
        ensure_cash_box_open(Tournament.objects.select_for_update().get(pk=tournament.pk))
        tariff = tariff_of(tournament)
        before = audit.snapshot(tariff) if tariff.pk else None
        for name, value in values.items():
            setattr(tariff, name, value)
        tariff.save()
        if play_started(tournament):
            audit.record(
                "tariff_changed",
                user=user,
                obj=tournament,
                before=before,
                after=audit.snapshot(tariff),
            )
    return tariff


def read_tariff(data) -> dict:
    if not isinstance(data, dict):
        raise TARIFF_NOT_AN_OBJECT.rejected()
    problems: list[Problem] = []
    values: dict = {}
    for name in AMOUNT_FIELDS:
        value = data.get(name)
        if value is None or value == "":
            if name not in OPTIONAL:
                problems.append(
                    Problem(name, "required", gettext_noop("Enter an amount, 0.00 for none."))
                )
            values[name] = None if name == "lost_game_fee_higher" else read_amount(name, 0)
            continue
        problem = amount_problem(name, value)
        if problem is None:
            values[name] = read_amount(name, value)
        else:
            problems.append(problem)
    values["lost_game_fee_from"] = _read_from(data.get("lost_game_fee_from"), problems)
    if (values["lost_game_fee_from"] is None) != (values.get("lost_game_fee_higher") is None):
        if not any(p.field.startswith("lost_game_fee_") for p in problems):
            problems.append(
                Problem(
                    "lost_game_fee_from",
                    "higher_fee_incomplete",
                    gettext_noop(
                        "Give both the lost game from which the higher fee applies and the "
                        "higher fee, or neither."
                    ),
                )
            )
    if problems:
        raise Rejected(problems)
    return values


def _read_from(value, problems) -> int | None:
    if value is None or value == "":
        return None
    value = ascii_whole_number(value)
    if value is None or not 2 <= value <= 99:
        problems.append(
            Problem(
                "lost_game_fee_from",
                "higher_from_out_of_range",
                gettext_noop("The higher fee starts with lost game 2 to 99 of a series."),
            )
        )
        return None
    return value
