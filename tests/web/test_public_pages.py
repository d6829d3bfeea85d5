"""Public pages without login: tournaments, live rankings, players, table plans, start cards.

The numbers on the pages must be the services' numbers in the services' order, so the
ranking tests read the rendered table and compare it with ``rank_*``'s rows.
"""

import datetime
import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders

from tests import factories as f
from tournaments.models import Participant, Tournament
from tournaments.services import participants, ranking, seating, statistics, team_ranking
from tournaments.services.lists.summary import save_summary

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}
LIVE_SCRIPT = "js/live.js"


class TablesParser(HTMLParser):
    """Every <table> of a page: its caption and the text of each cell of each body row.

    The club line under a name (``club-inline``, shown only on phones instead of the club
    column) is left out, so a row reads like the wide table: name, club, ...
    """

    def __init__(self):
        super().__init__()
        self.tables = []
        self.in_body = self.in_caption = False
        self.cell = None
        self.skipping = False

    def handle_starttag(self, tag, attrs):
        if "club-inline" in (dict(attrs).get("class") or ""):
            self.skipping = True
        elif tag == "table":
            self.tables.append({"caption": "", "rows": []})
        elif tag == "caption":
            self.in_caption = True
        elif tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body:
            self.tables[-1]["rows"].append([])
        elif tag in ("td", "th") and self.in_body:
            self.cell = []

    def handle_endtag(self, tag):
        if self.skipping:
            self.skipping = tag != "span"
        elif tag == "caption":
            self.in_caption = False
        elif tag == "tbody":
            self.in_body = False
        elif tag in ("td", "th") and self.cell is not None:
            self.tables[-1]["rows"][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.in_caption:
            self.tables[-1]["caption"] += data
        if self.cell is not None and not self.skipping:
            self.cell.append(data)


def tables_of(response):
    parser = TablesParser()
    parser.feed(response.content.decode())
    return parser.tables


def german(number):
    """1334 → "1.334", −86 with a real minus sign, as the pages write points."""
    return f"{number:,}".replace(",", ".").replace("-", "\u2212")


def signed_german(number):
    """+150 / −50 / 0, as the ±50 column shows it."""
    return ("+" if number > 0 else "") + german(number)


def title_and_h1(response):
    content = response.content.decode()
    title = re.search(r"<title>(.*?)</title>", content, re.S).group(1).strip()
    headings = re.findall(r"<h1[^>]*>(.*?)</h1>", content, re.S)
    return title, headings


@pytest.fixture
def cup(_cup_ids, db):
    """The cup of ``_cup_ids`` as (tournament, participants in start order), read afresh."""
    tournament_id, people_ids = _cup_ids
    people = Participant.objects.select_related("player").in_bulk(people_ids)
    return Tournament.objects.get(pk=tournament_id), [people[pk] for pk in people_ids]


@pytest.fixture(scope="module")
def _cup_ids(module_db):
    """A running tournament of two clubs: series 1 played at two tables, one a paper list.

    Built once for the module (module_db): each test's changes are rolled back after it, but
    the cup itself stays for every later test of the module, so the tests of an empty site
    (the tournament list) come before the first one that asks for it.

    Series 1, table 1 (game by game): seat 2 wins Karo mit 1 (+68), seat 3 loses Karo mit 1
    (−86, the other three +30). Table 2 (paper list): seat 1 has 1,234 game points and two
    games won (1,334). Series 2 is drawn, nothing entered yet.
    """
    north, south = f.make_club("Skatfreunde Nord"), f.make_club("Kreuz Bube Süd")
    tournament = f.make_tournament(
        rounds_per_series=1, name="Frühjahrspreisskat", venue="Gasthof Linde", club=north
    )
    team = participants.create_team(tournament, "Die Buben", club=north)
    people = [
        participants.register(
            tournament,
            f.make_player(north if n % 2 else south, first_name=first, last_name=last),
            team=team if n < 4 else None,
        )
        for n, (first, last) in enumerate(
            [
                ("Anna", "Zeller"),
                ("Bernd", "Yilmaz"),
                ("Clara", "Xaver"),
                ("Dieter", "Weber"),
                ("Emil", "Vogt"),
                ("Frieda", "Ulrich"),
                ("Gustav", "Thomas"),
                ("Hanna", "Schulz"),
            ]
        )
    ]
    first = f.make_series(tournament)
    paper = f.make_table(first, people[4:])
    table = f.make_table(first, people[:4])
    f.enter(table, declarer_seat=2, won=True, **KARO)
    f.enter(table, declarer_seat=3, won=False, **KARO)
    keys = ("seat", "game_points", "won", "lost")
    lines = [(1, 1234, 2, 0), (2, 0, 0, 0), (3, 0, 0, 0), (4, 0, 0, 0)]
    save_summary(paper, [dict(zip(keys, line, strict=True)) for line in lines])
    second = f.make_series(tournament)
    f.make_table(second, people[::2])
    f.make_table(second, people[1::2])
    return tournament.pk, [person.pk for person in people]


def page_url(tournament, suffix=""):
    return f"/turniere/{tournament.id}/{suffix}"


# --- Tournament list and overview --------------------------------------------------------


# The cup of the ranking tests below is built once for the module and stays from the first
# test that asks for it: these tests of the whole list come first.


def test_tournament_list_groups_running_upcoming_and_finished(client):
    f.make_tournament(name="Sommerturnier", status=Tournament.Status.PLANNED)
    f.make_tournament(name="Clubabend März", status=Tournament.Status.RUNNING)
    f.make_tournament(name="Winterpokal", status=Tournament.Status.FINISHED)

    response = client.get("/turniere/")

    assert response.status_code == 200
    content = response.content.decode()
    positions = [content.index(name) for name in ("Clubabend", "Sommerturnier", "Winterpokal")]
    assert positions == sorted(positions)
    assert content.count('class="status status-running"') == 1


def test_tournament_list_upcoming_soonest_first(client):
    f.make_tournament(name="Später", date=datetime.date(2026, 9, 1))
    f.make_tournament(name="Früher", date=datetime.date(2026, 5, 1))

    content = client.get("/turniere/").content.decode()

    assert content.index("Früher") < content.index("Später")


def test_tournament_list_without_tournaments_shows_empty_state(client):
    response = client.get("/turniere/")

    assert response.status_code == 200
    assert 'class="empty-state"' in response.content.decode()


def test_tournament_overview_shows_series_participants_and_teams(client, cup):
    tournament, people = cup

    response = client.get(page_url(tournament))

    assert response.status_code == 200
    content = response.content.decode()
    for text in ("Frühjahrspreisskat", "Gasthof Linde", "Skatfreunde Nord", "Die Buben"):
        assert text in content
    for suffix in ("rangliste/", "serie/1/rangliste/", "serie/2/tischplan/", "mannschaften/"):
        assert f'href="{page_url(tournament, suffix)}"' in content
    participants_table = tables_of(response)[0]
    assert [row[:2] for row in participants_table["rows"]] == [
        [str(p.start_number), p.player.full_name] for p in people
    ]
    assert "Die Buben" in participants_table["rows"][0]


def test_tournament_overview_without_series_shows_empty_state(client):
    tournament = f.make_tournament(name="Neues Turnier")

    response = client.get(page_url(tournament))

    assert response.status_code == 200
    content = response.content.decode()
    assert content.count('class="empty-state"') == 2  # no series, nobody registered
    assert page_url(tournament, "rangliste/") not in content


def test_tournament_overview_marks_withdrawn_participants(client):
    tournament = f.make_tournament()
    participant = participants.register(tournament, f.make_player(), withdrawn=True)

    content = client.get(page_url(tournament)).content.decode()

    assert 'class="withdrawn"' in content
    assert participant.player.full_name in content


# --- Rankings -----------------------------------------------------------------------------


def assert_ranking_matches(response, rows):
    """Place, name and total of every row, in order, exactly as the service ranked them."""
    assert response.status_code == 200
    shown = tables_of(response)[0]["rows"]
    assert [(cells[0], cells[2], cells[-1]) for cells in shown] == [
        (f"{row.rank}.", row.name, german(row.total)) for row in rows
    ]


def test_tournament_ranking_shows_the_services_rows_in_order(client, cup):
    tournament, _ = cup

    response = client.get(page_url(tournament, "rangliste/"))

    rows = ranking.rank_tournament(tournament)
    assert_ranking_matches(response, rows)
    assert rows[0].total == 1334
    assert tables_of(response)[0]["rows"][0][-1] == "1.334"


def test_series_ranking_shows_the_services_rows_in_order(client, cup):
    tournament, _ = cup
    series = tournament.series.get(number=1)

    response = client.get(page_url(tournament, "serie/1/rangliste/"))

    assert_ranking_matches(response, ranking.rank_series(series))


def test_ranking_shows_every_column_of_a_row(client, cup):
    tournament, people = cup
    row = next(r for r in ranking.rank_tournament(tournament) if r.participant == people[2].id)

    cells = next(
        cells
        for cells in tables_of(client.get(page_url(tournament, "rangliste/")))[0]["rows"]
        if cells[2] == row.name
    )

    assert cells == [
        f"{row.rank}.",
        str(row.start_number),
        row.name,
        row.club,
        row.team,
        str(row.series_played),
        german(row.game_points),
        str(row.won),
        str(row.lost),
        signed_german(row.bonus_won_lost),
        german(row.bonus_opponents_lost),
        german(row.total),
    ]


def test_ranking_has_the_club_under_the_name_for_phones(client, cup):
    tournament, people = cup

    content = client.get(page_url(tournament, "rangliste/")).content.decode()

    name = people[1].player.full_name
    assert f'{name}</a><span class="club-inline">Skatfreunde Nord</span>' in content
    assert '<td class="club col-wide">Skatfreunde Nord</td>' in content


def test_ranking_links_each_name_to_the_player_page(client, cup):
    tournament, people = cup

    content = client.get(page_url(tournament, "rangliste/")).content.decode()

    for participant in people:
        assert f'href="/spieler/{participant.player_id}/"' in content


def test_team_ranking_shows_the_services_rows_with_members(client, cup):
    tournament, people = cup

    response = client.get(page_url(tournament, "mannschaften/"))

    assert response.status_code == 200
    rows = team_ranking.rank_teams(tournament)
    shown = tables_of(response)[0]["rows"]
    assert [(cells[0], cells[-1]) for cells in shown] == [
        (f"{row.rank}.", german(row.total)) for row in rows
    ]
    for member in rows[0].members:
        assert f"{member.name}: {german(member.total)}" in shown[0][1]


def test_team_ranking_without_teams_shows_empty_state(client):
    tournament = f.make_tournament()

    response = client.get(page_url(tournament, "mannschaften/"))

    assert response.status_code == 200
    assert 'class="empty-state"' in response.content.decode()


def test_ranking_before_the_draw_shows_empty_state(client):
    tournament = f.make_tournament()
    f.make_series(tournament)

    for suffix in ("rangliste/", "serie/1/rangliste/"):
        response = client.get(page_url(tournament, suffix))
        assert response.status_code == 200
        assert 'class="empty-state"' in response.content.decode()
        assert tables_of(response) == []


def test_ranking_is_german_by_default(client, cup):
    tournament, _ = cup

    response = client.get(page_url(tournament, "serie/1/rangliste/"))

    content = response.content.decode()
    assert response.headers["Content-Language"] == "de"
    assert '<html lang="de">' in content
    assert ">Serie 1<" in content
    assert "1.234" in content


def test_ranking_is_english_with_the_language_cookie(client, cup):
    tournament, _ = cup
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = client.get(page_url(tournament, "serie/1/rangliste/"))

    content = response.content.decode()
    assert '<html lang="en">' in content
    assert ">Series 1<" in content
    assert "1,234" in content
    assert "Ranking of Series 1" in content


# --- Live refresh -------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", ["rangliste/", "serie/1/rangliste/", "mannschaften/"])
def test_running_ranking_includes_the_live_script_and_fragment_url(client, cup, suffix):
    tournament, _ = cup

    content = client.get(page_url(tournament, suffix)).content.decode()

    assert LIVE_SCRIPT in content
    assert f'data-live-url="{page_url(tournament, suffix)}?fragment=1&amp;seite=1"' in content
    assert 'id="live-stamp" aria-live="polite"' in content
    assert f'href="{page_url(tournament, suffix)}"' in content  # refresh link without JS
    assert finders.find(LIVE_SCRIPT)


@pytest.mark.parametrize("suffix", ["rangliste/", "serie/1/rangliste/", "mannschaften/"])
def test_finished_ranking_has_no_live_script(client, cup, suffix):
    tournament, _ = cup
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)

    content = client.get(page_url(tournament, suffix)).content.decode()

    assert LIVE_SCRIPT not in content
    assert "data-live-url" not in content
    assert 'data-live="false"' in content


