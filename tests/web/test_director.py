"""The director's screens under /leitung/: permissions, every form's good and bad input.

The pages are requested in English (``Accept-Language: en``), so the assertions read the
English message ids and do not depend on the German catalogue; one test checks that the
pages are German by default.
"""

import io
import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.contrib.staticfiles import finders
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from openpyxl import Workbook

from tests import factories as f
from tournaments.models import Participant, Player, Series, Table, Tournament
from tournaments.services import draw, states, table_access

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def field_errors(response, field: str) -> list[str]:
    """The error list rendered under ``field`` (``id_<field>_errors``)."""
    html = response.content.decode()
    match = re.search(rf'<ul class="field-errors" id="id_{field}_errors">(.*?)</ul>', html, re.S)
    if match is None:
        return []
    return [" ".join(item.split()) for item in re.findall(r"<li>(.*?)</li>", match.group(1), re.S)]


# --- Who may enter ----------------------------------------------------------------------


def _pages(tournament, series, table, participant):
    return [
        ("get", reverse("web:director-home")),
        ("get", reverse("web:director-tournament-new")),
        ("get", reverse("web:director-tournament", args=[tournament.id])),
        ("get", reverse("web:director-tournament-edit", args=[tournament.id])),
        ("get", reverse("web:director-participants", args=[tournament.id])),
        ("post", reverse("web:director-register", args=[tournament.id])),
        ("post", reverse("web:director-register-new", args=[tournament.id])),
        ("post", reverse("web:director-participant-withdrawn", args=[participant.id])),
        ("get", reverse("web:director-import", args=[tournament.id])),
        ("get", reverse("web:director-import-preview", args=[tournament.id])),
        ("post", reverse("web:director-series-add", args=[tournament.id])),
        ("get", reverse("web:director-series", args=[series.id])),
        ("post", reverse("web:director-draw", args=[series.id])),
        ("post", reverse("web:director-series-codes", args=[series.id])),
        ("get", reverse("web:director-table", args=[table.id])),
        ("post", reverse("web:director-table-code", args=[table.id])),
        ("post", reverse("web:director-table-end", args=[table.id])),
        ("post", reverse("web:director-table-close", args=[table.id])),
        ("post", reverse("web:director-table-reopen", args=[table.id])),
    ]


@pytest.fixture
def every_page(db):
    tournament = f.make_tournament(rounds_per_series=1)
    players = f.make_participants(tournament, 3)
    series = f.make_series(tournament)
    table = f.make_table(series, players)
    return _pages(tournament, series, table, players[0])


def test_director_pages_send_anonymous_visitors_to_the_login(client, every_page):
    for method, url in every_page:
        response = getattr(client, method)(url)

        assert response.status_code == 302, url
        assert response.url == f"/anmelden/?next={url}"


def test_director_pages_refuse_users_who_are_not_staff(client, every_page):
    client.force_login(get_user_model().objects.create_user("player", password=f.DIRECTOR_PASSWORD))

    for method, url in every_page:
        response = getattr(client, method)(url)
        assert response.status_code == 403, url
        assert "No access" in response.content.decode(), url


def test_director_pages_change_nothing_for_anonymous_posts(client, every_page):
    before = (Tournament.objects.count(), Series.objects.count(), Participant.objects.count())

    for method, url in every_page:
        getattr(client, method)(url, {"withdrawn": "1", "first_name": "A", "last_name": "B"})

    after = (Tournament.objects.count(), Series.objects.count(), Participant.objects.count())
    assert after == before
    assert not Participant.objects.filter(withdrawn=True).exists()


def test_login_page_logs_a_director_in_and_goes_to_the_tournaments(client, director_user):
    response = client.post(
        "/anmelden/", {"username": director_user.username, "password": f.DIRECTOR_PASSWORD}
    )

    assert response.status_code == 302
    assert response.url == "/leitung/"


def test_login_page_follows_next(client, director_user):
    response = client.post(
        "/anmelden/",
        {
            "username": director_user.username,
            "password": f.DIRECTOR_PASSWORD,
            "next": "/leitung/turniere/neu/",
        },
    )

    assert response.url == "/leitung/turniere/neu/"


def test_login_page_sends_other_users_to_the_home_page(client):
    get_user_model().objects.create_user("player", password=f.DIRECTOR_PASSWORD)

    response = client.post("/anmelden/", {"username": "player", "password": f.DIRECTOR_PASSWORD})

    assert response.url == "/"


