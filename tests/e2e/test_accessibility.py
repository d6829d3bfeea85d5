"""axe-core finds no violation on the public, director and table pages, and the menu's
links are touch targets at least 44 px high.

axe-core is committed under ``tests/e2e/vendor/`` (see the README there); it is injected
into each page, which needs the browser context to let an injected script pass the
Content-Security-Policy (the pages themselves keep it).
"""

from pathlib import Path

import pytest

from door.services.self_registration import self_register
from tests import factories as f
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.test_prize_list_and_payouts import finished_evening
from tournaments.services import money, table_access

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PASSWORD = "e2e-Barrierefrei-Passwort-2026"
MIN_TARGET = 44


def violations(page, url: str) -> list[str]:
    page.goto(url)
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))"
    )
    return [f"{url} {entry}" for entry in found]


@pytest.fixture
def device(browser, live_server):
    contexts = []

    def open_device(viewport=None):
        context = browser.new_context(
            base_url=live_server.url,
            locale="de-DE",
            viewport=viewport or {"width": 1280, "height": 800},
            bypass_csp=True,
        )
        context.set_default_timeout(TIMEOUT_MS * 3)
        contexts.append(context)
        return context.new_page()

    yield open_device
    for context in contexts:
        context.close()


@pytest.fixture
def table(db):
    tournament = f.make_tournament(
        name="Barrierefrei-Turnier", rounds_per_series=1, self_registration=True
    )
    table = f.make_table(f.make_series(tournament), f.make_participants(tournament, 4))
    f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    return table


def test_public_pages_have_no_axe_violation(device, table):
    tournament = table.series.tournament
    arrival = self_register(
        tournament, {"first_name": "Erika", "last_name": "Muster", "publication": "full"}
    )[0]
    phone = device({"width": 390, "height": 844})
    urls = [
        "/",
        "/turniere/",
        f"/turniere/{tournament.pk}/",
        f"/turniere/{tournament.pk}/rangliste/",
        f"/turniere/{tournament.pk}/serie/1/rangliste/",
        f"/turniere/{tournament.pk}/serie/1/tischplan/",
        f"/turniere/{tournament.pk}/leinwand/",
        f"/turniere/{tournament.pk}/anmelden/",
        f"/turniere/{tournament.pk}/anmelden/leinwand/",
        f"/turniere/{tournament.pk}/anmelden/{arrival.token}/",
        "/rechner/",
        "/gibt-es-nicht/",
        f"/vereine/{f.make_club('Barrierefrei-Club').pk}/jahreswertung/",
        f"/turniere/{finished_evening().pk}/preise/",
    ]

    found = [entry for url in urls for entry in violations(phone, url)]

    assert found == []


def test_director_pages_have_no_axe_violation(device, table, django_user_model):
    django_user_model.objects.create_user("leitung", password=PASSWORD, is_staff=True)
    desk = device()
    desk.goto("/anmelden/")
    desk.fill("#id_username", "leitung")
    desk.fill("#id_password", PASSWORD)
    desk.get_by_test_id("login").click()
    desk.wait_for_url("**/leitung/")
    tournament = table.series.tournament
    urls = [
        "/leitung/",
        f"/leitung/turniere/{tournament.pk}/",
        f"/leitung/turniere/{tournament.pk}/teilnehmer/",
        f"/leitung/turniere/{tournament.pk}/einlass/",
        f"/leitung/serien/{table.series.pk}/",
        f"/leitung/tische/{table.pk}/",
        f"/leitung/turniere/{tournament.pk}/wertungsklassen/",
        "/leitung/vereine/",
    ]
    club = f.make_club("Barrierefrei-Club")
    f.make_player(club=club)
    urls += [f"/leitung/vereine/{club.pk}/", f"/leitung/vereine/{club.pk}/wertungsklassen/"]
    # The cash box of a running evening, and of a finished one with a prize paid out.
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    finished = finished_evening()
    money.pay_out_prize(finished, "overall", 1)
    urls += [f"/leitung/turniere/{tournament.pk}/kasse/", f"/leitung/turniere/{finished.pk}/kasse/"]
    # The finished evening's dashboard: its reopen confirmation lists the payout it keeps.
    urls.append(f"/leitung/turniere/{finished.pk}/")

    found = [entry for url in urls for entry in violations(desk, url)]

    assert found == []


def test_table_pages_have_no_axe_violation(device, table):
    tablet = device({"width": 1024, "height": 768})
    tablet.goto(f"/tisch/code/{table_access.ensure_code(table)}/")
    urls = ["/tisch/", f"/tisch/{table.pk}/", f"/tisch/{table.pk}/tastatur/"]

    found = [entry for url in urls for entry in violations(tablet, url)]

    assert found == []


def test_menu_links_are_touch_targets_at_least_44_px_high(device):
    phone = device({"width": 390, "height": 844})
    phone.goto("/")
    phone.get_by_test_id("site-menu").locator("summary").click()

    heights = phone.eval_on_selector_all(
        "header a, header button, header select",
        "elements => elements.map(e => [e.textContent.trim(), e.getBoundingClientRect().height])",
    )

    assert heights and [(text, h) for text, h in heights if h < MIN_TARGET] == []
