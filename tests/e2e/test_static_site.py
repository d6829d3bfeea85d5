"""The static site of a tournament opened from disk (file://) in Chromium, as a club
member does with the unpacked ZIP: on a 360×640 phone and on a desktop it shows the
ranking and the lists, asks for nothing from outside, and checks every seal in the
browser with the club's public key; one changed value fails the check."""

import io
import json
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from publishing.services import static_site
from tests import factories as f
from tests.publishing.conftest import finish, with_club

# Committed data: the site is built in a thread of its own (below), which another
# connection serves.
pytestmark = pytest.mark.django_db(transaction=True)
SCREENSHOTS = Path(tempfile.gettempdir()) / "skatverein-e2e"
SCREENSHOTS.mkdir(exist_ok=True)


@pytest.fixture
def site(tmp_path, admin_user):
    """The unpacked site of a finished club tournament of 8 players in 2 series."""
    tournament = finish(with_club(f.make_played_tournament(players=8, series=2)), admin_user)
    # The club's PDF signature runs an event loop of its own, which cannot start inside
    # Playwright's; so the site is built beside it, as the server would build it.
    with ThreadPoolExecutor(max_workers=1) as builder:
        content = builder.submit(static_site.site_zip, tournament).result()
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        archive.extractall(tmp_path)
    return tmp_path


@pytest.fixture
def disk_page(browser):
    """``disk_page(viewport)`` → a page of its own and the list of every URL it asks for."""
    contexts = []

    def open_page(viewport=None):
        context = browser.new_context(
            locale="de-DE", viewport=viewport or {"width": 360, "height": 640}
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        asked = []
        page.on("request", lambda request: asked.append(request.url))
        return page, asked

    yield open_page
    for context in contexts:
        context.close()


@pytest.mark.parametrize(
    ("width", "height"), [(360, 640), (1280, 800)], ids=["phone-360x640", "desktop"]
)
def test_the_site_from_disk_shows_the_ranking_and_a_list(disk_page, site, width, height):
    document = json.loads((site / "results.json").read_text())
    names = {player["ref"]: player["name"] for player in document["players"]}
    leader = names[document["rankings"]["tournament"][0]["player"]]
    table = document["series"][0]["tables"][0]
    page, asked = disk_page({"width": width, "height": height})

    page.goto((site / "index.html").as_uri())
    assert page.locator("h1").inner_text() == document["tournament"]["name"]
    page.get_by_role("navigation").get_by_role("link", name="Rangliste").click()
    page.wait_for_url("**/rangliste.html")
    first_row = page.locator("tbody tr").first
    assert leader in first_row.inner_text()
    total = first_row.locator("[data-total]")
    assert total.inner_text() == str(document["rankings"]["tournament"][0]["total"])
    box = total.bounding_box()
    assert box["x"] + box["width"] <= width, "the total is off the screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SCREENSHOTS / f"static-site-ranking-{width}.png"), full_page=True)

    page.get_by_role("navigation").get_by_role("link", name="Serie 1").click()
    page.get_by_role("link", name="Liste zeigen").first.click()
    page.wait_for_url(f"**/listen/serie-1-tisch-{table['number']}.html")
    assert page.locator("h1").inner_text() == f"Serie 1, Tisch {table['number']}"
    assert page.locator("tr.game").count() == len(table["games"])
    last_seat = page.locator("table.games thead th").last.bounding_box()
    assert last_seat["x"] + last_seat["width"] <= width, "a seat's points are off the screen"
    seated = [names[seat["player"]] for seat in table["seats"]]
    assert all(page.get_by_role("link", name=name).count() for name in seated)
    page.screenshot(path=str(SCREENSHOTS / f"static-site-list-{width}.png"), full_page=True)

    assert asked and all(url.startswith("file://") for url in asked), asked


def test_every_seal_verifies_in_the_browser_and_a_changed_value_fails(disk_page, site):
    page, _asked = disk_page()
    verify = site / "pruefen.html"
    page.goto(verify.as_uri())
    rows = page.locator("#seals tbody tr")
    assert rows.count() == 4
    page.wait_for_function(
        "[...document.querySelectorAll('#seals tbody tr')].every(r => r.dataset.check)"
    )
    assert [rows.nth(i).get_attribute("data-check") for i in range(4)] == ["valid"] * 4
    assert rows.first.locator("[data-result]").inner_text() == "gültig"
    page.screenshot(path=str(SCREENSHOTS / "static-site-seals-360.png"), full_page=True)

    html = verify.read_text()
    opening = '<script id="results-document" type="application/json">'
    start = html.index(opening) + len(opening)
    end = html.index("</script>", start)
    document = json.loads(html[start:end])
    document["series"][0]["tables"][0]["games"][0]["score"] += 1
    changed = json.dumps(document).replace("<", "\\u003C").replace(">", "\\u003E")
    verify.write_text(html[:start] + changed.replace("&", "\\u0026") + html[end:])
    page.reload()
    page.wait_for_function(
        "[...document.querySelectorAll('#seals tbody tr')].every(r => r.dataset.check)"
    )

    checks = [rows.nth(i).get_attribute("data-check") for i in range(4)]
    assert checks == ["invalid", "valid", "valid", "valid"]
    assert "NICHT gültig" in rows.first.locator("[data-result]").inner_text()
