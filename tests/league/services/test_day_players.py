"""The best players of a match day: by their list points of the day over every venue of
it, as league reports name them (RULES 6.1), on the table page and the live page."""

import pytest
from django.db.models import Q
from django.test import Client

from league.services import day_players
from tests.league.factories import make_season
from tournaments.models import Participant
from tournaments.services.ranking import participant_totals

pytestmark = pytest.mark.django_db


def _expected(group):
    """Each player's list points of match day 1, summed over every tournament of it."""
    points = {}
    for venue in group.match_days.get(number=1).venues.select_related("tournament"):
        sums = participant_totals(Q(tournament=venue.tournament), "participant__player")
        for player, total in sums.items():
            points[player] = points.get(player, 0) + total.total(venue.tournament.scheme)
    return points


def test_the_best_players_of_a_match_day_by_their_list_points_over_its_venues():
    group, _teams = make_season(venues=2)
    day = group.match_days.get(number=1)
    expected = _expected(group)

    rows = day_players.best_of_day(day)

    assert len(rows) == 32  # eight teams of four at two venues
    assert [row.list_points for row in rows] == sorted(expected.values(), reverse=True)
    assert rows[0].list_points == max(expected.values())
    assert rows[0].place == 1 and all(
        later.place >= earlier.place for earlier, later in zip(rows, rows[1:], strict=False)
    )
    best = Participant.objects.filter(player=rows[0].player).first().player
    assert rows[0].name == best.full_name and rows[0].team


def test_the_table_page_names_the_best_players_of_the_last_match_day():
    group, _teams = make_season(match_days=2)
    best = day_players.best_of_day(group.match_days.get(number=2))[0]

    page = Client().get(f"/liga/staffel/{group.pk}/").content.decode()

    assert 'data-testid="day-best"' in page
    assert "Beste Spieler des 2. Spieltags" in page
    section = page.split('data-testid="day-best"')[1].split("</section>")[0]
    assert best.name in section and f"{best.list_points}" in section.replace(".", "")
