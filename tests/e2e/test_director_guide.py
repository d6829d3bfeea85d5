"""The evening of docs/director-guide.md, page by page in a real browser at 1366×768.

A new director runs a whole club evening without the API: deletes the demo, creates the
tournament, sets the cash box, imports 13 players (Łukasz Wąsik and Дмитрий Иванов among
them), draws 4+3+3+3, keeps one list by touch with a table code, types one in the
notation and corrects a game, ends one early, enters a paper list's summary, prints the
start cards and confirms every list with the PINs on them; a second series; finishing;
the cash box; every download; the public ranking and the projector.

With ``SKATVEREIN_GUIDE_SHOTS=1`` the screenshots of the guide are written to
``docs/guide/`` (commit them); otherwise to a temporary folder, so every run still takes
them. Each step waits for what the page shows, never for a time.
"""

import io
import os
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.e2e.test_tournament_flow import enter_by_touch
from tournaments.models import Tournament
from tournaments.services.demo.evening import load_demo

pytestmark = pytest.mark.django_db(transaction=True)

GUIDE_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "guide"
SCREEN = {"width": 1366, "height": 768}
PASSWORD = "Turnierleitung-im-Saal-2026"
PLAYERS = [
    ("Łukasz", "Wąsik", "Skatfreunde Musterstadt"),
    ("Дмитрий", "Иванов", "Skatfreunde Musterstadt"),
    ("Erika", "Musterfrau", "Skatfreunde Musterstadt"),
    ("Max", "Mustermann", "Skatfreunde Musterstadt"),
    ("Anna", "Becker", "Herz Dame Beispielheim"),
    ("Bernd", "Schulz", "Herz Dame Beispielheim"),
    ("Clara", "Wolf", "Herz Dame Beispielheim"),
    ("Dieter", "Krüger", "Herz Dame Beispielheim"),
    ("Emil", "Özdemir", ""),
    ("Frieda", "Schäfer", "Skatfreunde Musterstadt"),
    ("Günter", "Hoffmann", "Skatfreunde Musterstadt"),
    ("Hanna", "Lange", "Herz Dame Beispielheim"),
    ("Ingo", "Braun", ""),
]
# Lists typed in the notation (docs/notation.md): a 4-table and a 3-table.
FOUR_LINES = ["2 gr m1 +", "3 kr m2 -", "p", "1 he o1 +"]
THREE_LINES = ["1 kr m1 +", "2 gr o2 -", "p"]


@pytest.fixture
def shots(tmp_path):
    folder = GUIDE_SHOTS if os.environ.get("SKATVEREIN_GUIDE_SHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)

    def take(page, name, focus=None):
        if focus is not None:
            page.locator(focus).first.evaluate("e => e.scrollIntoView({block: 'start'})")
        else:
            page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(folder / f"{name}.jpg"), type="jpeg", quality=70)

    return take


