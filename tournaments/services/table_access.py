"""Table codes (Tischcode): one device at the table keeps one list without an account.

Players should not need logins, yet a list must not be writable by anyone who knows a
table's number. So every table gets a short random code (printed on the table plan, also
as a QR code); whoever types or scans it may keep that table's list while it is open.

- A code is 10 characters of Crockford's base32 (50 random bits from :mod:`secrets`),
  shown as ``XXXXX-XXXXX``. Input is case-insensitive; blanks and dashes are ignored, and
  the letters O, I and L are read as 0, 1, 1, so a misread code still works.
- Re-issuing a code replaces the old one: devices that used the old code lose access.
- Where a tournament keeps two lists per table (docs/rules.md 4), a table has a second
  code for the second keeper's device: it opens the same table but keeps list B
  (:data:`LIST_B`). Every function that checks a code says which list it opens.
- A code only opens an open list of a series that is not finished ("expired" otherwise).
- The 50 random bits are the protection, not a lockout: a correct code always opens its
  table, whatever other devices typed. At a venue every phone shares the hall router's
  address, so a block per address would lock honest tables out. Wrong codes are counted
  per client address (:mod:`.client_address`) in the database (:mod:`.attempts`), so every
  server process sees the same count and concurrent guesses never slip past it; after
  :data:`MAX_FAILURES` wrong codes within :data:`FAILURE_WINDOW_SECONDS` further *wrong*
  codes from that address are answered with :class:`TooManyAttempts`, the guessing is
  logged and put in the audit trail, and
  the director can see and lift the block (:func:`blocked_addresses`, :func:`lift_block`).

The code itself never goes into the audit trail, which is public; only that it changed.
"""

import ipaddress
import logging
import math
import secrets

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext_noop

from tournaments.models import AuditEntry, Series, Table
from tournaments.skat import Problem

from . import attempts, audit, client_address
from .errors import Refusal, Rejected
from .seating import lock_table

ONE_LIST_ONLY = Refusal(
    "list",
    "one_list_only",
    gettext_noop(
        "Table %(table)d keeps one list: this tournament has no second list. The "
        "tournament director sets two lists per table in the tournament's settings."
    ),
    conflict=True,
)
CODE_EXPIRED_WITH_SERIES = Refusal(
    None,
    "table_code_expired",
    gettext_noop(
        "Series %(series)d is finished, so the code of table %(table)d has expired. "
        "The lists can still be read on the ranking pages."
    ),
    conflict=True,
)
CODE_EXPIRED_WITH_LIST = Refusal(
    None,
    "table_code_expired",
    gettext_noop(
        "The list of table %(table)d is %(status)s, so its code has expired. Only the "
        "tournament director can change it now."
    ),
    conflict=True,
)
UNKNOWN_TABLE_CODE = Refusal(
    "code",
    "unknown_table_code",
    gettext_noop(
        'No table has the code "%(typed)s". Check the code on the table card: ten '
        "letters and digits, e.g. 7K3QD-M9XTB."
    ),
    missing=True,
)


ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32: no I, L, O, U
CODE_LENGTH = 10  # 10 × 5 bits = 50 bits
GROUP_LENGTH = 5
# A hall of 100 tables mistyping now and then stays far below 30 wrong codes in 10 minutes
# from its one shared address; a script trying codes reaches it in seconds.
MAX_FAILURES = 30
FAILURE_WINDOW_SECONDS = 10 * 60
GUESSING = "table_code_guessing"
BLOCK_LIFTED = "table_code_block_lifted"
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_IGNORED = " -_\t\u2010\u2011\u2012\u2013\u2014\u2212"
_SCOPE = "table-code"
logger = logging.getLogger(__name__)
_TAG_SALT = "tournaments.table_access.grant"
LIST_A = "A"
LIST_B = "B"
LISTS = (LIST_A, LIST_B)
_CODE_FIELD = {LIST_A: "access_code", LIST_B: "second_code"}
# The audit trail's words for a first and a new code of each list.
CODE_ACTIONS = {
    LIST_A: ("table_code_issued", "table_code_reissued"),
    LIST_B: ("second_code_issued", "second_code_reissued"),
}


class TooManyAttempts(Rejected):
    """Too many wrong codes from one client; ``retry_after`` seconds until the next try."""

    def __init__(self, retry_after: int):
        self.retry_after = max(1, int(retry_after))
        minutes = max(1, math.ceil(self.retry_after / 60))
        problem = Problem(
            "code",
            "too_many_attempts",
            gettext_noop(
                "Too many wrong table codes from this device. Please try again in %(minutes)d "
                "minutes, or ask the tournament director for the code."
            ),
            {"minutes": minutes},
        )
        super().__init__([problem])