def test_login_page_with_a_wrong_password_says_so_and_keeps_the_name(client, director_user):
    response = client.post(
        "/anmelden/",
        {"username": director_user.username, "password": "wrong"},
        headers={"accept-language": "en"},
    )

    assert response.status_code == 200
    assert "Please enter a correct username and password" in f.page_text(response)
    assert f'value="{director_user.username}"' in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_login_page_is_german_and_labels_its_fields():
    response = Client().get("/anmelden/")  # a browser of its own: this module reads English

    content = response.content.decode()
    assert '<html lang="de">' in content
    assert '<label for="id_username">' in content
    assert '<label for="id_password">' in content


def test_logout_needs_a_post_and_ends_the_session(director_client):
    assert director_client.get("/abmelden/").status_code == 405

    response = director_client.post("/abmelden/")

    assert (response.status_code, response["Location"]) == (302, "/")
    assert director_client.get("/leitung/")["Location"].startswith("/anmelden/")


def test_nav_link_to_the_director_area_is_shown_to_staff_only(client, director_user):
    assert 'href="/leitung/"' not in client.get("/").content.decode()

    client.force_login(director_user)

    assert 'href="/leitung/"' in client.get("/").content.decode()


# --- Tournaments ------------------------------------------------------------------------


def test_home_lists_tournaments_with_counts(director_client):
    tournament = f.make_tournament(name="Frühjahrspreisskat")
    f.make_participants(tournament, 3)
    f.make_series(tournament)

    response = director_client.get("/leitung/")

    assert f'href="/leitung/turniere/{tournament.id}/"' in response.content.decode()
    assert "Frühjahrspreisskat planned 3 1 / 2" in f.page_text(response)


@pytest.mark.parametrize(
    ("preset", "series", "name"),
    [("clubabend", 2, "Club evening"), ("offenes-turnier", 3, "Open tournament"), ("x", 2, "")],
)
def test_new_tournament_form_starts_from_the_preset(director_client, preset, series, name):
    response = director_client.get(f"/leitung/turniere/neu/?vorlage={preset}")

    form = response.context["form"]
    assert form.initial["planned_series"] == series
    assert form.initial["rounds_per_series"] == 12
    assert form.initial["name"] == (name or "Club evening")


def _tournament_data(**changes):
    data = {
        "name": "Clubabend März",
        "date": "2026-03-14",
        "venue": "Vereinsheim",
        "club": "",
        "planned_series": "2",
        "rounds_per_series": "12",
        "extra_points": "skwo",
        "team_size": "4",
    }
    return {**data, **changes}


def test_new_tournament_is_created_and_opens_its_dashboard(director_client):
    club = f.make_club("Skatfreunde Musterstadt")

    response = director_client.post(
        "/leitung/turniere/neu/", _tournament_data(club=str(club.id), rounds_per_series="8")
    )

    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response.url == f"/leitung/turniere/{tournament.id}/"
    assert (tournament.name, tournament.club, tournament.rounds_per_series) == (
        "Clubabend März",
        club,
        8,
    )
    assert messages_of(response) == ["The tournament Clubabend März has been created."]


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("name", "", "This field is required."),
        ("name", "x" * 201, "Ensure this value has at most 200 characters (it has 201)."),
        ("date", "", "This field is required."),
        ("date", "14.13.2026", "Enter a valid date."),
        ("rounds_per_series", "0", "Ensure this value is greater than or equal to 1."),
        ("rounds_per_series", "41", "Ensure this value is less than or equal to 40."),
        ("rounds_per_series", "zwölf", "Enter a whole number."),
        ("planned_series", "0", "Ensure this value is greater than or equal to 1."),
        ("planned_series", "21", "Ensure this value is less than or equal to 20."),
        ("team_size", "13", "Ensure this value is less than or equal to 12."),
        ("extra_points", "bonus", "Select a valid choice. bonus is not one of the available"),
        ("club", "999999", "Select a valid choice. That choice is not one of the available"),
    ],
)
def test_new_tournament_form_shows_the_error_at_the_field_and_keeps_the_input(
    director_client, field, value, error
):
    data = _tournament_data(**{field: value})

    response = director_client.post("/leitung/turniere/neu/", data)

    assert response.status_code == 200
    assert not Tournament.objects.exists()
    assert any(message.startswith(error) for message in field_errors(response, field))
    content = response.content.decode()
    assert 'value="Vereinsheim"' in content
    assert 'aria-invalid="true"' in content
    assert f"id_{field}_errors" in content


