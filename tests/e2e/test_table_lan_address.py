"""A table device on the hall's network over plain HTTP, under a name that is not localhost.

Browsers run service workers only in a secure context (HTTPS, or localhost): a phone that
opens ``http://<the laptop's address>/tisch/…`` has no offline copy of the pages. The games
entered while the Wi-Fi is down must still wait in the page's own storage and be sent once
when it is back (docs/operations.md says what HTTPS adds). Chromium maps the name
``tisch.test`` to 127.0.0.1 (``--host-resolver-rules``), so the page runs at a LAN-like
origin that is not potentially trustworthy.
"""

import pytest

from tests import factories as f
from tests.e2e.conftest import TIMEOUT_MS, launched_chromium
from tournaments.models import Game
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

HOST = "tisch.test"
LONG_MS = 40_000


@pytest.fixture(scope="module")
def browser():
    """Chromium that resolves ``tisch.test`` to this machine."""
    yield from launched_chromium([f"--host-resolver-rules=MAP {HOST} 127.0.0.1"])


def test_games_entered_offline_at_a_plain_http_lan_address_are_sent_once(
    browser, live_server, settings
):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HOST]
    table = f.make_seated_table(players=4, rounds_per_series=2)
    port = live_server.url.rsplit(":", 1)[1]
    context = browser.new_context(
        base_url=f"http://{HOST}:{port}", locale="de-DE", viewport={"width": 390, "height": 844}
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=LONG_MS)
    assert page.evaluate("() => [window.isSecureContext, 'serviceWorker' in navigator]") == [
        False,
        False,
    ]

    context.set_offline(True)
    for declarer in ("declarer-2", "declarer-3"):
        page.locator(f"label[for={declarer}]").click()
        page.locator("label[for=game-clubs]").click()
        page.locator("label[for=won-true]").click()
        page.get_by_test_id("save-game").click()
    page.get_by_test_id("queued-row-2").wait_for()
    assert "2 Spiele warten" in page.get_by_test_id("offline-banner").inner_text()
    context.set_offline(False)

    page.get_by_test_id("game-row-2").wait_for(timeout=LONG_MS)
    stored = list(Game.objects.filter(table=table).values_list("number", "declarer_seat"))
    assert stored == [(1, 2), (2, 3)]
    context.close()