def test_series_not_started_has_no_live_script(client, cup):
    tournament, _ = cup

    content = client.get(page_url(tournament, "serie/2/rangliste/")).content.decode()

    assert LIVE_SCRIPT not in content


@pytest.mark.parametrize("suffix", ["rangliste/", "serie/1/rangliste/", "mannschaften/"])
def test_fragment_returns_only_the_ranking_table(client, cup, suffix):
    tournament, _ = cup

    response = client.get(page_url(tournament, suffix), {"fragment": "1"})

    assert response.status_code == 200
    content = response.content.decode().strip()
    assert content.startswith('<div class="live-fragment" data-live="true" data-stamp="')
    assert "<html" not in content and "<nav" not in content and "<h1" not in content
    assert content.count("<table") == 1
    assert "no-cache" in response.headers["Cache-Control"]


def test_fragment_has_the_same_rows_as_the_page(client, cup):
    tournament, _ = cup
    url = page_url(tournament, "rangliste/")

    page, fragment = client.get(url), client.get(url, {"fragment": "1"})

    assert tables_of(fragment) == tables_of(page)


def test_fragment_of_finished_tournament_tells_the_script_to_stop(client, cup):
    tournament, _ = cup
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)

    content = client.get(page_url(tournament, "rangliste/"), {"fragment": "1"}).content.decode()

    assert 'data-live="false"' in content


