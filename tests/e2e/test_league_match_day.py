"""A whole league match day in real browsers, without the Django admin.

The host's director (a laptop, 1366 × 768) sets a line-up with a substitute, draws the
series and hands a table code to a table's tablet, which keeps its list by touch and is
signed there with the players' PINs (the other three lists are entered as the API would,
for speed); the director finishes series and tournament and sends the match report. Two
captains sign it with the PIN of their start card on their phones (390 × 844); the group
leader (a laptop) checks it and publishes it, naming why two signatures are missing. The
public group table and the public report then show the same numbers, which are the
venue's result.
"""

import re

import pytest

from league.models import MatchReport
from league.services import results
from tests import factories as f
from tests.e2e.test_tournament_flow import enter_by_touch, number, sign
from tests.league.factories import make_group, make_league_team, make_match_day
from tournaments.models import Participant, Table

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "e2e-Liga-Passwort-2026"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
# Where each device is: the hall's network (the host's laptop, the tablet and both
# captains' phones, all behind the hall router's one address), the group leader at home.
# Correct logins never count against an address (services/login_limits.py): the host's
# and two captains' logins within seconds through that router all get in.
HALL = {"X-Forwarded-For": "192.0.2.10"}
HOME = {"X-Forwarded-For": "198.51.100.7"}


def log_in(page, username: str) -> None:
    page.goto("/anmelden/", timeout=60_000)  # the server's first answer may take a while
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_test_id("login").click()
    page.wait_for_url(lambda url: "/anmelden/" not in url)


def numbers_of(page, rows, name_cell: str, pair_cell: str, points_cell: str) -> dict:
    """Team name → (team points "07:02", game points) as a table on ``page`` prints them."""
    shown = {}
    for row in page.locator(rows).all():
        name = row.locator(name_cell).inner_text().strip()
        shown[name] = (
            row.locator(pair_cell).inner_text().strip(),
            row.locator(points_cell).inner_text().strip(),
        )
    return shown


