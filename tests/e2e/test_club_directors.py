"""A club's directors named on the club's page by the association's administrator, on a
phone and at 1366×768: add an existing director's login by name, a refused name shown
beside the field, remove one; the last director has no remove button."""

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tests.e2e.conftest import DIRECTOR_PASSWORD
from tests.e2e.test_director_phone import assert_fits

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("size", [(360, 640), (1366, 768)])
def test_the_admin_names_and_removes_a_club_s_director_on_its_page(
    new_page, django_user_model, size
):
    django_user_model.objects.create_user(
        "verband", password=DIRECTOR_PASSWORD, is_staff=True, is_superuser=True
    )
    club = f.make_club("Skatfreunde Herz Ass Niederrhein")
    club.directors.add(f.make_staff_user("leitung_a"))
    f.make_staff_user("neue_leitung")
    page = new_page(viewport={"width": size[0], "height": size[1]})
    page.goto("/anmelden/?next=/leitung/", timeout=60_000)
    page.fill("#id_username", "verband")
    page.fill("#id_password", DIRECTOR_PASSWORD)
    page.get_by_test_id("login").click()
    page.wait_for_url("**/leitung/")
    directors = page.get_by_test_id("club-directors")

    assert_fits(page, f"/leitung/vereine/{club.pk}/")
    expect(directors).to_contain_text("leitung_a")
    expect(directors.get_by_role("button")).to_have_count(0)  # the last one stays

    page.fill("#id_username", "niemand")
    page.get_by_test_id("add-club-director").click()
    expect(page.locator("#id_username_errors")).to_contain_text(
        "Es gibt keine aktive Anmeldung der Turnierleitung mit dem Login-Namen „niemand“."
    )
    page.fill("#id_username", "neue_leitung")
    page.get_by_test_id("add-club-director").click()
    expect(directors).to_contain_text("neue_leitung")
    directors.get_by_role("button", name="leitung_a entfernen").click()

    expect(directors).not_to_contain_text("leitung_a")
    expect(directors.get_by_role("button")).to_have_count(0)
    assert list(club.directors.values_list("username", flat=True)) == ["neue_leitung"]