def test_live_stamp_shows_the_time_in_german_format(client, cup):
    tournament, _ = cup

    content = client.get(page_url(tournament, "rangliste/")).content.decode()

    stamp = re.search(r'<span id="live-stamp" aria-live="polite">(.*?)</span>', content).group(1)
    assert re.search(r"\b([01]\d|2[0-3]):[0-5]\d\b", stamp), stamp
    assert "m." not in stamp  # not the English "4:08 p.m."


# --- Player page ----------------------------------------------------------------------------


def stat_tiles(response):
    """The statistics tiles of the player page: {label: value}."""
    content = response.content.decode()
    tiles = re.search(r'<dl class="stat-tiles">(.*?)</dl>', content, re.S).group(1)
    return {
        label.strip(): " ".join(re.sub(r"<[^>]+>", " ", value).split())
        for label, value in re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", tiles, re.S)
    }


@pytest.fixture
def bernd(cup):
    """Bernd Yilmaz: +98 in series 1 of the cup (2026), 0 in series 2, and −86 (one lost
    Karo) in the only series of the Herbstpokal 2025."""
    tournament, people = cup
    older = f.make_tournament(
        rounds_per_series=1, name="Herbstpokal", date=datetime.date(2025, 10, 4)
    )
    others = f.make_participants(older, 3)
    again = participants.register(older, people[1].player)
    table = f.make_table(f.make_series(older), [others[0], again, *others[1:]])
    f.enter(table, declarer_seat=2, won=False, **KARO)
    return people[1].player, tournament, older


