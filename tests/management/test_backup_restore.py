"""``manage.py backup`` and ``restore``: one checked file, seals valid after the round trip."""

import gzip
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from rest_framework.authtoken.models import Token

from tests import factories as f
from tournaments.models import AuditEntry, Participant, Player, Signature, Table
from tournaments.services import backup, backup_secrets, states, table_access
from tournaments.services.sealing import signing
from tournaments.services.sealing.seal import verify_seal

# Transactional: a restore with --force empties tables (TRUNCATE on PostgreSQL), which
# cannot run inside the test's own transaction while constraint checks are pending.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event(db):
    """A signed list (one drawn signature), a list closed by the director, a renamed player."""
    signed = f.make_complete_table(players=4, rounds_per_series=1)
    signing.sign_list(signed, 1, image=f.png_data_url(f.png_bytes(variant=1)))
    f.sign_all(signed)
    closed = f.make_complete_table(players=3, rounds_per_series=1)
    states.apply(closed, "close", f.make_staff_user(), "Platz 3 ist gegangen")
    player = signed.seats.get(number=2).participant.player
    player.last_name = "Umbenannt"
    player.save()
    return [signed, closed]


def backup_bytes() -> bytes:
    stream = io.BytesIO()
    backup.write_backup(stream)
    return stream.getvalue()


def flush():
    call_command("flush", interactive=False, verbosity=0)


def test_round_trip_keeps_every_seal_valid_and_every_row(event, tmp_path):
    seals = list(Table.objects.exclude(seal="").values_list("seal", flat=True))
    stamps = sorted(Signature.objects.values_list("signed_at", flat=True))
    images = sorted(bytes(image) for image in Signature.objects.values_list("image", flat=True))
    counts = (AuditEntry.objects.count(), Player.objects.count())
    path = tmp_path / "skatverein.json.gz"

    call_command("backup", str(path), stdout=io.StringIO())
    flush()
    call_command("restore", str(path), stdout=io.StringIO())

    assert len(seals) == 2
    assert [verify_seal(seal).reason for seal in seals] == ["valid", "valid"]
    assert sorted(Signature.objects.values_list("signed_at", flat=True)) == stamps
    assert any(stamp.microsecond % 1000 for stamp in stamps)
    assert sorted(bytes(i) for i in Signature.objects.values_list("image", flat=True)) == images
    assert (AuditEntry.objects.count(), Player.objects.count()) == counts


def test_seals_survive_even_dumpdata_and_loaddata(event, tmp_path):
    """dumpdata cuts timestamps to milliseconds; the seal does not depend on them."""
    seals = list(Table.objects.exclude(seal="").values_list("seal", flat=True))
    path = tmp_path / "dump.json"
    call_command(
        "dumpdata",
        "--natural-foreign",
        "--exclude=contenttypes",
        "--exclude=auth.permission",
        f"--output={path}",
        verbosity=0,
    )
    flush()
    call_command("loaddata", str(path), verbosity=0)

    assert [verify_seal(seal).reason for seal in seals] == ["valid", "valid"]


def test_restored_database_takes_new_rows(event, tmp_path):
    path = tmp_path / "backup.json.gz"
    call_command("backup", str(path), stdout=io.StringIO())
    flush()
    call_command("restore", str(path), stdout=io.StringIO())

    table = f.make_complete_table(players=3)
    f.sign_all(table)

    assert verify_seal(table.seal).valid


def test_a_freshly_migrated_database_counts_as_empty(event, tmp_path):
    """``migrate`` makes the treasurers' group (Kassenwart) in a new database; restoring
    into it is restoring into an empty database, and the group is there afterwards."""
    from django.contrib.auth.models import Group

    from tournaments.services.roles import TREASURER_GROUP

    path = tmp_path / "backup.json.gz"
    call_command("backup", str(path), stdout=io.StringIO())
    flush()
    Group.objects.create(name=TREASURER_GROUP)  # what the migrations make

    call_command("restore", str(path), stdout=io.StringIO())

    assert list(Group.objects.values_list("name", flat=True)) == [TREASURER_GROUP]
    assert Table.objects.count() == 2


def test_header_names_format_database_and_checksum(event):
    data = gzip.decompress(backup_bytes())
    header = json.loads(data.partition(b"\n")[0])

    assert (header["magic"], header["format"], header["database"]) == (
        "skatverein-backup",
        1,
        connection.vendor,
    )
    assert header["rows"]["tournaments.table"] == 2
    assert len(header["payload_sha256"]) == len(header["payload_hmac"]) == 64