def test_tournament_settings_can_be_changed(director_client):
    tournament = f.make_tournament(name="Alt")

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/einstellungen/",
        _tournament_data(name="Neu", planned_series="3"),
    )

    tournament.refresh_from_db()
    assert response.status_code == 302
    assert (tournament.name, tournament.planned_series) == ("Neu", 3)


def test_tournament_rounds_cannot_change_once_games_are_entered(director_client):
    table = f.make_complete_table(players=3)
    tournament = table.series.tournament

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/einstellungen/",
        _tournament_data(rounds_per_series="8", date=tournament.date.isoformat()),
    )

    tournament.refresh_from_db()
    assert tournament.rounds_per_series == 1
    assert field_errors(response, "rounds_per_series")[0].startswith(
        "“rounds per series” can no longer be changed"
    )


# --- Dashboard --------------------------------------------------------------------------


def _tournament_with_tables(count: int, players_per_table: int = 3):
    tournament = f.make_tournament(rounds_per_series=1, name="Dashboard-Turnier")
    people = f.make_participants(tournament, count * players_per_table)
    series = f.make_series(tournament)
    tables = [
        f.make_table(series, people[i : i + players_per_table])
        for i in range(0, len(people), players_per_table)
    ]
    return tournament, series, tables


@pytest.mark.parametrize("count", [1, 3])
def test_dashboard_queries_do_not_grow_with_the_tables(
    director_client, django_assert_num_queries, count
):
    tournament, _series, tables = _tournament_with_tables(count)
    for table in tables:
        f.enter(table, passed=True)
    f.make_series(tournament)

    # 18: one of them asks whether the user directs this tournament (services/roles.py),
    # one reads the roster stamp the ranking keeps its people under, one whether a results
    # portal is set (publishing's dashboard line).
    with django_assert_num_queries(18):
        response = director_client.get(f"/leitung/turniere/{tournament.id}/")

    page = response.content.decode()
    assert all(f"/leitung/tische/{table.id}/" in page for table in tables)


def test_dashboard_shows_missing_games_unsigned_lists_and_the_ranking(director_client):
    tournament, series, (open_table,) = _tournament_with_tables(1)
    complete = f.make_table(series, f.make_participants(tournament, 3))
    f.enter(complete, declarer_seat=2, game="grand", matadors=1, won=True)
    f.enter(complete, passed=True)
    f.enter(complete, passed=True)

    response = director_client.get(f"/leitung/turniere/{tournament.id}/")

    text = f.page_text(response)
    assert "Series 1, table 1: 3 games missing." in text
    assert "Series 1, table 2: the list is complete but not signed (0 signatures so far)." in text
    assert response.context["ranking"][0].total == 48 + 50
    assert f'href="/turniere/{tournament.id}/rangliste/"' in response.content.decode()
    content = response.content.decode()
    for url in (
        f"/tisch/{open_table.id}/",
        f"/leitung/tische/{open_table.id}/",
        f"/api/v1/tables/{open_table.id}/list.pdf",
        f"/api/v1/tournaments/{tournament.id}/ranking.pdf",
        f"/turniere/{tournament.id}/serie/1/tischplan/",
    ):
        assert f'href="{url}"' in content, url


def test_dashboard_of_a_missing_tournament_is_404(director_client):
    response = director_client.get("/leitung/turniere/999999/")

    assert response.status_code == 404
    assert "<h1>Page not found</h1>" in response.content.decode()


def test_dashboard_is_german_by_default(director_user):
    client = Client()  # a browser of its own: this module reads English
    client.force_login(director_user)
    tournament = f.make_tournament()

    response = client.get(f"/leitung/turniere/{tournament.id}/")

    assert '<html lang="de">' in response.content.decode()


# --- Participants -----------------------------------------------------------------------


def test_player_search_marks_registered_players(director_client):
    tournament = f.make_tournament()
    club = f.make_club("Herz Dame Beispielheim")
    known = f.make_player(club, first_name="Erika", last_name="Mustermann")
    registered = f.make_player(club, first_name="Max", last_name="Mustermann")
    f.make_player(first_name="Otto", last_name="Anders")
    director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/anmelden/", {"player": registered.id}
    )

    response = director_client.get(f"/leitung/turniere/{tournament.id}/teilnehmer/?q=muster")

    matches = {match.player: match.registered for match in response.context["matches"]}
    assert matches == {known: False, registered: True}
    assert f'name="player" value="{known.id}"' in response.content.decode()
    assert f'name="player" value="{registered.id}"' not in response.content.decode()


