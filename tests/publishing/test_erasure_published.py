"""Art. 17 reaches the portal: erasing a player queues a new version of every tournament
the hall has published with that player, so the portal names "Gelöschte Person N" once
the sender has run (docs/privacy.md, docs/results-format.md). Between two real servers:
tests/publishing/test_publishing_between_servers.py."""

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from publishing.models import OutboxEntry
from publishing.services import outbox, sending
from tests import factories as f
from tests.publishing.conftest import finish, with_club
from tournaments.models import Publication

pytestmark = pytest.mark.django_db


def published(tournament) -> dict:
    """Publish ``tournament`` as the sender does: its document made and marked sent."""
    entry = sending.build_document(outbox.queue(tournament.pk))
    OutboxEntry.objects.filter(pk=entry.pk).update(sent_at=timezone.now())
    return entry.document


def named(player, first="Erika", last="Mustermann"):
    player.first_name, player.last_name, player.publication = first, last, Publication.FULL
    player.save()
    return player


def erase(player):
    client = APIClient()
    client.force_authenticate(f.make_superuser())
    response = client.post(
        f"/api/v1/players/{player.pk}/erase/", {"reason": "Antrag vom 28.11."}, format="json"
    )
    assert response.status_code == 200, response.json()
    return response.json()["name"]


def test_erasing_a_player_queues_the_published_tournament_with_the_pseudonym(
    admin_user, django_capture_on_commit_callbacks
):
    outbox.set_target("http://127.0.0.1:9", "club-token")
    tournament = finish(with_club(f.make_played_tournament(players=8)), admin_user)
    player = named(tournament.participants.order_by("start_number").first().player)
    before = published(tournament)
    assert "Erika Mustermann" in [p["name"] for p in before["players"]]

    with django_capture_on_commit_callbacks(execute=True):
        pseudonym = erase(player)

    waiting = list(OutboxEntry.objects.filter(sent_at__isnull=True))
    assert [entry.tournament_id for entry in waiting] == [tournament.pk]
    document = sending.build_document(waiting[0]).document
    names = [p["name"] for p in document["players"]]
    assert pseudonym == "Gelöschte Person 1"
    assert pseudonym in names
    assert not any("Mustermann" in name or "Erika" in name for name in names)
    assert document["id"] == before["id"]
    assert document["version"] > before["version"]


def test_a_tournament_never_published_is_not_sent_because_of_an_erasure(
    admin_user, django_capture_on_commit_callbacks
):
    outbox.set_target("http://127.0.0.1:9", "club-token")
    tournament = finish(with_club(f.make_played_tournament(players=8)), admin_user)
    elsewhere = finish(with_club(f.make_played_tournament(players=8)), admin_user)
    published(elsewhere)
    player = named(tournament.participants.first().player)

    with django_capture_on_commit_callbacks(execute=True):
        erase(player)

    assert not OutboxEntry.objects.filter(sent_at__isnull=True).exists()
