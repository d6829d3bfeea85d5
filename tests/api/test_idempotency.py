"""``Idempotency-Key`` on ``POST tables/{id}/games/``: a resent game is stored once."""

import pytest
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory

from tests import factories as f
from tests.api.conftest import post_game
from tournaments.api.idempotency import idempotent
from tournaments.models import Club, Game, IdempotencyKey

pytestmark = pytest.mark.django_db

KARO_WON = {"declarer_seat": 2, "game": "diamonds", "matadors": 1, "won": True}


def test_resent_game_with_the_same_key_returns_the_first_answer_and_stores_nothing(director_client):
    table = f.make_seated_table(players=4, rounds_per_series=2)

    first = post_game(director_client, table, KARO_WON, key="3f6c1d2e-key")
    again = post_game(director_client, table, KARO_WON, key="3f6c1d2e-key")

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Game.objects.filter(table=table).count() == 1


def test_same_key_with_another_body_is_refused_with_422(director_client):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    post_game(director_client, table, KARO_WON, key="key-1")

    response = post_game(director_client, table, {**KARO_WON, "won": False}, key="key-1")

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "Idempotency-Key"
    assert response.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert Game.objects.filter(table=table).count() == 1


def test_new_keys_and_no_key_store_a_game_each(director_client):
    table = f.make_seated_table(players=4, rounds_per_series=2)

    body = {**KARO_WON, "declarer_seat": 4}  # seat 4 deals game 4 only

    statuses = [
        post_game(director_client, table, body, key=key).status_code for key in ("a", "b", None)
    ]

    assert statuses == [201, 201, 201]
    assert Game.objects.filter(table=table).count() == 3


def test_refused_game_keeps_no_key_so_a_resend_is_checked_again(director_client):
    table = f.make_seated_table(players=4, rounds_per_series=2)

    # seat 1 deals
    refused = post_game(director_client, table, {**KARO_WON, "declarer_seat": 1}, key="k")
    again = post_game(director_client, table, {**KARO_WON, "declarer_seat": 1}, key="k")

    assert (refused.status_code, again.status_code) == (400, 400)
    assert IdempotencyKey.objects.count() == 0


@pytest.mark.parametrize("key", ["", "x" * 201, "bad\x01key"])
def test_unusable_key_is_refused_with_400_naming_the_header(director_client, key):
    table = f.make_seated_table(players=4, rounds_per_series=2)

    response = post_game(director_client, table, KARO_WON, key=key)

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "Idempotency-Key"
    assert Game.objects.filter(table=table).count() == 0


class _Answering:
    """An action that stores a club, then answers with ``status`` instead of raising."""

    def __init__(self, status):
        self.status = status

    @idempotent
    def create(self, request):
        Club.objects.create(name=request.data["name"])
        return Response({"name": request.data["name"]}, status=self.status)


def _keyed_request(body, key):
    raw = APIRequestFactory().post("/api/v1/clubs/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    return Request(raw, parsers=[JSONParser()])


@pytest.mark.parametrize("refusal", [400, 409, 503])
def test_answered_refusal_rolls_back_what_the_action_stored_and_keeps_no_key(refusal):
    view = _Answering(refusal)

    answers = [view.create(_keyed_request({"name": "Herz Dame"}, "k-1")) for _ in range(2)]

    assert [answer.status_code for answer in answers] == [refusal, refusal]
    assert "Idempotent-Replayed" not in answers[1]
    assert not Club.objects.filter(name="Herz Dame").exists()
    assert IdempotencyKey.objects.count() == 0