def test_player_search_without_a_match_prefills_the_new_player(director_client):
    tournament = f.make_tournament()

    response = director_client.get(f"/leitung/turniere/{tournament.id}/teilnehmer/?q=Erika+Neumann")

    assert response.context["new_player_form"].initial == {
        "first_name": "Erika",
        "last_name": "Neumann",
    }


def test_register_known_player_gives_the_next_start_number(director_client):
    tournament = f.make_tournament()
    f.make_participants(tournament, 2)
    player = f.make_player(first_name="Erika", last_name="Muster")

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/anmelden/",
        {"player": player.id, "q": "Muster"},
    )

    assert response.url == f"/leitung/turniere/{tournament.id}/teilnehmer/?q=Muster"
    assert tournament.participants.get(player=player).start_number == 3
    assert messages_of(response) == ["Erika Muster is registered with start number 3."]


@pytest.mark.parametrize("value", ["", "abc", "0", "-3", "99999999999999999999999", "999999"])
def test_register_known_player_with_a_bad_id_says_so(director_client, value):
    tournament = f.make_tournament()

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/anmelden/", {"player": value, "q": "mu"}
    )

    assert response.url == f"/leitung/turniere/{tournament.id}/teilnehmer/?q=mu"
    assert messages_of(response) == ["This player no longer exists; search again."]
    assert not tournament.participants.exists()


def test_register_known_player_twice_is_refused(director_client):
    tournament = f.make_tournament()
    participant = f.make_participants(tournament, 1)[0]

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/anmelden/",
        {"player": participant.player_id},
    )

    assert messages_of(response) == [
        f"{participant.player} is already registered for this tournament."
    ]
    assert tournament.participants.count() == 1


def test_register_new_player_creates_and_registers(director_client):
    tournament = f.make_tournament()
    club = f.make_club()

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/neu/",
        {"first_name": " Erika ", "last_name": "Muster", "club": club.id, "member_number": "17"},
    )

    participant = tournament.participants.select_related("player").get()
    assert response.status_code == 302
    assert (participant.player.full_name, participant.player.club, participant.start_number) == (
        "Erika Muster",
        club,
        1,
    )


@pytest.mark.parametrize(
    ("field", "data"),
    [
        ("first_name", {"first_name": "", "last_name": "Muster"}),
        ("last_name", {"first_name": "Erika", "last_name": "   "}),
        ("first_name", {"first_name": "E" * 101, "last_name": "Muster"}),
        ("member_number", {"first_name": "Erika", "last_name": "Mu", "member_number": "1" * 31}),
        ("club", {"first_name": "Erika", "last_name": "Muster", "club": "999999"}),
    ],
)
def test_register_new_player_with_bad_input_keeps_what_was_typed(director_client, field, data):
    tournament = f.make_tournament()

    response = director_client.post(f"/leitung/turniere/{tournament.id}/teilnehmer/neu/", data)

    assert response.status_code == 200
    assert field_errors(response, field)
    assert not Player.objects.exists()
    for value in data.values():
        if value.strip() and field != "club":
            assert f'value="{value.strip()}"' in response.content.decode()


def test_register_new_player_who_exists_offers_the_stored_player(director_client):
    tournament = f.make_tournament()
    club = f.make_club("SF Musterstadt")
    existing = f.make_player(club, first_name="Erika", last_name="Muster")

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/neu/",
        {"first_name": "erika", "last_name": "MUSTER", "club": club.id},
    )

    assert response.status_code == 200
    assert Player.objects.count() == 1
    assert "Erika Muster of SF Musterstadt is already in the player list" in f.page_text(response)
    assert response.context["existing"] == existing
    assert f'name="player" value="{existing.id}"' in response.content.decode()


def test_register_is_refused_when_every_series_is_drawn(director_client):
    tournament = f.make_tournament(planned_series=1)
    f.make_participants(tournament, 3)
    draw.draw_series(f.make_series(tournament), seed=1)

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/neu/",
        {"first_name": "Spät", "last_name": "Kommer"},
    )

    assert "already drawn" in f.page_text(response)
    assert tournament.participants.count() == 3


