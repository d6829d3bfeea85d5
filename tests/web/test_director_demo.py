"""The director's home page marks the demo and deletes it after asking once."""

import pytest

from tests import factories as f
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_demo_tournaments_are_marked_and_offered_for_deletion(director_client, client):
    f.make_tournament(name="Demo-Clubabend", is_demo=True)
    f.make_tournament(name="Clubabend Januar")

    page = director_client.get("/leitung/").content.decode()

    assert page.count('data-testid="demo-mark"') == 1
    assert "Demodaten löschen …" in page
    public = client.get("/turniere/").content.decode()
    assert public.count('data-testid="demo-mark"') == 1


def test_without_demo_data_nothing_is_offered(director_client):
    f.make_tournament(name="Clubabend Januar")

    page = director_client.get("/leitung/").content.decode()

    assert "demo-section" not in page


def test_deleting_asks_first_and_then_deletes_only_the_demo(director_client):
    f.make_tournament(name="Demo-Clubabend", is_demo=True)
    f.make_tournament(name="Clubabend Januar")

    question = director_client.get("/leitung/demo/loeschen/").content.decode()
    assert Tournament.objects.count() == 2
    assert "Demo-Clubabend" in question and "Clubabend Januar" not in question

    response = director_client.post("/leitung/demo/loeschen/", follow=True)

    assert list(Tournament.objects.values_list("name", flat=True)) == ["Clubabend Januar"]
    assert "Die Demodaten sind gelöscht: Demo-Clubabend." in response.content.decode()


def test_only_a_director_deletes_the_demo(client):
    f.make_tournament(name="Demo-Clubabend", is_demo=True)

    response = client.post("/leitung/demo/loeschen/")

    assert response.status_code == 302 and response["Location"].startswith("/anmelden/")
    assert Tournament.objects.count() == 1


def test_a_director_of_another_club_cannot_delete_the_demo(client):
    own, other = f.make_club("Verein A"), f.make_club("Verein B")
    stranger = f.make_staff_user()
    own.directors.add(f.make_staff_user())
    other.directors.add(stranger)
    f.make_tournament(name="Demo-Clubabend", is_demo=True, club=own)
    client.force_login(stranger)

    question = client.get("/leitung/demo/loeschen/")
    response = client.post("/leitung/demo/loeschen/")

    assert Tournament.objects.filter(name="Demo-Clubabend").exists()
    assert response.status_code == 403
    text = response.content.decode()
    assert "Nur wer alle Vereine der Demodaten leitet, darf sie löschen" in text
    assert "Verein A" in text
    assert question.status_code == 403
    assert 'data-testid="confirm-demo-delete"' not in question.content.decode()
