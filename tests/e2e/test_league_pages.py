"""The league on phones and at the venue: the public table needs no sideways scrolling at
360 and 390 px, the projector pages by itself, and a captain signs the match report with
a finger on the host's tablet."""

import pytest

from league.models import MatchReport
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "skat-demo"


@pytest.mark.parametrize("width", [360, 390])
def test_the_league_table_fits_a_phone(new_page, width):
    group, _teams = make_season(venues=2, match_days=2)
    phone = new_page(viewport={"width": width, "height": 740})

    phone.goto(f"/liga/staffel/{group.pk}/")

    rows = phone.get_by_test_id("table-row")
    assert rows.count() == 8
    widths = phone.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
        " document.querySelector('.league-table').scrollWidth,"
        " document.querySelector('.league-table').parentElement.clientWidth]"
    )
    assert widths[0] <= widths[1]  # the page never scrolls sideways
    assert widths[2] <= widths[3]  # place, team, team points and game points fit
    size = rows.first.locator("th").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 18


@pytest.mark.parametrize("width", [360, 390])
def test_checking_a_report_s_seal_on_a_phone_shows_the_whole_code(new_page, width):
    """The QR code on a printed report opens this page on a phone: the 64-character seal
    wraps instead of pushing the page wider than the screen."""
    make_season(publish=False)
    report = MatchReport.objects.get()
    phone = new_page(viewport={"width": width, "height": 740})

    phone.goto(f"/liga/spielbericht/pruefen/{report.seal}/")

    assert phone.get_by_test_id("report-verify-result").inner_text().startswith("✓")
    widths = phone.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], widths
    seal = phone.locator("code").filter(has_text=report.seal[:16])
    assert seal.inner_text() == report.seal
    box = seal.bounding_box()
    assert box["x"] + box["width"] <= width


def test_a_captain_signs_the_report_with_a_finger_on_the_host_s_tablet(new_page, django_user_model):
    group, teams = make_season(publish=False)
    host = django_user_model.objects.create_user("gastgeber", password=PASSWORD, is_staff=True)
    teams[0].club.directors.add(host)
    report = MatchReport.objects.get()
    tablet = new_page(viewport={"width": 1024, "height": 768})
    tablet.goto("/anmelden/")
    tablet.fill("#id_username", "gastgeber")
    tablet.fill("#id_password", PASSWORD)
    tablet.locator("main button[type=submit]").click()

    tablet.goto(f"/liga/spielbericht/{report.pk}/unterschreiben/")
    signer = tablet.get_by_test_id("report-signer").nth(1)
    pad = signer.locator("canvas.signature-pad")
    pad.scroll_into_view_if_needed()
    box = pad.bounding_box()
    tablet.mouse.move(box["x"] + 20, box["y"] + box["height"] / 2)
    tablet.mouse.down()
    for step in range(1, 12):
        tablet.mouse.move(box["x"] + 20 + step * 25, box["y"] + 30 + (step % 3) * 40)
    tablet.mouse.up()
    signer.get_by_role("button", name="Unterschreiben").click()

    tablet.get_by_text("Unterschrieben. Danke.").wait_for()
    assert report.signatures.count() == 1
    assert report.signatures.get().method == "image"


def test_league_pages_have_no_axe_violation(browser, live_server, django_user_model):
    from tests.e2e.test_accessibility import violations

    group, teams = make_season(publish=False)
    report = MatchReport.objects.get()
    leader = group.leaders.get()
    leader.set_password(PASSWORD)
    leader.save()
    context = browser.new_context(
        base_url=live_server.url,
        locale="de-DE",
        viewport={"width": 390, "height": 844},
        bypass_csp=True,
    )
    phone = context.new_page()
    public = [
        "/liga/",
        f"/liga/staffel/{group.pk}/",
        f"/liga/staffel/{group.pk}/einzelwertung/",
        f"/liga/mannschaft/{teams[0].pk}/",
        f"/liga/spielbericht/pruefen/{report.seal}/",
    ]
    phone.goto("/anmelden/")
    phone.fill("#id_username", leader.username)
    phone.fill("#id_password", PASSWORD)
    phone.locator("main button[type=submit]").click()
    leading = [
        "/liga/meine/",
        f"/liga/leitung/staffel/{group.pk}/",
        f"/liga/leitung/spieltag/{report.venue.match_day_id}/live/",
        f"/liga/spielbericht/{report.pk}/",
        f"/liga/spielbericht/{report.pk}/unterschreiben/",
        f"/liga/spielort/{report.venue_id}/",
    ]

    found = [entry for url in public + leading for entry in violations(phone, url)]

    context.close()
    assert found == []


LONG_NAMES = [
    "Skatfreunde Grand Hand Mönchengladbach 1987 II",
    "SC Kreuz-Bube Oberkirchberg-Hintertupfingen",
    "Skatclub „Herz-Dame“ Bietigheim-Bissingen III",
    "Reizende Buben Castrop-Rauxel-Habinghorst",
]


def test_a_phone_keeps_place_team_team_points_and_game_points_in_view_with_real_names(
    new_page,
):
    """At 360 × 640 with team names as long as real ones, every row shows its place, the
    whole team name (wrapped, not cut), the team points "07:02" and the game points."""
    from league.models import LeagueTeam

    group, teams = make_season(venues=2, match_days=2)
    names = set()
    for team, name in zip(teams, LONG_NAMES * 2, strict=True):
        names.add(f"{name} {team.pk}")
        LeagueTeam.objects.filter(pk=team.pk).update(name=f"{name} {team.pk}")
    phone = new_page(viewport={"width": 360, "height": 640})

    phone.goto(f"/liga/staffel/{group.pk}/")

    rows = phone.get_by_test_id("table-row")
    assert rows.count() == 8
    for index in range(8):
        row = rows.nth(index)
        cells = [
            row.locator("td.rank"),
            row.locator("th.name a"),
            row.locator("td.total"),
            row.locator("td.total + td"),
        ]
        for cell in cells:
            box = cell.bounding_box()
            assert box is not None and box["width"] > 0
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (index, box)
        points = cells[2].inner_text()
        assert points[2] in ":," and points.count(":") == 1, points  # "05:01", "02,5:00,5"
        name = cells[1].evaluate("e => [e.scrollWidth, e.clientWidth, e.textContent]")
        assert name[0] <= name[1] + 1 and name[2] in names  # wrapped whole, not cut
    widths = phone.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1]
