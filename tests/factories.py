"""Plain factory functions for clubs, players, tournaments and game lists.

They go through the services wherever a service exists (registration, seating, game
entry), so the data they build is the data the product itself would build.
"""

import datetime
import itertools

from django.contrib.auth import get_user_model

from tournaments.models import Club, Player, Tournament
from tournaments.services import listkeeping, participants, seating

_numbers = itertools.count(1)


def make_staff_user(username=None):
    """A tournament director: the staff user every write of the API needs."""
    username = username or f"director{next(_numbers)}"
    return get_user_model().objects.create_user(username=username, is_staff=True)


def make_club(name=None):
    return Club.objects.create(name=name or f"Skatclub {next(_numbers)}")


def make_player(club=None, first_name="Karl", last_name=None):
    last_name = last_name or f"Spieler{next(_numbers)}"
    return Player.objects.create(first_name=first_name, last_name=last_name, club=club)


def make_tournament(rounds_per_series=12, **fields):
    fields.setdefault("name", f"Preisskat {next(_numbers)}")
    fields.setdefault("date", datetime.date(2026, 3, 14))
    return Tournament.objects.create(rounds_per_series=rounds_per_series, **fields)


def make_participants(tournament, n, club=None):
    return [participants.register(tournament, make_player(club)) for _ in range(n)]


def make_series(tournament):
    return participants.add_series(tournament)


def make_table(series, players, number=None):
    """A table with ``players`` (participants) on seats 1..n in the given order."""
    return seating.create_table(series, number, [p.id for p in players])


def make_seated_table(players=4, rounds_per_series=1):
    """A new tournament with one series and one table of ``players`` on seats 1..n."""
    tournament = make_tournament(rounds_per_series=rounds_per_series)
    return make_table(make_series(tournament), make_participants(tournament, players))


def enter(table, **fields):
    """Enter the next game of ``table``'s list, e.g. ``enter(t, passed=True)``."""
    return listkeeping.enter_game(table, fields)
