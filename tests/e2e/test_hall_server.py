"""``make run`` on a fresh clone: a browser under the hall's name runs a table.

The hall server (``manage.py hall``: gunicorn, DEBUG off, plain HTTP) starts on a new
database in a temporary folder with ``HALL_ADDRESS`` set to a name that is not localhost;
Chromium maps that name to 127.0.0.1 (``--host-resolver-rules``), as a phone in the hall
reaches the laptop by its address. The director logs in with the password the terminal
printed, adds and draws a series of the demo evening, and a phone opens the table by the
link its QR code holds — the table pool's address — and enters a game there.
"""

import re

import pytest

from tests.e2e.conftest import (
    CHROMIUM_ARGS,
    INSTALL_PLAYWRIGHT,
    TIMEOUT_MS,
    browser_unavailable,
    chromium_path,
)
from tests.hall_server import free_port, hall_server, printed_password

HALL_NAME = "saal.skatverein.test"


@pytest.fixture
def hall_browser():
    executable = chromium_path()
    if executable is None:
        browser_unavailable("Chromium is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        browser_unavailable("the Python package playwright is missing", INSTALL_PLAYWRIGHT)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable,
            args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HALL_NAME} 127.0.0.1"],
            headless=True,
        )
        yield browser
        browser.close()


def test_a_browser_under_the_halls_name_runs_a_table(tmp_path, hall_browser):
    table_port = free_port()
    with hall_server(tmp_path, HALL_ADDRESS=HALL_NAME, HALL_TABLE_PORT=str(table_port)) as (
        port,
        output,
    ):
        site, tables = f"http://{HALL_NAME}:{port}", f"http://{HALL_NAME}:{table_port}"
        assert f"{site}/" in output
        assert f"{tables}/tisch/" in output
        password = printed_password(output)

        desk = _page(hall_browser, site, {"width": 1366, "height": 768})
        desk.goto("/leitung/")
        desk.fill("#id_username", "leitung")
        desk.fill("#id_password", password)
        desk.press("#id_password", "Enter")
        desk.wait_for_url(f"{site}/leitung/")
        assert desk.get_by_test_id("demo-mark").count() == 2
        desk.get_by_role("link", name="Demo-Clubabend").click()
        desk.get_by_test_id("add-series").click()
        desk.wait_for_url(re.compile(r"/leitung/serien/\d+/$"))
        desk.get_by_test_id("draw").click()
        code = desk.get_by_test_id("table-code-1")
        code.wait_for()
        desk.get_by_test_id("table-row-1").get_by_role("link").first.click()
        link = desk.locator(".code-box a").inner_text()
        assert link.startswith(f"{tables}/tisch/code/")

        phone = _page(hall_browser, tables, {"width": 390, "height": 844})
        phone.goto(link)
        phone.wait_for_url(re.compile(r"/tisch/\d+/$"))
        phone.locator("label[for=declarer-2]").click()
        phone.locator("label[for=game-grand]").click()
        phone.locator("label[for=with-matadors-true]").click()
        phone.fill("#matadors", "1")
        phone.locator("label[for=won-true]").click()
        phone.get_by_test_id("save-game").click()
        phone.get_by_test_id("game-row-1").wait_for()
        assert phone.url.startswith(tables)
        # The site's menu on the phone links the tournaments: opened on the table pool,
        # the page comes from the main address.
        phone.goto("/turniere/")
        assert phone.url == f"{site}/turniere/"
        assert phone.get_by_role("heading", name="Turniere", level=1).is_visible()


def _page(browser, base_url, viewport):
    context = browser.new_context(base_url=base_url, locale="de-DE", viewport=viewport)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()
