"""Property-based requests against every operation of the OpenAPI schema (schemathesis).

For each operation schemathesis generates a few requests from the schema (valid and
invalid bodies, query strings and ids), adds its coverage cases (boundary values, wrong
types, missing fields, unexpected methods), and sends them as a tournament director to
the Django app in-process, and all but the coverage phase's write bodies as an anonymous
client too (``_worth_sending_anonymously``). Every answer must be documented:
never a 5xx, a status code the schema lists, a content type and a body that match it; and
never a 429, which would mean the operation's own code did not run (the throttle counters
start afresh for every case).
Files (PDF, XLSX, CSV, ZIP) cannot be checked against a JSON schema; for them the status code
and the content type are checked.

The run is bounded and reproducible: a fixed number of examples per operation,
derandomized, without shrinking. Ids are replaced by ids of real objects (a small played
tournament) so that the operations also run past their 404: those of every coverage case
that is not about the id, and half of the generated ones.
"""

import json
from types import SimpleNamespace
from urllib.parse import quote

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.test.client import ClientHandler
from hypothesis import HealthCheck, Phase, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.meta import TestPhase
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests import factories as f
from tests.openapi import api_schema
from tournaments.models import AttemptCounter, AuditEntry
from tournaments.services.sealing import signing

pytestmark = pytest.mark.django_db

EXAMPLES_PER_OPERATION = 4
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def _on_a_fresh_stack_chunk(handler, environ):
    """``handler(environ)``, started near the beginning of a fresh chunk of Python's frame stack.

    Python 3.11 keeps the frames of running functions in 16 KiB chunks and frees a chunk
    as soon as the first frame in it returns (CPython issue gh-142183, mended in 3.13). At
    the depth this harness calls Django (pytest, hypothesis, schemathesis, werkzeug), the
    query compiler's loops ran across such a boundary: the kernel mapped and unmapped a
    chunk about 100 times a request, a sixth of this module's time. This function's frame
    declares an evaluation stack of 3,200 slots that it never uses, too large for a 16 KiB
    chunk, so Python gives it a chunk of 64 KiB, and the request runs in the 39 KiB left
    after it, whatever the depth of the caller. (Served by gunicorn, the same request sits
    much higher on the stack and maps no chunk.)
    """
    return handler(environ)


_on_a_fresh_stack_chunk.__code__ = _on_a_fresh_stack_chunk.__code__.replace(co_stacksize=3200)


class _InProcessApp:
    """A WSGI application around Django's test handler.

    Django's own WSGI handler closes the database connection after each request, which
    would end the test's transaction; the test client's handler keeps it open, so every
    request sees (and rolls back with) the test's data. CSRF checks are off, as for the
    test client.
    """

    def __init__(self):
        self.handler = ClientHandler(enforce_csrf_checks=False)

    def __call__(self, environ, start_response):
        environ["HTTP_HOST"] = "testserver"  # the host name the test settings allow
        response = _on_a_fresh_stack_chunk(self.handler, environ)
        headers = list(response.items())
        headers += [("Set-Cookie", morsel.OutputString()) for morsel in response.cookies.values()]
        start_response(f"{response.status_code} {response.reason_phrase}", headers)
        # Not the response itself: the server would call its close(), which sends
        # request_finished and so closes the connection the handler kept open.
        return [b"".join(response) if response.streaming else response.content]


def _load_schema():
    """The schema ``/api/schema/`` serves, generated in-process (no request, no database)."""
    loaded = schemathesis.openapi.from_dict(api_schema())
    loaded.app = _InProcessApp()
    return loaded


schema = _load_schema()


@pytest.fixture(scope="module")
def real_ids(module_db):
    """A small played tournament, a second (empty) series, a club with a season.

    Built once for the module; each test's requests (a DELETE among them) are rolled back
    after the test, so every operation meets the same rows.
    """
    club = f.make_club()
    tournament = f.make_played_tournament(players=4, series=1, rounds_per_series=1)
    series = tournament.series.first()
    table = series.tables.first()
    f.make_series(tournament)
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


# Which real object a path parameter names: ``{id}`` the path's resource, the others theirs.
OTHER_PARAMETERS = {"participant_id": "participants", "number": "games"}