def test_withdraw_and_take_back_a_participant(director_client):
    tournament = f.make_tournament()
    participant = f.make_participants(tournament, 1)[0]
    url = f"/leitung/teilnehmer/{participant.id}/status/"

    director_client.post(url, {"withdrawn": "1"})
    participant.refresh_from_db()
    assert participant.withdrawn

    response = director_client.post(url, {"withdrawn": "0"})
    participant.refresh_from_db()
    assert not participant.withdrawn
    assert messages_of(response)[-1] == f"{participant.player.full_name} takes part again."


def test_participant_list_queries_do_not_grow(director_client, django_assert_max_num_queries):
    tournament = f.make_tournament()
    f.make_participants(tournament, 12, club=f.make_club())

    with django_assert_max_num_queries(8):
        response = director_client.get(f"/leitung/turniere/{tournament.id}/teilnehmer/?q=Karl")

    assert len(response.context["matches"]) == 12


# --- Import -----------------------------------------------------------------------------


CSV_LIST = (
    b"Vorname;Nachname;Verein\n"
    b"Erika;Muster;SF Musterstadt\n"
    b";Ohnevorname;SF Musterstadt\n"
    b"Erika;Muster;SF Musterstadt\n"
    b"Hans;Neu;\n"
)


def _upload(director_client, tournament, name="liste.csv", content=CSV_LIST):
    return director_client.post(
        f"/leitung/turniere/{tournament.id}/import/",
        {"file": SimpleUploadedFile(name, content)},
    )


def test_import_shows_a_preview_with_each_rows_status_and_errors(director_client):
    tournament = f.make_tournament()

    response = _upload(director_client, tournament)
    assert response.url == f"/leitung/turniere/{tournament.id}/import/vorschau/"
    preview = director_client.get(response.url)

    text = f.page_text(preview)
    assert [item["line"].status for item in preview.context["lines"]] == [
        "new_player",
        "error",
        "duplicate",
        "new_player",
    ]
    assert "Line 3: the first name is missing; fill it in." in text
    assert "Line 4: Erika Muster is already listed in line 2; this row is skipped." in text
    assert not tournament.participants.exists()


def test_import_confirm_registers_the_good_rows(director_client):
    tournament = f.make_tournament()
    _upload(director_client, tournament)

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/import/vorschau/", {"confirm": ""}
    )

    assert response.url == f"/leitung/turniere/{tournament.id}/teilnehmer/"
    assert messages_of(response) == ["2 players have been registered. 2 rows were skipped."]
    names = [p.player.full_name for p in tournament.participants.order_by("start_number")]
    assert names == ["Erika Muster", "Hans Neu"]
    assert director_client.get(response.url.replace("teilnehmer", "import/vorschau")).url == (
        f"/leitung/turniere/{tournament.id}/import/"
    )


def test_import_reads_excel_files(director_client):
    tournament = f.make_tournament()
    workbook = Workbook()
    workbook.active.append(["Vorname", "Nachname"])
    workbook.active.append(["Grete", "Exceltest"])
    content = io.BytesIO()
    workbook.save(content)

    _upload(director_client, tournament, "liste.xlsx", content.getvalue())
    director_client.post(f"/leitung/turniere/{tournament.id}/import/vorschau/", {"confirm": ""})

    assert tournament.participants.get().player.full_name == "Grete Exceltest"


def test_import_cancel_changes_nothing(director_client):
    tournament = f.make_tournament()
    _upload(director_client, tournament)

    response = director_client.post(
        f"/leitung/turniere/{tournament.id}/import/vorschau/", {"cancel": ""}
    )

    assert messages_of(response) == ["The import has been cancelled; nothing was changed."]
    assert not tournament.participants.exists()
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("name", "content", "error"),
    [
        ("liste.pdf", b"%PDF-1.4", "liste.pdf is neither a CSV nor an Excel file"),
        ("liste.csv", b"   \n", "liste.csv contains no players"),
        ("liste.xlsx", b"not a workbook", "liste.xlsx cannot be read as an Excel file"),
        ("liste.csv", b"Farbe;Zahl\nrot;1\n", "liste.csv"),
    ],
)
def test_import_of_a_bad_file_shows_the_problem_at_the_file_field(
    director_client, name, content, error
):
    tournament = f.make_tournament()

    response = _upload(director_client, tournament, name, content)

    assert response.status_code == 200
    assert field_errors(response, "file")[0].startswith(error)
    assert not Player.objects.exists()


def test_import_without_a_file_asks_for_one(director_client):
    tournament = f.make_tournament()

    response = director_client.post(f"/leitung/turniere/{tournament.id}/import/", {})

    assert field_errors(response, "file") == ["This field is required."]


