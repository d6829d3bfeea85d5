"""After a correction of a published venue the public keeps seeing the published numbers
(table, report page, report PDF) until the group leader publishes the report again
(RULES 6.1)."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from league.models import MatchReport
from league.services import reports, results
from tests.league.factories import make_season
from tournaments.models import Table, Tournament
from tournaments.services import states
from tournaments.services.lists import listkeeping

pytestmark = pytest.mark.django_db


def _table(group, published_only=True):
    return [
        (row.name, row.team_points, row.game_points)
        for row in results.group_table(group, published_only=published_only).rows
    ]


def _correct_a_list(report, leader):
    """The leader reopens the venue, changes game 2 of its first list and seals the report
    again: the venue's numbers change."""
    tournament = report.venue.tournament
    table = Table.objects.filter(series__tournament=tournament).order_by("number").first()
    tournament = states.apply(tournament, "reopen", leader, "Einspruch Tisch 1")
    series = states.apply(table.series, "reopen", leader, "Einspruch Tisch 1")
    table = states.apply(Table.objects.get(pk=table.pk), "reopen", leader, "Spiel 2 falsch")
    listkeeping.correct_game(table, 2, {"game": "grand", "matadors": 4}, partial=True, user=leader)
    states.apply(Table.objects.get(pk=table.pk), "close", leader, "Berichtigt")
    states.apply(series, "finish", leader)
    states.apply(Tournament.objects.get(pk=tournament.pk), "finish", leader)
    return states.apply(MatchReport.objects.get(pk=report.pk), "correct", leader, "Spiel 2")


def test_a_correction_reaches_the_public_only_when_the_report_is_published_again():
    group, _teams = make_season()
    leader = group.leaders.get()
    report = MatchReport.objects.get()
    published_table = _table(group)
    published_totals = report.document["totals"]

    corrected = _correct_a_list(report, leader)
    leader_table = _table(group, published_only=False)
    public_table = _table(group)
    seen = reports.as_seen_by(AnonymousUser(), corrected)
    page = Client().get(f"/liga/spielbericht/{report.pk}/").content.decode()
    republished = states.apply(corrected, "publish", leader, "Unterschriften auf Papier")

    assert corrected.document["totals"] != published_totals  # the correction changed numbers
    assert leader_table != published_table
    assert public_table == published_table
    assert seen.document["totals"] == published_totals and seen.seal != corrected.seal
    assert reports.as_seen_by(leader, corrected).seal == corrected.seal
    assert f"<code>{seen.seal[:16]}" in page and corrected.seal[:16] not in page
    assert republished.status == "published"
    assert _table(group) == leader_table


def test_a_published_report_unchanged_since_is_not_published_twice():
    group, _teams = make_season()
    report = MatchReport.objects.get()

    with pytest.raises(Exception) as refused:
        states.apply(report, "publish", group.leaders.get(), "noch einmal")

    assert refused.value.problems[0].code == "report_published"


def test_the_public_team_page_keeps_the_published_numbers_until_published_again():
    from tests import factories as f

    group, _teams = make_season()
    leader = group.leaders.get()
    report = MatchReport.objects.get()
    published = {row["team"]: row["game_points"] for row in report.document["totals"]}

    corrected = _correct_a_list(report, leader)
    now = {row["team"]: row["game_points"] for row in corrected.document["totals"]}
    team = next(team for team in published if published[team] != now[team])
    page = f.page_text(Client().get(f"/liga/mannschaft/{team}/"))
    states.apply(corrected, "publish", leader, "Unterschriften auf Papier")
    republished = f.page_text(Client().get(f"/liga/mannschaft/{team}/"))

    assert f"Summe {published[team]} " in page and f"Summe {now[team]} " not in page
    assert f"Summe {now[team]} " in republished
