"""A hundred phones at the door, in the browser: 100 walk-ins register, 30 of them known
players typing their names differently (Müller as Mueller, MÜLLER, müller), 5 twice, and
one phone floods; the director accepts everyone at the desk on a 1366×768 laptop with one
tap each, draws and prints the print-all file.

The phones are a mix, to keep the test near a minute on a small machine: 20 are real
browser pages at 360×640 (one browser context each, so each its own cookie, with its own
address in the hall's network as ``X-Forwarded-For`` behind one trusted proxy), and 80
send the same HTTP form post the page sends (the form's fields and its CSRF token)
through a browser context's request client, each from an address of its own. The flood
is one address posting 30 times. The desk, the draw and the print are the real pages.

The figures (taps per arrival, the desk's wall time for 100 arrivals with the draw and
the print) are printed; docs/door.md keeps a measured run. With ``SCREENSHOT_DIR`` set,
the phone's four screens (form, waiting number, start number, table and seat) are saved
there.
"""

import io
import os
import re
import time
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from door.models import Arrival
from tests import factories as f
from tournaments.models import Payment, Player, Seat
from tournaments.services import money

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 640}
LAPTOP = {"width": 1366, "height": 768}
PEOPLE = 100
IN_BROWSER = 20
KNOWN = 30
TWICE = 5
FLOOD = 30
LIMIT = 10  # DOOR_REGISTRATIONS_PER_MINUTE, the default
CLUB = "Skatfreunde Elbe"
SCREENSHOT_DIR = os.environ.get("SCREENSHOT_DIR", "")

FIRST = ["Jürgen", "Käthe", "Björn"]
LAST = [
    "Müller",
    "Schäfer",
    "Köhler",
    "Jäger",
    "Krüger",
    "Böhm",
    "Möller",
    "Günther",
    "Brück",
    "Vöhringer",
]
# How people type a stored name on a phone: umlauts written out, lower case, capitals
# with stray spaces.
SPELLINGS = (
    lambda name: name.replace("ü", "ue").replace("ö", "oe").replace("ä", "ae"),
    str.lower,
    lambda name: f" {name.upper()}  ",
)


def address(number: int) -> str:
    return f"10.0.{number // 200}.{number % 200 + 1}"


def people() -> list[dict]:
    """The 100 forms: the 30 known players spelled their way, then 70 guests; every
    second known player is among the browser phones, the rest post the form."""
    known = [
        {
            "first_name": SPELLINGS[n % 3](FIRST[n // 10]),
            "last_name": SPELLINGS[n % 3](LAST[n % 10]),
            "club": CLUB.lower() if n % 2 else CLUB,
            "publication": "full",
        }
        for n in range(KNOWN)
    ]
    guests = [
        {"first_name": "Gast", "last_name": f"Neuling{n:03d}", "club": "", "publication": "short"}
        for n in range(PEOPLE - KNOWN)
    ]
    mixed = []
    while known or guests:
        if known:
            mixed.append(known.pop(0))
        if guests:
            mixed.append(guests.pop(0))
    return mixed


def shot(page, name: str) -> None:
    if SCREENSHOT_DIR:
        Path(SCREENSHOT_DIR).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOT_DIR) / f"door-phone-{name}.png"))


def register_in_browser(new_page, form_url: str, body: dict, number: int, *, first: bool):
    page = new_page(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        extra_http_headers={"X-Forwarded-For": address(number)},
    )
    page.goto(form_url)
    page.fill("#door-first_name", body["first_name"])
    page.fill("#door-last_name", body["last_name"])
    page.fill("#door-club", body["club"])
    page.locator(f"input[name=publication][value={body['publication']}]").check()
    if first:
        shot(page, "form")
    page.get_by_role("button", name="Jetzt anmelden").tap()
    page.locator("#door-state").filter(has_text="Wartenummer").wait_for()
    if first:
        shot(page, "waiting")
    else:
        page.context.close()
    return page


def post_form(request, form_url: str, token: str, body: dict, number: int):
    """The form post the phone page sends, from the phone's own address."""
    return request.post(
        form_url,
        form={"csrfmiddlewaretoken": token, "member_number": "", **body},
        headers={"X-Forwarded-For": address(number)},
    )


