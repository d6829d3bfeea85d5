"""Table codes: unguessable, re-issued with an audit entry, expiring, and rate-limited."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from tests import factories as f
from tournaments.models import AttemptCounter, AuditEntry, Series, Table
from tournaments.services import attempts, table_access
from tournaments.services.errors import Rejected

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
CLIENT = "192.0.2.10"


def lock(table, status=Table.Status.LOCKED):
    Table.objects.filter(pk=table.pk).update(status=status)
    table.refresh_from_db()


def refusal_code(call):
    with pytest.raises(Rejected) as refused:
        call()
    return refused.value.problems[0].code


def test_issue_code_gives_ten_unambiguous_characters():
    table = f.make_seated_table()

    code = table_access.issue_code(table)

    table.refresh_from_db()
    assert table.access_code == code
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{10}", code)


def test_issue_code_codes_differ_between_tables():
    codes = {table_access.issue_code(f.make_seated_table()) for _ in range(20)}

    assert len(codes) == 20


def test_reissue_replaces_the_old_code_and_is_audited_without_the_code():
    table = f.make_seated_table()
    user = f.make_staff_user()
    old = table_access.issue_code(table, user)

    new = table_access.issue_code(table, user)

    assert new != old
    with pytest.raises(Rejected):
        table_access.table_for_code(old, CLIENT)
    entries = list(AuditEntry.objects.filter(table=table, action__startswith="table_code"))
    assert [e.action for e in entries] == ["table_code_reissued", "table_code_issued"]
    assert entries[0].user == user
    assert all(old not in str(e.before) + str(e.after) for e in entries)
    assert all(new not in str(e.before) + str(e.after) for e in entries)


def test_ensure_code_keeps_an_existing_code():
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    assert table_access.ensure_code(table) == code


@pytest.mark.parametrize("status", [Table.Status.LOCKED, Table.Status.SIGNED])
def test_issue_code_is_refused_for_a_closed_list(status):
    table = f.make_seated_table()
    lock(table, status)

    assert refusal_code(lambda: table_access.issue_code(table)) == "table_code_expired"


@pytest.mark.parametrize(
    "typed",
    [
        lambda code: code,
        lambda code: code.lower(),
        lambda code: table_access.format_code(code),
        lambda code: f"  {code[:5]} {code[5:]} ".lower(),
    ],
)
def test_table_for_code_accepts_the_code_as_people_type_it(typed):
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    assert table_access.table_for_code(typed(code), CLIENT) == table


def test_table_for_code_reads_o_i_l_as_digits():
    table = f.make_seated_table()
    Table.objects.filter(pk=table.pk).update(access_code="0112345678")

    assert table_access.table_for_code("oIl23-45678", CLIENT) == table


@pytest.mark.parametrize("code", ["", "ABC", "ABCDE-FGHJKM", "ÄBCDE-FGHJK", None, 12345])
def test_table_for_code_refuses_what_cannot_be_a_code(code):
    f.make_seated_table()

    assert refusal_code(lambda: table_access.table_for_code(code, CLIENT)) == ("unknown_table_code")


def test_table_for_code_wrong_code_is_a_missing_table():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    wrong = ("1" if code[0] != "1" else "2") + code[1:]

    with pytest.raises(Rejected) as refused:
        table_access.table_for_code(wrong, CLIENT)

    assert refused.value.missing
    assert refused.value.problems[0].code == "unknown_table_code"


@pytest.mark.parametrize("status", [Table.Status.LOCKED, Table.Status.SIGNED])
def test_table_for_code_expires_when_the_list_is_closed(status):
    table = f.make_seated_table()
    other = f.make_table(table.series, _players(table.series.tournament))
    code = table_access.issue_code(table)
    table_access.issue_code(other)
    lock(table, status)

    with pytest.raises(Rejected) as refused:
        table_access.table_for_code(code, CLIENT)

    assert refused.value.conflict
    assert refused.value.problems[0].code == "table_code_expired"
    assert "Series" not in refused.value.problems[0].text()


def test_table_for_code_expires_when_the_series_is_finished():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    Series.objects.filter(pk=table.series_id).update(status=Series.Status.FINISHED)

    with pytest.raises(Rejected) as refused:
        table_access.table_for_code(code, CLIENT)

    assert refused.value.problems[0].code == "table_code_expired"
    assert "Series" in refused.value.problems[0].text()


def test_table_for_code_expires_when_every_table_of_the_series_is_locked():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    Table.objects.filter(series=table.series).update(status=Table.Status.LOCKED)
    table.refresh_from_db()

    with pytest.raises(Rejected) as refused:
        table_access.ensure_code_usable(table)

    assert refused.value.problems[0].code == "table_code_expired"
    assert "Series" in refused.value.problems[0].text()
    assert refusal_code(lambda: table_access.table_for_code(code, CLIENT)) == ("table_code_expired")


def test_a_complete_open_list_still_opens_for_signing():
    table = f.play_out(f.make_seated_table())
    code = table_access.issue_code(table)

    assert table_access.table_for_code(code, CLIENT) == table


def _players(tournament):
    return f.make_participants(tournament, 3)


def _fail(times, client=CLIENT):
    for _ in range(times):
        with pytest.raises(Rejected):
            table_access.table_for_code("ZZZZZ-ZZZZZ", client)


def test_wrong_codes_block_further_wrong_codes_after_the_limit():
    f.make_seated_table()
    _fail(table_access.MAX_FAILURES)

    with pytest.raises(table_access.TooManyAttempts) as blocked:
        table_access.table_for_code("ZZZZZ-ZZZZY", CLIENT)

    assert 0 < blocked.value.retry_after <= table_access.FAILURE_WINDOW_SECONDS
    problem = blocked.value.problems[0]
    assert problem.code == "too_many_attempts"
    assert problem.params["minutes"] == 10


def test_the_right_code_opens_even_from_a_blocked_address():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    _fail(table_access.MAX_FAILURES + 5)

    assert table_access.table_for_code(code, CLIENT) == table
    assert table_access.code_opens(table, code, CLIENT)


def test_wrong_codes_below_the_limit_do_not_block():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    _fail(table_access.MAX_FAILURES - 1)

    assert table_access.table_for_code(code, CLIENT) == table


def test_a_blocked_client_does_not_block_others():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    _fail(table_access.MAX_FAILURES)

    assert table_access.table_for_code(code, "198.51.100.7") == table


def test_the_block_ends_with_the_window(monkeypatch):
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    now = [timezone.now()]
    monkeypatch.setattr(attempts.timezone, "now", lambda: now[0])
    _fail(table_access.MAX_FAILURES)
    assert table_access.retry_after(CLIENT) == table_access.FAILURE_WINDOW_SECONDS

    now[0] += timedelta(seconds=table_access.FAILURE_WINDOW_SECONDS + 1)

    assert table_access.retry_after(CLIENT) == 0
    with pytest.raises(Rejected) as refused:
        table_access.table_for_code("ZZZZZ-ZZZZZ", CLIENT)
    assert refused.value.problems[0].code == "unknown_table_code"
    assert table_access.table_for_code(code, CLIENT) == table


def test_an_expired_code_is_not_counted_as_a_wrong_one():
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    lock(table)

    for _ in range(table_access.MAX_FAILURES + 2):
        with pytest.raises(Rejected):
            table_access.table_for_code(code, CLIENT)

    assert table_access.retry_after(CLIENT) == 0


def test_code_opens_only_its_own_table_and_counts_failures():
    first, second = f.make_seated_table(), f.make_seated_table()
    code = table_access.issue_code(first)
    table_access.issue_code(second)

    assert table_access.code_opens(first, code.lower(), CLIENT)
    assert not table_access.code_opens(second, code, CLIENT)
    assert not table_access.code_opens(first, "", CLIENT)
    assert table_access.retry_after(CLIENT) == 0
    for _ in range(table_access.MAX_FAILURES - 2):
        table_access.code_opens(second, code, CLIENT)
    with pytest.raises(table_access.TooManyAttempts):
        table_access.code_opens(second, code, CLIENT)
    assert table_access.code_opens(first, code, CLIENT)


def test_code_opens_nothing_for_a_table_without_code():
    table = f.make_seated_table()

    assert not table_access.code_opens(table, "", CLIENT)


def test_grant_tag_changes_when_the_code_is_reissued():
    table = f.make_seated_table()
    table_access.issue_code(table)
    tag = table_access.grant_tag(table)
    assert table_access.tag_matches(table, tag)

    table_access.issue_code(table)
    table.refresh_from_db()

    assert not table_access.tag_matches(table, tag)


@given(st.text(alphabet=table_access.ALPHABET, min_size=10, max_size=10))
def test_normalize_code_reads_back_every_shown_code(code):
    assert table_access.normalize_code(table_access.format_code(code)) == code
    assert table_access.normalize_code(table_access.format_code(code).lower()) == code


def test_sustained_guessing_is_logged_and_audited_once(caplog):
    _fail(table_access.MAX_FAILURES - 1)
    assert not AuditEntry.objects.filter(action=table_access.GUESSING).exists()

    with caplog.at_level("WARNING", logger="tournaments.services.table_access"):
        _fail(1)
        with pytest.raises(table_access.TooManyAttempts):
            table_access.table_for_code("ZZZZZ-ZZZZZ", CLIENT)

    entries = list(AuditEntry.objects.filter(action=table_access.GUESSING))
    assert [(e.after["address"], e.table) for e in entries] == [(CLIENT, None)]
    assert [r.getMessage() for r in caplog.records] == [
        f"30 wrong table codes from {CLIENT} within 10 minutes: further wrong codes are refused."
    ]


def test_blocked_addresses_lists_only_blocked_ones():
    _fail(table_access.MAX_FAILURES)
    _fail(3, client="198.51.100.7")

    blocked = table_access.blocked_addresses()

    assert [(b["address"], b["failures"]) for b in blocked] == [(CLIENT, 30)]
    assert 0 < blocked[0]["retry_after"] <= table_access.FAILURE_WINDOW_SECONDS


def test_lift_block_lets_the_address_try_again_and_is_audited():
    user = f.make_staff_user()
    _fail(table_access.MAX_FAILURES)

    assert table_access.lift_block(CLIENT, user)

    assert table_access.retry_after(CLIENT) == 0
    assert table_access.blocked_addresses() == []
    entry = AuditEntry.objects.get(action=table_access.BLOCK_LIFTED)
    assert (entry.user, entry.after) == (user, {"address": CLIENT})
    assert not table_access.lift_block(CLIENT, user)


def test_wrong_codes_are_counted_where_every_worker_sees_them():
    _fail(table_access.MAX_FAILURES)

    stored = AttemptCounter.objects.get(key=CLIENT)

    assert (stored.scope, stored.count) == ("table-code", table_access.MAX_FAILURES)
