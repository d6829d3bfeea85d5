"""The ranking's tabs offer "Mannschaften" only where there are teams."""

import pytest

from tests import factories as f
from tournaments.services import participants

pytestmark = pytest.mark.django_db
TEAMS_TAB = '/mannschaften/"'


@pytest.mark.parametrize("ranking", ["rangliste/", "serie/1/rangliste/"])
def test_a_tournament_without_teams_offers_no_teams_tab(client, ranking):
    table = f.make_complete_table()

    html = client.get(f"/turniere/{table.series.tournament_id}/{ranking}").content.decode()

    assert ">Gesamt<" in html
    assert TEAMS_TAB not in html
    assert ">Mannschaften<" not in html


@pytest.mark.parametrize("ranking", ["rangliste/", "serie/1/rangliste/", "mannschaften/"])
def test_a_tournament_with_teams_offers_the_teams_tab(client, ranking):
    tournament = f.make_tournament(rounds_per_series=1)
    team = f.make_team(tournament, name="Pik As")
    people = [participants.register(tournament, f.make_player(), team=team) for _ in range(4)]
    f.play_out(f.make_table(f.make_series(tournament), people))

    html = client.get(f"/turniere/{tournament.id}/{ranking}").content.decode()

    assert ">Mannschaften<" in html
