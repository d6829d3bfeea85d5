"""Fixtures from a CSV or XLSX file: a preview per row, then all match days or none."""

import io

import pytest
from openpyxl import Workbook

from league.services.fixture_import import commit_fixtures, preview_fixtures
from tests.league.factories import make_group, make_league_team
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


@pytest.fixture
def group():
    group = make_group()
    for name in (
        "Herzbuben",
        "Kreuzasse",
        "Pikdamen",
        "Karokönige",
        "Grand Hand",
        "Null Ouvert",
        "Schneider",
        "Schwarz",
    ):
        make_league_team(group, name=name)
    return group


CSV = (
    "Spieltag;Datum;Ausrichter;Gast 1;Gast 2;Gast 3\n"
    "1;22.03.2027;Herzbuben;Kreuzasse;Pikdamen;Karokönige\n"
    "1;22.03.2027;Grand Hand;Null Ouvert;Schneider;Schwarz\n"
    "2;2027-04-19;kreuzasse;HERZBUBEN;Schneider;Schwarz\n"
    "2;2027-04-19;Pikdamen;Karokönige;Grand Hand;Null Ouvert\n"
)


def test_the_preview_reads_every_venue_and_saves_nothing(group):
    preview = preview_fixtures(group, "spielplan.csv", CSV.encode())

    assert preview.ok
    assert [(line.match_day, line.host.name, len(line.teams)) for line in preview.lines] == [
        (1, "Herzbuben", 4),
        (1, "Grand Hand", 4),
        (2, "Kreuzasse", 4),
        (2, "Pikdamen", 4),
    ]
    assert group.match_days.count() == 0


def test_committing_creates_every_match_day_with_its_venues(group):
    days = commit_fixtures(group, "spielplan.csv", CSV.encode())

    assert [(day.number, day.date.isoformat(), day.venues.count()) for day in days] == [
        (1, "2027-03-22", 2),
        (2, "2027-04-19", 2),
    ]
    assert days[1].venues.get(number=1).tournament.club == days[1].venues.get(number=1).host.club


def test_an_excel_file_is_read_the_same_way(group):
    workbook = Workbook()
    for row in CSV.strip().split("\n"):
        workbook.active.append(row.split(";"))
    out = io.BytesIO()
    workbook.save(out)

    preview = preview_fixtures(group, "spielplan.xlsx", out.getvalue())

    assert preview.ok and len(preview.lines) == 4


def test_wrong_rows_are_named_by_line_and_nothing_is_saved(group):
    content = (
        b"Spieltag;Datum;Ausrichter;Gast 1;Gast 2\n"
        b"1;31.02.2027;Herzbuben;Kreuzasse;Unbekannt\n"
        b"1;22.03.2027;Pikdamen;Kreuzasse;Schneider\n"
        b"x;22.03.2027;Schwarz;Grand Hand\n"
    )

    preview = preview_fixtures(group, "plan.csv", content)
    with pytest.raises(Rejected):
        commit_fixtures(group, "plan.csv", content)

    codes = [[(p.code, p.params["line"]) for p in line.problems] for line in preview.lines]
    assert codes == [
        [("invalid_date", 2), ("unknown_team", 2)],
        [("team_twice", 3)],
        [("invalid_match_day", 4)],
    ]
    assert "Zeile 2" in preview.lines[0].problems[0].text(_german())
    assert group.match_days.count() == 0


def _german():
    from django.utils import translation

    def translate(message):
        with translation.override("de"):
            return translation.gettext(message)

    return translate


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("plan.csv", b"", "empty_file"),
        ("plan.csv", b"Spieltag;Datum;Ausrichter;Gast 1\n", "empty_file"),
        ("plan.csv", b"Runde;Tag\n1;2\n", "missing_columns"),
        ("plan.pdf", b"%PDF", "unsupported_file_type"),
    ],
)
def test_a_file_that_is_no_fixture_list_is_refused(group, name, content, code):
    with pytest.raises(Rejected) as refused:
        preview_fixtures(group, name, content)

    assert [p.code for p in refused.value.problems] == [code]
