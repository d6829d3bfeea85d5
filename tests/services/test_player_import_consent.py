"""The player import reads each player's consent to publication from a column
Veröffentlichung (voll / kurz / nein; docs/privacy.md)."""

import pytest
from django.utils.translation import gettext

from tests import factories as f
from tournaments.models import Player
from tournaments.services.player_import import commit_import, preview_import, read_player_rows

pytestmark = pytest.mark.django_db

HEADER = ["Vorname", "Nachname", "Verein", "Veröffentlichung"]


def _import(tournament, lines):
    rows = read_player_rows("anmeldung.csv", f.csv_bytes([HEADER, *lines]))
    return commit_import(tournament, rows)


def test_the_column_gives_each_new_player_their_level():
    tournament = f.make_tournament()

    _import(
        tournament,
        [
            ["Erika", "Voll", "SC Nord", "voll"],
            ["Erika", "Kurz", "SC Nord", "Kurz"],
            ["Erika", "Nicht", "SC Nord", " nein "],
            ["Erika", "Leer", "SC Nord", ""],
        ],
    )

    levels = dict(Player.objects.values_list("last_name", "publication"))
    assert levels == {"Voll": "full", "Kurz": "short", "Nicht": "none", "Leer": "full"}


def test_a_known_player_takes_the_level_the_file_gives():
    club = f.make_club(name="SC Nord")
    known = Player.objects.create(first_name="Erika", last_name="Muster", club=club)
    tournament = f.make_tournament()

    _import(tournament, [["Erika", "Muster", "SC Nord", "nein"]])

    assert Player.objects.get(pk=known.pk).publication == "none"


def test_an_unknown_level_is_an_error_of_its_line_naming_the_field():
    tournament = f.make_tournament()
    rows = read_player_rows(
        "anmeldung.csv", f.csv_bytes([HEADER, ["Erika", "Muster", "", "vielleicht"]])
    )

    [line] = preview_import(tournament, rows).lines

    [problem] = line.problems
    assert (problem.field, problem.code) == ("publication", "publication_unknown")
    assert problem.text(gettext) == (
        "Zeile 2: „vielleicht“ ist keine Angabe zur Veröffentlichung; schreiben Sie voll, "
        "kurz oder nein."
    )
