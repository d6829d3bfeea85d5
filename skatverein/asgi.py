"""ASGI entry point, kept so the app can run under an ASGI server without extra setup."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatverein.settings")

application = get_asgi_application()
