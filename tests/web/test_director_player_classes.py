"""Gender and age class (Wertungsklassen) without a select and a reload per player: one
form for all participants of a tournament, kept on the player from evening to evening,
and read by the player import (columns Geschlecht, Altersklasse)."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Participant, Player
from tournaments.services import participants
from tournaments.services.player_import import commit_import, preview_import, read_player_rows

pytestmark = pytest.mark.django_db


def _url(tournament):
    return f"/leitung/turniere/{tournament.id}/wertungsklassen/"


def test_one_form_saves_the_classes_of_every_participant_at_once(director_client):
    tournament = f.make_tournament()
    people = f.make_participants(tournament, 3)
    data = {
        f"gender-{people[0].id}": "f",
        f"category-{people[0].id}": "senior",
        f"gender-{people[1].id}": "m",
        f"category-{people[1].id}": "junior",
        f"gender-{people[2].id}": "",
        f"category-{people[2].id}": "",
    }

    page = director_client.get(_url(tournament)).content.decode()
    response = director_client.post(_url(tournament), data)

    assert page.count("<form") >= 1 and page.count('data-testid="save-all-classes"') == 1
    for person in people:
        assert f'name="gender-{person.id}"' in page and f'name="category-{person.id}"' in page
    assert response.status_code == 302
    saved = {
        p.id: (p.gender, p.category) for p in Participant.objects.filter(tournament=tournament)
    }
    assert saved == {
        people[0].id: ("f", "senior"),
        people[1].id: ("m", "junior"),
        people[2].id: ("", ""),
    }
    players = {p.pk: (p.gender, p.category) for p in Player.objects.all()}
    assert players[people[0].player_id] == ("f", "senior")
    assert players[people[1].player_id] == ("m", "junior")
    assert AuditEntry.objects.filter(action="participant_classes_changed").count() == 1


def test_the_page_shows_what_is_saved_and_is_linked_from_the_participants(director_client):
    tournament = f.make_tournament()
    person = f.make_participants(tournament, 2)[0]
    participants.update_participant(person, gender="d", category="junior")

    page = director_client.get(_url(tournament)).content.decode()
    listing = director_client.get(f"/leitung/turniere/{tournament.id}/teilnehmer/").content.decode()

    assert (
        '<option value="d" selected>'
        in page.split(f'name="gender-{person.id}"')[1].split("</select>")[0]
    )
    assert _url(tournament) in listing


def test_a_wrong_value_refuses_the_whole_form_naming_the_player(director_client):
    tournament = f.make_tournament()
    people = f.make_participants(tournament, 2)
    data = {
        f"gender-{people[0].id}": "f",
        f"category-{people[0].id}": "",
        f"gender-{people[1].id}": "x",
        f"category-{people[1].id}": "",
    }

    response = director_client.post(_url(tournament), data)

    page = response.content.decode()
    assert response.status_code == 400
    assert (
        f"{people[1].player.full_name}: Wählen Sie eines von: "
        "nicht angegeben, weiblich, männlich, divers." in page
    )
    assert (
        'aria-invalid="true"'
        in page.split(f'name="gender-{people[1].id}"')[0][-300:]
        + page.split(f'name="gender-{people[1].id}"')[1][:200]
    )
    assert set(Participant.objects.values_list("gender", flat=True)) == {""}


def test_the_classes_are_kept_for_the_player_s_next_evening(director_client):
    first = f.make_tournament(name="Erster Abend")
    person = f.make_participants(first, 1)[0]
    director_client.post(
        f"/leitung/teilnehmer/{person.id}/wertung/", {"gender": "f", "category": "senior"}
    )
    second = f.make_tournament(name="Zweiter Abend")

    again = participants.register(second, person.player)

    assert (again.gender, again.category) == ("f", "senior")
    assert Player.objects.get(pk=person.player_id).gender == "f"


def test_the_import_reads_gender_and_age_class():
    tournament = f.make_tournament()
    header = ["Vorname", "Nachname", "Geschlecht", "Altersklasse"]
    lines = [
        ["Erika", "Weiblich", "w", "Senioren"],
        ["Otto", "Jung", "männlich", "Junior"],
        ["Kim", "Divers", "d", ""],
        ["Ohne", "Angabe", "", ""],
    ]
    rows = read_player_rows("anmeldung.csv", f.csv_bytes([header, *lines]))

    commit_import(tournament, rows)

    players = {p.last_name: (p.gender, p.category) for p in Player.objects.all()}
    assert players == {
        "Weiblich": ("f", "senior"),
        "Jung": ("m", "junior"),
        "Divers": ("d", ""),
        "Angabe": ("", ""),
    }
    registered = {p.player.last_name: (p.gender, p.category) for p in tournament.participants.all()}
    assert registered == players


def test_an_unknown_gender_in_the_import_is_an_error_of_its_line():
    tournament = f.make_tournament()
    rows = read_player_rows(
        "anmeldung.csv",
        f.csv_bytes([["Vorname", "Nachname", "Geschlecht"], ["Erika", "X", "vielleicht"]]),
    )

    preview = preview_import(tournament, rows)

    problems = [problem for line in preview.lines for problem in line.problems]
    assert [problem.field for problem in problems] == ["gender"]
    assert "vielleicht" in problems[0].params["value"]


def test_the_migration_gives_each_player_the_classes_of_their_latest_evening():
    import datetime
    import importlib

    from django.apps import apps

    migration = importlib.import_module("tournaments.migrations.0026_player_classes")
    earlier = f.make_tournament(date=datetime.date(2026, 3, 1))
    later = f.make_tournament(date=datetime.date(2026, 4, 1))
    person = f.make_participants(earlier, 1)[0]
    Participant.objects.filter(pk=person.pk).update(gender="m", category="junior")
    Participant.objects.create(
        tournament=later, player=person.player, start_number=1, gender="f", category="senior"
    )
    Player.objects.filter(pk=person.player_id).update(gender="", category="")

    migration.copy_last_classes(apps, None)

    player = Player.objects.get(pk=person.player_id)
    assert (player.gender, player.category) == ("f", "senior")


def test_the_kept_classes_are_in_the_player_s_data_and_go_with_the_erasure():
    from tournaments.services.erasure import erase_player
    from tournaments.services.personal_data import player_data

    person = f.make_participants(f.make_tournament(), 1)[0]
    participants.update_participant(person, gender="f", category="senior")
    player = Player.objects.get(pk=person.player_id)

    data = player_data(player)
    erase_player(player, "Art. 17")

    assert (data["player"]["gender"], data["player"]["category"]) == ("f", "senior")
    erased = Player.objects.get(pk=player.pk)
    assert (erased.gender, erased.category) == ("", "")


def test_one_form_saves_the_classes_of_every_player_of_a_club(client):
    club, other = f.make_club("Herz A"), f.make_club("Pik B")
    director, stranger = f.make_staff_user("leitung_a"), f.make_staff_user("leitung_b")
    club.directors.add(director)
    other.directors.add(stranger)
    erika = f.make_player(club=club, first_name="Erika", last_name="Alt")
    otto = f.make_player(club=club, first_name="Otto", last_name="Jung")
    url = f"/leitung/vereine/{club.pk}/wertungsklassen/"
    data = {
        f"gender-{erika.pk}": "f",
        f"category-{erika.pk}": "senior",
        f"gender-{otto.pk}": "m",
        f"category-{otto.pk}": "junior",
    }
    client.force_login(stranger)
    refused = client.post(url, data)
    client.force_login(director)

    club_page = client.get(f"/leitung/vereine/{club.pk}/").content.decode()
    page = client.get(url).content.decode()
    response = client.post(url, data)

    assert refused.status_code == 403
    assert url in club_page
    assert page.count('data-testid="save-all-classes"') == 1 and f'name="gender-{otto.pk}"' in page
    assert response.status_code == 302
    kept = {p.last_name: (p.gender, p.category) for p in Player.objects.filter(club=club)}
    assert kept == {"Alt": ("f", "senior"), "Jung": ("m", "junior")}
    tournament = f.make_tournament(club=club)
    assert participants.register(tournament, erika).category == "senior"


def test_the_import_page_names_the_columns_it_reads(director_client):
    tournament = f.make_tournament()

    page = director_client.get(f"/leitung/turniere/{tournament.id}/import/").content.decode()

    columns = page.split('data-testid="import-columns">')[1].split("</p>")[0]
    assert "Geschlecht (w, m, d)" in columns and "Altersklasse (Junior, Senior)" in columns
