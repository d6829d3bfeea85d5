"""The site header on a phone leaves the first screen to the page.

Below 48em (768 px) the site's links wait behind a "Menü" disclosure, so the header is one
line. On the director's pages the header and the director's bar (where they are, logging
out) take at most 140 px of a 390 × 844 phone; on the results pages a portal shows (a
tournament reached by its public id, its ranking, a club's yearly ranking) the header
takes at most a quarter of a 360 × 640 phone. Opened, the menu shows every link of the
wide header, each reachable by the keyboard. A desktop shows the links in the header as
before.
"""

import pytest

from publishing.models import TournamentIdentity
from tests import factories as f
from tests.e2e.conftest import DIRECTOR_PASSWORD, TIMEOUT_MS
from tests.e2e.test_accessibility import AXE, MIN_TARGET, violations

pytestmark = pytest.mark.django_db(transaction=True)

DIRECTOR_PHONE = {"width": 390, "height": 844}
PORTAL_PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1366, "height": 768}
DIRECTOR_HEADER_MAX = 140
PORTAL_HEADER_MAX = 640 // 4

# How far down the first screen the header reaches: the site header and, on the
# director's pages, the bar of where they are under it.
HEADER_BOTTOM = """() => Math.max(...Array.from(
    document.querySelectorAll('.site-header, .director-bar'))
    .map((node) => node.getBoundingClientRect().bottom))"""
# The links and buttons of the main navigation a reader can see and tab to.
VISIBLE_MENU_ENTRIES = """() => Array.from(document.querySelectorAll(
    'nav[aria-label] .nav-list a, nav[aria-label] .nav-list button'))
    .filter((node) => node.checkVisibility())
    .map((node) => node.textContent.trim())"""


def header_bottom(page) -> float:
    return page.evaluate(HEADER_BOTTOM)


def visible_menu_entries(page) -> list[str]:
    return page.evaluate(VISIBLE_MENU_ENTRIES)


def menu_entries_on_a_desktop(page, url: str) -> list[str]:
    """What the header's navigation offers on a wide screen, in a context of the same
    session (the same cookies: logged in or not)."""
    desktop = page.context.new_page()
    desktop.set_viewport_size(DESKTOP)
    desktop.goto(url)
    shown = visible_menu_entries(desktop)
    desktop.close()
    return shown


def open_menu_by_keyboard(page) -> None:
    """Tab to the menu's summary and open it with Enter, as a keyboard user does."""
    summary = page.get_by_test_id("site-menu").locator("summary")
    for _ in range(10):
        page.keyboard.press("Tab")
        if summary.evaluate("(node) => node === document.activeElement"):
            break
    assert summary.evaluate("(node) => node === document.activeElement")
    page.keyboard.press("Enter")
    assert page.get_by_test_id("site-menu").get_attribute("open") is not None


def assert_every_link_behind_the_menu(page, url: str) -> None:
    on_desktop = menu_entries_on_a_desktop(page, url)
    assert on_desktop, url
    open_menu_by_keyboard(page)
    assert visible_menu_entries(page) == on_desktop, url
    # Each entry is a touch target and takes the keyboard's focus.
    entries = page.locator("[data-testid=site-menu] .nav-list").locator("a, button")
    for index in range(entries.count()):
        entry = entries.nth(index)
        assert entry.bounding_box()["height"] >= MIN_TARGET, entry.text_content()
        entry.focus()
        assert entry.evaluate("(node) => node === document.activeElement")
    # The opened menu lies over the page; it covers nothing of the header itself.
    brand = page.locator(".site-header .brand").bounding_box()
    assert brand["y"] >= 0 and brand["height"] > 0


@pytest.fixture
def published(db):
    """A finished tournament of a club with its public id, as a results portal keeps it."""
    club = f.make_club("Skatfreunde Kreuz Bube 1950 e. V.")
    tournament = f.make_played_tournament(players=8, series=2, club=club)
    identity = TournamentIdentity.objects.create(tournament=tournament)
    return tournament, identity


def test_director_header_takes_at_most_140_px_of_a_phone(director_desk):
    tournament = f.make_played_tournament(players=4, series=1)
    phone = director_desk(DIRECTOR_PHONE)

    for url in ["/leitung/", f"/leitung/turniere/{tournament.pk}/"]:
        phone.goto(url)
        assert header_bottom(phone) <= DIRECTOR_HEADER_MAX, (url, header_bottom(phone))
        assert phone.locator("main h1").bounding_box()["y"] < DIRECTOR_HEADER_MAX + 60, url

    assert_every_link_behind_the_menu(phone, f"/leitung/turniere/{tournament.pk}/")


def test_portal_header_takes_at_most_a_quarter_of_a_phone(new_page, published):
    tournament, identity = published
    phone = new_page(viewport=PORTAL_PHONE)

    phone.goto(f"/ergebnisse/{identity.uuid}/")
    assert phone.url.endswith(f"/turniere/{tournament.pk}/")
    urls = [
        f"/turniere/{tournament.pk}/",
        f"/turniere/{tournament.pk}/rangliste/",
        f"/vereine/{tournament.club.pk}/jahreswertung/",
    ]
    for url in urls:
        phone.goto(url)
        assert header_bottom(phone) <= PORTAL_HEADER_MAX, (url, header_bottom(phone))

    assert_every_link_behind_the_menu(phone, f"/turniere/{tournament.pk}/")


def test_desktop_header_shows_its_links_in_one_line(director_desk):
    desk = director_desk(DESKTOP)

    desk.goto("/leitung/")

    assert desk.get_by_test_id("site-menu").locator("summary").is_hidden()
    entries = visible_menu_entries(desk)
    assert "Turnierleitung" in entries and len(entries) >= 6
    middles = desk.eval_on_selector_all(
        ".site-header .brand, .site-header .nav-list a",
        "nodes => nodes.filter((node) => node.checkVisibility())"
        ".map((node) => { const box = node.getBoundingClientRect();"
        " return box.top + box.height / 2; })",
    )
    assert max(middles) - min(middles) <= 4, middles
    # The links of the closed disclosure take the keyboard's focus like any other.
    links = desk.locator(".site-header .nav-list a")
    for index in range(links.count()):
        links.nth(index).focus()
        assert links.nth(index).evaluate("(node) => node === document.activeElement")


def axe_violations_here(page) -> list[str]:
    """axe-core's findings on the page as it is now (e.g. with the menu opened)."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))"
    )


def test_folded_and_opened_menu_have_no_axe_violation(
    browser, live_server, published, django_user_model
):
    tournament, _identity = published
    django_user_model.objects.create_user("leitung", password=DIRECTOR_PASSWORD, is_staff=True)
    found = []
    pages = [
        (PORTAL_PHONE, f"/turniere/{tournament.pk}/"),
        (DIRECTOR_PHONE, f"/leitung/turniere/{tournament.pk}/"),
    ]
    context = browser.new_context(base_url=live_server.url, locale="de-DE", bypass_csp=True)
    context.set_default_timeout(TIMEOUT_MS * 3)
    page = context.new_page()
    page.goto("/anmelden/")
    page.fill("#id_username", "leitung")
    page.fill("#id_password", DIRECTOR_PASSWORD)
    page.get_by_test_id("login").click()
    page.wait_for_url("**/leitung/")
    for viewport, url in pages:
        page.set_viewport_size(viewport)
        found += violations(page, url)
        page.get_by_test_id("site-menu").locator("summary").click()
        found += [f"{url} (menu opened) {entry}" for entry in axe_violations_here(page)]
    context.close()

    assert found == []
