"""Property-based requests against every operation of the OpenAPI schema (schemathesis).

For each operation schemathesis generates a few requests from the schema (valid and
invalid bodies, query strings and ids) and sends them, once as an anonymous client and once
as a tournament director, to the Django app in-process. Every answer must be documented:
never a 5xx, a status code the schema lists, a content type and a body that match it.
Files (PDF, XLSX, CSV) cannot be checked against a JSON schema; for them the status code
and the content type are checked.

The run is bounded and reproducible: a fixed number of examples per operation,
derandomized, without shrinking. Half of the generated ids are replaced by ids of real
objects (a small played tournament) so that the operations also run past their 404.
"""

import json

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.test.client import ClientHandler
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.factories import make_club, make_played_tournament, make_series

pytestmark = pytest.mark.django_db

EXAMPLES_PER_OPERATION = 6
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


class _InProcessApp:
    """A WSGI application around Django's test handler.

    Django's own WSGI handler closes the database connection after each request, which
    would end the test's transaction; the test client's handler keeps it open, so every
    request sees (and rolls back with) the test's data. CSRF checks are off, as for the
    test client: the director's session is a cookie sent without a form.
    """

    def __init__(self):
        self.handler = ClientHandler(enforce_csrf_checks=False)

    def __call__(self, environ, start_response):
        environ["HTTP_HOST"] = "testserver"  # the host name the test settings allow
        response = self.handler(environ)
        headers = list(response.items())
        headers += [("Set-Cookie", morsel.OutputString()) for morsel in response.cookies.values()]
        start_response(f"{response.status_code} {response.reason_phrase}", headers)
        # Not the response itself: the server would call its close(), which sends
        # request_finished and so closes the connection the handler kept open.
        return [b"".join(response) if response.streaming else response.content]


def _load_schema():
    """The schema ``/api/schema/`` serves, generated in-process (no request, no database)."""
    generated = SchemaGenerator().get_schema(request=None, public=True)
    loaded = schemathesis.openapi.from_dict(json.loads(OpenApiJsonRenderer().render(generated)))
    loaded.app = _InProcessApp()
    return loaded


schema = _load_schema()


@pytest.fixture
def real_ids(db):
    """A small played tournament, a second (empty) series, a club with a season."""
    club = make_club()
    tournament = make_played_tournament(players=4, series=1, rounds_per_series=1)
    series = tournament.series.first()
    table = series.tables.first()
    make_series(tournament)
    participant = tournament.participants.select_related("player").first()
    return {
        "tournaments": tournament.pk,
        "series": series.pk,
        "tables": table.pk,
        "clubs": club.pk,
        "players": participant.player.pk,
        "participants": participant.pk,
        "games": table.games.first().number,
    }


def _with_real_ids(case, real_ids):
    """Replace every other generated id by the id of a real object of the path's resource."""
    path_ids = {key: value for key, value in case.path_parameters.items() if isinstance(value, int)}
    if not path_ids or sum(path_ids.values()) % 2:
        return
    resource = case.path.split("/")[3]
    for name in path_ids:
        if name in {"pk", "id"}:
            case.path_parameters[name] = real_ids.get(resource, path_ids[name])
        elif name.rstrip("_id").rstrip("_pk") in {"participant", "game", "number"}:
            case.path_parameters[name] = real_ids.get(name.split("_")[0] + "s", path_ids[name])


@pytest.fixture
def director_cookies(client, db):
    """The session cookie of a logged-in tournament director."""
    client.force_login(get_user_model().objects.create_user("fuzz-director", is_staff=True))
    return {"sessionid": client.cookies["sessionid"].value}


FUZZ = settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


@schema.parametrize()
@FUZZ
def test_anonymous_answers_are_documented(case, real_ids):
    _with_real_ids(case, real_ids)

    case.call_and_validate(checks=CHECKS)


@schema.parametrize()
@FUZZ
def test_director_answers_are_documented(case, real_ids, director_cookies):
    _with_real_ids(case, real_ids)

    case.call_and_validate(checks=CHECKS, cookies=director_cookies)
