"""Fixtures (Spielplan): a match day with its venues, each venue's play created as an
ordinary tournament with the teams registered (docs/league.md).

The venue's tournament is organised by the host team's club, has the league's series
(planned and created at once) and rounds, and registers every roster player of every
team at the venue as a member of that team's tournament team: the draw then seats team
mates apart, the start cards carry every player's PIN (the captain signs the match report
with it), and a substitute can come in without registering first. Each series' line-up
starts as the first four regular players of each team (:mod:`.lineups` changes it).

A central match day is played in groups (RULES 6.1): each group is a venue of its own, so
team points are awarded within the group. A group without a host is organised by the
group leader: its tournament belongs to no club, and the venue names the leader as its
organiser, who receives the lost-game money (:mod:`.venue_money`).
"""

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from league.models import LeagueGroup, LeagueTeam, MatchDay, Venue, VenueTeam
from tournaments.models import Team, Tournament
from tournaments.services import audit, participants
from tournaments.services.errors import Rejected

from . import reading
from .structure import MAX_ROSTER, roster_of

MAX_MATCH_DAYS = 50
NO_TEAM = gettext_noop("There is no team with the id %(id)s in this group.")


@transaction.atomic
def create_match_day(group: LeagueGroup, data: dict, *, user=None) -> MatchDay:
    """A match day of ``group`` with its venues: ``[{"host": team, "teams": [teams, host
    included]}]``; a central match day's venues are its groups, ``[{"teams": [teams]}]``,
    which together hold every team of the group (a host is optional there)."""
    number = reading.count(data.get("number"), field="number", low=1, high=MAX_MATCH_DAYS)
    date = reading.date(data.get("date"))
    central = reading.flag(data.get("central"), field="central")
    plans = _venue_plans(group, data.get("venues"), central)
    if group.match_days.filter(number=number).exists():
        raise Rejected.because(
            "number",
            "match_day_taken",
            gettext_noop("This group already has a match day %(number)d."),
            conflict=True,
            number=number,
        )
    organiser = _organiser(group, user) if any(host is None for host, _ in plans) else None
    match_day = MatchDay.objects.create(group=group, number=number, date=date, central=central)
    for position, (host, teams) in enumerate(plans, start=1):
        _create_venue(
            match_day,
            position,
            host,
            teams,
            several=len(plans) > 1,
            user=user,
            organiser=None if host else organiser,
        )
    audit.record(
        "match_day_created",
        user=user,
        obj=match_day,
        after={
            "group": group.pk,
            "match_day": match_day.pk,
            "venues": [[host and host.pk, [t.pk for t in teams]] for host, teams in plans],
        },
    )
    return match_day


def _venue_plans(group, venues, central: bool) -> list[tuple[LeagueTeam, list[LeagueTeam]]]:
    if not isinstance(venues, list) or not venues:
        raise Rejected.because(
            "venues",
            "venues_required",
            gettext_noop('Give the venues: [{"host": team id, "teams": [team ids]}, …].'),
        )
    teams_of_group = group.teams.select_related("club")
    plans, seen = [], set()
    for index, venue in enumerate(venues):
        field = f"venues[{index}]"
        if not isinstance(venue, dict):
            raise Rejected.because(
                field, "invalid_venue", gettext_noop('A venue is {"host": id, "teams": [ids]}.')
            )
        host = None
        if not central or venue.get("host") is not None:
            host = reading.object_of(
                teams_of_group, venue.get("host"), field=f"{field}.host", missing=NO_TEAM
            )
        teams = reading.objects_of(
            teams_of_group,
            venue.get("teams"),
            field=f"{field}.teams",
            missing=NO_TEAM,
            low=2,
            high=32,
        )
        if host is not None and host not in teams:
            raise Rejected.because(
                f"{field}.teams",
                "host_not_playing",
                gettext_noop("The host team %(team)s plays at its own venue: list it too."),
                team=host.name,
            )
        twice = next((team for team in teams if team.pk in seen), None)
        if twice is not None:
            raise Rejected.because(
                f"{field}.teams",
                "team_twice",
                gettext_noop("%(team)s is already at another venue of this match day."),
                team=twice.name,
            )
        seen.update(team.pk for team in teams)
        plans.append((host, teams))
    if central and len(seen) != teams_of_group.count():
        raise Rejected.because(
            "venues",
            "central_needs_everyone",
            gettext_noop(
                "A central match day places every team of the group in one of its groups."
            ),
        )
    return plans


def _organiser(group: LeagueGroup, user):
    """Who organises a central day's groups without a host: the group leader creating the
    day, else the group's first leader, else the association's admin creating it."""
    leaders = list(group.leaders.order_by("pk"))
    if user is not None and user.is_authenticated and user in leaders:
        return user
    if leaders:
        return leaders[0]
    if user is not None and user.is_authenticated:
        return user
    raise Rejected.because(
        "venues",
        "central_needs_organiser",
        gettext_noop(
            "A group of a central match day without a host is organised by the group "
            "leader: name a group leader first, or a host team for each group."
        ),
    )


def _create_venue(
    match_day: MatchDay, number: int, host, teams, *, several: bool, user, organiser=None
) -> Venue:
    group = match_day.group
    league = group.league
    rosters = {team.pk: roster_of(team) for team in teams}
    with translation.override(settings.LANGUAGE_CODE):  # data, in the site's language
        name = gettext("%(league)s %(group)s, match day %(day)d") % {
            "league": league.name,
            "group": group.name,
            "day": match_day.number,
        }
        if host is None:
            name += " – " + gettext("group %(number)d") % {"number": number}
        elif several:
            name += " – " + gettext("venue %(number)d") % {"number": number}
    tournament = Tournament.objects.create(
        club=host.club if host else None,
        name=name[:200],
        date=match_day.date,
        venue=host.club.name if host else "",
        rounds_per_series=league.rounds_per_series,
        planned_series=league.series_per_match_day,
        team_size=min(
            MAX_ROSTER,
            max(league.players_per_team, *(len(roster) for roster in rosters.values())),
        ),
    )
    venue = Venue.objects.create(
        match_day=match_day, number=number, host=host, organiser=organiser, tournament=tournament
    )
    tournament_teams = {team.pk: Team(name=team.name, club=team.club) for team in teams}
    registered = participants.register_many(
        tournament,
        [
            participants.Registration(entry.player, tournament_teams[team.pk])
            for team in teams
            for entry in rosters[team.pk]
        ],
        user=user,
    )
    VenueTeam.objects.bulk_create(
        VenueTeam(
            venue=venue, match_day=match_day, team=team, tournament_team=tournament_teams[team.pk]
        )
        for team in teams
    )
    by_player = {participant.player_id: participant for participant in registered}
    first_players = [
        by_player[entry.player_id]
        for team in teams
        for entry in [e for e in rosters[team.pk] if not e.substitute][: league.players_per_team]
    ]
    for _number in range(league.series_per_match_day):
        series = participants.add_series(tournament)
        series.players.set(first_players)
    return venue
