"""Signing at the table in a real browser: the pad sends its strokes, a dot is refused with
the reason, a signature is taken; a tournament that signs with the PIN offers no pad."""

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tournaments.models import Signature
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

FIRST_LOAD_MS = 30_000


def open_signing(new_page, table):
    page = new_page({"width": 390, "height": 844})
    page.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=FIRST_LOAD_MS)
    page.goto(f"/tisch/{table.pk}/unterschreiben/")
    return page


def draw(page, seat, points):
    pad = page.get_by_test_id(f"signature-pad-{seat}")
    pad.scroll_into_view_if_needed()
    box = pad.bounding_box()
    first, *rest = points
    page.mouse.move(box["x"] + first[0], box["y"] + first[1])
    page.mouse.down()
    for x, y in rest:
        page.mouse.move(box["x"] + x, box["y"] + y)
    page.mouse.up()


def test_a_dot_is_refused_with_the_reason_and_a_signature_is_taken(new_page):
    table = f.play_out(f.make_seated_table(players=3, rounds_per_series=1))
    page = open_signing(new_page, table)

    draw(page, 1, [(150, 50)])
    page.get_by_test_id("sign-image-1").click()
    participant = table.seats.get(number=1).participant_id
    error = page.locator(f"#image-error-1-{participant}")
    error.filter(has_text="Platz 1").wait_for()
    assert not Signature.objects.filter(table=table).exists()

    draw(page, 1, [(20 + 22 * step, 40 + (step % 3) * 30) for step in range(12)])
    page.get_by_test_id("sign-image-1").click()

    page.get_by_test_id("signed-1").wait_for()
    assert Signature.objects.get(table=table).method == "image"


def test_a_tournament_that_signs_with_the_pin_offers_no_pad(new_page):
    table = f.play_out(f.make_seated_table(players=3, rounds_per_series=1))
    tournament = table.series.tournament
    tournament.sign_with_pin = True
    tournament.save(update_fields=["sign_with_pin"])
    page = open_signing(new_page, table)

    assert page.get_by_test_id("signature-pad-1").count() == 0
    assert "PIN" in page.get_by_test_id("pin-only-1").inner_text()
    page.get_by_test_id("pin-1").fill(table.seats.get(number=1).participant.pin)
    page.get_by_test_id("sign-pin-1").click()
    page.get_by_test_id("signed-1").wait_for()


# The message is there as soon as the page is parsed; the browser scrolls to the card the
# form's address names only when the page has loaded, so the check waits for it (up to
# the usual 5 s) rather than looking once.
@pytest.mark.parametrize("seat", [2, 3])
def test_a_wrong_pin_is_said_where_the_player_looks(new_page, seat):
    table = f.play_out(f.make_seated_table(players=3, rounds_per_series=1))
    page = open_signing(new_page, table)
    pin = page.get_by_test_id(f"pin-{seat}")
    pin.scroll_into_view_if_needed()

    pin.fill("0000" if f.pin_of(table, seat) != "0000" else "1111")
    page.get_by_test_id(f"sign-pin-{seat}").click()

    message = page.get_by_test_id(f"sign-error-{seat}")
    message.filter(has_text=f"Platz {seat}").wait_for()
    expect(message).to_be_in_viewport(ratio=1)


def test_a_refused_drawing_is_said_where_the_player_looks(new_page):
    table = f.play_out(f.make_seated_table(players=3, rounds_per_series=1))
    page = open_signing(new_page, table)

    draw(page, 2, [(150, 50)])
    page.get_by_test_id("sign-image-2").click()

    message = page.get_by_test_id("sign-error-2")
    message.filter(has_text="Platz 2").wait_for()
    expect(message).to_be_in_viewport(ratio=1)
