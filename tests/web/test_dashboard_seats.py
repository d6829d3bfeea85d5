"""The dashboard's table rows name everyone who sat at the table during the series: a
player who left or was replaced stays in the row, marked, before and after the finish."""

import re

import pytest

from tests import factories as f
from tournaments.models import Tournament
from tournaments.services import states

pytestmark = pytest.mark.django_db


def _row(director_client, tournament) -> str:
    page = director_client.get(f"/leitung/turniere/{tournament.pk}/").content.decode()
    return re.search(r'data-testid="table-row-1-1".*?</tr>', page, re.S)[0]


def test_a_replaced_player_stays_in_the_tables_row_marked(director_client, director_user):
    table, newcomer = f.make_replaced_table()
    f.sign_all(table)
    leaver = table.seats.get(number=2, from_game=1).participant
    tournament = table.series.tournament

    running = _row(director_client, tournament)
    states.apply(table.series.__class__.objects.get(pk=table.series_id), "finish", director_user)
    states.apply(Tournament.objects.get(pk=tournament.pk), "finish", director_user)
    finished = _row(director_client, tournament)

    for row in (running, finished):
        assert row.count("<li") - row.count("<li><a") == 5  # four seats, one taken over
        assert f'{leaver.player.full_name} <span class="help">(bis Spiel 4)</span>' in row
        assert f'{newcomer.player.full_name} <span class="help">(ab Spiel 5)</span>' in row
