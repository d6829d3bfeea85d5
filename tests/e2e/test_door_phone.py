"""A player registers at the door on a 360×640 phone: three fields in view, one tap to
send, then the waiting number, the start number and the seat appear without a reload."""

import pytest

from door.models import Arrival
from door.services.desk import accept
from tests import factories as f
from tournaments.services.draw import draw_series

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"width": 360, "height": 640}
POLL_WAIT_MS = 25_000  # the page asks every 10 s


def test_a_phone_registers_and_follows_its_registration_to_the_seat(new_page):
    f.make_club("Skatfreunde Elbe")
    tournament = f.make_tournament(self_registration=True, planned_series=1)
    f.make_many_participants(tournament, 3)
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(f"/turniere/{tournament.id}/anmelden/")

    for label in ("Vorname", "Nachname", "Verein"):
        box = page.get_by_label(label, exact=False).first.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], f"{label} is below the first screen"
        assert box["x"] + box["width"] <= PHONE["width"]
    size = page.locator("#door-first_name").evaluate("e => getComputedStyle(e).fontSize")
    assert float(size.removesuffix("px")) >= 18
    page.fill("#door-first_name", "Erika")
    page.fill("#door-last_name", "Mueller")
    page.fill("#door-club", "Skatfreunde Elbe")
    page.get_by_role("button", name="Jetzt anmelden").tap()

    state = page.locator("#door-state")
    state.filter(
        has_text="Sie sind angemeldet, Wartenummer 1 — bitte an der Kasse bezahlen"
    ).wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    participant = accept(Arrival.objects.get())
    state.filter(has_text=f"Startnummer {participant.start_number}").wait_for(timeout=POLL_WAIT_MS)
    draw_series(f.make_series(tournament), seed=5)
    seat = participant.seats.get()
    page.get_by_text(f"Serie 1: Tisch {seat.table.number}, Platz {seat.number}").wait_for(
        timeout=POLL_WAIT_MS
    )


def test_a_late_phone_is_told_it_plays_from_series_two(new_page):
    tournament = f.make_tournament(self_registration=True, planned_series=2)
    f.make_many_participants(tournament, 6)  # two tables of three; with the late one 4 + 3
    draw_series(f.make_series(tournament), seed=5)
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(f"/turniere/{tournament.id}/anmelden/")
    page.fill("#door-first_name", "Spät")
    page.fill("#door-last_name", "Kommer")
    page.get_by_role("button", name="Jetzt anmelden").tap()
    page.locator("#door-state").filter(has_text="Wartenummer 1").wait_for()
    late_line = page.locator("#door-from")
    assert late_line.is_hidden()

    participant = accept(Arrival.objects.get())
    late_line.filter(has_text="Sie spielen ab Serie 2.").wait_for(timeout=POLL_WAIT_MS)
    page.locator("#door-state").filter(
        has_text=f"Startnummer {participant.start_number}"
    ).wait_for()
    draw_series(f.make_series(tournament), seed=5)
    seat = participant.seats.get()
    page.get_by_text(f"Serie 2: Tisch {seat.table.number}, Platz {seat.number}").wait_for(
        timeout=POLL_WAIT_MS
    )
    assert not participant.seats.filter(series__number=1).exists()
