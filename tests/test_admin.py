"""Admin pages for clubs and players open, list, search and filter."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def clubs_and_players(db):
    """Two clubs of eight players each (one of them a Becker) and a player without a club."""
    from tests.factories import make_club, make_player

    for name in ["Skatfreunde Musterstadt", "Herz Dame Beispielheim"]:
        club = make_club(name)
        for _ in range(8):
            make_player(club)
    make_player(last_name="Becker")
    make_player(club=None)


@pytest.mark.parametrize(
    "url",
    [
        "/admin/tournaments/club/",
        "/admin/tournaments/club/?q=Muster",
        "/admin/tournaments/player/",
        "/admin/tournaments/player/?q=Becker",
        "/admin/tournaments/player/?club__isnull=True",
        "/admin/tournaments/player/add/",
    ],
)
def test_admin_pages_open(admin_client, clubs_and_players, url):
    response = admin_client.get(url)

    assert response.status_code == 200
    assert 'id="content"' in response.content.decode()


def test_player_search_finds_by_club_name(admin_client, clubs_and_players):

    response = admin_client.get("/admin/tournaments/player/", {"q": "Beispielheim"})

    assert response.context["cl"].result_count == 8


# --- signed and locked lists (docs/rules.md 4) ----------------------------------------------


@pytest.fixture(scope="module")
def _sealed_table_id(module_db):
    from tests.factories import make_complete_table, png_data_url, sign_all
    from tournaments.services.sealing import signing

    table = make_complete_table(players=3, rounds_per_series=1)
    signing.sign_list(table, 1, image=png_data_url())
    return sign_all(table).pk


@pytest.fixture
def sealed_table(_sealed_table_id, db):
    """A complete 3-table, signed by everybody (seat 1 with a drawn signature); built once
    for the module (module_db)."""
    from tournaments.models import Table

    return Table.objects.get(pk=_sealed_table_id)


def test_a_sealed_table_opens_read_only(admin_client, sealed_table):

    response = admin_client.get(f"/admin/tournaments/table/{sealed_table.pk}/change/")

    content = response.content.decode()
    assert response.status_code == 200
    assert 'name="_save"' not in content
    assert sealed_table.seal in content


@pytest.mark.parametrize(
    ("method", "suffix", "data"),
    [
        ("post", "change/", {"access_code": "", "number": 9}),
        ("get", "delete/", None),
        ("post", "delete/", {"post": "yes"}),
    ],
)
def test_a_sealed_table_cannot_be_changed_or_deleted(
    admin_client, sealed_table, method, suffix, data
):
    from tournaments.models import Table

    response = getattr(admin_client, method)(
        f"/admin/tournaments/table/{sealed_table.pk}/{suffix}", data or {}
    )

    assert response.status_code == 403
    stored = Table.objects.get(pk=sealed_table.pk)
    assert (stored.number, stored.status, stored.seal) == (
        sealed_table.number,
        "signed",
        sealed_table.seal,
    )


def test_the_seal_fields_of_an_open_table_are_read_only(admin_client):
    from tests.factories import make_seated_table
    from tournaments.models import Table

    make_seated_table()
    table = Table.objects.filter(status="open").first()

    response = admin_client.get(f"/admin/tournaments/table/{table.pk}/change/")

    assert response.status_code == 200
    form_fields = set(response.context["adminform"].form.fields)
    assert not form_fields & {"seal", "sealed_at", "locked_at", "closed_reason", "status"}


@pytest.mark.parametrize("model", ["series", "table"])
def test_deleting_a_sealed_list_with_its_series_or_by_bulk_action_is_refused(
    admin_client, sealed_table, model
):
    from tournaments.models import Series, Table

    pk = sealed_table.series_id if model == "series" else sealed_table.pk

    page = admin_client.get(f"/admin/tournaments/{model}/{pk}/delete/")
    action = admin_client.post(
        f"/admin/tournaments/{model}/",
        {"action": "delete_selected", "_selected_action": [pk], "post": "yes"},
    )

    if model == "series":
        assert page.status_code == 200 and page.context["protected"]
    else:
        assert page.status_code == 403
    assert action.status_code == 200 and action.context["protected"]
    assert Series.objects.filter(pk=sealed_table.series_id).exists()
    assert Table.objects.filter(pk=sealed_table.pk, status="signed").exists()


def test_signatures_are_listed_read_only_without_the_image(admin_client, sealed_table):
    from tournaments.models import Signature

    signature = Signature.objects.get(table=sealed_table, seat=1)

    listing = admin_client.get("/admin/tournaments/signature/")
    detail = admin_client.get(f"/admin/tournaments/signature/{signature.pk}/change/")
    add = admin_client.get("/admin/tournaments/signature/add/")
    delete = admin_client.get(f"/admin/tournaments/signature/{signature.pk}/delete/")

    assert listing.status_code == 200 and listing.context["cl"].result_count == 3
    content = detail.content.decode()
    assert detail.status_code == 200 and 'name="_save"' not in content
    assert "iVBOR" not in content and "\\x89PNG" not in content
    assert (add.status_code, delete.status_code) == (403, 403)


def test_signing_certificates_are_read_only_and_hide_the_key(admin_client):
    import datetime

    from django.utils import timezone

    from tournaments.models import SigningCertificate

    certificate = SigningCertificate.objects.create(
        subject="CN=Skatfreunde",
        pkcs12=b"secret-key-material",
        valid_until=timezone.now() + datetime.timedelta(days=365),
    )

    listing = admin_client.get("/admin/tournaments/signingcertificate/")
    detail = admin_client.get(f"/admin/tournaments/signingcertificate/{certificate.pk}/change/")
    add = admin_client.get("/admin/tournaments/signingcertificate/add/")

    assert listing.status_code == 200 and "CN=Skatfreunde" in listing.content.decode()
    assert detail.status_code == 200 and "secret-key-material" not in detail.content.decode()
    assert 'name="_save"' not in detail.content.decode()
    assert add.status_code == 403


@pytest.mark.parametrize(("model", "finished"), [("series", True), ("tournament", False)])
def test_admin_finishes_through_the_state_machine_and_never_edits_the_status(
    admin_client, sealed_table, model, finished
):
    from tournaments.models import AuditEntry, Series, Tournament

    obj = sealed_table.series if model == "series" else sealed_table.series.tournament

    form = admin_client.get(f"/admin/tournaments/{model}/{obj.pk}/change/")
    admin_client.post(
        f"/admin/tournaments/{model}/",
        {"action": "finish_selected", "_selected_action": [obj.pk]},
    )

    assert "status" not in form.context["adminform"].form.fields
    obj = (Series if model == "series" else Tournament).objects.get(pk=obj.pk)
    # The tournament's series is still running, so finishing it is refused.
    assert (obj.status == "finished") is finished
    assert AuditEntry.objects.filter(action=f"{model}_finished").exists() is finished


def test_the_users_groups_are_called_gruppen_and_the_leagues_staffeln(admin_client, admin_user):
    """The league's "Staffeln" are its own word: Django's user groups stay "Gruppen"."""
    from django.contrib.auth.models import Group

    from tournaments.services.roles import TREASURER_GROUP

    Group.objects.get_or_create(name=TREASURER_GROUP)  # as the migrations make it
    user_page = admin_client.get(f"/admin/auth/user/{admin_user.pk}/change/").content.decode()
    groups_page = admin_client.get("/admin/auth/group/").content.decode()
    league_page = admin_client.get("/admin/league/").content.decode()

    assert '<label for="id_groups">Gruppen:</label>' in user_page
    assert 'auth/group/">Gruppen</a>' in user_page
    assert 'league/leaguegroup/">Staffeln</a>' in user_page
    assert TREASURER_GROUP in groups_page
    assert "Staffeln" in league_page


def test_api_tokens_are_listed_masked(admin_client, admin_user):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=admin_user)

    page = admin_client.get("/admin/authtoken/tokenproxy/").content.decode()

    assert token.key not in page
    assert f"{token.key[:4]}…" in page
