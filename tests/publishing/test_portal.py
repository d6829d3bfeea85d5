"""The results portal (docs/results-format.md, "A results portal"): a superuser issues a
club's publishing token; the token publishes that club's documents only, idempotent by
id and version, through the same import as ``manage.py import_results``; the published
tournament is then an ordinary tournament of the portal's public pages."""

import json
import uuid

import pytest
from rest_framework.test import APIClient

from publishing.models import PublishingToken
from publishing.services import results_document as builder
from tests import factories as f
from tests.publishing.conftest import finish, with_club
from tournaments.models import Game, Table, Tournament

pytestmark = pytest.mark.django_db

CLUBS = "/api/v1/publishing/clubs/"
RESULTS = "/api/v1/results/"


@pytest.fixture
def portal(settings):
    settings.SKATVEREIN_PORTAL = True


def issue_token(name="Skatfreunde Nord"):
    client = APIClient()
    client.force_authenticate(f.make_superuser())
    response = client.post(CLUBS, {"name": name}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def publisher(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def hall_document(club_id, players=4):
    """A finished evening's document as a hall sends it: the hall's own ids replaced by
    new ones, as they would be on another server, and the club's id set to ``club_id``
    (the hall's club is a club of its own in this one database)."""
    tournament = finish(with_club(f.make_played_tournament(players=players)), f.make_superuser())
    document = builder.results_document(tournament)
    text = json.dumps(document).replace(document["id"], str(uuid.uuid4()))
    document = json.loads(text.replace(document["club"]["id"], club_id))
    return document


def test_a_superuser_issues_a_token_that_is_kept_only_as_a_digest(portal):
    issued = issue_token()

    stored = PublishingToken.objects.get()
    assert stored.club.public_identity.uuid == uuid.UUID(issued["club"])
    assert stored.club.name == "Skatfreunde Nord"
    assert issued["token"] not in stored.digest
    assert len(issued["token"]) >= 40


def test_only_a_superuser_issues_tokens(portal, director_client):
    response = director_client.post(CLUBS, {"name": "X"}, content_type="application/json")

    assert response.status_code == 403
    assert PublishingToken.objects.count() == 0


def test_without_the_portal_setting_there_are_no_portal_endpoints(settings):
    settings.SKATVEREIN_PORTAL = False
    client = APIClient()
    client.force_authenticate(f.make_superuser())

    assert client.post(CLUBS, {"name": "X"}, format="json").status_code == 404
    assert client.post(RESULTS, {}, format="json").status_code == 404
    assert PublishingToken.objects.count() == 0


def test_publishing_new_same_newer_older(portal):
    issued = issue_token()
    document = hall_document(issued["club"])
    client = publisher(issued["token"])

    created = client.post(RESULTS, document, format="json")
    games = Game.objects.count()
    first_read = APIClient().get(f"/api/v1/tournaments/{created.json()['tournament']}/results.json")
    same = client.post(RESULTS, document, format="json")
    newer = client.post(RESULTS, {**document, "version": document["version"] + 3}, format="json")
    older = client.post(RESULTS, {**document, "version": document["version"] + 1}, format="json")
    found = client.get(f"{RESULTS}{document['id']}/")
    read_again = APIClient().get(f"/api/v1/tournaments/{created.json()['tournament']}/results.json")
    ranking = APIClient().get(f"/api/v1/tournaments/{created.json()['tournament']}/ranking/")

    assert created.status_code == 201, created.content
    assert created.json()["version"] == document["version"]
    assert (same.status_code, same.json()["unchanged"]) == (200, True)
    assert newer.status_code == 200
    assert newer.json()["unchanged"] is False
    assert older.status_code == 409
    assert older.json()["errors"][0]["field"] == "version"
    assert Game.objects.count() == games
    kept = Tournament.objects.get(public_identity__uuid=document["id"])
    assert found.json() == {"tournament": kept.pk, "version": document["version"] + 3}
    assert newer.json()["tournament"] == kept.pk == created.json()["tournament"]
    assert first_read.json()["version"] == document["version"]
    assert read_again.status_code == ranking.status_code == 200, read_again.content
    assert read_again.json()["version"] == document["version"] + 3


def test_a_broken_document_is_refused_naming_the_field_in_german(portal):
    issued = issue_token()
    document = hall_document(issued["club"])
    del document["players"][0]["ref"]

    response = publisher(issued["token"]).post(RESULTS, document, format="json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"].startswith("players/0")
    assert "skat-results/1" in response.json()["detail"]
    assert Tournament.objects.filter(public_identity__uuid=document["id"]).count() == 0


def test_a_token_publishes_its_own_clubs_documents_only(portal):
    north = issue_token("Skatfreunde Nord")
    south = issue_token("Skatfreunde Süd")
    document = hall_document(north["club"])

    foreign = publisher(south["token"]).post(RESULTS, document, format="json")
    unknown = publisher("not-a-token").post(RESULTS, document, format="json")
    none = APIClient().post(RESULTS, document, format="json")

    assert foreign.status_code == 403
    assert "anderen Verein" in foreign.json()["detail"]
    assert unknown.status_code == 403
    assert none.status_code == 403
    assert Tournament.objects.filter(public_identity__uuid=document["id"]).count() == 0


def test_the_first_document_gives_a_new_clubs_token_the_halls_club_id(portal):
    """The hall's club has its own id; the portal's club takes it with its first document,
    after which documents of any other club id are refused."""
    issued = issue_token()
    own_id = str(uuid.uuid4())
    document = hall_document(own_id)
    client = publisher(issued["token"])

    first = client.post(RESULTS, document, format="json")
    other = client.post(RESULTS, hall_document(str(uuid.uuid4())), format="json")

    assert first.status_code == 201, first.content
    kept = Tournament.objects.get(pk=first.json()["tournament"])
    assert str(kept.club.public_identity.uuid) == own_id
    assert kept.club.name == "Skatfreunde Nord"
    assert other.status_code == 403


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return f.page_text(response)


def test_a_published_tournament_is_on_the_public_pages_marked_provisional(portal, client):
    issued = issue_token()
    document = hall_document(issued["club"])
    running = {
        **document,
        "provisional": True,
        "tournament": {**document["tournament"], "status": "running"},
    }
    running["series"] = [{**s, "status": "running"} for s in document["series"]]
    answer = publisher(issued["token"]).post(RESULTS, running, format="json").json()
    kept = Tournament.objects.get(pk=answer["tournament"])
    first = document["rankings"]["tournament"][0]["player"]  # "p" and the start number
    winner = kept.participants.get(start_number=int(first[1:]))

    detail = page(client, f"/turniere/{kept.pk}/")
    ranking = page(client, f"/turniere/{kept.pk}/rangliste/")
    series = page(client, f"/turniere/{kept.pk}/serie/1/rangliste/")
    player = page(client, f"/spieler/{winner.player_id}/")

    assert "vorläufig" in detail and "vorläufig" in ranking
    assert winner.player.last_name in ranking and winner.player.last_name in series
    assert str(document["rankings"]["tournament"][0]["total"]) in ranking
    assert kept.name in player
    assert "berichtigt" not in detail


def test_a_published_lists_seal_verifies_on_the_portal(portal, client):
    issued = issue_token()
    document = hall_document(issued["club"])
    answer = publisher(issued["token"]).post(RESULTS, document, format="json").json()
    table = Table.objects.filter(series__tournament_id=answer["tournament"]).first()

    verified = page(client, f"/verify/{table.seal}/")

    assert table.seal
    assert "echt" in verified.lower()


def test_a_later_version_of_a_finished_tournament_says_when_it_was_corrected(portal, client):
    issued = issue_token()
    document = hall_document(issued["club"])
    client_ = publisher(issued["token"])
    client_.post(RESULTS, document, format="json")

    newer = client_.post(RESULTS, {**document, "version": document["version"] + 1}, format="json")
    kept = Tournament.objects.get(pk=newer.json()["tournament"])

    detail = page(client, f"/turniere/{kept.pk}/")
    ranking = page(client, f"/turniere/{kept.pk}/rangliste/")
    assert "vorläufig" not in detail
    assert "berichtigt am" in detail and "berichtigt am" in ranking


def test_a_document_larger_than_an_ordinary_request_is_published(portal, settings):
    """A 400-player evening's document is about 8 MB, beyond Django's 2.5 MB for a request
    body: the results endpoint takes documents up to its own limit."""
    issued = issue_token()
    document = hall_document(issued["club"])
    body = json.dumps(document).encode()
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = len(body) // 4  # the document is 4× the limit

    response = publisher(issued["token"]).post(RESULTS, body, content_type="application/json")

    assert response.status_code == 201, response.content
    assert Tournament.objects.filter(public_identity__uuid=document["id"]).count() == 1


def test_a_document_beyond_the_portals_limit_is_refused_in_german_naming_the_body(
    portal, monkeypatch
):
    from publishing.api import portal as portal_api

    issued = issue_token()
    document = hall_document(issued["club"])
    monkeypatch.setattr(portal_api, "MAX_DOCUMENT_BYTES", 1024 * 1024)
    body = json.dumps(document) + " " * (1024 * 1024)  # still JSON, beyond 1 MB

    response = publisher(issued["token"]).post(
        RESULTS, body, content_type="application/json", headers={"accept-language": "de"}
    )

    assert response.status_code == 413
    assert response.json()["errors"][0]["field"] == "body"
    assert response.json()["detail"] == "Das Ergebnisdokument ist zu groß: höchstens 1 MB, bitte."


def test_a_body_that_is_no_json_is_refused_in_german(portal):
    issued = issue_token()

    response = publisher(issued["token"]).post(
        RESULTS, b"{kein json", content_type="application/json", headers={"accept-language": "de"}
    )

    assert response.status_code == 400
    assert "JSON" in response.json()["detail"]
