"""The director at the desk on a 1366×768 laptop: one tap per arrival accepts it and
books the entry fee; a recognised player is taken, not copied."""

import time

import pytest

from door.services.self_registration import self_register
from tests import factories as f
from tournaments.models import Payment, Player
from tournaments.services import money

pytestmark = pytest.mark.django_db(transaction=True)
LAPTOP = {"width": 1366, "height": 768}
ARRIVALS = 12


def test_the_desk_accepts_each_arrival_with_one_tap(director_desk):
    club = f.make_club("Herz Dame")
    known = f.make_player(club, "Jürgen", "Müller")
    tournament = f.make_tournament(club=None, self_registration=True, check_in=True)
    money.set_tariff(tournament, {"entry_fee": "5.00", "lost_game_fee": "0.50"})
    self_register(
        tournament,
        {
            "first_name": "juergen",
            "last_name": "Mueller",
            "club": "Herz Dame",
            "publication": "full",
        },
    )
    for number in range(2, ARRIVALS + 1):
        self_register(
            tournament,
            {"first_name": "Gast", "last_name": f"Nummer{number:02d}", "publication": "short"},
        )
    page = director_desk(LAPTOP)
    page.goto(f"/leitung/turniere/{tournament.id}/einlass/")

    taps = 0
    started = time.monotonic()
    accept = page.get_by_role("button", name="bezahlt und da")
    while accept.count():
        button = accept.first
        box = button.bounding_box()
        assert box["y"] + box["height"] <= LAPTOP["height"], "the next tap is below the screen"
        button.click()
        taps += 1
        page.wait_for_load_state()
    seconds = time.monotonic() - started

    assert taps == ARRIVALS
    assert tournament.participants.filter(present=True).count() == ARRIVALS
    assert Payment.objects.filter(kind=Payment.Kind.ENTRY_FEE).count() == ARRIVALS
    assert Player.objects.filter(last_name__in=["Müller", "Mueller"]).get() == known
    assert page.get_by_text("Niemand wartet.").is_visible()
    print(f"{ARRIVALS} arrivals, {taps} taps, {seconds:.1f} s at the desk")
