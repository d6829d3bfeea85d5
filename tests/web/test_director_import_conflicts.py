"""The import preview page: a member number of a differently named player is resolved there."""

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests import factories as f
from tournaments.models import Participant, Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

CSV = "Vorname;Nachname;Verein;Mitgliedsnummer\nWalter;Schäfer;Herz Dame;201\nAnna;Acker;;\n"


@pytest.fixture
def uploaded(director_client):
    """A tournament whose upload of the file above waits in the preview."""
    Player.objects.create(
        first_name="Werner", last_name="Braun", club=f.make_club("Herz Dame"), member_number="201"
    )
    tournament = f.make_tournament()
    response = director_client.post(
        reverse("web:director-import", args=[tournament.id]),
        {"file": SimpleUploadedFile("liste.csv", CSV.encode())},
    )
    assert response.status_code == 302
    return tournament


def preview_url(tournament):
    return reverse("web:director-import-preview", args=[tournament.id])


def test_preview_offers_the_three_choices_for_a_conflict(director_client, uploaded):
    html = director_client.get(preview_url(uploaded)).content.decode()

    assert 'data-status="conflict"' in html
    for choice in ("existing", "new", "skip"):
        assert f'name="resolution-2" value="{choice}"' in html
    assert "Werner Braun" in html


def test_confirm_without_a_choice_imports_nothing_and_says_why(director_client, uploaded):
    response = director_client.post(preview_url(uploaded), {"confirm": ""})

    assert response.status_code == 200
    assert "nothing was imported" in response.content.decode()
    assert Participant.objects.count() == 0


def test_confirm_with_new_creates_a_second_player(director_client, uploaded):
    response = director_client.post(preview_url(uploaded), {"confirm": "", "resolution-2": "new"})

    assert response.status_code == 302
    assert sorted(str(p.player) for p in Participant.objects.select_related("player")) == [
        "Anna Acker",
        "Walter Schäfer",
    ]
    assert Player.objects.filter(member_number="201").get().last_name == "Braun"


def test_confirm_with_existing_registers_the_known_player_and_counts_by_outcome(
    director_client, uploaded
):
    response = director_client.post(
        preview_url(uploaded), {"confirm": "", "resolution-2": "existing"}
    )

    assert sorted(str(p.player) for p in Participant.objects.select_related("player")) == [
        "Anna Acker",
        "Werner Braun",
    ]
    [message] = [str(m) for m in get_messages(response.wsgi_request)]
    assert message == "2 players have been registered. (1 new, 1 already known)"


def test_confirm_with_skip_leaves_the_row_out(director_client, uploaded):
    response = director_client.post(preview_url(uploaded), {"confirm": "", "resolution-2": "skip"})

    assert response.status_code == 302
    assert [str(p.player) for p in Participant.objects.select_related("player")] == ["Anna Acker"]
