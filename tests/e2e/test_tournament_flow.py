"""A whole club evening in a real browser, as the people at the club would run it.

The director logs in, creates a tournament from a preset, registers seven players (two
found by the search, three typed in, two from an imported list), draws one 4-table and
one 3-table, and hands the 4-table's code to a tablet. The tablet keeps its list by touch,
the director types the 3-table's paper list in the notation; everybody signs (one with
the signature pad, the others with their start-card PINs); the director downloads the
signed list as PDF; and a player's phone shows the public ranking in the order of the
totals the lists showed. Every step waits for what the page shows, never for a time.
"""

import io
import re

import pytest
from pypdf import PdfReader

from tournaments.models import Club, Participant, Player, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "e2e-Direktor-Passwort-2026"
CSV_LIST = "Vorname;Nachname;Verein\nGustav;Import;Herz Dame Beispielheim\nHanna;Import;\n"
NEW_PLAYERS = [("Anna", "Becker"), ("Bernd", "Schulz"), ("Clara", "Wolf")]

# The 4-table's list, entered by touch: (declarer seat or None for passed, game,
# matadors, with, won). Dealer of game g is seat g, who sits out.
TOUCH_GAMES = [
    (2, "grand", 1, True, True),  # Grand mit 1 = 48: seat 2 +98
    (3, "clubs", 2, True, True),  # Kreuz mit 2 = 36: seat 3 +86
    (None, None, None, None, None),  # eingepasst
    (1, "hearts", 1, False, False),  # Herz ohne 1 lost = −40: seat 1 −90, others +30
]
TOUCH_TOTALS = {1: -90, 2: 128, 3: 116, 4: 30}
# The 3-table's paper list, typed in the notation.
NOTATION_LINES = ["1 kr m1 +", "2 gr o2 -", "p"]
NOTATION_TOTALS = {1: 114, 2: -194, 3: 40}


def number(text: str) -> int:
    """A total as the pages print it (German: 1.234, −90) as an int."""
    cleaned = text.strip().replace(".", "").replace("\u2212", "-").replace("+", "")
    return int(cleaned)


def test_club_evening_from_login_to_public_ranking(new_page, django_user_model):
    django_user_model.objects.create_user("leitung", password=PASSWORD, is_staff=True)
    club = Club.objects.create(name="Skatfreunde Musterstadt")
    Player.objects.create(first_name="Erika", last_name="Musterfrau", club=club)
    Player.objects.create(first_name="Max", last_name="Mustermann", club=club)

    desk = new_page()
    log_in(desk)
    dashboard = create_tournament(desk)
    register_seven_players(desk)
    tournament = Tournament.objects.get(name="E2E-Clubabend")
    pins = {p.player.full_name: p.pin for p in Participant.objects.select_related("player")}

    four_table_code = draw_two_tables(desk, dashboard)

    tablet = new_page(viewport={"width": 1024, "height": 768})
    tablet.goto(f"/tisch/code/{four_table_code}/")
    assert re.search(r"/tisch/\d+/$", tablet.url)
    touch_totals = enter_by_touch(tablet)
    assert touch_totals_by_seat(touch_totals) == TOUCH_TOTALS

    desk.goto(dashboard)
    desk.get_by_test_id("open-list-1-2").click()
    notation_totals = enter_by_notation(desk)
    assert touch_totals_by_seat(notation_totals) == NOTATION_TOTALS

    sign(tablet, pins, pad_seat=1)
    sign(desk, pins)

    desk.goto(dashboard)
    check_pdf(desk, "list-pdf-1-1", [name for name, _total in touch_totals.values()])

    # At 200 % zoom the laptop shows half as many CSS pixels: nothing may need sideways
    # scrolling of the whole page (wide tables scroll inside their own region).
    desk.set_viewport_size({"width": 640, "height": 400})
    for url in (dashboard, dashboard + "teilnehmer/"):
        desk.goto(url)
        assert desk.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), url

    phone = new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"/turniere/{tournament.id}/")
    phone.locator(f"a[href='/turniere/{tournament.id}/rangliste/']").first.click()
    shown = ranking_rows(phone)
    totals = {**dict(touch_totals.values()), **dict(notation_totals.values())}
    expected = sorted(totals.items(), key=lambda item: -item[1])
    assert shown == expected


