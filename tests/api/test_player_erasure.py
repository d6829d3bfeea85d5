"""Art. 17 DSGVO: a director erases a person; the name becomes "Gelöschte Person N"
everywhere, sealed lists keep verifying, and nobody finds the person again
(docs/privacy.md)."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Player, Table
from tournaments.services import participants
from tournaments.services.player_import import commit_import, read_player_rows
from tournaments.services.sealing.seal import verify_seal

pytestmark = pytest.mark.django_db


@pytest.fixture
def erasable(sealed_table):
    """A player who sat at a sealed list, with a member number of a club."""
    player = sealed_table.seats.get(number=2).participant.player
    club = f.make_club(name="Skatfreunde Nord")
    player.first_name, player.last_name, player.club = "Erika", "Mustermann", club
    player.member_number = "0815"
    player.save()
    return player


def _erase(client, player, reason="Antrag der Spielerin vom 28.11."):
    return client.post(
        f"/api/v1/players/{player.pk}/erase/", {"reason": reason}, content_type="application/json"
    )


def test_the_person_becomes_a_pseudonym_with_no_member_number(director_client, erasable):
    response = _erase(director_client, erasable)

    assert response.status_code == 200, response.json()
    player = Player.objects.get(pk=erasable.pk)
    assert (player.full_name, player.member_number) == ("Gelöschte Person 1", "")
    assert player.erased_at is not None
    assert response.json()["name"] == "Gelöschte Person 1"


def test_the_sealed_list_keeps_verifying_and_no_longer_holds_the_name(
    director_client, erasable, sealed_table
):
    assert verify_seal(sealed_table.seal).valid

    _erase(director_client, erasable)

    table = Table.objects.get(pk=sealed_table.pk)
    result = verify_seal(table.seal)
    assert (result.valid, result.reason) == (True, "valid")
    assert "Mustermann" not in str(table.seal_document)
    page = director_client.get(f"/verify/{table.seal}/").content.decode()
    assert "Gelöschte Person 1" in page
    assert "Mustermann" not in page


def test_the_audit_trail_keeps_no_copy_of_the_name_and_records_the_erasure(
    director_client, director_user, erasable
):
    _erase(director_client, erasable)

    assert not [entry.pk for entry in AuditEntry.objects.all() if "Mustermann" in _text(entry)]
    assert not [entry.pk for entry in AuditEntry.objects.all() if "0815" in _text(entry)]
    entry = AuditEntry.objects.get(action="player_erased")
    assert (entry.user, entry.reason) == (director_user, "Antrag der Spielerin vom 28.11.")


def test_a_kept_list_pdf_is_made_again_with_the_pseudonym(director_client, erasable, sealed_table):
    before = director_client.get(f"/api/v1/tables/{sealed_table.pk}/list.pdf")
    assert "Mustermann" in f.pdf_words(b"".join(before.streaming_content))

    _erase(director_client, erasable)

    after = director_client.get(f"/api/v1/tables/{sealed_table.pk}/list.pdf")
    text = f.pdf_words(b"".join(after.streaming_content))
    assert "Mustermann" not in text
    assert "Gelöschte" in text


def test_another_person_whose_name_begins_alike_keeps_every_entry(director_client, erasable):
    other = f.make_player(club=erasable.club, first_name="Erika", last_name="Mustermannsdorf")

    _erase(director_client, erasable)

    entry = AuditEntry.objects.get(action="player_created", object_repr__contains="dorf")
    assert entry.object_repr == "Erika Mustermannsdorf"
    assert entry.after["last_name"] == "Mustermannsdorf"
    assert Player.objects.get(pk=other.pk).last_name == "Mustermannsdorf"


def test_the_rankings_show_the_pseudonym(client, director_client, erasable, sealed_table):
    _erase(director_client, erasable)

    page = client.get(f"/turniere/{sealed_table.series.tournament_id}/rangliste/")

    assert "Gelöschte Person 1" in page.content.decode()
    assert "Mustermann" not in page.content.decode()


def test_an_import_of_the_old_name_and_number_creates_a_new_player(director_client, erasable):
    _erase(director_client, erasable)
    tournament = f.make_tournament()
    content = f.csv_bytes(
        [
            ["Vorname", "Nachname", "Verein", "Mitgliedsnummer"],
            ["Erika", "Mustermann", "Skatfreunde Nord", "0815"],
            ["Gelöschte Person", "1", "Skatfreunde Nord", ""],
        ]
    )

    result = commit_import(tournament, read_player_rows("liste.csv", content))

    assert result.created_players == 2
    assert not tournament.participants.filter(player=erasable).exists()


def test_no_search_finds_the_erased_person(director_client, erasable):
    _erase(director_client, erasable)
    tournament = f.make_tournament()

    found = participants.search_players(tournament, "Gelöschte Person")
    listed = director_client.get("/api/v1/players/?search=Gelöschte").json()["results"]

    assert [match.player.pk for match in found] == []
    assert listed == []


def test_the_reason_is_required_and_named(director_client, erasable):
    response = _erase(director_client, erasable, reason="  ")

    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == ["reason"]
    assert Player.objects.get(pk=erasable.pk).last_name == "Mustermann"


def test_a_director_of_another_club_may_not_erase(client, erasable):
    erasable.club.directors.add(f.make_staff_user())
    other = f.make_staff_user()
    f.make_club().directors.add(other)
    client.force_login(other)

    response = _erase(client, erasable)

    assert response.status_code == 403
    assert Player.objects.get(pk=erasable.pk).last_name == "Mustermann"


def _text(entry) -> str:
    return f"{entry.object_repr} {entry.before} {entry.after}"
