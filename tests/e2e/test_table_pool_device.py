"""The table device against the hall's table pool, whose code-admitted API calls run
through the shorter middleware stack (tournaments/web/table_api_handler.py).

The other browser tests' live server runs the whole stack; here it is wrapped as
``skatverein/wsgi.py`` wraps it on the table pool, so the device's posts take the path
they take in the hall.
"""

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.test import testcases
from pytest_django.live_server_helper import LiveServer

from tests import factories as f
from tests.e2e.conftest import plain_http_live_server
from tests.e2e.network import fail_the_first_game
from tests.e2e.test_table_device_faults import LONG_MS, open_table, stored, tap
from tournaments.web.login_limit import RefuseFloodedLogins
from tournaments.web.table_api_handler import TableApiHandler
from tournaments.web.table_pool import TablePoolOnly

pytestmark = pytest.mark.django_db(transaction=True)


def table_pool_application():
    return TablePoolOnly(RefuseFloodedLogins(WSGIHandler()))


def started_as_table_pool(address):
    # The server's thread builds its application as it starts: Django's handler, inside
    # a media handler that (without MEDIA_URL) would answer every path itself.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(testcases, "WSGIHandler", table_pool_application)
        patch.setattr(testcases, "_MediaFilesHandler", lambda application: application)
        return LiveServer(address)


@pytest.fixture(scope="module")
def live_server(django_db_setup):
    """The live server (as tests/e2e/conftest.py starts it) serving the table pool."""
    yield from plain_http_live_server(started_as_table_pool)


@pytest.fixture
def table_api_calls(monkeypatch):
    """The methods of the requests the table API handler served."""
    served = []
    original = TableApiHandler.__call__

    def counted(handler, environ, start_response):
        served.append(environ["REQUEST_METHOD"])
        return original(handler, environ, start_response)

    monkeypatch.setattr(TableApiHandler, "__call__", counted)
    return served


def test_a_device_on_the_table_pool_saves_through_the_table_api_stack(new_page, table_api_calls):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)

    tap(page, "declarer-2", "game-clubs", "won-true")
    page.get_by_test_id("save-game").click()

    page.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)
    assert "Spiel 1 gespeichert" in page.get_by_test_id("entry-status").inner_text()
    assert stored(table) == [(1, 2, "clubs", 24, True)]
    assert table_api_calls.count("POST") == 1


def test_a_proxy_error_on_the_table_pool_keeps_the_game_and_stores_it_once(
    new_page, table_api_calls
):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    page = open_table(new_page, table)
    failed = fail_the_first_game(page, "502 from a proxy")
    tap(page, "declarer-3", "game-spades", "won-false")
    page.get_by_test_id("save-game").click()

    page.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)
    assert "Bad Gateway" not in page.locator("body").inner_text()
    assert len(failed) == 1
    assert stored(table) == [(1, 3, "spades", 22, False)]
    assert table_api_calls.count("POST") == 1