def test_import_of_a_huge_file_is_refused(director_client, monkeypatch):
    monkeypatch.setattr("tournaments.web.forms.MAX_IMPORT_BYTES", 10)
    tournament = f.make_tournament()

    response = _upload(director_client, tournament)

    assert field_errors(response, "file")[0].startswith("The file is larger than")


# --- Series and draw --------------------------------------------------------------------


def test_add_series_numbers_them_and_opens_the_draw(director_client):
    tournament = f.make_tournament()

    director_client.post(f"/leitung/turniere/{tournament.id}/serien/neu/")
    response = director_client.post(f"/leitung/turniere/{tournament.id}/serien/neu/")

    second = tournament.series.get(number=2)
    assert response.url == f"/leitung/serien/{second.id}/"
    assert messages_of(response)[-1] == "Series 2 has been added."


def test_draw_seats_seven_players_at_a_4_and_a_3_table(director_client):
    tournament = f.make_tournament()
    f.make_participants(tournament, 7)
    series = f.make_series(tournament)

    response = director_client.post(
        f"/leitung/serien/{series.id}/auslosen/", {"mode": "random", "seed": "42"}
    )

    assert response.url == f"/leitung/serien/{series.id}/"
    sizes = [table.seats.count() for table in series.tables.order_by("number")]
    assert sizes == [4, 3]
    assert messages_of(response) == ["Series 1 has been drawn (seed 42)."]
    page = director_client.get(response.url)
    assert "Drawn on" in f.page_text(page)
    assert "with seed 42." in f.page_text(page)


def test_draw_prefers_3_tables_when_asked(director_client):
    tournament = f.make_tournament()
    f.make_participants(tournament, 12)
    series = f.make_series(tournament)

    director_client.post(
        f"/leitung/serien/{series.id}/auslosen/", {"mode": "random", "prefer_three": "on"}
    )

    assert [table.seats.count() for table in series.tables.all()] == [3, 3, 3, 3]


def test_draw_shows_the_conflicts_it_could_not_avoid(director_client):
    tournament = f.make_tournament()
    team = f.make_team(tournament, "Kreuz Buben")
    f.make_team_members(team, 4)
    f.make_participants(tournament, 3)
    series = f.make_series(tournament)

    response = director_client.post(
        f"/leitung/serien/{series.id}/auslosen/", {"mode": "random", "seed": "7"}
    )

    warnings = messages_of(response)[1:]
    assert warnings
    assert all("play in the same team (Kreuz Buben)" in text for text in warnings)
    page = director_client.get(response.url)
    assert warnings[0] in f.page_text(page)


@pytest.mark.parametrize(
    ("data", "field", "error"),
    [
        ({"mode": "lottery"}, "mode", "Select a valid choice."),
        ({"mode": "random", "seed": "-1"}, "seed", "Ensure this value is greater than"),
        ({"mode": "random", "seed": "abc"}, "seed", "Enter a whole number."),
        ({"mode": "random", "seed": str(2**53)}, "seed", "Ensure this value is less than"),
    ],
)
def test_draw_with_bad_options_shows_the_error_at_the_field(director_client, data, field, error):
    tournament = f.make_tournament()
    f.make_participants(tournament, 4)
    series = f.make_series(tournament)

    response = director_client.post(f"/leitung/serien/{series.id}/auslosen/", data)

    assert response.status_code == 200
    assert field_errors(response, field)[0].startswith(error)
    assert not series.tables.exists()


def test_draw_of_five_players_says_why_and_keeps_the_options(director_client):
    tournament = f.make_tournament()
    f.make_participants(tournament, 5)
    series = f.make_series(tournament)

    response = director_client.post(
        f"/leitung/serien/{series.id}/auslosen/",
        {"mode": "random", "seed": "1234", "separate_clubs": "on"},
    )

    assert "5 players cannot be seated" in f.page_text(response)
    content = response.content.decode()
    assert 'value="1234"' in content
    assert re.search(r'name="separate_clubs"[^>]*checked', content)


def test_redraw_is_refused_once_a_game_is_entered(director_client):
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_participants(tournament, 3)
    series = f.make_series(tournament)
    drawn = draw.draw_series(series, seed=3)
    f.enter(Table.objects.get(pk=drawn.tables[0].id), passed=True)

    response = director_client.post(f"/leitung/serien/{series.id}/auslosen/", {"mode": "random"})

    assert "Series 1 has started" in f.page_text(response)
    assert series.tables.get().games.count() == 1
    page = director_client.get(f"/leitung/serien/{series.id}/")
    assert f'action="/leitung/serien/{series.id}/auslosen/"' not in page.content.decode()


