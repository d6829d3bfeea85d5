"""``manage.py demo`` refuses to load a public login on a server unless forced.

Its runs that load the demo are in tests/services/demo/test_evening.py, on the demo that module
loads once through the command.
"""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from tournaments.models import Player


@pytest.mark.django_db
def test_demo_command_refuses_without_debug_unless_forced(settings):
    settings.DEBUG = False

    with translation.override("en"), pytest.raises(CommandError, match="--force"):
        call_command("demo", stdout=StringIO())

    assert not Player.objects.exists()
