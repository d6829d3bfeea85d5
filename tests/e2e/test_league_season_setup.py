"""A season set up in the browser without the Django admin: the association admin makes a
season, a league and a group on the association's pages and invites the group leader,
who follows the link on a phone, sets a password and lands on "Meine Liga"."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a-long-test-password-42"
LEADER_PASSWORD = "Kreuz-Bube-2029!"


def test_the_admin_sets_up_a_group_and_its_leader_follows_the_invitation(
    new_page, django_user_model
):
    django_user_model.objects.create_user(
        "verband", password=PASSWORD, is_staff=True, is_superuser=True
    )
    desk = new_page()
    desk.goto("/anmelden/?next=/liga/verband/", timeout=60_000)
    desk.fill("#id_username", "verband")
    desk.fill("#id_password", PASSWORD)
    desk.get_by_test_id("login").click()
    desk.wait_for_url("**/liga/verband/")

    desk.get_by_test_id("season-new").click()
    desk.fill("#name", "2029")
    desk.get_by_test_id("association-save").click()
    desk.get_by_role("link", name="Neue Liga").click()
    desk.fill("#name", "Landesliga")
    desk.fill("#series_per_match_day", "9")
    desk.get_by_test_id("association-save").click()
    refusal = desk.get_by_test_id("errors").inner_text()
    desk.fill("#series_per_match_day", "2")
    desk.get_by_test_id("association-save").click()
    desk.get_by_role("link", name="Neue Staffel").click()
    desk.fill("#name", "Staffel Nord")
    desk.fill("#promotion_places", "2")
    desk.fill("#relegation_places", "2")
    desk.get_by_test_id("association-save").click()
    desk.get_by_test_id("invite").click()
    desk.fill("#name", "Erika Muster")
    desk.get_by_role("button", name="Einladungslink erzeugen").click()
    link = desk.get_by_test_id("invitation-link").locator("code").inner_text()

    phone = new_page(viewport={"width": 390, "height": 740})
    phone.goto(link)
    invited_as = phone.get_by_test_id("invitation-role").inner_text()
    phone.fill("#username", "erika")
    phone.fill("#password1", LEADER_PASSWORD)
    phone.fill("#password2", LEADER_PASSWORD)
    phone.get_by_test_id("invitation-accept").click()
    phone.wait_for_url("**/liga/meine/")
    led = phone.get_by_test_id("led-group").inner_text()
    phone.goto(link)
    used = phone.get_by_test_id("invitation-closed").inner_text()

    assert "Serien je Spieltag:" in refusal
    assert "Erika Muster" in invited_as and "Staffelleiter" in invited_as
    assert "Landesliga" in led and "Staffel Nord" in led
    assert "bereits benutzt" in used