def test_series_codes_are_issued_for_every_table(director_client):
    _tournament, series, tables = _tournament_with_tables(2)

    response = director_client.post(f"/leitung/serien/{series.id}/tischcodes/")

    assert messages_of(response) == ["2 table codes have been issued."]
    codes = [table.access_code for table in series.tables.all()]
    assert all(codes) and len(set(codes)) == 2
    page = director_client.get(f"/leitung/serien/{series.id}/")
    assert table_access.format_code(codes[0]) in f.page_text(page)


# --- One table --------------------------------------------------------------------------


def test_table_code_shows_the_code_and_a_qr_code_with_the_link(director_client):
    _tournament, _series, (table,) = _tournament_with_tables(1)

    response = director_client.post(f"/leitung/tische/{table.id}/code/")
    table.refresh_from_db()
    page = director_client.get(response.url)

    assert messages_of(response) == [
        f"Table 1 has the new code {table_access.format_code(table.access_code)}."
    ]
    content = page.content.decode()
    assert table_access.format_code(table.access_code) in content
    assert f"http://testserver/tisch/code/{table.access_code}/" in content
    assert re.search(r'<svg [^>]*viewBox="0 0 (\d+) \1"', content)


def test_end_list_early_needs_a_reason(director_client):
    _tournament, _series, (table,) = _tournament_with_tables(1)

    response = director_client.post(f"/leitung/tische/{table.id}/beenden/", {"end-reason": " "})

    assert field_errors(response, "end-reason")
    table.refresh_from_db()
    assert table.ended_early_at is None


def test_end_list_early_lets_the_players_sign(director_client):
    _tournament, _series, (table,) = _tournament_with_tables(1)
    f.enter(table, passed=True)

    response = director_client.post(
        f"/leitung/tische/{table.id}/beenden/", {"end-reason": "Zeit abgelaufen"}
    )

    table.refresh_from_db()
    assert table.ended_early_at is not None
    assert messages_of(response) == [
        "The list of table 1 has been ended; the players can sign it now."
    ]


def test_close_list_needs_a_reason_and_keeps_it(director_client):
    table = f.make_complete_table(players=3)

    refused = director_client.post(f"/leitung/tische/{table.id}/schliessen/", {"close-reason": ""})
    assert field_errors(refused, "close-reason") == ["This field is required."]

    response = director_client.post(
        f"/leitung/tische/{table.id}/schliessen/", {"close-reason": "Platz 3 ist gegangen"}
    )

    table.refresh_from_db()
    assert response.status_code == 302
    assert (table.status, table.closed_reason) == ("locked", "Platz 3 ist gegangen")
    assert "Platz 3 ist gegangen" in f.page_text(director_client.get(response.url))


def test_close_of_an_incomplete_list_shows_why_and_keeps_the_reason(director_client):
    _tournament, _series, (table,) = _tournament_with_tables(1)

    response = director_client.post(
        f"/leitung/tische/{table.id}/schliessen/", {"close-reason": "Spieler fehlt"}
    )

    assert response.status_code == 200
    table.refresh_from_db()
    assert table.status == "open"
    forms = {change["action"]: change["form"] for change in response.context["state_changes"]}
    assert forms["close"].errors
    assert "Spieler fehlt</textarea>" in response.content.decode()


@pytest.mark.parametrize(
    ("offered", "forms"),
    [([], []), (["close"], ["schliessen"]), (["end", "close"], ["beenden", "schliessen"])],
)
def test_the_table_page_offers_the_steps_states_possible_allows(
    director_client, monkeypatch, offered, forms
):
    _tournament, _series, (table,) = _tournament_with_tables(1)
    monkeypatch.setattr(states, "possible", lambda obj, roles: ["enter", "sign", *offered])

    page = director_client.get(f"/leitung/tische/{table.id}/").content.decode()

    shown = re.findall(rf'action="/leitung/tische/{table.id}/([a-z-]+)/"', page)
    assert [step for step in shown if step in ("beenden", "schliessen", "wieder-oeffnen")] == forms


