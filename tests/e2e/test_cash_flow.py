"""The cash box in a real browser: a director goes from the tariff to the printed settlement.

A club evening with one played list: the director opens the cash box from the dashboard,
sets the tariff in German decimals, sees the list's lost-game money, marks an entry fee
and the whole table as paid, saves a prize table that needs confirming, opens the
settlement and downloads it as PDF; the PDF shows what the page shows.
"""

import io
import re

import pytest
from pypdf import PdfReader

from tests import factories as f
from tournaments.models import PrizePayout, PrizeRule, Tariff, Tournament
from tournaments.services import money

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "e2e-Kasse-Passwort-2026"
SLOW_MACHINE_MS = 60_000  # the settlement PDF and a loaded CI machine may take a while


def log_in(page):
    page.goto("/anmelden/")
    page.fill("#id_username", "leitung")
    page.fill("#id_password", PASSWORD)
    page.get_by_test_id("login").click()
    page.wait_for_url(re.compile(r"/leitung/"))


def test_director_from_tariff_to_printed_settlement(new_page, django_user_model):
    django_user_model.objects.create_user("leitung", password=PASSWORD, is_staff=True)
    tournament = f.make_played_tournament(players=4, series=1, rounds_per_series=1)
    table = tournament.series.get().tables.get()
    first = tournament.participants.order_by("start_number").first()

    desk = new_page()
    desk.set_default_timeout(SLOW_MACHINE_MS)
    desk.set_default_navigation_timeout(SLOW_MACHINE_MS)
    log_in(desk)
    desk.goto(f"/leitung/turniere/{tournament.id}/")
    desk.get_by_test_id("cash").click()

    desk.fill("#id_entry_fee", "10,00")
    desk.fill("#id_lost_game_fee", "0,50")
    desk.fill("#id_lost_game_fee_from", "2")
    desk.fill("#id_lost_game_fee_higher", "1,00")
    desk.get_by_test_id("save-tariff").click()
    desk.wait_for_url(re.compile(r"/kasse/"))
    assert Tariff.objects.get(tournament=tournament).lost_game_fee_higher == 1

    total = money.table_money(table).total
    lists = desk.locator("#lists").inner_text().replace("\xa0", " ")
    assert f"{total:.2f}".replace(".", ",") + " €" in lists
    desk.get_by_test_id(f"pay-entry-{first.id}").click()
    desk.get_by_test_id(f"pay-table-{table.id}").click()
    desk.wait_for_url(re.compile(r"/kasse/"))

    desk.fill("#id_prizes", "1: 50 %\n2: 30,00")  # 20,00 + 30,00 > 4 × 10,00: confirm
    desk.get_by_test_id("save-prizes").click()
    desk.locator(".form-errors").wait_for()
    desk.check("#id_confirm")
    desk.get_by_test_id("save-prizes").click()
    desk.get_by_test_id("prize-preview").wait_for()
    assert PrizeRule.objects.filter(tournament=tournament).count() == 2

    desk.get_by_test_id("settlement").click()
    balance = desk.get_by_test_id("balance").first.inner_text().strip()
    settlement = money.settle_cash(tournament)
    expected = f"{settlement.balance:.2f}".replace(".", ",").replace("-", "\u2212")
    assert balance == expected + "\xa0€"
    assert settlement.entry_fees_paid == 10 and settlement.lost_game_fees_paid == total

    with desk.expect_download() as download:
        desk.get_by_test_id("settlement-pdf").click()
    content = open(download.value.path(), "rb").read()
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    assert balance.replace("\xa0", " ") in text
    for statement in settlement.participants:
        assert statement.name in text


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_cash_totals_fit_a_phone_without_scrolling(new_page, django_user_model, size):
    """A treasurer with a phone reads every total whole, the two amounts of a series too."""
    django_user_model.objects.create_user("leitung", password=PASSWORD, is_staff=True)
    tournament = f.make_played_tournament(players=4, series=2, rounds_per_series=1)
    Tariff.objects.update_or_create(
        tournament=tournament, defaults={"entry_fee": 40, "lost_game_fee": "130.50"}
    )

    desk = new_page(viewport={"width": size[0], "height": size[1]})
    desk.set_default_timeout(SLOW_MACHINE_MS)
    log_in(desk)
    desk.goto(f"/leitung/turniere/{tournament.id}/kasse/")
    totals = desk.get_by_test_id("cash-totals")
    text = totals.inner_text().replace("\xa0", " ")
    assert "160,00 €" in text  # four entry fees
    region = totals.locator("xpath=..")
    overflow = region.evaluate("node => node.scrollWidth - node.clientWidth")
    assert overflow <= 0, (size, overflow)
    cut = totals.evaluate(
        """table => Array.from(table.querySelectorAll('td'))
          .filter((td) => td.getBoundingClientRect().right > window.innerWidth)
          .map((td) => td.innerText)"""
    )
    assert cut == [], (size, cut)


