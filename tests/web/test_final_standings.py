"""A finished tournament's public pages show the final standings (Endstand), not a live ranking."""

import io

import pytest
from django.utils import timezone
from pypdf import PdfReader

from tests import factories as f
from tournaments.services import participants, states

pytestmark = pytest.mark.django_db


def _finished_tournament():
    director = f.make_staff_user()
    table = f.make_complete_table(players=3)
    states.apply(table, "close", director, "Platz 3 fehlt")
    states.apply(table.series, "finish", director)
    return states.apply(table.series.tournament, "finish", director)


def _today() -> str:
    return f"{timezone.localdate():%d.%m.%Y}"


@pytest.mark.parametrize("path", ["rangliste/", "serie/1/rangliste/"])
def test_finished_ranking_is_the_final_standings_with_its_date(client, path):
    tournament = _finished_tournament()

    content = client.get(f"/turniere/{tournament.id}/{path}", HTTP_ACCEPT_LANGUAGE="de")
    text = content.content.decode()

    assert "Endstand" in text
    assert _today() in text
    assert "live-badge" not in text
    assert "data-live-url" not in text


def test_running_ranking_is_not_called_final(client):
    table = f.make_complete_table(players=3)

    text = client.get(f"/turniere/{table.series.tournament_id}/rangliste/").content.decode()

    assert "Endstand" not in text


@pytest.mark.parametrize("kind", ["tournaments", "series"])
def test_final_ranking_pdf_says_final_standings_with_the_date(client, kind):
    tournament = _finished_tournament()
    pk = tournament.id if kind == "tournaments" else tournament.series.get().id

    response = client.get(f"/api/v1/{kind}/{pk}/ranking.pdf", HTTP_ACCEPT_LANGUAGE="de")
    reader = PdfReader(io.BytesIO(response.content))
    text = "\n".join(page.extract_text() for page in reader.pages)

    assert text.startswith("Endstand")
    assert f"abgeschlossen am {_today()}" in text


@pytest.mark.parametrize("path", ["rangliste/", "serie/1/rangliste/"])
def test_the_ranking_pages_mark_a_withdrawn_player_and_only_them(client, path):
    tournament = f.make_played_tournament(players=4, series=1)
    gone = tournament.participants.order_by("start_number").last()
    participants.update_participant(gone, withdrawn=True)

    text = f.page_text(client.get(f"/turniere/{tournament.id}/{path}"))

    assert f"{gone.player.full_name} (zurückgezogen)" in text
    assert text.count("(zurückgezogen)") == 1
