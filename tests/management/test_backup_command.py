"""``manage.py backup``: where it writes by default, and a clear message when it cannot."""

import gzip
import io
import stat

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests import factories as f

pytestmark = pytest.mark.django_db


def test_backup_without_a_file_writes_a_dated_file_under_var_backups(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    f.make_player(last_name="Gesichert")
    out = io.StringIO()

    call_command("backup", stdout=out)

    [written] = (tmp_path / "backups").glob("skatverein-*.json.gz")
    assert f"Backup written to {written}:" in out.getvalue()
    assert b"Gesichert" in gzip.decompress(written.read_bytes())


def test_a_backup_and_its_new_folder_are_readable_by_their_owner_only(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"

    call_command("backup", stdout=io.StringIO())

    [written] = (tmp_path / "backups").glob("skatverein-*.json.gz")
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "backups").stat().st_mode) == 0o700


def test_backup_into_a_directory_that_cannot_exist_names_the_path(tmp_path):
    (tmp_path / "not-a-directory").write_text("a file")
    target = tmp_path / "not-a-directory" / "backup.json.gz"

    with pytest.raises(CommandError, match=f"could not be written to {target}"):
        call_command("backup", str(target), stdout=io.StringIO())


def test_backup_that_cannot_replace_its_target_names_it_and_leaves_no_partial_file(tmp_path):
    target = tmp_path / "backup.json.gz"
    target.mkdir()  # a directory where the file should go

    with pytest.raises(CommandError, match=f"could not be written to {target}"):
        call_command("backup", str(target), stdout=io.StringIO())

    assert sorted(p.name for p in tmp_path.iterdir()) == ["backup.json.gz"]
