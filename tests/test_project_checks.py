"""Django's system checks and the completeness of the migrations.

`make test` ran both as commands before pytest, each in a Python process of its own
(about 2.5 s each, one after the other); here they run inside a test process, in parallel
with the other tests.
"""

import pytest
from django.core.management import call_command


def test_system_checks_find_nothing_to_warn_about():
    call_command("check", fail_level="WARNING")


@pytest.mark.django_db
def test_every_model_change_has_its_migration():
    call_command("makemigrations", check=True, dry_run=True, verbosity=0)
