"""Every attempt limit holds exactly when 40 requests arrive at the same moment.

Real threads with their own database connections, released together by a barrier, on
the database the suite runs on (SQLite with immediate transactions, PostgreSQL with row
locks). A counter that is read, changed and written back lets most of them through; the
shared counters (services/attempts.py) let exactly the limit through.
"""

import json
from collections import Counter

import pytest
from django.test import Client

from tests import factories as f
from tournaments.api.throttles import AddressRateThrottle
from tournaments.services import login_limits, table_access
from tournaments.services.errors import Rejected
from tournaments.services.sealing import signing

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 40
HALL = "192.0.2.77"


def at_once(call):
    """Run ``call(index)`` in :data:`THREADS` threads released together; their results."""
    return f.run_together(THREADS, call)


def test_wrong_table_codes_at_once_are_refused_after_exactly_the_limit():
    table = f.make_seated_table()
    table_access.issue_code(table)

    def post(index):
        response = Client().post(
            f"/api/v1/tables/{table.id}/games/",
            data=json.dumps({"passed": True}),
            content_type="application/json",
            HTTP_X_TABLE_CODE=f"ZZZZZ-ZZZ{index:02d}",
            REMOTE_ADDR=HALL,
        )
        return response.status_code

    statuses = Counter(at_once(post))

    assert statuses == {403: table_access.MAX_FAILURES, 429: THREADS - table_access.MAX_FAILURES}


@pytest.mark.parametrize(
    ("path", "body", "limit"),
    [
        ("/api/v1/game-value/", {"game": "grand", "matadors": 1, "won": True}, 30),
        ("/api/v1/auth/token/", {"password": "falsch"}, 10),
    ],
)
def test_api_throttles_at_once_let_exactly_the_rate_through(monkeypatch, path, body, limit):
    monkeypatch.setattr(
        AddressRateThrottle, "THROTTLE_RATES", {"game-value": "30/min", "token": "10/min"}
    )
    monkeypatch.setattr(login_limits, "address_wait", lambda address: 0)  # the token's alone

    def post(index):
        data = json.dumps({**body, "username": f"gast{index}"} if "password" in body else body)
        response = Client().post(path, data=data, content_type="application/json", REMOTE_ADDR=HALL)
        return response.status_code == 429

    throttled = Counter(at_once(post))

    assert throttled == {False: limit, True: THREADS - limit}


def test_wrong_logins_from_one_address_at_once_stop_at_exactly_the_burst_of_failures():
    def post(index):
        response = Client().post(
            "/anmelden/",
            {"username": f"gast{index}", "password": "falsch"},
            REMOTE_ADDR=HALL,
        )
        return response.status_code

    statuses = Counter(at_once(post))

    limit = login_limits.FAILURE_BURST
    assert statuses == {200: limit, 429: THREADS - limit}


def test_wrong_pins_at_once_stop_at_exactly_the_limit():
    table = f.make_complete_table(players=4, rounds_per_series=1)
    holder = table.seats.get(number=1).participant
    wrong = "0000" if holder.pin != "0000" else "1111"

    def sign(index):
        try:
            signing.sign_list(table, 1, participant=holder.id, pin=wrong)
        except Rejected as refused:
            return refused.problems[0].code
        return "signed"

    codes = Counter(at_once(sign))

    limit = signing.PIN_ATTEMPTS
    assert codes == {"pin_mismatch": limit, "too_many_pin_attempts": THREADS - limit}