def test_the_door_needs_one_button_per_job(director_desk):
    """Two series of two tables at 1366×768: one named button per table, one for every
    entry fee, and a refund field only for who has paid."""
    tournament = f.make_played_tournament(players=8, series=2, rounds_per_series=1)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    desk = director_desk({"width": 1366, "height": 768})
    desk.set_default_timeout(SLOW_MACHINE_MS)
    desk.goto(f"/leitung/turniere/{tournament.id}/kasse/")

    table_buttons = desk.get_by_role("button", name=re.compile(r"Tisch \d+: alle bezahlt"))
    labels = table_buttons.all_inner_texts()
    assert len(labels) == len(set(labels)) == 4
    assert desk.get_by_role("button", name="Alle Startgelder bezahlt").count() == 1
    assert desk.locator("input[name=amount]").count() == 0

    table_buttons.first.click()
    desk.wait_for_url(re.compile(r"/kasse/"))
    assert table_buttons.count() == 3
    desk.get_by_role("button", name="Alle Startgelder bezahlt").click()
    desk.wait_for_url(re.compile(r"/kasse/"))

    assert desk.get_by_role("button", name="Alle Startgelder bezahlt").count() == 0
    assert desk.locator("input[name=amount]").count() == 8
    assert money.settle_cash(tournament).entry_fees_paid == 80


def test_a_prize_is_paid_out_with_one_tap_on_a_phone(director_desk):
    """After the finish, at the prize-giving: each place one button, the page as wide as
    the phone."""
    tournament = f.make_played_tournament(players=12, series=1, rounds_per_series=1)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    money.mark_entry_fees_paid(tournament)
    money.set_prizes(tournament, [{"rank": 1, "amount": "30.00"}], entry_fees=120)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    desk = director_desk({"width": 360, "height": 640})
    desk.set_default_timeout(SLOW_MACHINE_MS)
    desk.goto(f"/leitung/turniere/{tournament.id}/kasse/")

    buttons = desk.locator("[data-testid^=pay-out-]")
    assert buttons.count() == 1
    assert desk.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    buttons.first.click()
    desk.get_by_test_id("paid-out-overall-1").wait_for()

    assert buttons.count() == 0
    assert sum(p.amount for p in PrizePayout.objects.all()) == 30


def test_the_door_s_buttons_are_on_a_phone_screen_without_swiping(director_desk):
    """At the door on a phone (390×844) every participant's "Startgeld bezahlt" is within
    the screen: the statements stack per participant instead of running off to the right."""
    tournament = f.make_played_tournament(players=8, series=1, rounds_per_series=1)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    desk = director_desk({"width": 390, "height": 844})
    desk.set_default_timeout(SLOW_MACHINE_MS)
    desk.goto(f"/leitung/turniere/{tournament.id}/kasse/")

    buttons = desk.locator("[data-testid^=pay-entry-]")
    assert buttons.count() == 8
    outside = buttons.evaluate_all(
        """all => all.filter((b) => b.getBoundingClientRect().right > window.innerWidth)
          .map((b) => b.dataset.testid)"""
    )
    assert outside == []
    row = desk.get_by_test_id(f"statement-{tournament.participants.first().id}")
    labels = row.locator("td[data-label]").evaluate_all(
        "all => all.map((td) => getComputedStyle(td, '::before').content)"
    )
    assert labels == ['"Startgeld"', '"Abreizgeld"', '"Bezahlt"', '"Schuldet noch"']
    assert desk.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_each_payment_s_amount_and_counter_entry_are_on_a_phone_screen(director_desk):
    """The payments list on a 360px phone: each payment's amount and its counter-entry
    stay within the screen, one block per payment, instead of off to the right of a table
    that must be swiped sideways to read what was paid."""
    tournament = f.make_played_tournament(players=4, series=1, rounds_per_series=1)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    for participant in tournament.participants.all():
        money.mark_entry_fee_paid(participant)
    desk = director_desk({"width": 360, "height": 640})
    desk.set_default_timeout(SLOW_MACHINE_MS)
    desk.goto(f"/leitung/turniere/{tournament.id}/kasse/")

    payments = desk.get_by_test_id("payments")
    outside = payments.locator("td.num, button").evaluate_all(
        """all => all.filter((node) => node.getBoundingClientRect().right > window.innerWidth)
          .map((node) => node.textContent.trim())"""
    )
    assert payments.locator("td.num").count() == 4
    assert outside == []
    labels = payments.locator("td[data-label]").first.evaluate(
        "td => getComputedStyle(td, '::before').content"
    )
    assert labels == '"Art"'
