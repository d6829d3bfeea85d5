"""Browser fixtures: Debian's Chromium, headless, driven by Playwright against the live server.

Playwright's own browser download is never used: the tests launch the Chromium that Debian
installs: its headless shell (package ``chromium-headless-shell``, the old headless mode
that Playwright itself runs headless, at about half the full browser's CPU time) or else
the full browser (package ``chromium``), or ``$SKATVEREIN_CHROMIUM``.
Without it, or without the ``playwright`` package, the tests are skipped with a message
saying what to install, and the run ends with one line counting them
(``pytest_terminal_summary`` in tests/conftest.py); ``SKATVEREIN_REQUIRE_BROWSER=1`` (set
by ``.ci/run``) turns that skip into a failure, so CI cannot pass without having run them.
"""

import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

import pytest
from django.test.utils import override_settings
from pytest_django.live_server_helper import LiveServer

from tests.conftest import BROWSER_SKIPPED, TO_RUN_THEM

REQUIRE_BROWSER = "SKATVEREIN_REQUIRE_BROWSER"
CHROMIUM_ENV = "SKATVEREIN_CHROMIUM"
# Headless without a sandbox (CI runs as root), and without the background connections
# to Google that fail on a machine without internet access.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
TIMEOUT_MS = 10_000
# What installs the browser tests' needs: Debian's Chromium (as .ci/run installs it), or
# the Python package playwright.
INSTALL_CHROMIUM = "sudo apt-get install chromium-headless-shell chromium chromium-driver"
INSTALL_PLAYWRIGHT = ".venv/bin/pip install -r requirements-dev.txt"


