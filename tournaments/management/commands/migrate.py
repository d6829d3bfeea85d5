"""``manage.py migrate``, refusing a database this release cannot continue in one sentence
(tournaments/migration_history.py) instead of Django's raw ``KeyError``."""

from django.core.management.base import CommandError
from django.core.management.commands import migrate
from django.db import connections

from tournaments.migration_history import continuation_problem


class Command(migrate.Command):
    def handle(self, *args, **options):
        problem = continuation_problem(connections[options["database"]])
        if problem is not None:
            raise CommandError(problem)
        return super().handle(*args, **options)
