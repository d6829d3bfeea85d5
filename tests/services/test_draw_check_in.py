"""With check-in required (Einlass mit Anwesenheit), only present participants are drawn."""

import pytest

from tests import factories as f
from tournaments.models import Participant, Seat
from tournaments.services.draw import draw_series

pytestmark = pytest.mark.django_db


def drawn_ids(series) -> set[int]:
    return set(Seat.objects.filter(series=series).values_list("participant_id", flat=True))


def test_draw_with_check_in_seats_only_present_participants():
    tournament = f.make_tournament(planned_series=1, check_in=True)
    people = f.make_many_participants(tournament, 10)
    present = [p.id for p in people[:8]]
    Participant.objects.filter(id__in=present).update(present=True)
    series = f.make_series(tournament)

    draw_series(series, seed=1)

    assert drawn_ids(series) == set(present)


def test_draw_without_check_in_seats_everyone_not_withdrawn():
    tournament = f.make_tournament(planned_series=1)
    people = f.make_many_participants(tournament, 8)
    series = f.make_series(tournament)

    draw_series(series, seed=1)

    assert drawn_ids(series) == {p.id for p in people}
