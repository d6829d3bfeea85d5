"""A late team's missed series (Anlage 10) reads as not played, "–", in the report's PDF,
on the report page, the venue page and the team page: it is no result of 0 points. The
sums stay what they were."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from league.exports.report_pdf import report_pdf
from league.models import MatchReport
from league.services import lineups, reports, results
from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_match_day, publish_report
from tournaments.models import Table
from tournaments.services import draw, states

pytestmark = pytest.mark.django_db


def _play(series):
    draw.draw_series(series, seed=1)
    for table in Table.objects.filter(series=series).select_related("series__tournament"):
        f.sign_all(f.play_out(table))
    states.apply(series, "finish", None, roles={states.Role.DIRECTOR})


@pytest.fixture
def late_report():
    """A venue of four teams where Team D came late and played series 2 only; its report
    sent and published."""
    group = make_group(series=2, rounds=1)
    teams = [make_league_team(group, name=f"Team {n}") for n in "ABCD"]
    venue = make_match_day(group, [teams]).venues.get()
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    late = teams[3]
    lineups.mark_no_show(venue, {"team": late.pk})
    series = venue.tournament.series.order_by("number")
    _play(series[0])
    lineups.add_late_team(venue, {"team": late.pk, "from_series": 2})
    _play(series[1])
    states.apply(venue.tournament, "finish", None, roles={states.Role.DIRECTOR})
    report = reports.submit_report(venue)
    publish_report(report, leader)
    return MatchReport.objects.get(pk=report.pk), late, leader


def _late_row(words: str, name: str) -> str:
    start = words.index(name)
    return words[start : start + 60]


def test_the_pdf_prints_a_missed_series_as_not_played(late_report):
    report, late, _leader = late_report
    second = next(
        s for s in results.venue_result(report.venue).series[1].teams if s.team == late.pk
    )
    total = results.venue_result(report.venue).of(late.pk)

    with translation.override("de"):
        words = f.pdf_words(report_pdf(report))

    row = _late_row(words, "Team D")
    assert row.startswith(f"Team D – – {second.game_points} ")
    assert "Team D 0 0" not in words
    assert f"{total.game_points}" in row  # the sums stay
    assert "–: in dieser Serie nicht angetreten" in words


def test_the_report_page_shows_a_missed_series_as_not_played(client, late_report):
    report, late, _leader = late_report

    with translation.override("de"):
        text = f.page_text(client.get(f"/liga/spielbericht/{report.pk}/"))

    assert "Team D – " in text
    assert "Team D 0 / 0" not in text
    assert "–: in dieser Serie nicht angetreten" in text


def test_the_team_page_shows_a_missed_series_as_not_played(client, late_report):
    _report, late, _leader = late_report

    with translation.override("de"):
        text = f.page_text(client.get(f"/liga/mannschaft/{late.pk}/"))

    assert "Serie 1 – –" in text
    assert "Serie 1 0 0" not in text
    assert "–: in dieser Serie nicht angetreten" in text


def test_the_venue_page_shows_a_missed_series_as_not_played(client, late_report):
    report, _late, leader = late_report
    client.force_login(leader)

    with translation.override("de"):
        text = f.page_text(client.get(f"/liga/spielort/{report.venue_id}/"))

    assert "Team D 0 / 0" not in text
    assert "–: in dieser Serie nicht angetreten" in text