def test_a_club_evening_from_the_first_login_to_the_printed_final_standings(
    new_page, django_user_model, shots
):
    director = django_user_model.objects.create_superuser("leitung", password=PASSWORD)
    load_demo(director)  # a new hall database starts with the demo (manage.py hall)
    desk = new_page(viewport=SCREEN)

    # Log in, delete the demo, create the tournament.
    desk.goto("/leitung/")
    shots(desk, "01-anmelden")
    desk.fill("#id_username", "leitung")
    desk.fill("#id_password", PASSWORD)
    desk.press("#id_password", "Enter")
    desk.wait_for_url("**/leitung/")
    shots(desk, "02-turnierleitung-mit-demo", focus="[data-testid=demo-section]")
    desk.get_by_test_id("demo-delete").click()
    shots(desk, "03-demodaten-loeschen")
    desk.get_by_test_id("confirm-demo-delete").click()
    desk.wait_for_url("**/leitung/")
    assert not Tournament.objects.exists()
    desk.get_by_test_id("preset-clubabend").click()
    desk.fill("#id_name", "Clubabend im November")
    desk.fill("#id_rounds_per_series", "1")  # short lists for the pictures: 1 round
    shots(desk, "04-neues-turnier")
    desk.get_by_test_id("save-tournament").click()
    desk.wait_for_url(re.compile(r"/leitung/turniere/\d+/$"))
    dashboard = desk.url
    tournament = Tournament.objects.get()

    # The cash box's tariff and prizes.
    desk.get_by_test_id("cash").click()
    desk.fill("#id_entry_fee", "10,00")
    desk.fill("#id_lost_game_fee", "0,50")
    desk.get_by_test_id("save-tariff").click()
    desk.wait_for_url(re.compile(r"/kasse/"))
    desk.fill("#id_prizes", "1: 40 %\n2: 25 %\n3: 15 %")
    desk.get_by_test_id("save-prizes").click()
    desk.get_by_test_id("prize-preview").wait_for()
    shots(desk, "05-kasse-tarif", focus="#tariff-heading, h2")

    # Thirteen players from the club's list.
    desk.goto(dashboard)
    desk.get_by_test_id("import").click()
    csv = "Vorname;Nachname;Verein\n" + "".join(f"{a};{b};{c}\n" for a, b, c in PLAYERS)
    desk.set_input_files(
        "#id_file",
        files=[{"name": "mitglieder.csv", "mimeType": "text/csv", "buffer": csv.encode()}],
    )
    desk.get_by_test_id("show-preview").click()
    desk.wait_for_url("**/import/vorschau/")
    shots(desk, "06-import-vorschau")
    desk.get_by_test_id("confirm-import").click()
    desk.wait_for_url("**/teilnehmer/")
    desk.get_by_test_id("participant-row").nth(12).wait_for()
    shots(desk, "07-teilnehmer", focus="#registered-heading")

    # Series 1: draw 4+3+3+3, print, keep the lists.
    tables = draw_series(desk, dashboard)
    shots(desk, "08-auslosung")
    desk.goto(f"/turniere/{tournament.id}/serie/1/tischplan/")
    shots(desk, "09-tischplan")
    pins = start_card_pins(desk, tournament)
    shots(desk, "10-startkarten")

    phone = new_page(viewport=SCREEN)
    phone.goto("/tisch/")
    phone.fill("#table-code-input", tables[1]["code"])
    shots(phone, "11-tischcode")
    phone.get_by_test_id("table-code-submit").click()
    phone.wait_for_url(re.compile(r"/tisch/\d+/$"))
    enter_by_touch(phone)  # the four games of tests/e2e/test_tournament_flow.py
    shots(phone, "12-eingabe-am-tisch")

    type_list(desk, tables[2]["id"], THREE_LINES)
    shots(desk, "13-eingabe-tastatur")
    desk.get_by_test_id("correct-3").click()
    desk.locator("label[for=declarer-3]").click()
    desk.locator("label[for=game-diamonds]").click()
    desk.locator("label[for=with-matadors-true]").click()
    desk.fill("#matadors", "1")
    desk.locator("label[for=won-true]").click()
    desk.fill("#correction-reason", "Auf dem Zettel stand Karo")
    shots(desk, "14-korrektur")
    desk.get_by_test_id("save-game").click()
    desk.get_by_test_id("list-complete").wait_for()

    type_list(desk, tables[3]["id"], THREE_LINES[:1])
    desk.goto(f"/leitung/tische/{tables[3]['id']}/")
    desk.fill("#id_end-reason", "Zeit abgelaufen")
    shots(desk, "15-liste-vorzeitig-beenden", focus="#close-heading")
    desk.get_by_role("button", name="Liste jetzt beenden").click()
    desk.locator(".message-success").wait_for()

    desk.goto(f"/leitung/tische/{tables[4]['id']}/")
    for seat, values in {1: ("120", "1", "0"), 2: ("0", "0", "1"), 3: ("-46", "0", "1")}.items():
        for field, value in zip(("game_points", "won", "lost"), values, strict=True):
            desk.get_by_test_id(f"summary-{seat}-{field}").fill(value)
    desk.get_by_test_id("summary-preview-button").click()
    desk.get_by_test_id("summary-preview").wait_for()
    shots(desk, "16-papierliste-und-platzwechsel", focus="#changes-heading")
    desk.get_by_test_id("summary-save").click()
    desk.locator(".message-success").wait_for()

    for number in (1, 2, 3, 4):
        sign_with_pins(desk, tables[number]["id"], pins)
        if number == 1:
            shots(desk, "17-unterschreiben")
    finish_series(desk, dashboard, 1)
    shots(desk, "18-serie-abgeschlossen")

    # Series 2, typed in by the director.
    tables = draw_series(desk, dashboard)
    for table in tables.values():
        type_list(desk, table["id"], FOUR_LINES if table["seats"] == 4 else THREE_LINES)
        sign_with_pins(desk, table["id"], pins)
    finish_series(desk, dashboard, 2)

    # The cash box before the finish, which freezes the money.
    desk.goto(dashboard)
    desk.get_by_test_id("cash").click()
    for button in desk.locator("[data-testid^=pay-entry-]").all()[:3]:
        desk.locator(f"[data-testid={button.get_attribute('data-testid')}]").click()
        desk.wait_for_url(re.compile(r"/kasse/"))
    desk.get_by_test_id("settlement").click()
    shots(desk, "19-kassenbericht")

    desk.goto(dashboard)
    desk.get_by_test_id("open-money").wait_for()  # ten players still owe their entry fee
    shots(desk, "20-offenes-geld", focus="#finish-heading")
    desk.get_by_test_id("open-money-ok").check()
    desk.get_by_test_id("finish-tournament").click()
    desk.get_by_test_id("tournament-finished").wait_for()
    shots(desk, "21-endstand", focus="#ranking-heading")

    downloads = every_download(desk, tournament)
    assert downloads == sorted(set(downloads))  # each file once, each one answered

    final = desk.request.get(f"/api/v1/tournaments/{tournament.id}/ranking.pdf")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(final.body())).pages)
    assert "Endstand" in text and "Łukasz Wąsik" in text and "Дмитрий Иванов" in text

    player = new_page(viewport=SCREEN)
    player.goto(f"/turniere/{tournament.id}/rangliste/")
    player.locator("table.ranking tbody tr").nth(12).wait_for()
    shots(player, "22-rangliste-oeffentlich")
    player.goto(f"/turniere/{tournament.id}/leinwand/")
    shots(player, "23-leinwand")


