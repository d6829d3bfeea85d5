"""A phone or program that sends broken text gets the site's German answer, as the API
gives it: invalid UTF-8 in a form (Django reads it as U+FFFD) is refused, naming the
field, and nothing is stored; a NUL character gets the German 400 page."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry
from tournaments.services import states
from tournaments.web.forms import NewPlayerForm

pytestmark = pytest.mark.django_db
FORM = "application/x-www-form-urlencoded"
NAVIGATION = 'aria-label="Hauptnavigation"'


def _finished_tournament():
    table = f.make_complete_table(players=3)
    states.apply(table, "close", f.make_staff_user(), "Platz 3 fehlt")
    series = states.apply(table.series, "finish", f.make_staff_user())
    return states.apply(series.tournament, "finish", f.make_staff_user())


@pytest.mark.parametrize(
    "body",
    [
        "reopen-reason=%ED%A0%80",  # a lone surrogate in UTF-8
        "reopen-reason=Tisch%201%20%FF%FE",  # bytes that are no UTF-8 at all
        "reopen-reason=%EF%BF%BD",  # the replacement character itself
    ],
)
def test_a_reason_with_a_broken_character_is_refused_and_nothing_changes(director_client, body):
    tournament = _finished_tournament()

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/wieder-oeffnen/", body, content_type=FORM, follow=True
    )

    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert not AuditEntry.objects.filter(action="tournament_reopened").exists()
    assert "Der Text enthält ein defektes Zeichen" in response.content.decode()


@pytest.mark.parametrize("name", ["M\ufffdller", "\ufffd\ufffd\ufffd"])
def test_a_name_with_a_broken_character_is_refused(name):
    form = NewPlayerForm({"first_name": "Jürgen", "last_name": name})

    assert not form.is_valid()
    assert "defektes Zeichen" in form.errors["last_name"][0]


@pytest.mark.parametrize(
    "path", ["/turniere/1/rangliste/?name=%00", "/verify/%00/", "/gibt-es-nicht/?q=%00"]
)
def test_a_nul_character_gets_the_german_400_page(client, path):
    response = client.get(path)

    html = response.content.decode()
    assert response.status_code == 400
    assert '<html lang="de"' in html
    assert "Ungültige Anfrage" in html
    assert NAVIGATION in html


def test_a_nul_character_in_a_form_gets_the_german_400_page(client):
    response = client.post("/anmelden/", "username=a%00b&password=x", content_type=FORM)

    assert response.status_code == 400
    assert "Ungültige Anfrage" in response.content.decode()


def test_the_api_keeps_its_json_for_a_nul_character(client):
    response = client.get("/api/v1/tournaments/", {"search": "\x00"})

    assert response.status_code == 400
    assert response.json()["errors"][0]["code"]
