"""WSGI entry point, used by gunicorn in production (``gunicorn skatverein.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatverein.settings")

application = get_wsgi_application()