# --- Steps ------------------------------------------------------------------------------


def log_in(page):
    """By keyboard only; the focused button must show a visible focus ring."""
    page.goto("/leitung/")
    assert "/anmelden/?next=/leitung/" in page.url
    page.focus("#id_username")
    page.keyboard.type("leitung")
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Tab")
    focused = page.evaluate(
        "(() => { const e = document.activeElement, s = getComputedStyle(e);"
        " return [e.dataset.testid, s.outlineStyle, parseFloat(s.outlineWidth)]; })()"
    )
    assert focused[0] == "login"
    assert focused[1] != "none" and focused[2] >= 2
    page.keyboard.press("Enter")
    page.wait_for_url("**/leitung/")


def create_tournament(page) -> str:
    page.get_by_test_id("preset-clubabend").click()
    assert page.input_value("#id_planned_series") == "2"
    assert page.input_value("#id_rounds_per_series") == "12"
    page.fill("#id_name", "E2E-Clubabend")
    page.fill("#id_planned_series", "1")
    page.fill("#id_rounds_per_series", "0")
    page.get_by_test_id("save-tournament").click()
    # The refused value is marked and focused; what was typed is still there.
    invalid = page.locator("#id_rounds_per_series")
    assert invalid.get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "id_rounds_per_series"
    assert page.input_value("#id_name") == "E2E-Clubabend"
    invalid.fill("1")
    page.get_by_test_id("save-tournament").click()
    page.wait_for_url(re.compile(r"/leitung/turniere/\d+/$"))
    assert page.locator("h1").inner_text() == "E2E-Clubabend"
    return page.url


def register_seven_players(page):
    page.get_by_test_id("participants").click()
    page.fill("#id_q", "Muster")
    page.keyboard.press("Enter")
    for name in ("Erika Musterfrau", "Max Mustermann"):
        row = page.locator(".match-list li", has_text=name)
        row.get_by_role("button").click()
        page.locator(".match-list li", has_text=name).locator(".badge").wait_for()
    rows = page.get_by_test_id("participant-row")
    for count, (first, last) in enumerate(NEW_PLAYERS, start=3):  # by keyboard only
        page.focus("#id_first_name")
        page.keyboard.type(first)
        page.keyboard.press("Tab")
        page.keyboard.type(last)
        page.keyboard.press("Enter")
        rows.nth(count - 1).wait_for()
    assert rows.count() == 5

    page.get_by_test_id("import-link").click()
    page.set_input_files(
        "#id_file",
        files=[{"name": "liste.csv", "mimeType": "text/csv", "buffer": CSV_LIST.encode()}],
    )
    page.get_by_test_id("show-preview").click()
    page.wait_for_url("**/import/vorschau/")
    statuses = page.locator("[data-testid^=import-row-]")
    assert [statuses.nth(i).get_attribute("data-status") for i in range(2)] == [
        "new_player",
        "new_player",
    ]
    page.get_by_test_id("confirm-import").click()
    page.wait_for_url("**/teilnehmer/")
    rows.nth(6).wait_for()
    assert rows.count() == 7


def draw_two_tables(page, dashboard: str) -> str:
    page.goto(dashboard)
    page.get_by_test_id("add-series").click()
    page.wait_for_url(re.compile(r"/leitung/serien/\d+/$"))
    page.fill("#id_seed", "4711")
    page.get_by_test_id("draw").click()
    page.get_by_test_id("table-row-2").wait_for()
    seats = [page.get_by_test_id(f"table-row-{n}").locator(".seat-list li").count() for n in (1, 2)]
    assert seats == [4, 3]
    code = page.get_by_test_id("table-code-1")  # the draw gives every table its code
    code.wait_for()
    return code.inner_text().strip()