def damaged_payload(data: bytes) -> bytes:
    first, _, payload = gzip.decompress(data).partition(b"\n")
    return gzip.compress(first + b"\n" + payload.replace(b"Umbenannt", b"Umbenennt"))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (damaged_payload, "damaged"),
        (lambda data: data[: len(data) // 2], "damaged"),
        (lambda data: data[:-8] + bytes(8), "damaged"),
        (
            lambda data: b'[{"model": "tournaments.club", "pk": 1, "fields": {}}]',
            "not a Skatverein",
        ),
        (lambda data: gzip.compress(b'{"magic": "other"}\n[]'), "not a Skatverein"),
        (lambda data: gzip.compress(b"[]"), "not a Skatverein"),
    ],
    ids=[
        "changed-row",
        "truncated",
        "broken-trailer",
        "dumpdata-json",
        "foreign-header",
        "no-header",
    ],
)
def test_a_damaged_or_foreign_file_is_refused_and_nothing_is_loaded(
    event, tmp_path, damage, message
):
    path = tmp_path / "backup.json.gz"
    path.write_bytes(damage(backup_bytes()))
    flush()

    with pytest.raises(CommandError, match=message):
        call_command("restore", str(path), stdout=io.StringIO())

    assert not Table.objects.exists()


def test_restore_into_a_database_with_data_is_refused_unless_forced(event, tmp_path):
    path = tmp_path / "backup.json.gz"
    call_command("backup", str(path), stdout=io.StringIO())
    seals = sorted(Table.objects.exclude(seal="").values_list("seal", flat=True))

    with pytest.raises(CommandError, match="not empty"):
        call_command("restore", str(path), stdout=io.StringIO())
    call_command("restore", str(path), "--force", stdout=io.StringIO())

    assert sorted(Table.objects.exclude(seal="").values_list("seal", flat=True)) == seals
    assert all(verify_seal(seal).valid for seal in seals)


def test_a_backup_made_under_another_seal_secret_is_refused(event, tmp_path, settings):
    path = tmp_path / "backup.json.gz"
    call_command("backup", str(path), stdout=io.StringIO())
    flush()
    settings.SEAL_SECRET = "another-seal-secret-for-another-server-0123456789"

    with pytest.raises(CommandError, match="SEAL_SECRET"):
        call_command("restore", str(path), stdout=io.StringIO())
    call_command("restore", str(path), "--other-secret", stdout=io.StringIO())

    assert Table.objects.count() == 2


def test_a_missing_file_is_named(db, tmp_path):
    with pytest.raises(CommandError, match="no file"):
        call_command("restore", str(tmp_path / "missing.json.gz"))


def secrets_of_event():
    """The PINs and the code of an open list (the event's lists are locked: no codes)."""
    open_list = f.make_seated_table()
    codes = {open_list.id: table_access.issue_code(open_list)}
    return dict(Participant.objects.values_list("id", "pin")), codes


def test_a_backup_holds_no_api_token_and_no_readable_pin_or_table_code(event):
    token = Token.objects.create(user=f.make_staff_user("skript"))
    pins, codes = secrets_of_event()

    content = gzip.decompress(backup_bytes()).decode()

    assert token.key not in content
    assert "authtoken.token" not in content
    for secret in [*codes.values(), *(f'"pin": "{pin}"' for pin in pins.values())]:
        assert secret not in content
    assert backup_secrets.PREFIX in content


def test_restored_pins_and_table_codes_are_the_ones_backed_up(event, tmp_path):
    pins, codes = secrets_of_event()
    Token.objects.create(user=f.make_staff_user("skript"))
    path = tmp_path / "backup.json.gz"
    call_command("backup", str(path), stdout=io.StringIO())
    flush()

    call_command("restore", str(path), stdout=io.StringIO())

    assert dict(Participant.objects.values_list("id", "pin")) == pins
    restored = Table.objects.filter(pk__in=codes).values_list("id", "access_code")
    assert dict(restored) == codes
    assert not Token.objects.exists()


def test_under_another_secret_pins_are_drawn_anew_and_codes_cleared(event, tmp_path, settings):
    secrets_of_event()
    path = tmp_path / "backup.json.gz"
    call_command("backup", str(path), stdout=io.StringIO())
    flush()
    settings.SEAL_SECRET = "another-seal-secret-for-another-server-0123456789"

    call_command("restore", str(path), "--other-secret", stdout=io.StringIO())

    assert all(pin.isdigit() for pin in Participant.objects.values_list("pin", flat=True))
    assert set(Table.objects.values_list("access_code", flat=True)) == {None}
