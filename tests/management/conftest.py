"""Running ``manage.py bench`` inside the test process, where coverage sees it."""

import io

import pytest
from django.core.management import call_command
from django.db import connection


@pytest.fixture
def development_database(tmp_path, django_db_blocker):
    """The default connection as ``manage.py`` sees it outside the tests, database access allowed.

    With SQLite it points at a development database file in ``tmp_path`` that does not exist
    yet: a command that leaves the development database alone never creates it. With
    another engine the connection keeps its database, and the throw-away one gets a name
    of its own, so that it cannot clobber the test database. Yields the file (or None).
    Whatever the command does, the test database is put back afterwards.
    """
    settings_dict = connection.settings_dict
    saved_name, saved_test = settings_dict["NAME"], dict(settings_dict["TEST"])
    connection.close()
    development = None
    if connection.vendor == "sqlite":
        development = tmp_path / "development.sqlite3"
        settings_dict["NAME"] = str(development)
    else:
        settings_dict["TEST"]["NAME"] = f"{saved_name}_bench"
    try:
        with django_db_blocker.unblock():
            yield development
    finally:
        connection.close()
        settings_dict["NAME"] = saved_name
        settings_dict["TEST"].clear()
        settings_dict["TEST"].update(saved_test)


@pytest.fixture
def run_bench(development_database):
    """``run_bench(*arguments)`` runs ``manage.py bench`` and returns what it printed.

    Afterwards the command must have left no development database behind and the test
    database where it was.
    """
    connected_to = connection.settings_dict["NAME"]

    def run(*arguments):
        out = io.StringIO()
        call_command("bench", *arguments, stdout=out)
        return out.getvalue()

    yield run
    assert development_database is None or not development_database.exists()
    assert connection.settings_dict["NAME"] == connected_to