def enter_by_touch(page) -> dict:
    for number_, (declarer, game, matadors, with_, won) in enumerate(TOUCH_GAMES, start=1):
        if declarer is None:
            page.locator("label[for=declarer-passed]").click()
        else:
            page.locator(f"label[for=declarer-{declarer}]").click()
            page.locator(f"label[for=game-{game}]").click()
            page.locator(f"label[for=with-matadors-{'true' if with_ else 'false'}]").click()
            page.fill("#matadors", str(matadors))
            page.locator(f"label[for=won-{'true' if won else 'false'}]").click()
        page.get_by_test_id("save-game").click()
        page.get_by_test_id(f"game-row-{number_}").wait_for()
    return list_totals(page)


def enter_by_notation(page) -> dict:
    page.goto(page.url.rstrip("/") + "/tastatur/")
    field = page.get_by_test_id("notation-input")
    for number_, line in enumerate(NOTATION_LINES, start=1):
        field.fill(line)
        field.press("Enter")
        page.get_by_test_id(f"game-row-{number_}").wait_for()
    return list_totals(page)


def list_totals(page) -> dict:
    """Seat → (name, total) as the complete list shows them."""
    page.get_by_test_id("list-complete").wait_for()
    totals = {}
    for item in page.locator("#list-complete .seat-total").all():
        seat, name = item.locator(".seat-name").inner_text().split(" · ", 1)
        totals[int(seat)] = (name.strip(), number(item.locator(".seat-now").inner_text()))
    return totals


def touch_totals_by_seat(totals: dict) -> dict:
    return {seat: total for seat, (_name, total) in totals.items()}


def sign(page, pins: dict, pad_seat=None):
    """Every player at the table signs: ``pad_seat`` on the pad, the others with their PIN."""
    page.locator("#go-sign").click()
    page.wait_for_url("**/unterschreiben/")
    signers = page.locator("[data-testid^=signer-]").filter(has=page.locator("h2"))
    seats = {}
    for section in signers.all():
        seat, name = section.locator("h2").inner_text().split(" · ", 1)
        seats[int(seat)] = name.strip()
    for seat, name in sorted(seats.items()):
        if seat == pad_seat:
            pad = page.get_by_test_id(f"signature-pad-{seat}")
            pad.scroll_into_view_if_needed()
            box = pad.bounding_box()
            page.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2)
            page.mouse.down()
            for step in range(1, 12):
                page.mouse.move(box["x"] + 20 + step * 25, box["y"] + 30 + (step % 3) * 40)
            page.mouse.up()
            page.get_by_test_id(f"sign-image-{seat}").click()
        else:
            page.get_by_test_id(f"pin-{seat}").fill(pins[name])
            page.get_by_test_id(f"sign-pin-{seat}").click()
        page.get_by_test_id(f"signed-{seat}").wait_for()
    page.get_by_test_id("sign-done").wait_for()
    assert page.get_by_test_id("seal-code").inner_text().strip()


def check_pdf(page, link_test_id: str, names: list[str]):
    with page.expect_download() as download_info:
        page.get_by_test_id(link_test_id).click()
    content = open(download_info.value.path(), "rb").read()
    assert content.startswith(b"%PDF")
    text = " ".join(page_.extract_text() for page_ in PdfReader(io.BytesIO(content)).pages)
    for name in names:
        assert name in text


def ranking_rows(page) -> list[tuple[str, int]]:
    rows = page.locator("table.ranking tbody tr")
    rows.first.wait_for()
    return [
        (row.locator("th a").inner_text().strip(), number(row.locator("td.total").inner_text()))
        for row in rows.all()
    ]
