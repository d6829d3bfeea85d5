"""Shared test fixtures."""

import pytest
from django.contrib.auth import get_user_model

from tournaments.services.demo import DIRECTOR_USERNAME, load_demo


@pytest.fixture(autouse=True)
def _plain_http_and_static_files(settings):
    """Run with production settings, minus the two that only make sense behind a server.

    Tests run with DEBUG off, so the settings would redirect every request to HTTPS and
    look static files up in the manifest that only ``collectstatic`` writes.
    """
    settings.SECURE_SSL_REDIRECT = False
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture
def director(db):
    """The demo tournament director (staff superuser), with the demo data loaded."""
    load_demo()
    return get_user_model().objects.get(username=DIRECTOR_USERNAME)
