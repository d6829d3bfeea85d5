"""Small builders of league data through the league's services, for the league's tests."""

import datetime
import itertools

from league.models import Season
from league.services import fixtures, structure
from tests import factories as f
from tournaments.models import Table
from tournaments.services import draw, states

_numbers = itertools.count(1)


def make_league(series=2, rounds=1, min_games=0, protest_days=14, season=None):
    season = season or Season.objects.create(name=f"Saison {next(_numbers)}")
    return structure.create_league(
        season,
        {
            "name": f"Liga {next(_numbers)}",
            "series_per_match_day": series,
            "rounds_per_series": rounds,
            "min_games": min_games,
            "protest_days": protest_days,
        },
    )


def make_group(league=None, promotion=0, relegation=0, live_public=True, **league_options):
    league = league or make_league(**league_options)
    return structure.create_group(
        league,
        {
            "name": f"Staffel {next(_numbers)}",
            "promotion_places": promotion,
            "relegation_places": relegation,
            "live_public": live_public,
        },
    )


def make_league_team(group, club=None, players=4, substitutes=0, name=None, captain_user=None):
    club = club or f.make_club()
    roster = [f.make_player(club) for _ in range(players)]
    extra = [f.make_player(club) for _ in range(substitutes)]
    return structure.create_team(
        group,
        {
            "club": club.pk,
            "name": name or f"Team {next(_numbers)}",
            "players": [p.pk for p in roster],
            "substitutes": [p.pk for p in extra],
            "captain": roster[0].pk,
            "captain_user": captain_user.pk if captain_user else None,
        },
    )


def make_match_day(group, venues, number=None, date=None, central=False):
    """``venues``: a list of team lists; the first team of each hosts."""
    return fixtures.create_match_day(
        group,
        {
            "number": number or group.match_days.count() + 1,
            "date": (date or datetime.date(2027, 3, 14)).isoformat(),
            "central": central,
            "venues": [{"host": teams[0].pk, "teams": [t.pk for t in teams]} for teams in venues],
        },
    )


def play_venue(venue, *, seed=1):
    """Draw, play out (valid games, won and lost in turn), sign with PINs and finish every
    series of the venue's tournament, then finish the tournament."""
    tournament = venue.tournament
    for series in tournament.series.order_by("number"):
        draw.draw_series(series, seed=seed)
        for table in Table.objects.filter(series=series).select_related("series__tournament"):
            f.sign_all(f.play_out(table))
        states.apply(series, "finish", None, roles={states.Role.DIRECTOR})
    tournament.refresh_from_db()
    states.apply(tournament, "finish", None, roles={states.Role.DIRECTOR})
    return venue


PAPER_SIGNATURES = "Die Mannschaftsführer haben den Papierbericht unterschrieben."


def publish_report(report, leader, reason=PAPER_SIGNATURES):
    """The group leader checks the report and publishes it: publishing needs the check,
    and ``reason`` stands for the captains' signatures the tests do not give on the device."""
    return states.apply(states.apply(report, "check", leader), "publish", leader, reason)


def make_season(match_days=1, venues=1, publish=True, **group_options):
    """A group of ``4 × venues`` teams with a leader (``group.leaders.get()``) and
    ``match_days`` played match days, their reports sent and (``publish``) published."""
    from django.contrib.auth import get_user_model

    from league.services import reports

    group_options = {"series": 1, "rounds": 1, "promotion": 1, "relegation": 1, **group_options}
    group = make_group(**group_options)
    teams = [make_league_team(group) for _ in range(4 * venues)]
    leader = get_user_model().objects.create_user(f"leiter{group.pk}")
    group.leaders.add(leader)
    for number in range(1, match_days + 1):
        day = make_match_day(
            group, [teams[i * 4 : i * 4 + 4] for i in range(venues)], number=number
        )
        for venue in day.venues.all():
            play_venue(venue, seed=number)
            report = reports.submit_report(venue)
            if publish:
                publish_report(report, leader)
    return group, teams


def make_ispa_league(players=6, series=1):
    """An ISPA league (RULES 6.1): teams of ``players`` at the table, one round a series."""
    return structure.create_league(
        Season.objects.create(name=f"ISPA {players}"),
        {
            "name": "ISPA 2. Bundesliga",
            "series_per_match_day": series,
            "rounds_per_series": 1,
            "scheme": "ispa",
            "players_per_team": players,
        },
    )
