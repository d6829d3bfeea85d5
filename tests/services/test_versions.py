"""The tournament version moves with every change a public page can show, and only then."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tournaments.models import Tournament
from tournaments.services import draw
from tournaments.services.versions import current_version, tournament_version

pytestmark = pytest.mark.django_db
KARO = {"game": "diamonds", "matadors": 1}


@pytest.fixture
def table():
    tournament = f.make_tournament(rounds_per_series=1)
    return f.make_table(f.make_series(tournament), f.make_participants(tournament, 4))


def version_of(table) -> int:
    return tournament_version(table.series.tournament_id)[0]


CHANGES = {
    "game entered": lambda t: f.enter(t, declarer_seat=2, won=True, **KARO),
    "participant registered": lambda t: f.make_participants(t.series.tournament, 1),
    "participants registered in bulk": lambda t: f.make_many_participants(t.series.tournament, 3),
    "team created": lambda t: f.make_team(t.series.tournament),
    "series added": lambda t: f.make_series(t.series.tournament),
    "player renamed": lambda t: _rename(t.seats.first().participant.player),
    "tournament edited": lambda t: _rename(t.series.tournament),
}


def _rename(obj):
    if hasattr(obj, "last_name"):
        obj.last_name = "Neumann"
    else:
        obj.name = "Neuer Name"
    obj.save()


@pytest.mark.parametrize("change", CHANGES)
def test_version_moves_with_every_change(table, change):
    before = version_of(table)

    CHANGES[change](table)

    assert version_of(table) > before


def test_version_moves_when_a_series_is_drawn(db):
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_many_participants(tournament, 8)
    series = f.make_series(tournament)
    before = tournament_version(tournament.pk)[0]

    draw.draw_series(series, seed=1)

    assert tournament_version(tournament.pk)[0] > before


def test_reading_a_version_twice_writes_nothing(table):
    current_version(table.series.tournament_id)

    with CaptureQueriesContext(connection) as queries:
        current_version(table.series.tournament_id)

    assert len(queries) == 1


def test_saving_a_stale_tournament_never_moves_the_version_back(table):
    stale = Tournament.objects.get(pk=table.series.tournament_id)
    f.enter(table, declarer_seat=2, won=True, **KARO)
    entered = version_of(table)

    stale.save()

    assert version_of(table) > entered


def test_deleting_a_tournament_removes_its_version(db):
    tournament = f.make_tournament()
    f.make_series(tournament)
    f.make_team(tournament)

    Tournament.objects.filter(pk=tournament.pk).delete()

    assert tournament_version(tournament.pk) == (0, None)
    assert current_version(tournament.pk) is None
