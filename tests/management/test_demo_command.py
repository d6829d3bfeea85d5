"""``manage.py demo`` prints where to go and how to log in."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from tournaments.models import Player


@pytest.mark.django_db
def test_demo_command_loads_data_and_prints_the_login():
    out = StringIO()

    with translation.override("en"):
        call_command("demo", "--force", stdout=out)

    output = out.getvalue()
    assert "2 clubs, 16 players" in output
    assert "http://127.0.0.1:8000/" in output
    assert "leitung" in output
    assert "skat-demo" in output
    assert Player.objects.count() == 16


@pytest.mark.django_db
def test_demo_command_refuses_without_debug_unless_forced(settings):
    settings.DEBUG = False

    with translation.override("en"), pytest.raises(CommandError, match="--force"):
        call_command("demo", stdout=StringIO())

    assert not Player.objects.exists()


@pytest.mark.django_db
def test_demo_command_runs_in_debug_without_force(settings):
    settings.DEBUG = True

    call_command("demo", stdout=StringIO())

    assert Player.objects.count() == 16