def test_a_match_day_from_line_up_to_the_published_table(new_page, django_user_model, settings):
    settings.TRUSTED_PROXY_COUNT = 1  # the hall server behind its proxy
    users = {
        name: django_user_model.objects.create_user(name, password=PASSWORD, is_staff=staff)
        for name, staff in [
            ("gastgeber", True),
            ("staffelleiter", False),
            ("kapitaen-a", False),
            ("kapitaen-b", False),
        ]
    }
    group = make_group(series=1, rounds=1)
    group.leaders.add(users["staffelleiter"])
    teams = [
        make_league_team(
            group, name="Herzbuben I", substitutes=1, captain_user=users["kapitaen-a"]
        ),
        make_league_team(group, name="Kreuzasse", captain_user=users["kapitaen-b"]),
        make_league_team(group, name="Pikdamen"),
        make_league_team(group, name="Karokönige"),
    ]
    teams[0].club.directors.add(users["gastgeber"])
    venue = make_match_day(group, [teams]).venues.get()
    series = venue.tournament.series.get()
    substitute = teams[0].roster.get(substitute=True).player
    benched = teams[0].roster.get(position=4).player

    # The host's director: the line-up with the substitute, the draw, a table's code.
    desk = new_page(viewport=LAPTOP, extra_http_headers=HALL)
    log_in(desk, "gastgeber")
    # The captains arrive with the host's director and log in on the hall's Wi-Fi at once.
    phones = {}
    for username in ("kapitaen-a", "kapitaen-b"):
        phones[username] = new_page(
            viewport=PHONE, has_touch=True, is_mobile=True, extra_http_headers=HALL
        )
        log_in(phones[username], username)
    desk.goto(f"/liga/spielort/{venue.pk}/")
    lineup = desk.get_by_test_id("venue-team").filter(has_text="Herzbuben I").locator("form")
    lineup.first.get_by_label(benched.full_name).uncheck()
    lineup.first.get_by_label(substitute.full_name).check()
    lineup.first.get_by_role("button", name="Aufstellung speichern").click()
    desk.get_by_text("Die Aufstellung wurde gespeichert.").wait_for()
    assert set(series.players.values_list("player", flat=True)) >= {substitute.pk}
    assert benched.pk not in set(series.players.values_list("player", flat=True))
    desk.get_by_role("link", name=re.compile("Turnier des Spielorts")).click()
    desk.wait_for_url(f"**/leitung/turniere/{venue.tournament_id}/")
    desk.goto(f"/leitung/serien/{series.pk}/")
    desk.fill("#id_seed", "4711")
    desk.get_by_test_id("draw").click()
    desk.get_by_test_id("table-row-4").wait_for()
    code = desk.get_by_test_id("table-code-1").inner_text().strip()

    # Table 1 keeps its list on a tablet and signs there; the other three as the API would.
    pins = {
        p.player.full_name: p.pin
        for p in Participant.objects.filter(tournament=venue.tournament).select_related("player")
    }
    tablet = new_page(viewport={"width": 1024, "height": 768}, extra_http_headers=HALL)
    tablet.goto(f"/tisch/code/{code}/")
    enter_by_touch(tablet)
    sign(tablet, pins)
    for table in Table.objects.filter(series=series).exclude(number=1):
        f.sign_all(f.play_out(table))

    # The director finishes series and tournament and sends the report.
    desk.goto(f"/leitung/serien/{series.pk}/")
    desk.get_by_test_id("finish-series").click()
    desk.get_by_test_id("series-finished").wait_for()
    desk.goto(f"/leitung/turniere/{venue.tournament_id}/")
    desk.get_by_test_id("finish-tournament").click()
    desk.get_by_test_id("tournament-finished").wait_for()
    desk.goto(f"/liga/spielort/{venue.pk}/")
    desk.get_by_test_id("send-report").click()
    desk.get_by_test_id("confirm").click()
    desk.get_by_test_id("sign-link").wait_for()
    report = MatchReport.objects.get(venue=venue)

    # Two captains sign with their start card's PIN, each on a phone.
    for username, team in (("kapitaen-a", teams[0]), ("kapitaen-b", teams[1])):
        phone = phones[username]
        phone.goto(f"/liga/spielbericht/{report.pk}/unterschreiben/")
        mine = phone.get_by_test_id("report-signer").filter(has_text=team.name)
        captain_pin = Participant.objects.get(tournament=venue.tournament, player=team.captain).pin
        mine.get_by_test_id("report-pin").fill(captain_pin)
        mine.get_by_test_id("report-pin-sign").click()
        phone.get_by_text("Unterschrieben. Danke.").wait_for()
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert report.signatures.count() == 2

    # The group leader checks and publishes, naming why two signatures are missing.
    leader = new_page(viewport=LAPTOP, extra_http_headers=HOME)
    log_in(leader, "staffelleiter")
    leader.goto(f"/liga/spielbericht/{report.pk}/")
    leader.get_by_role("button", name="Als geprüft markieren").click()
    missing = leader.get_by_test_id("missing-signatures")
    assert "Pikdamen" in missing.inner_text() and "Karokönige" in missing.inner_text()
    leader.fill("#publish-reason", "Mannschaftsführer vor Ende abgereist")
    leader.get_by_test_id("publish").click()
    leader.get_by_test_id("report-state").filter(has_text="veröffentlicht").wait_for()

    # Anyone: the group table and the report show the same numbers, the venue's result.
    visitor = new_page(viewport=PHONE)
    visitor.goto(f"/liga/staffel/{group.pk}/")
    table = numbers_of(visitor, "[data-testid=table-row]", "th.name a", "td.total", "td.total + td")
    visitor.goto(f"/liga/spielbericht/{report.pk}/")
    assert visitor.get_by_text("Abmelden").count() == 0
    shown = numbers_of(
        visitor, "[data-testid=report-results] tbody tr", "th", "td.total", "td:nth-last-child(2)"
    )
    result = results.venue_result(venue)
    expected = {
        score.name: (
            results.points_pair(score.team_points, score.team_points_against),
            score.game_points,
        )
        for score in result.teams
    }
    assert table == shown
    assert {name: (pair, number(points)) for name, (pair, points) in table.items()} == expected
    assert sum(score.team_points for score in result.teams) == 6
