"""An erased person ("Gelöschte Person N", docs/privacy.md "Art. 17") is never matched
again: not by the door's name matching, not by the director's player search on the
participants page, not by ``manage.py import_results``, whether the old name or the
pseudonym is typed. (The player import and the API's search: tests/api/test_player_erasure.py.)"""

import io
import json
from contextlib import ExitStack

import pytest
from django.core.management import call_command

from door.services.desk import accept
from door.services.self_registration import self_register
from publishing.services import results_document as builder
from tests import factories as f
from tests.publishing.test_import import evening
from tournaments.models import AuditEntry, Club, Player, Table, Tournament, changes_allowed
from tournaments.services.erasure import erase_player

pytestmark = pytest.mark.django_db

TYPED = [
    ("Erika", "Mustermann", "0815"),
    ("Gelöschte Person", "1", ""),
    ("gelöschte person", "1", ""),
]


@pytest.fixture
def erased():
    """Erika Mustermann of the Skatfreunde Nord, member 0815, erased."""
    club = f.make_club("Skatfreunde Nord")
    player = f.make_player(club, "Erika", "Mustermann")
    Player.objects.filter(pk=player.pk).update(member_number="0815")
    return erase_player(player, "Antrag der Spielerin")


@pytest.mark.parametrize(("first", "last", "number"), TYPED)
def test_the_door_does_not_recognise_an_erased_person(erased, first, last, number):
    tournament = f.make_tournament(self_registration=True)
    data = {"first_name": first, "last_name": last, "publication": "full"}
    data.update(club="Skatfreunde Nord", member_number=number)

    arrival = self_register(tournament, data)[0]
    participant = accept(arrival)

    assert arrival.match is None
    assert participant.player != erased
    assert not erased.participations.exists()


@pytest.mark.parametrize("query", ["Gelöschte Person", "Gelöschte Person 1", "Mustermann", "0815"])
def test_the_directors_player_search_does_not_find_an_erased_person(director_client, erased, query):
    tournament = f.make_tournament()

    response = director_client.get(f"/leitung/turniere/{tournament.pk}/teilnehmer/", {"q": query})

    assert response.context["query"] == query
    assert response.context["matches"] == []
    assert f"/leitung/spieler/{erased.pk}/" not in response.content.decode()


def test_a_results_import_naming_the_erased_person_makes_a_new_player(admin_user, tmp_path):
    tournament = evening(admin_user)
    newcomer = tournament.participants.get(player__club__isnull=False, player__publication="full")
    named = Player.objects.select_related("club").get(pk=newcomer.player_id)
    document = builder.results_document(tournament)
    _a_new_server()
    club = f.make_club(named.club.name)
    twin = f.make_player(club, named.first_name, named.last_name)
    twin = erase_player(twin, "Antrag des Spielers")
    (tmp_path / "ergebnisse.json").write_text(json.dumps(document), encoding="utf-8")

    call_command("import_results", str(tmp_path / "ergebnisse.json"), stdout=io.StringIO())

    assert not twin.participations.exists()
    assert Player.objects.get(pk=twin.pk).full_name == "Gelöschte Person 1"
    imported = Player.objects.filter(participations__start_number=newcomer.start_number).get()
    assert (imported.full_name, imported.club) == (named.full_name, club)


def _a_new_server():
    """Every tournament, player and club deleted, as on the server a document goes to."""
    with ExitStack() as released:
        for table in Table.objects.all():
            released.enter_context(changes_allowed(table))  # closed lists, for this only
        AuditEntry.objects.all().delete()
        Table.objects.all().delete()
        Tournament.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
