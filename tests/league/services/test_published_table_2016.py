"""The published table of Landesliga Nord Baden-Württemberg 2016, match day 1, reproduced
row for row: every team's series entered as its four players' paper summaries (sums per
seat, as a club playing on paper enters them), the lists signed, the report sent and
published; the product computes credits, game points, team points, the table and the
best player of the day (tests/league/landesliga_nord_2016.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from league.models import Season, VenueTeam
from league.services import day_players, fixtures, reports, results, structure
from tests import factories as f
from tests.league.factories import publish_report
from tests.league.landesliga_nord_2016 import BEST_PLAYER, PUBLISHED, VENUES, seat_totals
from tournaments.models import GamePoints, SummaryEntry, Table
from tournaments.services import draw, states
from tournaments.services.lists import summary

pytestmark = pytest.mark.django_db


def _teams(group) -> dict:
    """The sixteen teams with four players each, clubs shared by a club's teams."""
    clubs, teams = {}, {}
    first, last, club_of_best, _points = BEST_PLAYER
    for name in [team for venue in VENUES for team in venue]:
        club_name = name.split(", Team")[0]
        if club_name not in clubs:
            clubs[club_name] = f.make_club(club_name)
        club = clubs[club_name]
        players = [f.make_player(club) for _ in range(4)]
        if name == club_of_best:
            players[0] = f.make_player(club, first_name=first, last_name=last)
        teams[name] = structure.create_team(
            group, {"club": club.pk, "name": name, "players": [p.pk for p in players]}
        )
    return teams


def _enter_on_paper(venue) -> None:
    """Each table's list as paper summaries: per seat games won and lost and the game
    points that give the player's series total the fixture names."""
    team_of = {
        entry.tournament_team_id: entry.team for entry in VenueTeam.objects.filter(venue=venue)
    }
    for series in venue.tournament.series.order_by("number"):
        draw.draw_series(series, seed=series.number)
        for table in Table.objects.filter(series=series).order_by("number"):
            targets, rows = {}, []
            for seat in table.seats.select_related("participant").order_by("number"):
                team = team_of[seat.participant.team_id]
                position = team.roster.get(player=seat.participant.player_id).position
                targets[seat.number] = seat_totals(team.name, series.number)[position - 1]
                rows.append({"seat": seat.number, "won": 8 + seat.number, "lost": seat.number % 3})
            credited = {
                entry.seat: entry.total
                for entry in summary.summary_entries(table, [{**r, "game_points": 0} for r in rows])
            }
            summary.save_summary(
                table,
                [{**r, "game_points": targets[r["seat"]] - credited[r["seat"]]} for r in rows],
            )
            f.sign_all(Table.objects.get(pk=table.pk))
        states.apply(series, "finish", None, roles={states.Role.DIRECTOR})
    tournament = venue.tournament
    tournament.refresh_from_db()
    states.apply(tournament, "finish", None, roles={states.Role.DIRECTOR})


def test_the_published_table_of_2016_is_reproduced_from_paper_summaries():
    season = Season.objects.create(name="2016")
    league = structure.create_league(
        season, {"name": "Landesliga Nord", "series_per_match_day": 3, "rounds_per_series": 12}
    )
    group = structure.create_group(league, {"name": "Baden-Württemberg"})
    leader = get_user_model().objects.create_user("staffelleiter-2016")
    group.leaders.add(leader)
    teams = _teams(group)
    day = fixtures.create_match_day(
        group,
        {
            "number": 1,
            "date": "2016-04-09",
            "venues": [
                {"host": teams[next(iter(v))].pk, "teams": [teams[name].pk for name in v]}
                for v in VENUES
            ],
        },
    )
    for venue in day.venues.order_by("number"):
        _enter_on_paper(venue)
        publish_report(reports.submit_report(venue), leader)

    table = results.group_table(group)
    page = Client().get(f"/liga/staffel/{group.pk}/").content.decode()
    best = day_players.best_of_day(day, published_only=True)[0]

    assert SummaryEntry.objects.count() == 16 * 4 * 3 and not GamePoints.objects.exists()
    assert [
        (row.place, row.name, f"{row.game_points:,}".replace(",", "."), row.points_pair)
        for row in table.rows
    ] == PUBLISHED
    positions = [page.index(f">{name}<") for _place, name, _points, _pair in PUBLISHED]
    assert positions == sorted(positions)
    for _place, name, points, pair in PUBLISHED:
        row = page[page.index(f">{name}<") :].split("</tr>")[0]
        assert points in row and pair in row
    assert (best.place, best.name, best.team, best.list_points) == (
        1,
        "Hartmut May",
        "Birkenau",
        3971,
    )
