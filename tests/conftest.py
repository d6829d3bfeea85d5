"""Shared test fixtures."""

import gc

import pytest
from django.db import transaction
from django.test.utils import override_settings

# Off while the tests are collected; see pytest_collection at the end of this module.
gc.disable()


@pytest.fixture(scope="session", autouse=True)
def _test_settings(request, tmp_path_factory):
    """Run with production settings, minus what only makes sense behind a server or costs
    a test needless time; set once for the whole run, so every test starts from them.

    Tests run with DEBUG off, so the settings would redirect every request to HTTPS and
    look static files up in the manifest that only ``collectstatic`` writes. Stored files
    (kept PDFs and ranking files) go to a folder of this test process, never ``var/media``.
    Passwords are hashed with the configured algorithms at a test-sized cost
    (tests/hashers.py); a test about the production cost is marked
    ``real_password_hashing``. Without pytest-django (the rules engine's tests run with
    ``-p no:django``) there is nothing to set.
    """
    if not request.config.pluginmanager.has_plugin("django"):
        yield
        return
    from django.conf import settings

    from tests.hashers import cheap

    with override_settings(
        SECURE_SSL_REDIRECT=False,
        STORAGES={
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        MEDIA_ROOT=tmp_path_factory.mktemp("media"),
        PASSWORD_HASHERS=cheap(settings.PASSWORD_HASHERS),
    ):
        yield


@pytest.fixture(autouse=True)
def _real_password_hashing(request):
    """The production hashers for a test marked ``real_password_hashing``."""
    if request.node.get_closest_marker("real_password_hashing") is None:
        yield
        return
    from skatverein import settings as configured

    with override_settings(PASSWORD_HASHERS=configured.PASSWORD_HASHERS):
        yield


@pytest.fixture(autouse=True)
def _default_language(request):
    """Start every test in the site's default language (German).

    The locale middleware activates a request's language in the thread that handles it,
    and the test client handles requests in the test's own thread without switching back:
    after a test that asked for English, text made outside a request (a PDF, a service's
    message) came out in English in whatever test that process ran next.
    """
    if not request.config.pluginmanager.has_plugin("django"):
        yield
        return
    from django.conf import settings
    from django.utils import translation

    with translation.override(settings.LANGUAGE_CODE):
        yield


@pytest.fixture(autouse=True)
def _empty_cache(request):
    """Rankings are cached per tournament id and version (in the database cache). A test in
    a transaction rolls its cache rows back with everything else; a transactional test
    commits them, and the next one reuses the same ids and versions: clear them first."""
    from tournaments.services import roster_cache
    from tournaments.services.ranking_cache import pages_cache

    # The pages cache lives in this process's memory and outlives every rollback; so do
    # the people the rankings keep under a roster stamp: each test starts without them,
    # whichever tests this process ran before, so that query counts do not depend on it.
    pages_cache().clear()
    roster_cache.forget_all()
    marker = request.node.get_closest_marker("django_db")
    transactional = marker is not None and marker.kwargs.get("transaction", False)
    if transactional or {"transactional_db", "live_server"} & set(request.fixturenames):
        from django.core.cache import cache

        request.getfixturevalue("transactional_db")
        cache.clear()


@pytest.fixture(autouse=True)
def _no_remembered_login_floods():
    """Addresses over the login limit are remembered per process (web/login_limit.py); the
    database forgets them with each test's rollback, so the process must too."""
    from tournaments.web import login_limit

    login_limit.forget_remembered()
    yield
    login_limit.forget_remembered()


# --- One fixture per role (services/roles.py); each test builds its own data ------------------
# The full demo is played once, in the demo's own tests (tests/services/demo/test_evening.py).


@pytest.fixture
def director_user(db):
    """A tournament director: a staff user (directing every event of a club that names no
    directors), with the password ``tests.factories.DIRECTOR_PASSWORD``."""
    from tests.factories import DIRECTOR_PASSWORD, make_staff_user

    return make_staff_user(password=DIRECTOR_PASSWORD)


@pytest.fixture
def director_client(client, director_user):
    """The test client logged in as :func:`director_user`; pages in German."""
    client.force_login(director_user)
    return client


@pytest.fixture
def admin_user(db):
    """The association's admin (a superuser): directs every event, opens the admin pages."""
    from tests.factories import make_superuser

    return make_superuser()


@pytest.fixture
def admin_client(client, admin_user):
    client.force_login(admin_user)
    return client


@pytest.fixture
def treasurer_client(client, db):
    """The test client logged in as a treasurer (the Kassenwart group), not a director."""
    from tests.factories import make_treasurer

    client.force_login(make_treasurer())
    return client


@pytest.fixture
def device_client(client, table):
    """The test client as the table device of the module's ``table``: it entered the
    table's code at /tisch/."""
    from tournaments.services import table_access

    response = client.post("/tisch/", {"code": table_access.ensure_code(table)})
    assert response.status_code == 302
    return client


@pytest.fixture(scope="module")
def _signable_table_id(module_db):
    from tests import factories as f

    return f.make_complete_table(players=4, rounds_per_series=1).pk


@pytest.fixture
def signable_table(_signable_table_id, db):
    """A complete table of four, one round (games 1-4), ready to be signed; built once per
    module (module_db) and read afresh for each test."""
    from tournaments.models import Table

    return Table.objects.get(pk=_signable_table_id)


@pytest.fixture
def sealed_table(db):
    """A complete table of four, one round, signed by everyone: sealed."""
    from tests import factories as f

    return f.sign_all(f.make_complete_table(players=4, rounds_per_series=1))


@pytest.fixture
def english(client):
    """The pages in English, for a test that reads their English words."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def fresh_cache():
    """An empty cache before and after the test (rankings, table code attempts)."""
    from django.core.cache import cache

    from tournaments.services.ranking_cache import pages_cache

    cache.clear()
    pages_cache().clear()
    yield
    cache.clear()
    pages_cache().clear()


@pytest.fixture(scope="module")
def module_db(django_db_setup, django_db_blocker):
    """One transaction around a whole test module, for data that is costly to build.

    Module-scoped fixtures that ask for this build their rows once, inside it; each test
    still runs in its own savepoint (pytest-django's ``db``), so whatever a test changes is
    rolled back after it, and the module's rows are rolled back after the module. Only for
    modules without transactional tests (live server, threads), which need committed rows.
    Hand tests plain values or re-read rows: a model instance shared across tests keeps
    the attribute changes an earlier test made in memory.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


def pytest_make_parametrize_id(config, val, argname):
    """A bytes parameter is named by its argument, not its content; pytest numbers equal
    names.

    pytest-xdist needs the same test names in every process, and a file made at import
    time (an XLSX with its time stamp, a freshly generated certificate) differs between
    them, in content and even in length.
    """
    if isinstance(val, bytes):
        return argname
    return None


# The modules that took five seconds or more in a `make test` run (its junit report,
# 2026-11-25), longest first. pytest-xdist (`--dist loadscope --no-loadscope-reorder`, see
# the Makefile) hands whole modules to the test processes in the order they were collected;
# by default it orders them by their number of tests instead, and a long module handed out
# last kept one process busy for up to 20 s after the other had finished. Handed out first,
# the long ones are spread over both processes and the short ones fill the gaps at the end.
# A module missing here runs in its usual place; tests/test_suite_order.py checks that
# every name here still names a module.
LONG_MODULES = (
    "tests/management/test_hall_command.py",
    "tests/e2e/test_hall_server.py",
    "tests/e2e/test_director_guide.py",
    "tests/e2e/test_table_offline.py",
    "tests/api/test_schema_fuzz.py",
    "tests/e2e/test_table_phone.py",
    "tests/e2e/test_tournament_flow.py",
    "tests/e2e/test_accessibility.py",
    "tests/management/test_bench_load.py",
    "tests/e2e/test_content_security_policy.py",
    "tests/e2e/test_director_feedback.py",
    "tests/management/test_bench_overview.py",
    "tests/e2e/test_finish_flow.py",
    "tests/services/test_draw.py",
    "tests/e2e/test_cash_flow.py",
    "tests/services/test_states.py",
    "tests/services/lists/test_invariants.py",
    "tests/test_settings.py",
    "tests/e2e/test_calculator.py",
    "tests/test_locale.py",
    "tests/services/demo/test_evening.py",
    "tests/web/test_table_entry.py",
)


def pytest_collection_modifyitems(items):
    """The long modules first (``LONG_MODULES``); the order within a module is kept."""
    rank = {path: position for position, path in enumerate(LONG_MODULES)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """Keep the garbage collector off what lives for the whole run, and run it less often.

    By the end of collection a test process holds Django, the app, the rules engine's
    tables and every collected test (the schema fuzz's cases among them): a few hundred
    thousand objects that live to the end. While they are made the collector is off
    (``gc.disable`` at the top of this module); it used to walk them in ten full
    collections per process. One collection at the end frees the same garbage (189,000
    objects): 1.5 → 0.6 s per process spent collecting garbage while collecting tests.
    Then ``gc.freeze`` moves what is left out of the collector's sight, and a larger first
    generation lets the many short-lived query and request objects of a test be freed by
    reference counting before a collection looks at them: 3.3 → 1.5 s in collections by
    tests/services, web and exports, at the same peak memory. Reference cycles are still
    collected. pytest-xdist's main process collects nothing; it passes through here too,
    so its collector is on again as well.
    """
    try:
        return (yield)
    finally:
        gc.collect()
        gc.freeze()
        gc.set_threshold(50_000, 50, 100)
        gc.enable()


# --- Browser tests a machine could not run: said once, at the end -------------------------
# tests/e2e/conftest.py skips a browser test with BROWSER_SKIPPED, what is missing, then
# TO_RUN_THEM and the command that installs it; the summary below counts those skips.
BROWSER_SKIPPED = "browser tests skipped: "
TO_RUN_THEM = ". To run them, install: "


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """End the report with how many browser tests were skipped and the one command that
    installs what they need: skipped quietly among 5,000 tests, they look as if they ran.

    Around the other summaries (the outermost wrapper, so after ``-ra``'s list of skips),
    just above pytest's own count. With pytest-xdist the workers send every test's report
    to the main process, which prints this summary: the count is of those reports, one
    per skipped test. The workers print nothing themselves.
    """
    yield
    if hasattr(config, "workerinput"):
        return
    skipped: dict[str, set[str]] = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else ""
        if BROWSER_SKIPPED in reason:
            missing = reason.split(BROWSER_SKIPPED, 1)[1]
            skipped.setdefault(missing, set()).add(report.nodeid)
    for missing, tests in skipped.items():
        what, _, command = missing.partition(TO_RUN_THEM)
        what = what.splitlines()[0] if what else what  # a launch error may run to lines
        count = f"{len(tests)} browser test{'s' if len(tests) != 1 else ''}"
        terminalreporter.write_line(f"{count} skipped ({what}){TO_RUN_THEM}{command}")
