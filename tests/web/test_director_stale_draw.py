"""A draw from a page opened before another draw is refused and asks again (two tabs)."""

import re

import pytest

from tests import factories as f
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _seen_draw(page) -> str:
    found = re.search(r'name="seen_draw"(?: value="([^"]*)")?', page.content.decode())
    return found.group(1) or ""


def _tables_and_codes(series):
    return list(Table.objects.filter(series=series).values_list("id", "access_code"))


def test_a_second_tab_does_not_redraw_what_the_first_tab_drew(director_client):
    tournament = f.make_tournament()
    f.make_participants(tournament, 8)
    series = f.make_series(tournament)
    url = f"/leitung/serien/{series.id}/"
    tab_a = _seen_draw(director_client.get(url))
    tab_b = _seen_draw(director_client.get(url))
    director_client.post(f"{url}auslosen/", {"mode": "random", "seen_draw": tab_a})
    drawn = _tables_and_codes(series)

    refused = director_client.post(f"{url}auslosen/", {"mode": "random", "seen_draw": tab_b})

    assert refused.status_code == 200
    assert _tables_and_codes(series) == drawn
    page = refused.content.decode()
    assert "Serie 1 wurde ausgelost, seit diese Seite geöffnet wurde" in page
    assert 'data-testid="draw">Neu auslosen</button>' in page
    assert "Die bisherigen Tische durch eine neue Auslosung ersetzen?" in page
    # The question answered on the page that shows the current tables replaces them.
    director_client.post(f"{url}auslosen/", {"mode": "random", "seen_draw": _seen_draw(refused)})
    assert _tables_and_codes(series) != drawn


def test_a_redraw_from_an_old_page_is_refused_after_another_redraw(director_client):
    tournament = f.make_tournament()
    f.make_participants(tournament, 7)
    series = f.make_series(tournament)
    url = f"/leitung/serien/{series.id}/"
    director_client.post(f"{url}auslosen/", {"mode": "random", "seen_draw": ""})
    old_page = _seen_draw(director_client.get(url))
    director_client.post(f"{url}auslosen/", {"mode": "random", "seen_draw": old_page})
    drawn = _tables_and_codes(series)

    director_client.post(f"{url}auslosen/", {"mode": "random", "seen_draw": old_page})

    assert _tables_and_codes(series) == drawn
