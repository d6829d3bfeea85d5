"""``manage.py createdirector NAME``: a tournament director's login without the admin.

A director is a staff user (see ``services/roles.py``): the director pages and every
write of the API are open to them. Unlike ``createsuperuser`` the login gets no admin
permissions, so a club can hand the evening to a director who cannot change users or
repair data in the admin.
"""

import os
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournaments.services import roles

GENERATED_PASSWORD_BYTES = 12


class Command(BaseCommand):
    help = (
        "Create a tournament director (a staff login for the director pages, without admin "
        "permissions). The password is read from the environment variable named by "
        "--password-env, or generated and printed once."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("username", help="The login name, e.g. 'leitung-herbst'.")
        parser.add_argument("--email", default="", help="The director's e-mail address.")
        parser.add_argument(
            "--password-env",
            metavar="VARIABLE",
            help="Read the password from this environment variable instead of generating one.",
        )
        parser.add_argument(
            "--update",
            action="store_true",
            help="Set a new password (and staff status) for an existing login.",
        )

    def handle(self, *args, username: str, email: str, password_env, update: bool, **options):
        username = username.strip()
        if not username:
            raise CommandError("Give the director's login name, e.g. 'leitung-herbst'.")
        password, generated = self._password(password_env)
        User = get_user_model()
        with transaction.atomic():
            user = User.objects.filter(username=username).first()
            if user is not None and not update:
                raise CommandError(
                    f"The login {username!r} exists already. Choose another name, or add "
                    "--update to give it a new password."
                )
            user = user or User(username=username)
            try:
                validate_password(password, user)
            except ValidationError as error:
                raise CommandError(
                    "The password is too weak: " + " ".join(error.messages)
                ) from error
            user.email = email or user.email
            roles.make_director(user)
            user.is_active = True
            user.set_password(password)
            user.save()
        self.stdout.write(self.style.SUCCESS(f"Director {username!r} can log in at /anmelden/."))
        if generated:
            self.stdout.write(f"Password (shown once, write it down): {password}")

    @staticmethod
    def _password(variable: str | None) -> tuple[str, bool]:
        if not variable:
            return secrets.token_urlsafe(GENERATED_PASSWORD_BYTES), True
        password = os.environ.get(variable, "")
        if not password:
            raise CommandError(
                f"The environment variable {variable} is empty or not set; export the "
                "password there first, or leave out --password-env to generate one."
            )
        return password, False
