"""Seals anyone can check (docs/results-format.md, "The seal"): a sealed list in a results
document verifies with the club's public key alone and fails after one changed value; the
club's key pair is made once, kept encrypted under the hall's secret, travels in backups;
the hall's own HMAC seals keep verifying."""

import copy
import io

import pytest

from publishing.models import ClubKey
from publishing.services import club_keys
from publishing.services import results_document as builder
from publishing.services.table_seals import document_seal_valid, table_seal_valid
from tests import factories as f
from tests.publishing.conftest import with_club
from tournaments.services import backup
from tournaments.services.sealing.seal import verify_seal

pytestmark = pytest.mark.django_db


@pytest.fixture
def sealed():
    """A signed list of a club's tournament and its results document."""
    table = f.sign_all(with_club(f.make_complete_table(players=4, rounds_per_series=1)))
    return table, builder.results_document(table.series.tournament)


def _table(document):
    return document["series"][0]["tables"][0]


def test_a_sealed_list_verifies_with_the_public_key_the_club_publishes(client, sealed):
    table, document = sealed
    club = table.series.tournament.club

    published = client.get(f"/api/v1/clubs/{club.pk}/keys/").json()

    [key] = published
    assert key["key"] == _table(document)["seal"]["key"]
    assert document["club"]["keys"] == published
    assert table_seal_valid(_table(document), key["public_key"])
    assert document_seal_valid(document, _table(document))


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("games", 0, "value"), 999),
        (("games", 2, "points", "1"), 1),
        (("seats", 1, "player"), "p4"),
        (("signatures", 0, "at"), "2026-03-14T20:00:00+00:00"),
        (("status",), "locked"),
    ],
)
def test_one_changed_value_breaks_the_seal(sealed, path, value):
    _table_row, document = sealed
    changed = copy.deepcopy(_table(document))
    target = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    public_key = document["club"]["keys"][0]["public_key"]

    assert table_seal_valid(_table(document), public_key)
    assert not table_seal_valid(changed, public_key)


def test_another_clubs_key_does_not_verify_the_list(sealed):
    _table_row, document = sealed
    other = f.sign_all(with_club(f.make_complete_table()))
    other_key = builder.results_document(other.series.tournament)["club"]["keys"][0]

    assert not table_seal_valid(_table(document), other_key["public_key"])


def test_the_clubs_key_is_made_once_and_kept_encrypted(sealed):
    table, document = sealed

    again = builder.results_document(table.series.tournament)

    [row] = ClubKey.objects.filter(club=table.series.tournament.club)
    assert _table(again)["seal"] == _table(document)["seal"]
    assert row.private_key.startswith("gAAAA")  # a Fernet token, not the raw key
    assert row.public_key not in row.private_key


def test_the_key_travels_in_a_backup(sealed):
    stream = io.BytesIO()

    backup.write_backup(stream)

    stream.seek(0)
    _header, rows = backup.read_backup(stream)
    [kept] = [row for row in rows if row["model"] == "publishing.clubkey"]
    assert kept["fields"]["private_key"] == ClubKey.objects.get().private_key


def test_under_another_seal_secret_a_new_key_seals_and_the_old_one_stays_published(
    sealed, settings
):
    table, document = sealed
    settings.SEAL_SECRET = "another-seal-secret-of-a-restored-hall-0123456789-abcdefghijk"

    later = builder.results_document(table.series.tournament)

    old, new = later["club"]["keys"]
    assert old == document["club"]["keys"][0]
    assert _table(later)["seal"]["key"] == new["key"]
    assert table_seal_valid(_table(later), new["public_key"])
    assert table_seal_valid(_table(document), old["public_key"])


def test_the_halls_hmac_seal_keeps_verifying(sealed):
    table, _document = sealed

    assert verify_seal(table.seal).valid
    assert len(table.seal) == 64


def test_a_club_without_keys_publishes_an_empty_list(client):
    club = f.make_club()

    response = client.get(f"/api/v1/clubs/{club.pk}/keys/")

    assert response.json() == []
    assert club_keys.published_keys(club.pk) == []
