"""The prize list (Preisliste): who won which prize, as the notice board, the public page
and the prizes API show it once the tournament is finished (docs/money.md).

Every line is an award of the settlement (:func:`~.settlement.settlement_of`, frozen at the
finish), the one computation the cash box, its report and the payouts read too; this
module only names the winners: by their consent for the public
(:func:`~tournaments.services.public_names.public_name`), in full for the people running
the event.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.utils.text import capfirst
from django.utils.translation import gettext

from tournaments.models import Participant, PrizeRule, Tournament
from tournaments.services.public_names import public_name

from .settlement import settlement_of


@dataclass(frozen=True)
class PrizeLine:
    """One winner's prize on the list; ``club`` is None where it is not shown."""

    classification: str
    rank: int
    participant: int
    name: str
    club: str | None
    amount: Decimal
    shared_with: int
    team: str
    withdrawn: bool
    series: int = 0  # a series prize's series (Serienpreis), 0 for every other prize


def prize_list_published(tournament: Tournament) -> bool:
    """The public sees a prize list only once the tournament is finished: before, the
    ranking and the entry fees that the amounts rest on may still change (decided in
    docs/money.md; no "provisional" list)."""
    return tournament.status == Tournament.Status.FINISHED


def prize_list(tournament: Tournament, *, public: bool) -> list[PrizeLine]:
    """The settlement's awards in its order (classification, place), each winner named for
    the public (``public``) or in full."""
    awards = settlement_of(tournament).awards
    people = {
        p.id: p
        for p in Participant.objects.filter(
            pk__in={award.participant for award in awards}
        ).select_related("player__club")
    }
    lines = []
    for award in awards:
        person = people.get(award.participant)
        if person is None or not award.amount:  # a place that pays nothing is no prize
            continue
        if public:
            shown = public_name(person.player, start_number=person.start_number)
            name, club = shown.name, shown.club
        else:
            name = person.player.full_name
            club = person.player.club.name if person.player.club_id else None
        lines.append(
            PrizeLine(
                classification=award.classification,
                rank=award.rank,
                participant=award.participant,
                name=name,
                club=club,
                amount=award.amount,
                shared_with=award.shared_with,
                team=award.team,
                withdrawn=person.withdrawn,
                series=award.series,
            )
        )
    return lines


def prize_groups(lines: list[PrizeLine]) -> list[tuple[str, str, list[PrizeLine]]]:
    """The list's sections as page and PDF print them: (caption, key, lines) per
    classification, and per series for the series prizes ("Serienpreis – Serie 2")."""
    groups: dict[tuple[str, int], list[PrizeLine]] = {}
    for line in lines:
        groups.setdefault((line.classification, line.series), []).append(line)
    sections = []
    for (classification, series), group in groups.items():
        caption = capfirst(PrizeRule.Classification(classification).label)
        key = classification
        if classification == PrizeRule.Classification.SERIES:
            caption = gettext("%(label)s – series %(series)d") % {
                "label": caption,
                "series": series,
            }
            key = f"{classification}-{series}"
        sections.append((caption, key, group))
    return sections