def test_player_page_shows_statistics_from_the_service(client, bernd):
    player, _, _ = bernd

    response = client.get(f"/spieler/{player.id}/")

    assert response.status_code == 200
    content = response.content.decode()
    assert "<h1>Bernd Yilmaz</h1>" in content
    assert "Skatfreunde Nord" in content
    numbers = statistics.player_statistics(player)
    assert (numbers.tournaments, numbers.series_played, numbers.declared) == (2, 3, 2)
    assert list(stat_tiles(response).values())[:7] == ["2", "3", "2", "1", "1", "50,0 %", "4,0"]
    assert "98" in list(stat_tiles(response).values())[7]


def test_player_page_history_links_each_tournament_newest_first(client, bernd):
    player, cup_tournament, older = bernd

    response = client.get(f"/spieler/{player.id}/")

    history = statistics.player_statistics(player).history
    rows = tables_of(response)[0]["rows"]
    assert [(row[0], row[1], row[-1]) for row in rows] == [
        ("14.03.2026", "Frühjahrspreisskat", "98"),
        ("04.10.2025", "Herbstpokal", "\u221286"),
    ]
    assert [row[2].split(" ")[0] for row in rows] == [f"{r.rank}." for r in history]
    content = response.content.decode()
    for tournament in (cup_tournament, older):
        assert f'href="/turniere/{tournament.id}/rangliste/"' in content


def test_player_page_for_one_year(client, bernd):
    player, _, _ = bernd

    response = client.get(f"/spieler/{player.id}/", {"jahr": "2025"})

    assert response.status_code == 200
    assert [row[1] for row in tables_of(response)[0]["rows"]] == ["Herbstpokal"]
    assert f'href="/spieler/{player.id}/?jahr=2025" aria-current="page"' in (
        response.content.decode()
    )


