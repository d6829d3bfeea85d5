"""The prize table: fixed amounts or percentages of the entry fees per place, for the
overall ranking, the best women, juniors and seniors, the teams, and each series
(Serienpreise: one scheme for every series, or lines of one series that replace it there).

Places shared under the tournament's tie rule (equal total, won and lost) share the
prizes of the places they occupy; where the tie-break alone (equal total, but more games
won or fewer lost) decides who gets more money, the director is told.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Participant, PrizeRule, Tournament
from tournaments.services import audit, ranking, team_ranking
from tournaments.services.errors import Refusal, Rejected
from tournaments.skat import Problem
from tournaments.skat.money import (
    ZERO,
    Placed,
    distribute,
    prize_amounts,
    split,
    tie_breaks_deciding_money,
)
from tournaments.skat.money import PrizeRule as Rule

from .amounts import MAX_AMOUNT, amount_problem, read_amount

PRIZES_EXCEED_ENTRY_FEES = Refusal(
    "confirm",
    "prizes_exceed_entry_fees",
    gettext_noop(
        "The prizes (%(prizes)s €) are more than the entry fees (%(fees)s €). "
        "Send the table again with confirm to pay the difference from the club's "
        "cash."
    ),
)
PRIZES_NOT_A_LIST = Refusal(
    "prizes", "prizes_not_a_list", gettext_noop("Send the prize table as a JSON list.")
)


C = PrizeRule.Classification
MAX_RANK = 1000
MAX_SERIES = 99
# Which participants compete in each category classification.
CATEGORY_FILTERS = {
    C.WOMEN: {"gender": Participant.Gender.FEMALE},
    C.JUNIORS: {"category": Participant.Category.JUNIOR},
    C.SENIORS: {"category": Participant.Category.SENIOR},
}


@dataclass(frozen=True)
class PrizeAward:
    """Money for one participant from one classification (a team prize is split between
    the team's members)."""

    classification: str
    rank: int
    participant: int
    name: str
    amount: Decimal
    shared_with: int = 1
    team: str = ""
    series: int = 0  # the series number of a series prize


@dataclass(frozen=True)
class TieWarning:
    classification: str
    total: int
    names: tuple[str, ...]
    amounts: tuple[Decimal, ...]
    series: int = 0


def prize_key(classification: str, series: int = 0) -> str:
    """The key of a prize line's group in the preview: its classification; for series
    prizes "series" (the scheme of every series) or "series:N" (series N's own lines)."""
    if classification == C.SERIES and series:
        return f"series:{series}"
    return classification


def prize_rules(tournament: Tournament) -> list[PrizeRule]:
    return list(tournament.prize_rules.order_by("classification", "series", "rank"))


def amounts_by_classification(rules, entry_fees: Decimal) -> dict[str, dict[int, Decimal]]:
    """Key (:func:`prize_key`) → place → amount."""
    grouped: dict[str, list[Rule]] = {}
    for rule in rules:
        grouped.setdefault(prize_key(rule.classification, rule.series), []).append(
            Rule(rule.rank, amount=rule.amount, percent=rule.percent)
        )
    return {name: prize_amounts(items, entry_fees) for name, items in grouped.items()}


def total_of(rules, entry_fees: Decimal) -> Decimal:
    by_class = amounts_by_classification(rules, entry_fees)
    return sum((sum(a.values(), ZERO) for a in by_class.values()), ZERO)


def expected_entry_fees(tournament: Tournament) -> Decimal:
    """The entry fees due now, the base of every percent prize (services/money/settlement.py:
    everyone not withdrawn, and withdrawn players who played)."""
    from .settlement import settlement_of

    return settlement_of(tournament).entry_fees_due


def series_prizes(tournament: Tournament, number: int) -> dict[int, Decimal]:
    """Participant → the prize of series ``number``, from the settlement (so the ranking
    shows the cash box's figures); empty until the tournament is finished, when the prize
    table and its winners become public (docs/money.md)."""
    from .settlement import settlement_of

    if tournament.status != Tournament.Status.FINISHED:
        return {}
    won: dict[int, Decimal] = {}
    for award in settlement_of(tournament).awards:
        if award.classification == C.SERIES and award.series == number:
            won[award.participant] = won.get(award.participant, ZERO) + award.amount
    return won


def set_prizes(
    tournament: Tournament, rows, *, entry_fees: Decimal, confirm: bool = False, user=None
) -> list[PrizeRule]:
    """Replace the prize table with ``rows``. A table that pays out more than
    ``entry_fees`` (collected, or expected for the current participants, whichever is
    more) is refused until the director confirms it. A finished tournament's prize table
    is frozen with its settlement."""
    from .payments import ensure_cash_box_open

    ensure_cash_box_open(tournament)
    rules = read_prize_rows(tournament, rows)
    paid_out = total_of(rules, entry_fees)
    if paid_out > entry_fees and not confirm:
        raise PRIZES_EXCEED_ENTRY_FEES.rejected(prizes=str(paid_out), fees=str(entry_fees))
    with transaction.atomic():
        ensure_cash_box_open(Tournament.objects.select_for_update().get(pk=tournament.pk))
        before = [audit.snapshot(rule) for rule in tournament.prize_rules.all()]
        tournament.prize_rules.all().delete()
        PrizeRule.objects.bulk_create(rules)
        audit.record(
            "prizes_changed",
            user=user,
            obj=tournament,
            before={"prizes": before},
            after={"prizes": [audit.snapshot(rule) for rule in rules]},
        )
    return prize_rules(tournament)


def read_prize_rows(tournament: Tournament, rows) -> list[PrizeRule]:
    if not isinstance(rows, list):
        raise PRIZES_NOT_A_LIST.rejected()
    problems: list[Problem] = []
    rules: list[PrizeRule] = []
    seen = set()
    for index, row in enumerate(rows):
        field = f"prizes[{index}]"
        if not isinstance(row, dict):
            problems.append(Problem(field, "prize_not_an_object", gettext_noop("Not a prize.")))
            continue
        classification = row.get("classification") or C.OVERALL
        if classification not in C.values:
            problems.append(
                Problem(
                    f"{field}.classification",
                    "unknown_classification",
                    gettext_noop("Choose overall, women, juniors, seniors, teams or series."),
                )
            )
            continue
        rank = row.get("rank")
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= MAX_RANK:
            problems.append(
                Problem(
                    f"{field}.rank",
                    "rank_out_of_range",
                    gettext_noop("A place is a whole number from 1 to %(maximum)d."),
                    {"maximum": MAX_RANK},
                )
            )
            continue
        series, problem = _series_of(row, classification, field)
        if problem is not None:
            problems.append(problem)
            continue
        if (classification, series, rank) in seen:
            problems.append(
                Problem(
                    f"{field}.rank",
                    "rank_twice",
                    gettext_noop("Place %(rank)d appears twice; give each place once."),
                    {"rank": rank},
                )
            )
            continue
        seen.add((classification, series, rank))
        amount, percent = row.get("amount"), row.get("percent")
        if (amount is None) == (percent is None):
            problems.append(
                Problem(
                    f"{field}.amount",
                    "amount_or_percent",
                    gettext_noop("Give either an amount or a percentage for each place."),
                )
            )
            continue
        name, value = ("amount", amount) if amount is not None else ("percent", percent)
        maximum = Decimal("100") if name == "percent" else MAX_AMOUNT
        problem = amount_problem(f"{field}.{name}", value, maximum=maximum)
        if problem is not None:
            problems.append(problem)
            continue
        rules.append(
            PrizeRule(
                tournament=tournament,
                classification=classification,
                series=series,
                rank=rank,
                **{name: read_amount(f"{field}.{name}", value)},
            )
        )
    if problems:
        raise Rejected(problems)
    return rules


def awards_for(
    tournament: Tournament, entry_fees: Decimal
) -> tuple[list[PrizeAward], list[TieWarning]]:
    """Who gets which prize with the current rankings; percentages of ``entry_fees``."""
    by_class = amounts_by_classification(prize_rules(tournament), entry_fees)
    awards: list[PrizeAward] = []
    warnings: list[TieWarning] = []
    if not by_class:
        return awards, warnings
    rows = ranking.rank_tournament(tournament)
    names = {row.participant: row.name for row in rows}
    for classification, amounts in by_class.items():
        if classification.startswith(C.SERIES):
            continue  # paid series by series below
        if classification == C.TEAMS:
            awards += _team_awards(tournament, amounts)
            continue
        chosen = rows
        if classification in CATEGORY_FILTERS:
            members = set(
                tournament.participants.filter(**CATEGORY_FILTERS[classification]).values_list(
                    "id", flat=True
                )
            )
            chosen = [row for row in rows if row.participant in members]
        placed = _placed(chosen)
        given = distribute(placed, amounts)
        for award in given:
            awards.append(
                PrizeAward(
                    classification,
                    award.rank,
                    award.key,
                    names[award.key],
                    award.amount,
                    award.shared_with,
                )
            )
        for found in tie_breaks_deciding_money(placed, given):
            warnings.append(
                TieWarning(
                    classification, found.total, tuple(names[k] for k in found.keys), found.amounts
                )
            )
    series_awards, series_warnings = _series_awards(tournament, by_class)
    return awards + series_awards, warnings + series_warnings


def _series_of(row: dict, classification: str, field: str) -> tuple[int, Problem | None]:
    """A line's series: only series prizes name one (none or null: every series)."""
    series = row.get("series")
    if series is None:
        return 0, None
    if classification != C.SERIES:
        return 0, Problem(
            f"{field}.series",
            "series_without_series_prize",
            gettext_noop("Only a series prize names a series."),
        )
    if isinstance(series, bool) or not isinstance(series, int) or not 1 <= series <= MAX_SERIES:
        return 0, Problem(
            f"{field}.series",
            "series_out_of_range",
            gettext_noop(
                "A series is a whole number from 1 to %(maximum)d; leave it out for every series."
            ),
            {"maximum": MAX_SERIES},
        )
    return series, None


def _series_awards(tournament: Tournament, by_class) -> tuple[list, list]:
    """The prizes of each series played, by its own ranking: the series' own lines if it
    has any, else the scheme of every series. They add to every other prize."""
    awards: list[PrizeAward] = []
    warnings: list[TieWarning] = []
    scheme = by_class.get(C.SERIES, {})
    if not scheme and not any(key.startswith(f"{C.SERIES}:") for key in by_class):
        return awards, warnings
    for series in tournament.series.order_by("number"):
        amounts = by_class.get(prize_key(C.SERIES, series.number), scheme)
        rows = ranking.rank_series(series)
        if not amounts or not any(row.won or row.lost or row.total for row in rows):
            continue  # nothing played yet: nobody has won anything
        names = {row.participant: row.name for row in rows}
        placed = _placed(rows)
        given = distribute(placed, amounts)
        awards += [
            PrizeAward(
                C.SERIES,
                award.rank,
                award.key,
                names[award.key],
                award.amount,
                award.shared_with,
                series=series.number,
            )
            for award in given
        ]
        warnings += [
            TieWarning(
                C.SERIES,
                found.total,
                tuple(names[k] for k in found.keys),
                found.amounts,
                series=series.number,
            )
            for found in tie_breaks_deciding_money(placed, given)
        ]
    return awards, warnings


def _placed(rows) -> list[Placed]:
    """Places within a (sub)ranking, shared like the full ranking's (equal total, won, lost)."""
    placed, previous, rank = [], None, 0
    for position, row in enumerate(rows, start=1):
        key = (row.total, row.won, row.lost)
        if key != previous:
            rank, previous = position, key
        placed.append(Placed(row.participant, rank, row.total))
    return placed


def _team_awards(tournament: Tournament, amounts) -> list[PrizeAward]:
    teams = team_ranking.rank_teams(tournament)
    placed = [Placed(team, team.rank, team.total) for team in teams]
    awards = []
    for award in distribute(placed, amounts):
        team = award.key
        members = team.members or ()
        for member, share in zip(members, split(award.amount, len(members) or 1), strict=False):
            awards.append(
                PrizeAward(
                    C.TEAMS,
                    award.rank,
                    member.participant,
                    member.name,
                    share,
                    award.shared_with,
                    team.name,
                )
            )
    return awards