# --- Steps ------------------------------------------------------------------------------


def draw_series(page, dashboard: str) -> dict[int, dict]:
    """Add the next series and draw it; table number → its id, code and number of seats."""
    page.goto(dashboard)
    page.get_by_test_id("add-series").click()
    page.wait_for_url(re.compile(r"/leitung/serien/\d+/$"))
    page.get_by_test_id("draw").click()
    page.get_by_test_id("table-row-4").wait_for()
    tables = {}
    for number in (1, 2, 3, 4):
        row = page.get_by_test_id(f"table-row-{number}")
        tables[number] = {
            "id": int(
                re.search(
                    r"/tisch/(\d+)/",
                    row.get_by_test_id(f"open-list-{number}").get_attribute("href"),
                ).group(1)
            ),
            "code": row.get_by_test_id(f"table-code-{number}").inner_text().strip(),
            "seats": row.locator(".seat-list li").count(),
        }
    assert sorted(t["seats"] for t in tables.values()) == [3, 3, 3, 4]
    if tables[1]["seats"] != 4:  # the 4-table is table 1 (as many 4-tables as possible first)
        raise AssertionError(tables)
    return tables


def start_card_pins(page, tournament) -> dict[str, str]:
    """Name → PIN, read off the printed start cards as the director hands them out."""
    page.goto(f"/turniere/{tournament.id}/startkarten/")
    pins = {}
    for card in page.locator(".start-card").all():
        name = card.locator(".start-card-name").inner_text().strip()
        pins[name] = card.locator(".pin").inner_text().strip()
    assert len(pins) == 13
    return pins


def type_list(page, table_id: int, lines):
    page.goto(f"/tisch/{table_id}/tastatur/")
    field = page.get_by_test_id("notation-input")
    for number, line in enumerate(lines, start=1):
        field.fill(line)
        field.press("Enter")
        page.get_by_test_id(f"game-row-{number}").wait_for()


def sign_with_pins(page, table_id: int, pins: dict[str, str]):
    page.goto(f"/tisch/{table_id}/unterschreiben/")
    for section in page.locator("[data-testid^=signer-]").filter(has=page.locator("h2")).all():
        seat, name = section.locator("h2").inner_text().split(" · ", 1)
        page.get_by_test_id(f"pin-{seat}").fill(pins[name.strip()])
        page.get_by_test_id(f"sign-pin-{seat}").click()
        page.get_by_test_id(f"signed-{seat}").wait_for()
    page.get_by_test_id("sign-done").wait_for()


def finish_series(page, dashboard: str, number: int):
    page.goto(dashboard)
    page.get_by_role("link", name="Auslosung und Tischcodes").nth(number - 1).click()
    page.get_by_test_id("finish-series").click()
    page.get_by_test_id("series-finished").wait_for()


def every_download(page, tournament) -> list[str]:
    """Every file the director pages offer, fetched with the director's session: each must
    answer 200 with a file of its kind (PDF, XLSX, CSV, or the static website as ZIP)."""
    links = []
    for address in [
        f"/leitung/turniere/{tournament.id}/",
        *[f"/leitung/serien/{s.id}/" for s in tournament.series.all()],
        f"/leitung/turniere/{tournament.id}/kasse/abrechnung/",
        *[
            f"/leitung/tische/{t.id}/"
            for t in tournament.series.get(number=1).tables.order_by("number")
        ],
    ]:
        page.goto(address)
        for link in page.locator(
            "a[download], a[href$='.pdf'], a[href$='.xlsx'], a[href$='.csv']"
        ).all():
            links.append(link.get_attribute("href"))
    starts = {".pdf": b"%PDF", ".xlsx": b"PK", ".csv": b"", ".zip": b"PK"}
    answered = []
    for href in sorted(set(links)):
        response = page.request.get(href)
        assert response.status == 200, href
        kind = next(ext for ext in starts if href.split("?")[0].endswith(ext))
        assert response.body().startswith(starts[kind]), href
        answered.append(href)
    return answered
