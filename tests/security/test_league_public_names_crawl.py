"""The league's anonymous surfaces name players only as they consented (docs/privacy.md):
the group table, the individual ranking and its projector, the team pages, the
verification page of a match report, the venue's own tournament pages, the API and every
file (the standings' files, the report's PDF; the season archive is the association's).

A group with one played venue whose report is published; at the venue, a player of each
consent. The crawl (tests/security/crawling.py) opens every route with the league's ids
filled in, without login, and the links it finds.
"""

import pytest

from league.models import MatchReport
from league.services import reports
from tests import factories as f
from tests.league.factories import (
    make_group,
    make_league_team,
    make_match_day,
    play_venue,
    publish_report,
)
from tests.security.crawling import crawl
from tournaments.models import Player, Table

pytestmark = pytest.mark.django_db

CONSENTS = [("Fulvia", "Vollmann", "full"), ("Kurt", "Kurzmann", "short")]
CONSENTS += [("Nina", "Nichtmann", "none")]
FORBIDDEN = ("Kurzmann", "Nichtmann", "Nina")


@pytest.fixture
def league_venue():
    """A published venue: the host's first three players give each consent."""
    group = make_group(series=1, rounds=1)
    host = make_league_team(group)
    teams = [host, *(make_league_team(group) for _ in range(3))]
    venue = make_match_day(group, [teams]).venues.get()
    roster = [entry.player for entry in host.roster.select_related("player")[:3]]
    for player, (first_name, last_name, publication) in zip(roster, CONSENTS, strict=True):
        player.first_name, player.last_name, player.publication = first_name, last_name, publication
        player.save()
    play_venue(venue)
    leader = f.make_staff_user()
    group.leaders.add(leader)
    report = publish_report(reports.submit_report(venue), leader)
    return venue, teams, report


def _ids(venue, teams, report: MatchReport) -> dict:
    group = venue.match_day.group
    tournament = venue.tournament
    series = list(tournament.series.values_list("pk", flat=True))
    tables = Table.objects.filter(series__tournament=tournament)
    seals = [report.seal, *tables.values_list("seal", flat=True)]
    tables = list(tables.values_list("pk", flat=True))
    players = list(Player.objects.values_list("pk", flat=True))
    return {
        # the league's resources
        "group_id": [group.pk],
        "team_id": [team.pk for team in teams],
        "venue_id": [venue.pk],
        "report_id": [report.pk],
        "match_day_id": [venue.match_day_id],
        "groups": [group.pk],
        "teams": [team.pk for team in teams],
        "venues": [venue.pk],
        "reports": [report.pk],
        "seasons": [group.league.season_id],
        "leagues": [group.league_id],
        "match-days": [venue.match_day_id],
        "seal": seals,
        # the venue's own tournament
        "tournament_id": [tournament.pk],
        "tournaments": [tournament.pk],
        "series_id": series,
        "series": series,
        "table_id": tables,
        "tables": tables,
        "player_id": players,
        "players": players,
        "number": [1],
        "pk": [],  # filled by the resource before it (crawling.addresses)
    }


def test_no_anonymous_league_address_names_a_player_against_their_consent(client, league_venue):
    venue, teams, report = league_venue

    found = crawl(client, _ids(venue, teams, report), FORBIDDEN)

    assert found.leaks == []
    assert found.unlinked == []
    opened = set(found.opened)
    group = venue.match_day.group
    for reached in (
        f"/liga/staffel/{group.pk}/",
        f"/liga/staffel/{group.pk}/einzelwertung/",
        f"/liga/mannschaft/{teams[0].pk}/",
        f"/liga/spielbericht/pruefen/{report.seal}/",
        f"/api/v1/reports/{report.pk}/report.pdf",
        f"/api/v1/groups/{group.pk}/player-ranking/",
    ):
        assert reached in opened


def test_the_report_verification_names_the_line_ups_as_consented(client, league_venue):
    _venue, _teams, report = league_venue

    page = client.get(f"/liga/spielbericht/pruefen/{report.seal}/").content.decode()
    answer = client.get(f"/api/v1/reports/verify/{report.seal}/").content.decode()

    assert "Kurzmann" not in page + answer
    assert "Nichtmann" not in page + answer


def test_the_report_pdf_names_the_public_by_consent_and_the_leader_in_full(client, league_venue):
    venue, _teams, report = league_venue
    address = f"/api/v1/reports/{report.pk}/report.pdf"

    public = f.pdf_text(client.get(address).content)
    client.force_login(venue.match_day.group.leaders.get())
    leader = f.pdf_text(client.get(address).content)

    assert "Kurt K." in public
    assert "Fulvia Vollmann" in public
    assert "Kurzmann" not in public
    assert "Kurt Kurzmann" in leader
    assert "Nina Nichtmann" in leader
