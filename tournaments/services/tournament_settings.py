"""The settings of a tournament that its kept lists depend on (docs/rules.md 3).

The rounds per series fix the deals and the number of games of every list, the extra
points scheme fixes every stored value, and the lists per table fix which lists are kept.
Once a game is entered, changing any of them would leave stored games that the deals or
the values no longer describe, so every interface (API, settings form, admin) refuses it
here, naming the field.
"""

from django.utils.translation import gettext_noop

from tournaments.models import Game, Tournament

from .errors import Refusal, Rejected

FIXED_ONCE_PLAYED = ("rounds_per_series", "extra_points", "lists_per_table")

SETTING_FIXED_BY_GAMES = Refusal(
    None,
    "setting_fixed_by_games",
    gettext_noop(
        "“%(setting)s” can no longer be changed: games have already been entered, and the "
        "change would alter the deals or the values of lists already kept. Create a new "
        "tournament for other settings."
    ),
    conflict=True,
)


def has_games(tournament: Tournament) -> bool:
    """Whether any list of the tournament holds a game."""
    return Game.objects.filter(table__series__tournament=tournament).exists()


def ensure_settings_may_change(tournament: Tournament, changes: dict) -> None:
    """Refuse ``changes`` (field name → new value) that touch a setting fixed by games.

    Raises :class:`Rejected` (a conflict) with one problem per refused field; a new
    tournament (no primary key yet) and unchanged values pass.
    """
    if tournament.pk is None:
        return
    changed = [
        name
        for name in FIXED_ONCE_PLAYED
        if name in changes and changes[name] != _stored(tournament, name)
    ]
    if not changed or not has_games(tournament):
        return
    problems = [
        SETTING_FIXED_BY_GAMES.problem(
            name, setting=str(Tournament._meta.get_field(name).verbose_name)
        )
        for name in changed
    ]
    raise Rejected(problems, conflict=True)


def _stored(tournament: Tournament, name: str):
    """The value in the database, not the one a form may already have put on the instance."""
    return Tournament.objects.filter(pk=tournament.pk).values_list(name, flat=True).get()
