"""A league substitute taken back at the table: the venue's result and the individual
ranking are as before the change (the games since are the replaced player's again)."""

import pytest

from league.services import results
from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_match_day
from tournaments.models import Participant, Seat, Table
from tournaments.services import draw, replacement_undo, seating
from tournaments.services.lists import listkeeping

pytestmark = pytest.mark.django_db


def test_a_substitute_taken_back_leaves_the_result_and_the_ranking_as_before():
    group = make_group(series=1, rounds=2)
    teams = [make_league_team(group, substitutes=1) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    series = venue.tournament.series.get()
    draw.draw_series(series, seed=3)
    regulars = [entry.player_id for entry in teams[0].roster.filter(substitute=False)]
    seat = Seat.objects.filter(series=series, participant__player__in=regulars).first()
    table = Table.objects.get(pk=seat.table_id)
    for declarer in (2, 3, 4, 1):
        listkeeping.enter_game(
            table, {"declarer_seat": declarer, "game": "grand", "matadors": 1, "won": True}
        )
    substitute = Participant.objects.get(
        tournament=venue.tournament, player=teams[0].roster.get(substitute=True).player
    )
    replacement = seating.replace_player(table, seat.number, substitute.pk, 5)
    f.play_out(Table.objects.get(pk=table.pk))
    for other in Table.objects.filter(series=series).exclude(pk=table.pk):
        f.play_out(other)
    team_points = {s.team: s.game_points for s in results.venue_result(venue).teams}
    with_substitute = {
        row.record.player: row.record.list_points
        for row in results.player_ranking(group, published_only=False)
    }

    replacement_undo.undo_replacement(table, replacement.pk, "Ersatz irrtümlich eingetragen")

    ranking = {
        row.record.player: row.record.list_points
        for row in results.player_ranking(group, published_only=False)
    }
    original = seat.participant.player_id
    assert {s.team: s.game_points for s in results.venue_result(venue).teams} == team_points
    assert substitute.player_id in with_substitute and substitute.player_id not in ranking
    assert ranking[original] == with_substitute[original] + with_substitute[substitute.player_id]