def pytest_configure(config):
    config.addinivalue_line("markers", "e2e: end-to-end test in a real browser (Chromium)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, so fixtures can see whether it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.e2e)


def browser_unavailable(message: str, install: str = INSTALL_CHROMIUM):
    """Skip with ``message`` and the command that ``install``s what is missing, or fail
    when the environment demands the browser tests."""
    if os.environ.get(REQUIRE_BROWSER, "") not in ("", "0"):
        pytest.fail(f"{message} ({REQUIRE_BROWSER} is set, so this is an error)", pytrace=False)
    pytest.skip(f"{BROWSER_SKIPPED}{message}{TO_RUN_THEM}{install}")


def chromium_path() -> str | None:
    configured = os.environ.get(CHROMIUM_ENV)
    if configured:
        return configured if Path(configured).is_file() else None
    found = (shutil.which("chromium-headless-shell"), shutil.which("chromium"), "/usr/bin/chromium")
    return next((path for path in found if path), None)


def launched_chromium(extra_args=()):
    """Debian's Chromium, headless, for one test module; skipped (or failed, see
    REQUIRE_BROWSER) without it.

    Playwright's sync API keeps an event loop running while the browser is open, which
    makes Django refuse database access from this thread unless DJANGO_ALLOW_ASYNC_UNSAFE
    is set. The variable is set only while the browser is open and restored afterwards,
    so no other test module runs with it.
    """
    executable = chromium_path()
    if executable is None or not Path(executable).is_file():
        # Or point SKATVEREIN_CHROMIUM at a Chromium binary.
        browser_unavailable("Chromium is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        browser_unavailable("the Python package playwright is missing", INSTALL_PLAYWRIGHT)

    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            try:
                chromium = playwright.chromium.launch(
                    executable_path=executable, args=[*CHROMIUM_ARGS, *extra_args], headless=True
                )
            except Exception as error:  # any launch failure means there is no browser
                browser_unavailable(f"Chromium at {executable} did not start: {error}")
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module; each test opens its own contexts."""
    yield from launched_chromium()


def plain_http_live_server(start=LiveServer):
    """pytest-django's live server (``start(address)``), started with the settings for
    plain HTTP in effect, then stopped (a generator for a module-scoped fixture).

    The tests run with production settings (DEBUG off), which redirect to HTTPS and mark
    cookies Secure; the security middleware reads the redirect setting once, when the
    server starts, so it must be off before.
    """
    plain_http = override_settings(
        SECURE_SSL_REDIRECT=False,
        SECURE_HSTS_SECONDS=0,
        SESSION_COOKIE_SECURE=False,
        CSRF_COOKIE_SECURE=False,
        LANGUAGE_COOKIE_SECURE=False,
    )
    plain_http.enable()
    server = start(os.environ.get("DJANGO_LIVE_TEST_SERVER_ADDRESS") or "localhost")
    yield server
    server.stop()
    plain_http.disable()


@pytest.fixture(scope="module")
def live_server(django_db_setup):
    """The live server for plain HTTP (:func:`plain_http_live_server`). Replaces
    pytest-django's session-wide server for this module only."""
    yield from plain_http_live_server()


@pytest.fixture
def new_page(request, browser, live_server):
    """Open a page in a fresh browser context (own cookies): ``new_page()``.

    A context is one device: the director's laptop, a table's tablet, a player's phone.
    German, like the people at a Skat club, and the size of a 10" tablet by default.
    """
    contexts = []

    def open_page(viewport=None, **options):
        """``options`` go to the context, e.g. ``has_touch=True, is_mobile=True``."""
        context = browser.new_context(
            base_url=live_server.url,
            locale="de-DE",
            viewport=viewport or {"width": 1280, "height": 800},
            accept_downloads=True,
            **options,
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        _save_screenshots(request.node.name, contexts)
    for context in contexts:
        context.close()
    _wait_for_requests_in_flight()


DIRECTOR_PASSWORD = "a-long-test-password-42"


@pytest.fixture
def director_desk(new_page, django_user_model):
    """A director (``leitung``) logged in on a page of their own: ``director_desk()`` for
    the laptop, ``director_desk({"width": 360, "height": 640})`` for a phone."""
    django_user_model.objects.create_user("leitung", password=DIRECTOR_PASSWORD, is_staff=True)

    def open_desk(viewport=None):
        page = new_page(viewport=viewport)
        page.goto("/anmelden/?next=/leitung/", timeout=60_000)  # the server's first answer
        page.fill("#id_username", "leitung")
        page.fill("#id_password", DIRECTOR_PASSWORD)
        page.get_by_test_id("login").click()
        page.wait_for_url("**/leitung/")
        return page

    return open_desk


def _wait_for_requests_in_flight(timeout_s: float = 15) -> None:
    """Let the live server finish the requests the closed pages left running (a save, a
    poll) before the test's database is emptied: on PostgreSQL, a request still writing
    while the teardown's TRUNCATE takes its locks ends in a deadlock."""
    deadline = time.monotonic() + timeout_s
    for thread in threading.enumerate():
        target = getattr(thread, "_target", None)
        if getattr(target, "__name__", "") == "process_request_thread":
            thread.join(max(0.0, deadline - time.monotonic()))


# What a page says, in a few lines: CI keeps a failed test's output, not its screenshots.
# A table device's page also names the pages its service worker keeps for offline use.
PAGE_SUMMARY = """async () => {
  const text = (node) => (node ? node.innerText.replace(/\\s+/g, " ").trim() : "");
  const kept = [];
  for (const name of window.caches ? await caches.keys() : []) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (!path.startsWith("/static/")) kept.push(name + " " + path);
    }
  }
  return {
    title: document.title,
    heading: text(document.querySelector("h1")),
    state: document.readyState,
    controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
    kept: kept,
    body: text(document.body).slice(0, 400),
  };
}"""


def _save_screenshots(test_name: str, contexts) -> None:
    """A failed flow leaves a screenshot of every open page, to see what the user saw,
    and prints what each page says (title, heading, the start of its text) and which pages
    its service worker keeps offline."""
    folder = Path(tempfile.gettempdir()) / "skatverein-e2e"
    folder.mkdir(exist_ok=True)
    for number, context in enumerate(contexts, start=1):
        for page in context.pages:
            path = folder / f"{test_name}-{number}.png"
            page.screenshot(path=str(path), full_page=True)
            print(f"screenshot of {page.url}: {path}")
            try:
                print(f"what the page says: {page.evaluate(PAGE_SUMMARY)}")
            except Exception as error:  # a crashed or navigating page cannot be read
                print(f"the page could not be read: {error}")
