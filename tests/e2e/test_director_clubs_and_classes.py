"""A new director's evening without the admin: the club of a typed player, the prize
classes of all participants in one save, and the club's season ranking, at 1366×768 and
on a phone."""

import re

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tests.e2e.test_director_phone import assert_fits
from tournaments.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_typed_player_s_club_and_the_classes_without_the_admin(director_desk):
    tournament = f.make_tournament(name="Clubabend")
    f.make_participants(tournament, 2)
    page = director_desk({"width": 1366, "height": 768})

    page.get_by_test_id("clubs-link").click()
    page.fill("#id_name", "Kreuz Buben")
    page.get_by_test_id("create-club").click()
    expect(page.locator("h1")).to_have_text("Kreuz Buben")

    page.goto(f"/leitung/turniere/{tournament.id}/teilnehmer/")
    page.fill("#id_first_name", "Erika")
    page.fill("#id_last_name", "Neu")
    page.select_option("#id_club", label="Kreuz Buben")
    page.get_by_test_id("register-new").click()
    page.get_by_test_id("all-classes-link").click()
    erika = tournament.participants.get(player__last_name="Neu")
    page.select_option(f"#id_gender-{erika.id}", "f")
    page.select_option(f"#id_category-{erika.id}", "senior")
    page.get_by_test_id("save-all-classes").click()

    expect(page.locator(".messages, [role=status]").first).to_contain_text("gespeichert")
    expect(page.locator(f"#id_gender-{erika.id}")).to_have_value("f")
    player = Player.objects.get(last_name="Neu")
    assert (player.club.name, player.gender, player.category) == ("Kreuz Buben", "f", "senior")


@pytest.mark.parametrize("size", [(360, 640), (1366, 768)])
def test_the_club_classes_and_season_pages_fit_the_screen(director_desk, size):
    director = director_desk({"width": size[0], "height": size[1]})
    club = f.make_club("Skatfreunde Herz Ass Niederrhein")
    tournament = f.make_played_tournament(players=4, club=club, series=2)
    Player.objects.update(club=club)

    assert_fits(director, f"/leitung/vereine/{club.pk}/")
    assert_fits(director, f"/leitung/vereine/{club.pk}/wertungsklassen/")
    assert_fits(director, f"/leitung/turniere/{tournament.pk}/wertungsklassen/")
    assert_fits(director, f"/vereine/{club.pk}/jahreswertung/?year=2026")
    expect(director.locator("h1")).to_have_text(re.compile("Jahreswertung 2026"))
    expect(director.locator("tbody tr")).to_have_count(4)
