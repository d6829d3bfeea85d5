"""A seeded draw asked to keep club mates apart: the page says, before anything is stored,
that the seeding takes precedence and which club mates sit together; drawing then stores
exactly those tables, with places 1-4 at table 1."""

import pytest

from tests import factories as f
from tournaments.models import Table
from tournaments.services.ranking import rank_tournament

pytestmark = pytest.mark.django_db


def _second_series_with_three_club_mates_on_top():
    tournament = f.make_tournament(rounds_per_series=1, planned_series=2)
    red = f.make_club("Rot")
    people = f.make_many_participants(tournament, 3, club=red)
    people += f.make_many_participants(tournament, 5)
    first = f.make_series(tournament)
    leaders_table = f.make_table(first, people[:4])
    f.make_table(first, people[4:])
    for declarer in (2, 3, 4, 1):
        f.enter(leaders_table, declarer_seat=declarer, game="grand", matadors=1, won=True)
    return f.make_series(tournament), {p.id for p in people[:4]}


def test_the_draw_page_says_the_seeding_takes_precedence_before_storing(director_client):
    series, leaders = _second_series_with_three_club_mates_on_top()
    url = f"/leitung/serien/{series.id}/auslosen/"

    preview = director_client.post(url, {"mode": "seeded", "separate_clubs": "on"})

    assert preview.status_code == 200
    assert not Table.objects.filter(series=series).exists()
    text = f.page_text(preview)
    assert "können nicht beide erfüllt werden: Die Setzliste hat Vorrang" in text
    assert "(Rot)" in text
    form = preview.context["draw_form"]
    seed = form.data["seed"]
    assert form.data["accept_preview"] == "on"

    drawn = director_client.post(
        url, {"mode": "seeded", "separate_clubs": "on", "seed": seed, "accept_preview": "on"}
    )

    assert drawn.status_code == 302
    first_table = Table.objects.get(series=series, number=1)
    assert set(first_table.seats.values_list("participant_id", flat=True)) == leaders
    ranking = {row.participant: row.rank for row in rank_tournament(series.tournament)}
    assert {pk for pk, rank in ranking.items() if rank <= 4} == leaders


def test_a_random_draw_with_club_separation_is_stored_at_once(director_client):
    series, _leaders = _second_series_with_three_club_mates_on_top()

    response = director_client.post(
        f"/leitung/serien/{series.id}/auslosen/", {"mode": "random", "separate_clubs": "on"}
    )

    assert response.status_code == 302
    assert Table.objects.filter(series=series).count() == 2
