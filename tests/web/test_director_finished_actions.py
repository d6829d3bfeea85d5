"""A finished tournament offers no action it would refuse; it says what to reopen instead."""

import re

import pytest

from tests import factories as f
from tournaments.services import states

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    """A finished tournament of one finished series with one list closed by the director."""
    director = f.make_staff_user()
    table = states.apply(f.make_complete_table(players=3), "close", director, "Platz 3 fehlt")
    states.apply(table.series, "finish", director)
    states.apply(table.series.tournament, "finish", director)
    return table


def _forms(page) -> list[str]:
    """The addresses the page's forms post to."""
    actions = re.findall(r'<form [^>]*action="([^"]+)"', page.content.decode())
    return [action for action in actions if action not in ("/abmelden/", "/i18n/setlang/")]


def test_the_dashboard_offers_no_new_series_registration_or_import(director_client, finished):
    tournament = finished.series.tournament

    page = director_client.get(f"/leitung/turniere/{tournament.id}/")

    html = page.content.decode()
    assert 'data-testid="add-series"' not in html
    assert 'data-testid="import"' not in html
    assert "Teilnehmer anmelden" not in html
    assert "Teilnehmer ansehen" in html
    assert _forms(page) == [f"/leitung/turniere/{tournament.id}/wieder-oeffnen/"]


def test_the_participant_and_import_pages_offer_no_registration(director_client, finished):
    tournament = finished.series.tournament

    participants = director_client.get(f"/leitung/turniere/{tournament.id}/teilnehmer/")
    upload = director_client.get(f"/leitung/turniere/{tournament.id}/import/")

    assert "ist beendet; es können keine Spieler mehr angemeldet werden" in (
        participants.content.decode()
    )
    for page in (participants, upload):
        assert not [action for action in _forms(page) if "anmelden" in action or "neu" in action]
        assert 'data-testid="show-preview"' not in page.content.decode()
        assert 'data-testid="register-new"' not in page.content.decode()


def test_the_series_and_table_pages_say_what_to_reopen_first(director_client, finished):
    series_page = director_client.get(f"/leitung/serien/{finished.series_id}/")
    table_page = director_client.get(f"/leitung/tische/{finished.id}/")

    assert 'data-testid="reopen-tournament-first"' in series_page.content.decode()
    assert 'data-testid="reopen-series-first"' in table_page.content.decode()
    assert 'data-testid="code-expired"' in table_page.content.decode()
    assert _forms(series_page) == []
    assert _forms(table_page) == []