def test_reopen_a_signed_list_with_a_reason(director_client):
    table = f.sign_all(f.make_complete_table(players=3))
    assert table.status == "signed"
    page = director_client.get(f"/leitung/tische/{table.id}/")
    assert f'href="/verify/{table.seal}/"' in page.content.decode()

    refused = director_client.post(f"/leitung/tische/{table.id}/wieder-oeffnen/", {})
    assert field_errors(refused, "reopen-reason") == ["This field is required."]

    response = director_client.post(
        f"/leitung/tische/{table.id}/wieder-oeffnen/", {"reopen-reason": "Spiel 2 falsch"}
    )

    table.refresh_from_db()
    assert (table.status, table.seal) == ("open", "")
    assert messages_of(response) == ["The list of table 1 is open again for corrections."]


def test_reopen_of_an_open_list_says_there_is_nothing_to_reopen(director_client):
    _tournament, _series, (table,) = _tournament_with_tables(1)

    response = director_client.post(
        f"/leitung/tische/{table.id}/wieder-oeffnen/", {"reopen-reason": "Versehen"}
    )

    assert "there is nothing to reopen" in f.page_text(response)


def test_table_page_lists_who_signed(director_client):
    table = f.sign_all(f.make_complete_table(players=3), except_seats=(3,))

    response = director_client.get(f"/leitung/tische/{table.id}/")

    text = f.page_text(response)
    assert text.count("not signed") == 1
    assert "2 of 3 signatures" in text


# --- Accessibility ----------------------------------------------------------------------


class ControlsParser(HTMLParser):
    """Form controls of a page with how they are named: a <label for>, a wrapping <label>,
    or a <fieldset> with a <legend> (radio groups); and the headings' levels in order."""

    def __init__(self):
        super().__init__()
        self.controls = []
        self.label_targets = set()
        self.labels_open = 0
        self.legends = []
        self.headings = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "label":
            self.labels_open += 1
            if attrs.get("for"):
                self.label_targets.add(attrs["for"])
        elif tag == "fieldset":
            self.legends.append(False)
        elif tag == "legend" and self.legends:
            self.legends[-1] = True
        elif tag in ("h1", "h2", "h3", "h4"):
            self.headings.append(int(tag[1]))
        elif tag in ("input", "select", "textarea") and attrs.get("type") != "hidden":
            self.controls.append(
                {
                    **attrs,
                    "in_label": self.labels_open > 0,
                    "in_legend": any(self.legends),
                }
            )

    def handle_endtag(self, tag):
        if tag == "label":
            self.labels_open -= 1
        elif tag == "fieldset" and self.legends:
            self.legends.pop()


def _every_director_page(director_client):
    tournament = f.make_tournament(name="Barrierefrei")
    f.make_participants(tournament, 7)
    series = f.make_series(tournament)
    drawn = draw.draw_series(series, seed=5)
    table = Table.objects.get(pk=drawn.tables[0].id)
    table_access.issue_code(table)
    director_client.post(
        f"/leitung/turniere/{tournament.id}/import/",
        {"file": SimpleUploadedFile("liste.csv", CSV_LIST)},
    )
    return [
        "/leitung/",
        "/leitung/turniere/neu/",
        f"/leitung/turniere/{tournament.id}/",
        f"/leitung/turniere/{tournament.id}/einstellungen/",
        f"/leitung/turniere/{tournament.id}/teilnehmer/?q=Karl",
        f"/leitung/turniere/{tournament.id}/import/",
        f"/leitung/turniere/{tournament.id}/import/vorschau/",
        f"/leitung/serien/{series.id}/",
        f"/leitung/tische/{table.id}/",
    ]


def test_every_control_on_the_director_pages_is_labelled(director_client):
    for url in _every_director_page(director_client):
        response = director_client.get(url)
        assert response.status_code == 200, url
        parser = ControlsParser()
        parser.feed(response.content.decode())

        unlabelled = [
            control
            for control in parser.controls
            if control.get("id") not in parser.label_targets
            and not control["in_label"]
            and not control["in_legend"]
            and not control.get("aria-label")
        ]
        assert unlabelled == [], url
        assert parser.headings.count(1) == 1, url
        steps = zip(parser.headings, parser.headings[1:], strict=False)
        assert all(after <= before + 1 for before, after in steps), url


def test_director_pages_load_no_external_assets_and_use_their_own_styles(director_client):
    response = director_client.get("/leitung/")

    content = response.content.decode()
    assert not re.search(r'(src|href)="(https?:)?//', content)
    assert finders.find("css/director.css")
    assert finders.find("js/director.js")
    assert '/static/css/director.css"' in content
    assert '/static/js/director.js"' in content
