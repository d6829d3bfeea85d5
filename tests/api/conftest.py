"""What the API tests share: the address, a JSON request, the first error of an answer.

Import the helpers (``from tests.api.conftest import API, send, first_error``); a module
that reads the answers' English words asks for the ``english`` fixture (tests/conftest.py).
"""

import json

API = "/api/v1/"


def send(client, method, path, body=None, headers=None, **extra):
    """A request to ``/api/v1/<path>`` with ``body`` as JSON (none without one).

    ``headers`` are HTTP headers by name (``{"Authorization": …}``), ``extra`` WSGI
    variables (``HTTP_X_TABLE_CODE=…``).
    """
    if body is None:
        return getattr(client, method)(API + path, headers=headers, **extra)
    return getattr(client, method)(
        API + path,
        data=json.dumps(body),
        content_type="application/json",
        headers=headers,
        **extra,
    )


def post(client, path, body=None, **headers):
    """A POST with ``body`` (an empty object without one), ``headers`` by name."""
    return send(client, "post", path, {} if body is None else body, headers=headers)


def post_game(client, table, body, *, code=None, key=None):
    """POST ``body`` to the table's games, with its table code and ``Idempotency-Key``
    when given."""
    extra = {}
    if code is not None:
        extra["HTTP_X_TABLE_CODE"] = code
    if key is not None:
        extra["HTTP_IDEMPOTENCY_KEY"] = key
    return send(client, "post", f"tables/{table.id}/games/", body, **extra)


def first_error(response):
    """(status, field, code) of the answer's first error."""
    error = response.json()["errors"][0]
    return response.status_code, error["field"], error["code"]


def created_id(client, path, body):
    """The id of what ``POST path`` with ``body`` created (refused: the test fails here)."""
    response = send(client, "post", path, body)
    assert response.status_code == 201, response.json()
    return response.json()["id"]
