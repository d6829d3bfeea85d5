"""The best players of a match day (Tagesbeste): every player of the day's venues by the
list points of the day, as league reports name them beside the season ranking by average
(RULES 6.1). One query for the sums and one for the people, whatever the venues."""

from dataclasses import dataclass, field

from django.db.models import Q

from league.models import MatchDay, MatchReport, VenueTeam
from tournaments.services.public_names import named_publicly, published_name
from tournaments.services.ranking import participant_totals
from tournaments.text import name_sort_key

SHOWN = 10  # the rows a page shows


@dataclass(frozen=True)
class DayPlayer:
    place: int
    player: int
    name: str
    team: str
    list_points: int
    published: str = field(default="", compare=False, repr=False)

    @property
    def public_name(self) -> str:
        """The name as the player consented to be named in public (docs/privacy.md); the
        day spans venues, so a player who consented to none has no number either."""
        return named_publicly(self.published, None, None).name


def best_of_day(match_day: MatchDay, *, published_only: bool = False) -> list[DayPlayer]:
    """Every player who played on ``match_day`` (its published venues only, or all), by
    list points of the day, best first; equal points share the place."""
    venues = match_day.venues.select_related("tournament")
    if published_only:
        venues = venues.filter(report__status=MatchReport.Status.PUBLISHED)
    schemes = {venue.tournament_id: venue.tournament.scheme for venue in venues}
    if not schemes:
        return []
    points = {}
    for (tournament, player), sums in participant_totals(
        Q(tournament__in=schemes), "tournament", "participant__player"
    ).items():
        points[player] = points.get(player, 0) + sums.total(schemes[tournament])
    people = {}
    for person in (
        VenueTeam.objects.filter(
            venue__tournament__in=schemes, tournament_team__members__player__in=points
        )
        .values(
            "team__name",
            "tournament_team__members__player",
            "tournament_team__members__player__first_name",
            "tournament_team__members__player__last_name",
            "tournament_team__members__player__publication",
        )
        .distinct()
    ):
        first = person["tournament_team__members__player__first_name"]
        last = person["tournament_team__members__player__last_name"]
        publication = person["tournament_team__members__player__publication"]
        people[person["tournament_team__members__player"]] = (
            f"{first} {last}",
            person["team__name"],
            name_sort_key(last, first),
            published_name(first, last, publication),
        )
    ordered = sorted(
        (player for player in points if player in people),
        key=lambda player: (-points[player], people[player][2]),
    )
    rows, place = [], 0
    for index, player in enumerate(ordered):
        if index == 0 or points[player] != points[ordered[index - 1]]:
            place = index + 1
        name, team, _sort, published = people[player]
        rows.append(DayPlayer(place, player, name, team, points[player], published))
    return rows
