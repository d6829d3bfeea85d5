"""``manage.py demo``: load the demo data and say how to log in."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.services.demo.evening import (
    DIRECTOR_PASSWORD,
    DIRECTOR_USERNAME,
    has_demo_password,
    load_demo,
)
from tournaments.services.demo.parts import parts

DEMO_URL = "http://127.0.0.1:8000/"


class Command(BaseCommand):
    """Thin wrapper around ``load_demo`` so the data logic stays testable without a shell."""

    help = "Load demo clubs, players and the demo director login; safe to run repeatedly."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--force",
            action="store_true",
            help="Load the demo even with DEBUG off (it creates a login whose password is public).",
        )

    def handle(self, *args, **options) -> None:
        if not settings.DEBUG and not options["force"]:
            # The demo director's password is printed here and in the README: on a server
            # that is an open door.
            raise CommandError(
                _(
                    "The demo creates the login %(username)s with a publicly known password, so "
                    "it only runs with DEBUG on. To load it on this server anyway, run "
                    "'manage.py demo --force' and change that password afterwards."
                )
                % {"username": DIRECTOR_USERNAME}
            )
        counts = load_demo()
        director = get_user_model().objects.get(username=DIRECTOR_USERNAME)
        for part in parts():  # the apps' demo parts: the demo league
            part.load(director)
        self.stdout.write(
            self.style.SUCCESS(
                _("Demo data loaded: %(clubs)d clubs, %(players)d players, %(games)d games.")
                % {"clubs": counts.clubs, "players": counts.players, "games": counts.games}
            )
        )
        self.stdout.write(_("Open %(url)s") % {"url": DEMO_URL})
        self.stdout.write(_("Login: %(username)s") % {"username": DIRECTOR_USERNAME})
        if has_demo_password(director):
            self.stdout.write(_("Password: %(password)s") % {"password": DIRECTOR_PASSWORD})
        else:
            # The login existed with a password of its own, which the demo never changes.
            self.stdout.write(_("Password: as last set (the demo keeps it)"))
        for part in parts():
            for line in part.introduce():
                self.stdout.write(line)