def test_a_hundred_phones_register_and_the_desk_seats_them(
    new_page, director_desk, settings, capsys
):
    settings.TRUSTED_PROXY_COUNT = 1  # the hall's proxy: each phone its own address
    club = f.make_club(CLUB)
    known = [f.make_player(club, FIRST[n // 10], LAST[n % 10]) for n in range(KNOWN)]
    tournament = f.make_tournament(
        name="Preisskat im Schützenhaus",
        club=None,
        self_registration=True,
        check_in=True,
        planned_series=1,
    )
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    form_url = f"/turniere/{tournament.id}/anmelden/"
    bodies = people()

    phones_from = time.monotonic()
    first_phone = None
    for number, body in enumerate(bodies[:IN_BROWSER]):
        page = register_in_browser(new_page, form_url, body, number, first=number == 0)
        first_phone = first_phone or page
    poster = new_page(viewport=PHONE)
    request = poster.context.request
    token = re.search(
        r'name="csrfmiddlewaretoken" value="([^"]+)"', request.get(form_url).text()
    ).group(1)
    answers = {
        number: post_form(request, form_url, token, body, number)
        for number, body in enumerate(bodies[IN_BROWSER:], start=IN_BROWSER)
    }
    again = [
        post_form(request, form_url, token, bodies[number], 500 + number)
        for number in range(IN_BROWSER, IN_BROWSER + TWICE)
    ]
    junk = {"first_name": "Flut", "club": "", "publication": "none"}
    flood = [
        post_form(request, form_url, token, {**junk, "last_name": f"Welle{n:02d}"}, 999)
        for n in range(FLOOD)
    ]

    assert Counter(a.status for a in answers.values()) == {200: PEOPLE - IN_BROWSER}
    assert all("Wartenummer" in a.text() for a in answers.values())
    assert [a.url for a in again] == [answers[IN_BROWSER + n].url for n in range(TWICE)]
    assert Counter(a.status for a in flood) == {200: LIMIT, 429: FLOOD - LIMIT}
    assert "Zu viele Anmeldungen von diesem Handy" in flood[-1].text()

    phones_took = time.monotonic() - phones_from
    desk = director_desk(LAPTOP)
    started = time.monotonic()
    desk.goto(f"/leitung/turniere/{tournament.id}/einlass/?q=Flut")
    marks = desk.locator("input[name=arrival]")
    assert marks.count() == LIMIT
    for n in range(LIMIT):
        marks.nth(n).check()
    with desk.expect_navigation():
        desk.get_by_role("button", name="Markierte Anmeldungen ablehnen").click()
    desk.goto(f"/leitung/turniere/{tournament.id}/einlass/")
    taps = 0
    accept = desk.get_by_role("button", name="bezahlt und da")
    while accept.count():
        button = accept.first
        if taps % 10 == 0:  # the list's top stays in place: a look now and then suffices
            box = button.bounding_box()
            assert box["y"] + box["height"] <= LAPTOP["height"], "the next tap is off screen"
        with desk.expect_navigation():
            button.click()
        taps += 1
    accepted_at = time.monotonic()
    first_phone.reload()
    first_phone.locator("#door-state").filter(has_text="Startnummer").wait_for()
    shot(first_phone, "start-number")

    drawn_from = time.monotonic()
    desk.goto(f"/leitung/turniere/{tournament.id}/")
    desk.get_by_test_id("add-series").click()
    desk.wait_for_url(re.compile(r"/leitung/serien/\d+/$"))
    desk.fill("#id_seed", "53")
    desk.get_by_test_id("draw").click()
    desk.get_by_test_id(f"table-row-{PEOPLE // 4}").wait_for()
    desk.goto(f"/leitung/turniere/{tournament.id}/einlass/")
    with desk.expect_download() as download:
        desk.get_by_test_id("print-all").click()
    printed = Path(download.value.path()).read_bytes()
    finished = time.monotonic()
    first_phone.reload()
    first_phone.get_by_text(re.compile(r"Serie 1: Tisch \d+, Platz \d")).wait_for()
    shot(first_phone, "seat")

    participants = tournament.participants.all()
    assert participants.count() == PEOPLE
    assert participants.filter(present=True).count() == PEOPLE
    assert taps == PEOPLE, "one tap per arrival"
    assert Player.objects.count() == PEOPLE  # the 30 known ones taken, 70 new: no duplicate
    assert set(known) <= {p.player for p in participants.select_related("player")}
    assert Payment.objects.filter(kind=Payment.Kind.ENTRY_FEE).count() == PEOPLE
    series = tournament.series.get()
    seated = Counter(Seat.objects.filter(series=series).values_list("participant_id", flat=True))
    assert len(seated) == PEOPLE and set(seated.values()) == {1}
    flooded = Arrival.objects.filter(last_name__startswith="Welle")
    assert flooded.count() == LIMIT
    assert set(flooded.values_list("status", flat=True)) == {Arrival.Status.REJECTED}
    pdf = PdfReader(io.BytesIO(printed))
    assert len(pdf.pages) >= PEOPLE // 4
    with capsys.disabled():
        print(
            f"\n{PEOPLE + TWICE + FLOOD} registrations from the phones in {phones_took:.0f} s; "
            f"{PEOPLE} arrivals: {taps} taps ({taps / PEOPLE:g} per arrival) in "
            f"{accepted_at - started:.0f} s at the desk (with rejecting the flood); "
            f"draw and print-all {finished - drawn_from:.0f} s; "
            f"desk in all {finished - started:.0f} s; {len(pdf.pages)} pages printed"
        )
