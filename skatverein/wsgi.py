"""WSGI entry point, used by gunicorn in production (``gunicorn skatverein.wsgi``)."""

import os
from importlib import import_module

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.urls import URLResolver, get_resolver
from django.utils import translation

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatverein.settings")

django_application = get_wsgi_application()

from tournaments.web.login_limit import RefuseFloodedLogins  # noqa: E402 - needs the apps
from tournaments.web.table_pool import TABLE_POOL, TablePoolOnly  # noqa: E402

# Login posts from an address already over its limit are refused before Django sees them.
application = RefuseFloodedLogins(django_application)
if settings.SERVER_POOL == TABLE_POOL:
    # The hall's table pool answers the table devices only (tournaments/web/table_pool.py).
    application = TablePoolOnly(application)

# Import the URL configuration, and with it every view and the PDF and spreadsheet
# libraries, now rather than at the first request (about 1 s of CPU): a gunicorn worker
# does it as it starts, not while a visitor waits, and with ``--preload`` the workers are
# forked with it loaded.
import_module(settings.ROOT_URLCONF)
# Likewise the resolver's tables, in every language of the site: compiling the patterns
# for the first ``reverse`` took each worker's first request about 250 ms of CPU (a game
# entry, whose login check names the login pages).


def _fill(resolver: URLResolver) -> None:
    resolver.reverse_dict  # noqa: B018 - read to fill the resolver's tables
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):  # an include(): tables of its own
            _fill(pattern)


for language, _name in settings.LANGUAGES:
    with translation.override(language):
        _fill(get_resolver())
