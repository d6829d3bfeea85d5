"""The league's API beyond the season scenario: refusals naming the field, what is public
before a report is published, the files and the fixture import."""

import csv
import io
import zipfile
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import load_workbook
from rest_framework.test import APIClient

from league.models import MatchReport
from league.services import results
from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_season
from tests.league.play import call

pytestmark = pytest.mark.django_db
API = "/api/v1/"


def _client(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_a_bad_league_is_refused_naming_each_field():
    admin = _client(f.make_superuser())
    season = call(admin, "post", "seasons/", {"name": "2028"})["id"]

    response = admin.post(
        API + "leagues/",
        {"season": season, "name": "", "series_per_match_day": 12},
        format="json",
    )

    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == ["name", "series_per_match_day"]
    assert errors[0]["message"] == "Dieses Feld ist erforderlich."
    assert "1 bis 8" in errors[1]["message"]


def test_a_second_team_for_the_same_player_is_a_conflict():
    group = make_group()
    leader = get_user_model().objects.create_user("leiter")
    group.leaders.add(leader)
    team = make_league_team(group)
    taken = team.roster.first().player_id
    body = {
        "club": team.club_id,
        "name": "Zweite",
        "players": [taken, *team.roster.values_list("player", flat=True)[1:3]],
    }

    response = _client(leader).post(API + f"groups/{group.pk}/teams/", body, format="json")

    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "player_in_other_team"


def test_a_venue_s_result_is_public_once_its_report_is_published_without_live_results():
    group, teams = make_season(publish=False, live_public=False)
    venue = group.match_days.get().venues.get()
    captain = get_user_model().objects.create_user("kapitaen")
    teams[1].captain_user = captain
    teams[1].save()

    public = _client().get(API + f"venues/{venue.pk}/result/")
    as_captain = _client(captain).get(API + f"venues/{venue.pk}/result/")

    assert public.status_code == 403
    assert as_captain.status_code == 200 and as_captain.json()["published"] is False
    assert sum(float(t["team_points"]) for t in as_captain.json()["teams"]) == 6


def _pair(plus, minus) -> str:
    """Team points as published tables print them: "07:02" ("02,5:00,5" with halves)."""

    def two(value):
        whole, half = divmod(value, 1)
        return f"{int(whole):02d}" + (",5" if half else "")

    return f"{two(plus)}:{two(minus)}"


def test_the_table_gives_the_team_points_lost_beside_those_won():
    """Two match days of one series at a venue of four: 3 points at stake a series, so
    won and lost add up to 6 for every team."""
    group, _teams = make_season(match_days=2)

    rows = call(_client(), "get", f"groups/{group.pk}/table/")["rows"]

    assert all(
        Decimal(row["team_points"]) + Decimal(row["team_points_against"]) == 6 for row in rows
    )
    assert all(
        Decimal(day["team_points"]) + Decimal(day["team_points_against"]) == 3
        for row in rows
        for day in row["match_days"]
    )


def test_the_table_files_hold_the_table_s_numbers():
    group, _teams = make_season(match_days=2)
    table = results.group_table(group)

    csv_file = _client().get(API + f"groups/{group.pk}/table.csv")
    xlsx_file = _client().get(API + f"groups/{group.pk}/table.xlsx")
    pdf_file = _client().get(API + f"groups/{group.pk}/table.pdf")

    rows = list(csv.reader(io.StringIO(csv_file.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:5] == ["Platz", "Mannschaft", "Verein", "Wertungspunkte", "Spielpunkte"]
    assert [(int(r[0]), r[1], r[3], int(r[4])) for r in rows[1:]] == [
        (row.place, row.name, _pair(row.team_points, 6 - row.team_points), row.game_points)
        for row in table.rows
    ]
    sheet = load_workbook(io.BytesIO(xlsx_file.content)).active
    assert sheet.cell(3, 5).value == table.rows[0].game_points
    assert sheet.cell(3, 4).value == rows[1][3]
    assert pdf_file.content.startswith(b"%PDF") and pdf_file["Content-Type"] == "application/pdf"
    assert "Tabelle" in csv_file["Content-Disposition"]


def test_the_player_ranking_csv_lists_averages_with_two_decimals():
    group, _teams = make_season()

    response = _client().get(API + f"groups/{group.pk}/player-ranking.csv")

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:6] == ["Platz", "Name", "Mannschaft", "Spiele", "Listenpunkte", "Schnitt"]
    assert len(rows) == 17
    assert all("," in row[5] and len(row[5].split(",")[1]) == 2 for row in rows[1:])


def test_the_report_pdf_is_sealed_and_public_once_published():
    group, teams = make_season(publish=False)
    report = MatchReport.objects.get()
    director = f.make_staff_user()
    teams[0].club.directors.add(director)

    public = _client().get(API + f"reports/{report.pk}/report.pdf")
    host = _client(director).get(API + f"reports/{report.pk}/report.pdf")
    leader = _client(group.leaders.get())
    unchecked = leader.post(API + f"reports/{report.pk}/publish/", {}, format="json")
    call(leader, "post", f"reports/{report.pk}/check/", {})
    unsigned = leader.post(API + f"reports/{report.pk}/publish/", {}, format="json")
    body = {"missing_signatures_reason": "Unterschriften auf dem Papierbericht"}
    published = call(leader, "post", f"reports/{report.pk}/publish/", body)
    later = _client().get(API + f"reports/{report.pk}/report.pdf")

    assert public.status_code == 403
    assert host.status_code == 200 and host.content.startswith(b"%PDF")
    assert b"/ByteRange" in host.content  # signed digitally (PAdES)
    assert later.status_code == 200
    assert unchecked.status_code == 409
    assert unsigned.status_code == 409
    problem = unsigned.json()["errors"][0]
    assert problem["field"] == "missing_signatures_reason"
    assert problem["code"] == "signatures_missing"
    assert all(team.name in problem["message"] for team in teams)
    assert published["status"] == "published"
    assert sorted(published["missing_signatures"]) == sorted(team.pk for team in teams)
    assert unchecked.json()["errors"][0]["code"] == "report_not_checked"


def test_the_season_archive_holds_every_report_and_list():
    group, _teams = make_season(venues=2)
    season = group.league.season

    refused = _client(f.make_staff_user()).get(API + f"seasons/{season.pk}/archive.zip")
    response = _client(f.make_superuser()).get(API + f"seasons/{season.pk}/archive.zip")

    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert refused.status_code == 403
    assert sum(name.endswith("Spielbericht.pdf") for name in names) == 2
    assert sum("Tisch" in name for name in names) == 8
    assert any(name.endswith("Tabelle.pdf") for name in names)


def test_fixtures_are_previewed_then_created_through_the_api():
    group = make_group()
    leader = get_user_model().objects.create_user("leiter")
    group.leaders.add(leader)
    for name in ("Asse", "Buben", "Damen", "Könige"):
        make_league_team(group, name=name)
    content = (
        b"Spieltag;Datum;Ausrichter;Gast 1;Gast 2;Gast 3\n1;22.03.2027;Asse;Buben;Damen;Koenige\n"
    )
    fixed = content.replace(b"Koenige", "Könige".encode())
    client = _client(leader)

    wrong = client.post(
        API + f"groups/{group.pk}/match-days/import/",
        {"file": SimpleUploadedFile("plan.csv", content), "commit": "true"},
    )
    preview = client.post(
        API + f"groups/{group.pk}/match-days/import/",
        {"file": SimpleUploadedFile("plan.csv", fixed)},
    )
    created = client.post(
        API + f"groups/{group.pk}/match-days/import/",
        {"file": SimpleUploadedFile("plan.csv", fixed), "commit": "true"},
    )

    assert wrong.status_code == 400 and wrong.json()["errors"][0]["code"] == "unknown_team"
    assert preview.status_code == 200 and preview.json()["ok"] and not preview.json()["committed"]
    assert created.status_code == 201 and len(created.json()["match_days"]) == 1


def test_a_report_seal_is_verified_through_the_api():
    make_season()
    report = MatchReport.objects.get()

    answer = _client().get(API + f"reports/verify/{report.seal}/").json()

    assert answer["valid"] is True and answer["report"] == report.pk
    assert "echt" in answer["message"]