def _with_real_ids(case, real_ids):
    """Replace generated ids by ids of real objects where the case is about something else.

    The coverage phase sends ids as text ("0") with every body, query and header it tries;
    those cases would all stop at the 404, so their ids always name real objects. A case
    about the id itself keeps it. Of the generated phase's ids, every other case's (by the
    parity of their sum) name real objects; the rest mostly meet the 404.
    """
    phase = case.meta.phase
    if phase.name == TestPhase.COVERAGE:
        if phase.data.parameter_location == ParameterLocation.PATH:
            return
        generated = {n: v for n, v in case.path_parameters.items() if str(v).isdigit()}
    else:
        generated = {n: v for n, v in case.path_parameters.items() if isinstance(v, int)}
        if not generated or sum(generated.values()) % 2:
            return
    resource = case.path.split("/")[3]  # /api/v1/<resource>/...
    for name, value in generated.items():
        kind = resource if name == "id" else OTHER_PARAMETERS.get(name)
        case.path_parameters[name] = real_ids.get(kind, value)


@pytest.fixture(scope="module")
def director_token(module_db):
    """The ``Authorization`` header of a tournament director's API token.

    It replaces whatever credentials schemathesis generated for the director's requests.
    """
    director = get_user_model().objects.create_user("fuzz-director", is_staff=True)
    return {"Authorization": f"Token {Token.objects.create(user=director).key}"}


FUZZ = settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


READS = {"GET", "HEAD", "OPTIONS"}


def _worth_sending_anonymously(case) -> bool:
    """Every read, and every write schemathesis generated or took from the schema's
    examples; not the write bodies of its coverage phase.

    The coverage phase adds some 75 boundary and wrong-type cases per operation, nearly all
    bodies of writes. A write without credentials is refused by its permission check before
    the body is read, so those bodies would only repeat, some 6,700 times, what the
    generated writes already check there. The writes that take no credentials at all (the
    game value) run the same code for the director's request, which gets every case.
    """
    return case.method.upper() in READS or case.meta.phase.name != TestPhase.COVERAGE


@schema.parametrize()
@FUZZ
def test_every_answer_is_documented(case, real_ids, director_token):
    _with_real_ids(case, real_ids)
    # The throttles count per address, and every case comes from the same one: past the
    # limit (10 tokens, 120 game values a minute) the rest of an operation's cases would
    # all be answered 429 without reaching its code. Wrong PINs count per player in the
    # audit trail: the signing cases try many.
    AttemptCounter.objects.all().delete()
    AuditEntry.objects.filter(action=signing.PIN_REFUSED).delete()

    if _worth_sending_anonymously(case):
        _not_throttled(case.call_and_validate(checks=CHECKS))
    _not_throttled(case.call_and_validate(checks=CHECKS, headers=director_token))


def _not_throttled(response):
    """A 429 is documented, but an operation answering it ran none of its own code."""
    assert response.status_code != 429, response.text


# Hostile values the generated cases rarely reach, sent to every operation in every place a
# value can go: digits that str.isdigit() accepts but int() does not, a lone surrogate
# (no database can store it), and a body over the size limit.
HOSTILE_TEXT = ["³", "٣", "１２", "\ud800", "a\ud800b", "x" * 600]
OVERSIZE = 3 * 1024 * 1024
FILE_TYPES = ("application/pdf", "application/vnd.openxmlformats", "text/csv", "application/zip")


def _operations():
    document = api_schema()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield pytest.param(method, path, operation, id=f"{method.upper()} {path}")


