"""Every download is named by one pattern: event, date, part, kind — ASCII plus UTF-8."""

import re
from urllib.parse import unquote

import pytest

from tests import factories as f
from tests.api.conftest import API
from tournaments.api.downloads.names import ascii_name, attachment_header, download_name

pytestmark = pytest.mark.django_db

HEADER = re.compile(r"^attachment; filename=\"([A-Za-z0-9._-]+)\"; filename\*=UTF-8''(\S+)$")


@pytest.fixture
def event(db):
    club = f.make_club("Skatfreunde Köln")
    tournament = f.make_played_tournament(
        players=4, series=1, name="Herbstpokal Grün-Weiß", club=club
    )
    tournament.date = tournament.date.replace(year=2026, month=10, day=3)
    tournament.save()
    return tournament


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("tournaments/{t}/ranking.pdf", "Herbstpokal-Grün-Weiß_2026-10-03_Rangliste.pdf"),
        ("tournaments/{t}/ranking.xlsx", "Herbstpokal-Grün-Weiß_2026-10-03_Rangliste.xlsx"),
        ("tournaments/{t}/ranking.csv", "Herbstpokal-Grün-Weiß_2026-10-03_Rangliste.csv"),
        ("series/{s}/ranking.pdf", "Herbstpokal-Grün-Weiß_2026-10-03_Serie-1_Rangliste.pdf"),
        ("series/{s}/lists.pdf", "Herbstpokal-Grün-Weiß_2026-10-03_Serie-1_Spiellisten.pdf"),
        ("series/{s}/lists.xlsx", "Herbstpokal-Grün-Weiß_2026-10-03_Serie-1_Spiellisten.xlsx"),
        ("series/{s}/table-plan.pdf", "Herbstpokal-Grün-Weiß_2026-10-03_Serie-1_Tischplan.pdf"),
        (
            "tables/{table}/list.pdf",
            "Herbstpokal-Grün-Weiß_2026-10-03_Serie-1_Tisch-1_Spielliste.pdf",
        ),
        (
            "tables/{table}/blank-list.pdf",
            "Herbstpokal-Grün-Weiß_2026-10-03_Serie-1_Tisch-1_Leere-Spielliste.pdf",
        ),
        ("tournaments/{t}/start-cards.pdf", "Herbstpokal-Grün-Weiß_2026-10-03_Startkarten.pdf"),
        ("clubs/{club}/season-ranking.pdf?year=2026", "Skatfreunde-Köln_2026_Jahreswertung.pdf"),
    ],
)
def test_download_names_follow_one_pattern_with_the_event(client, event, url, expected):
    series = event.series.get()
    client.force_login(f.make_staff_user())
    path = url.format(
        t=event.id, s=series.id, table=series.tables.get(number=1).id, club=event.club_id
    )

    response = client.get(API + path, headers={"accept-language": "de"})

    assert response.status_code == 200
    ascii_part, utf8_part = HEADER.match(response["Content-Disposition"]).groups()
    assert unquote(utf8_part) == expected
    assert ascii_part == ascii_name(expected)


def test_ascii_name_spells_out_umlauts_and_drops_other_accents():
    name = "Preisskat_Grün-Weiß_Łódź-Señor.pdf"

    assert ascii_name(name) == "Preisskat_Gruen-Weiss_Lodz-Senor.pdf"


def test_download_name_keeps_no_character_that_breaks_a_file_system(event):
    event.name = 'Pokal: "A/B" <C>\\D*?|'

    name = download_name("Rangliste", extension="pdf", tournament=event)

    assert name == "Pokal-A-B-C-D_2026-10-03_Rangliste.pdf"
    assert attachment_header(name) == (
        'attachment; filename="Pokal-A-B-C-D_2026-10-03_Rangliste.pdf"; '
        "filename*=UTF-8''Pokal-A-B-C-D_2026-10-03_Rangliste.pdf"
    )