@pytest.mark.parametrize("year", ["abc", "1800", "20250"])
def test_player_page_with_a_bad_year_says_so_and_shows_all_years(client, bernd, year):
    player, _, _ = bernd

    response = client.get(f"/spieler/{player.id}/", {"jahr": year})

    assert response.status_code == 400
    content = response.content.decode()
    assert 'class="error-summary" role="alert"' in content
    assert "1900" in content and "2100" in content
    assert len(tables_of(response)[0]["rows"]) == 2


def test_player_page_without_series_shows_empty_state(client):
    player = f.make_player()
    participants.register(f.make_tournament(), player)

    response = client.get(f"/spieler/{player.id}/")

    assert response.status_code == 200
    assert 'class="empty-state"' in response.content.decode()
    assert tables_of(response) == []


# --- Table plan and start cards -----------------------------------------------------------


def test_table_plan_lists_each_table_with_seats_in_order(client, cup):
    tournament, people = cup

    response = client.get(page_url(tournament, "serie/2/tischplan/"))

    assert response.status_code == 200
    tables = tables_of(response)
    expected = [people[::2], people[1::2]]
    for shown, seated in zip(tables[:2], expected, strict=True):
        assert shown["rows"] == [
            [str(seat), str(p.start_number), p.player.full_name]
            for seat, p in enumerate(seated, start=1)
        ]
    assert 'id="table-1"' in response.content.decode()


def test_table_plan_finder_lists_players_by_last_name(client, cup):
    tournament, people = cup

    finder = tables_of(client.get(page_url(tournament, "serie/2/tischplan/")))[-1]

    by_name = sorted(people, key=lambda p: p.player.last_name)
    assert [row[0] for row in finder["rows"]] == [p.player.full_name for p in by_name]
    assert finder["rows"][0][2:] == ["2", "4"]  # Hanna Schulz: people[7] at table 2, seat 4


def test_table_plan_before_the_draw_shows_empty_state(client):
    tournament = f.make_tournament()
    f.make_series(tournament)

    response = client.get(page_url(tournament, "serie/1/tischplan/"))

    assert response.status_code == 200
    assert 'class="empty-state"' in response.content.decode()


def test_table_plan_notes_a_replacement_player(client):
    tournament = f.make_tournament(rounds_per_series=2)
    people = f.make_participants(tournament, 5)
    table = f.make_table(f.make_series(tournament), people[:4])
    for _ in range(4):
        f.enter(table, passed=True)
    seating.replace_player(table, 2, people[4].id, from_game=5)

    content = client.get(page_url(tournament, "serie/1/tischplan/")).content.decode()

    assert "bis Spiel 4" in content or "until game 4" in content
    assert "ab Spiel 5" in content or "from game 5" in content


def test_start_cards_redirect_anonymous_users_to_the_login(client, cup):
    tournament, _ = cup
    url = page_url(tournament, "startkarten/")

    response = client.get(url)

    assert response.status_code == 302
    assert response.url == f"/anmelden/?next={url}"


def test_start_cards_refuse_players_without_staff_rights(client, cup):
    tournament, _ = cup
    client.force_login(get_user_model().objects.create_user(username="spieler"))

    response = client.get(page_url(tournament, "startkarten/"))

    assert response.status_code == 403
    assert "<h1>Kein Zugang</h1>" in response.content.decode()


def test_start_cards_show_pin_and_tables_to_the_director(client, cup):
    tournament, people = cup
    client.force_login(f.make_staff_user())

    response = client.get(page_url(tournament, "startkarten/"))

    assert response.status_code == 200
    content = response.content.decode()
    for participant in people:
        assert participant.pin in content
        assert participant.player.full_name in content
    card_tables = tables_of(response)
    # Clara Xaver (people[2]): series 1 table 2 seat 3, series 2 table 1 seat 2.
    assert card_tables[2]["rows"] == [["1", "2", "3"], ["2", "1", "2"]]
    assert "no-store" in response.headers["Cache-Control"]