def new_code() -> str:
    """A fresh random code, normalised (10 characters of :data:`ALPHABET`)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def unused_codes(count: int) -> list[str]:
    """``count`` fresh codes, different from each other and from every stored code.

    For the draw, which gives all tables of a series their codes at once.
    """
    while True:
        codes = {new_code() for _ in range(count)}
        taken = Table.objects.filter(Q(access_code__in=codes) | Q(second_code__in=codes)).exists()
        if len(codes) == count and not taken:  # pragma: no branch - a clash is 2**-50 likely
            return sorted(codes)


def normalize_code(text) -> str | None:
    """The stored form of a typed or scanned code, or None if it cannot be one."""
    if not isinstance(text, str):
        return None
    cleaned = "".join(ch for ch in text if ch not in _IGNORED).upper().translate(_READ_AS)
    if len(cleaned) != CODE_LENGTH or any(ch not in ALPHABET for ch in cleaned):
        return None
    return cleaned


def format_code(code: str) -> str:
    """``ABCDE12345`` as players read it: ``ABCDE-12345``."""
    return "-".join(code[i : i + GROUP_LENGTH] for i in range(0, len(code), GROUP_LENGTH))


@transaction.atomic
def issue_code(table: Table, user=None, *, actor="", kept_list=LIST_A) -> str:
    """Give ``table`` a new code for ``kept_list`` (replacing any old one) and return it,
    normalised. List B's code needs a tournament that keeps two lists per table."""
    given, table = table, lock_table(table)
    ensure_code_usable(table, field="table")
    if kept_list == LIST_B and not table.series.tournament.two_lists:
        raise ONE_LIST_ONLY.rejected(table=table.number)
    field = _CODE_FIELD[kept_list]
    previous = getattr(table, field)
    for _attempt in range(5):
        code = new_code()
        if Table.objects.filter(Q(access_code=code) | Q(second_code=code)).exists():
            continue  # pragma: no cover - a clash is 2**-50 likely
        try:
            with transaction.atomic():
                Table.objects.filter(pk=table.pk).update(**{field: code})
        except IntegrityError:  # another table drew the same code: draw again
            continue
        break
    else:  # pragma: no cover - 5 collisions in a space of 2**50 codes
        raise RuntimeError("could not draw a unique table code")
    setattr(table, field, code)
    setattr(given, field, code)
    issued, reissued = CODE_ACTIONS[kept_list]
    audit.record(
        reissued if previous else issued,
        user=user,
        actor=actor,
        table=table,
        before={"code": "replaced"} if previous else None,
        after={"code": "issued"},
    )
    return code


def code_of(table: Table, kept_list=LIST_A) -> str | None:
    """The code of ``kept_list`` of ``table``, None before one was issued."""
    return getattr(table, _CODE_FIELD[kept_list])


def ensure_code(table: Table, user=None, *, actor="", kept_list=LIST_A) -> str:
    """The table's code for ``kept_list``, issued now if it has none yet (for table plans
    and the director)."""
    code = getattr(table, _CODE_FIELD[kept_list])
    return code or issue_code(table, user, actor=actor, kept_list=kept_list)


def ensure_code_usable(table: Table, *, field="code") -> None:
    """Refuse when a code can no longer open ``table``: its series or its list is closed."""
    series = table.series
    # A series whose lists are all locked is over; an open or signed list of its own shows
    # that this one is not, without asking for the others.
    finished = series.status == Series.Status.FINISHED or (
        table.status == Table.Status.LOCKED
        and not series.tables.exclude(status=Table.Status.LOCKED).exists()
    )
    if finished:
        raise CODE_EXPIRED_WITH_SERIES.rejected(field, series=series.number, table=table.number)
    if table.status != Table.Status.OPEN:
        raise CODE_EXPIRED_WITH_LIST.rejected(
            field, table=table.number, status=table.get_status_display()
        )


def table_for_code(code, client: str) -> Table:
    """The table that ``code`` opens, for the device at address ``client``.

    Raises :class:`Rejected` for a wrong code (counted as a failed attempt; while the
    client is blocked as :class:`TooManyAttempts`) or an expired one (not counted). The
    right code is never refused because of wrong ones. Which list the code keeps:
    :func:`list_of_code`.
    """
    normalized = normalize_code(code)
    table = None
    if normalized is not None:
        table = (
            Table.objects.select_related("series__tournament")
            .filter(Q(access_code=normalized) | Q(second_code=normalized))
            .first()
        )
    if table is None or list_of_code(table, normalized) is None:
        _count_wrong_code(client)
        raise UNKNOWN_TABLE_CODE.rejected(typed=code[:40] if isinstance(code, str) else "")
    ensure_code_usable(table)
    return table


