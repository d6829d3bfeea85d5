"""The director finishes a series with a list still open, then the tournament, in a browser.

One list is signed by everybody, the other lacks a signature: the series page names it,
the director closes it with one reason and the series is finished; the dashboard then
finishes the tournament, and a player's phone shows the final standings (Endstand).
"""

import re

import pytest

from tests import factories as f
from tournaments.models import Series, Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "e2e-Direktor-Passwort-2026"


def test_director_finishes_series_with_an_open_list_and_the_tournament(new_page, django_user_model):
    django_user_model.objects.create_user("leitung", password=PASSWORD, is_staff=True)
    signed = f.sign_all(f.make_complete_table(players=3))
    series = signed.series
    unsigned = f.play_out(f.make_table(series, f.make_participants(series.tournament, 3), number=2))
    tournament = series.tournament

    desk = new_page()
    desk.set_default_timeout(30_000)  # a loaded machine answers the first request slowly
    desk.goto("/leitung/")
    desk.fill("#id_username", "leitung")
    desk.fill("#id_password", PASSWORD)
    desk.keyboard.press("Enter")
    desk.wait_for_url(re.compile(r"^[^?]*/leitung/$"))

    desk.goto(f"/leitung/serien/{series.id}/")
    assert desk.get_by_test_id("open-lists").inner_text() == "Tisch 2"
    desk.fill("#finish-reason", "Spieler an Tisch 2 ohne Unterschrift gegangen")
    desk.get_by_test_id("finish-series").click()
    desk.get_by_test_id("series-finished").wait_for()

    desk.goto(f"/leitung/turniere/{tournament.id}/")
    desk.get_by_test_id("finish-tournament").click()
    desk.get_by_test_id("tournament-finished").wait_for()

    phone = new_page(viewport={"width": 390, "height": 844})
    phone.set_default_timeout(30_000)
    phone.goto(f"/turniere/{tournament.id}/rangliste/")
    assert phone.locator("h1").inner_text() == "Endstand"
    assert "abgeschlossen am" in phone.get_by_test_id("final-standings").inner_text()
    assert phone.locator(".live-badge").count() == 0
    unsigned.refresh_from_db()
    assert unsigned.status == Table.Status.LOCKED
    assert Series.objects.get(pk=series.pk).status == Series.Status.FINISHED
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