def test_public_pages_never_show_a_pin(client, cup):
    tournament, people = cup
    for participant in people:
        participant.pin = f"98{participant.start_number:02d}"
        participant.save(update_fields=["pin"])

    for suffix in ("", "rangliste/", "serie/1/rangliste/", "serie/2/tischplan/", "mannschaften/"):
        content = client.get(page_url(tournament, suffix)).content.decode()
        assert not any(p.pin in content for p in people), suffix
        assert "startkarten" not in content


# --- Home, titles, 404s -------------------------------------------------------------------


def test_home_page_links_to_the_running_tournaments(client, cup):
    tournament, _ = cup
    f.make_tournament(name="Herbstturnier")

    content = client.get("/").content.decode()

    assert 'href="/turniere/"' in content
    assert f'href="{page_url(tournament, "rangliste/")}"' in content
    assert "Herbstturnier" not in content


def test_every_public_page_has_its_own_title_and_one_h1(client, cup):
    tournament, people = cup
    client.force_login(f.make_staff_user())
    urls = [
        "/turniere/",
        page_url(tournament),
        page_url(tournament, "rangliste/"),
        page_url(tournament, "serie/1/rangliste/"),
        page_url(tournament, "serie/2/rangliste/"),
        page_url(tournament, "mannschaften/"),
        page_url(tournament, "serie/2/tischplan/"),
        page_url(tournament, "startkarten/"),
        f"/spieler/{people[0].player_id}/",
    ]

    pages = [title_and_h1(client.get(url)) for url in urls]

    assert all(len(headings) == 1 for _, headings in pages)
    titles = [title for title, _ in pages]
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize(
    "url",
    [
        "/turniere/999999/",
        "/turniere/999999/rangliste/",
        "/turniere/999999/mannschaften/",
        "/turniere/{id}/serie/9/rangliste/",
        "/turniere/{id}/serie/9/tischplan/",
        "/turniere/{id}/serie/0/rangliste/",
        "/spieler/999999/",
    ],
)
def test_unknown_ids_give_a_404_page(client, cup, url):
    tournament, _ = cup

    response = client.get(url.format(id=tournament.id))

    assert response.status_code == 404
    assert "<h1>Seite nicht gefunden</h1>" in response.content.decode()


def test_start_cards_of_unknown_tournament_give_404_for_the_director(client):
    client.force_login(f.make_staff_user())

    response = client.get("/turniere/999999/startkarten/")

    assert response.status_code == 404
    assert "<h1>Seite nicht gefunden</h1>" in response.content.decode()


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_public_pages_refuse_writes(client, cup, method):
    tournament, _ = cup

    response = getattr(client, method)(page_url(tournament, "rangliste/"))

    assert (response.status_code, response["Allow"]) == (405, "GET, HEAD")


# --- Query counts: constant whatever the number of tournaments, players or tables --------
# (the public pages' and the start cards' in test_public_page_queries.py)


@pytest.mark.parametrize("count", [1, 3])
def test_player_page_query_count_is_constant(client, django_assert_num_queries, count):
    player = f.make_player(f.make_club())
    for _ in range(count):
        tournament = f.make_tournament(rounds_per_series=1)
        people = [participants.register(tournament, player), *f.make_participants(tournament, 3)]
        f.enter(f.make_table(f.make_series(tournament), people), declarer_seat=2, won=True, **KARO)

    with django_assert_num_queries(4):
        response = client.get(f"/spieler/{player.id}/")

    assert response.status_code == 200
    assert len(tables_of(response)[0]["rows"]) == count


def _download_links(response) -> list[str]:
    return re.findall(r'href="([^"]+)" download', response.content.decode())


@pytest.fixture(scope="module")
def played_id(module_db):
    """A played tournament of 7 (one 3-table, one 4-table), built once for the module."""
    return f.make_played_tournament(players=7).pk


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("/turniere/{t}/rangliste/", ["ranking.pdf", "ranking.xlsx", "ranking.csv"]),
        ("/turniere/{t}/serie/1/rangliste/", ["ranking.pdf", "ranking.xlsx", "ranking.csv"]),
        ("/turniere/{t}/mannschaften/", ["teams/ranking.pdf"]),
        ("/turniere/{t}/serie/1/tischplan/", ["table-plan.pdf", "lists.pdf", "lists.xlsx"]),
    ],
)
def test_public_pages_link_to_downloads_that_work(client, played_id, page, expected):
    response = client.get(page.format(t=played_id))
    links = _download_links(response)

    assert [link.split("/", 5)[-1] for link in links] == expected
    assert all(client.get(link).status_code == 200 for link in links)