def list_of_code(table: Table, code) -> str | None:
    """Which list of ``table`` the (normalised) ``code`` keeps: :data:`LIST_A`,
    :data:`LIST_B` (only while the tournament keeps two lists) or None; compared in
    constant time."""
    code = code or ""
    if table.access_code and constant_time_compare(table.access_code, code):
        return LIST_A
    two = table.series.tournament.two_lists
    if two and table.second_code and constant_time_compare(table.second_code, code):
        return LIST_B
    return None


def code_opens(table: Table, code, client: str) -> str | None:
    """Which list of ``table`` ``code`` keeps ("A", "B"), or None; counts failures.

    For requests that name the table themselves (the API's ``X-Table-Code`` header), so
    the comparison does not go through a database lookup by code. Raises
    :class:`TooManyAttempts` instead of returning None while the client is blocked.
    """
    kept_list = list_of_code(table, normalize_code(code))
    if kept_list is None:
        _count_wrong_code(client)
    return kept_list


def grant_tag(table: Table, kept_list=LIST_A) -> str:
    """A keyed fingerprint of the code of ``kept_list``, kept in the device's session.

    Not the code itself, and it changes when the code is re-issued, which revokes every
    device that opened the table with the old code.
    """
    code = getattr(table, _CODE_FIELD[kept_list]) or ""
    suffix = "" if kept_list == LIST_A else f":{kept_list}"
    return salted_hmac(_TAG_SALT, f"{table.pk}:{code}{suffix}").hexdigest()


def tag_matches(table: Table, tag) -> str | None:
    """Which list a device holding ``tag`` keeps ("A", "B"), or None if the tag is stale."""
    for kept_list in LISTS:
        if kept_list == LIST_B and not table.series.tournament.two_lists:
            continue
        if getattr(table, _CODE_FIELD[kept_list]) and constant_time_compare(
            str(tag), grant_tag(table, kept_list)
        ):
            return kept_list
    return None


def device_actor(table: Table, kept_list=LIST_A) -> str:
    """Who acted, for the audit trail, when a device with a table code changes a list
    ("table code T3", list B's device "table code T3 B")."""
    suffix = "" if kept_list == LIST_A else f" {kept_list}"
    return f"{audit.DEVICE_ACTOR_PREFIX}T{table.number}{suffix}"


def retry_after(client: str) -> int:
    """Seconds until ``client`` may try a code again; 0 if it is not blocked."""
    return attempts.blocked_for(_SCOPE, client, limit=MAX_FAILURES, window=FAILURE_WINDOW_SECONDS)


def blocked_addresses() -> list[dict]:
    """The addresses whose wrong codes are refused now, most recent block first.

    Each as ``{"address", "failures", "retry_after"}`` (seconds), for the director's page.
    """
    blocked = [
        {"address": address, "failures": count, "retry_after": wait}
        for address, count, wait in attempts.over_limit(
            _SCOPE, limit=MAX_FAILURES, window=FAILURE_WINDOW_SECONDS
        )
    ]
    return sorted(blocked, key=lambda entry: -entry["retry_after"])


def lift_block(client: str, user=None) -> bool:
    """Forget the wrong codes of ``client`` (the director's "Sperre aufheben").

    Returns whether the address was blocked; the lifting is in the audit trail.
    """
    if not _is_address(client):
        return False  # nothing is ever counted under it
    was_blocked = retry_after(client) > 0
    attempts.forget(_SCOPE, client)
    if was_blocked:
        audit.record(BLOCK_LIFTED, user=user, obj=f"address {client}", after={"address": client})
    return was_blocked


def _is_address(text: str) -> bool:
    """An IP address, or the word wrong codes without a known address are counted under."""
    if text == client_address.UNKNOWN:
        return True
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _count_wrong_code(client: str) -> None:
    """Count one wrong code; refuse it as "too many" once the client is over the limit."""
    attempt = attempts.hit(_SCOPE, client, limit=MAX_FAILURES, window=FAILURE_WINDOW_SECONDS)
    if not attempt.allowed:
        raise TooManyAttempts(attempt.retry_after)
    if attempt.count == MAX_FAILURES:
        _report_guessing(client)


def _report_guessing(client: str) -> None:
    logger.warning(
        "%d wrong table codes from %s within %d minutes: further wrong codes are refused.",
        MAX_FAILURES,
        client,
        FAILURE_WINDOW_SECONDS // 60,
    )
    audit.record(
        GUESSING,
        actor=f"address {client}",
        obj=f"address {client}",
        after={"address": client, "failures": MAX_FAILURES},
    )


def guessing_history(limit: int = 20):
    """The latest blocks and lifted blocks from the audit trail, newest first."""
    entries = AuditEntry.objects.filter(action__in=(GUESSING, BLOCK_LIFTED))
    return list(entries.select_related("user").order_by("-created_at", "-id")[:limit])
