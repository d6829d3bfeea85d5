"""WSGI entry point, used by gunicorn in production (``gunicorn skatverein.wsgi``)."""

import os
from importlib import import_module

from django.conf import settings
from django.core.wsgi import get_wsgi_application

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