def _request_properties(operation) -> list[str]:
    """The top-level properties of the operation's JSON body (none for other bodies)."""
    content = operation.get("requestBody", {}).get("content", {})
    body = content.get("application/json", {}).get("schema", {})
    ref = body.get("$ref") or body.get("items", {}).get("$ref")
    if ref is None:
        return list(body.get("properties", {}))
    component = api_schema()["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    return list(component.get("properties", {}))


def _hostile_requests(method, path, operation, ids):
    """(label, path, query string, body) for each hostile value of ``operation``."""
    filled = path
    for name in [part[1:-1] for part in path.split("/") if part.startswith("{")]:
        kind = path.split("/")[3] if name == "id" else OTHER_PARAMETERS.get(name)
        filled = filled.replace(f"{{{name}}}", str(ids.get(kind, 1)))
    queries = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
    properties = _request_properties(operation)
    for value in HOSTILE_TEXT:
        encoded = quote(value.encode("utf-8", "surrogatepass"))
        query = "&".join(f"{name}={encoded}" for name in queries)
        body = json.dumps({name: value for name in properties} if properties else value)
        yield f"text {value[:6]!r}", filled, query, body
    for name in [part[1:-1] for part in path.split("/") if part.startswith("{")]:
        yield f"path {name}", path.replace(f"{{{name}}}", "%C2%B3"), "", "{}"
    if method != "get":
        yield "oversize body", filled, "", json.dumps({"x": "y" * OVERSIZE})


@pytest.mark.parametrize(("method", "path", "operation"), list(_operations()))
def test_hostile_values_never_make_a_server_error(
    client, method, path, operation, real_ids, director_token
):
    for label, target, query, body in _hostile_requests(method, path, operation, real_ids):
        for headers in ({}, {"HTTP_AUTHORIZATION": director_token["Authorization"]}):
            AttemptCounter.objects.all().delete()
            response = client.generic(
                method.upper(),
                f"{target}?{query}" if query else target,
                data=body,
                content_type="application/json",
                **headers,
            )
            where = f"{method.upper()} {path} ({label})"
            assert response.status_code < 500, where
            if response.status_code >= 400:
                assert response["Content-Type"] == "application/json", where
                assert response.json()["errors"][0]["code"], where
            elif response.status_code not in (204, 304):
                assert response["Content-Type"].startswith((*FILE_TYPES, "application/json"))


REAL = {"tables": 7, "games": 3}


def _case(phase, path_parameters, varies=None):
    """What ``_with_real_ids`` reads of a schemathesis case."""
    data = SimpleNamespace(parameter_location=varies)
    meta = SimpleNamespace(phase=SimpleNamespace(name=phase, data=data))
    path = "/api/v1/tables/{id}/games/{number}/"
    return SimpleNamespace(path=path, path_parameters=dict(path_parameters), meta=meta)


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        # The coverage phase sends ids as text; a case about the body must reach a real list.
        (_case(TestPhase.COVERAGE, {"id": "0", "number": "0"}, ParameterLocation.BODY), (7, 3)),
        (_case(TestPhase.COVERAGE, {"id": "0", "number": "0"}, None), (7, 3)),
        # A case about the id itself keeps the id it tests.
        (
            _case(TestPhase.COVERAGE, {"id": "AAA", "number": "0"}, ParameterLocation.PATH),
            ("AAA", "0"),
        ),
        (_case(TestPhase.COVERAGE, {"id": "0", "number": "0"}, ParameterLocation.PATH), ("0", "0")),
        # Generated ids: an even sum names real objects, an odd one is kept (mostly a 404).
        (_case(TestPhase.FUZZING, {"id": 4, "number": 2}), (7, 3)),
        (_case(TestPhase.FUZZING, {"id": 4, "number": 1}), (4, 1)),
    ],
)
def test_real_ids_replace_the_generated_ones_where_the_case_is_about_something_else(case, expected):
    _with_real_ids(case, REAL)

    assert (case.path_parameters["id"], case.path_parameters["number"]) == expected


@pytest.mark.parametrize("path", ["clubs/abc/", "tables/-1/games/", "no-such-resource/"])
def test_an_api_path_that_matches_nothing_answers_json(client, path):
    response = client.get("/api/v1/" + path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "not_found"


def test_a_page_path_that_matches_nothing_stays_a_page(client):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_each_operation_is_a_test_item_of_its_own(request):
    """pytest-xdist hands tests to its processes by node id: operations sharing one would
    be run as one (pytest 9.2 named them all ``test_every_answer_is_documented``)."""
    ids = [
        item.nodeid
        for item in request.session.items
        if item.nodeid.split("[")[0].endswith("::test_every_answer_is_documented")
    ]

    assert len(ids) == len(set(ids))
