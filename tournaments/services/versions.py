"""The tournament version: one counter bumped by every change a public page can show.

Live rankings, their ETags and the ranking cache are keyed by it (see
``tournaments/web/conditional.py``), so a phone that polls learns "nothing changed" from
one primary-key read instead of a ranking.

The ONE place that bumps it is the set of ``post_save``/``post_delete`` receivers below:
whatever changes a game, a list, a seat, a table, a series, a participant or a team — a
service, the admin or a management command — bumps the counter of its tournament in the
same transaction, so a version is never visible before the change it stands for. The few
bulk writes, which send no signals, call :func:`touch_tournament` themselves.

Readers must take the version *before* they read the data they key by it: a change that
commits in between then leaves fresher data under the older key, never older data under
the newer one.

Beside the counter, the *roster stamp* (:attr:`TournamentVersion.roster`) changes with
every change of who plays and what they are called — a participant, a player, a club, a
team or a seat — but not with a game, a list, a signature or a series' state. The rankings
keep the people they read under it (:mod:`.roster_cache`), so the ranking after a game
sums the games and reads the names only when they may have changed. Bulk steps count as
roster changes: a bulk insert of seats or participants runs inside
:func:`one_change_for` or calls :func:`touch_tournament` in its transaction, so the new
stamp and the new rows become visible together.
"""

import threading
from contextlib import contextmanager

from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from tournaments.models import (
    Club,
    Game,
    ListDifference,
    Participant,
    Player,
    Seat,
    Series,
    Signature,
    SummaryEntry,
    Table,
    Team,
    Tournament,
    TournamentVersion,
)
from tournaments.models.versions import new_roster_stamp

from .prepared_reads import PreparedRead
from .row_writes import update_row

_deferred = threading.local()


@contextmanager
def one_change_for(tournament_id: int):
    """Count everything done inside as one change of ``tournament_id``.

    A bulk step (the draw deletes and creates every table and seat of a series) would
    otherwise bump the counter once per row, each with its own queries; the rankings only
    need to know that something changed.
    """
    previous = getattr(_deferred, "active", False)
    _deferred.active = True
    try:
        yield
    finally:
        _deferred.active = previous
    touch_tournament(tournament_id)


def touch_tournament(tournament_id: int | None, *, roster: bool = True) -> None:
    """Count one change of the tournament; creates its counter on the first change.

    ``roster``: the change may concern who plays or their names, so the roster stamp
    changes too (the safe default; only the receivers of games, lists, signatures and
    states say otherwise)."""
    if tournament_id is None or getattr(_deferred, "active", False):
        return
    change = {"changed_at": timezone.now()}
    if roster:
        change["roster"] = new_roster_stamp()
    where = {"tournament_id": tournament_id}
    # Every game entered bumps it: an UPDATE whose SQL is made once (row_writes).
    if not update_row(TournamentVersion, where, change, counted=("version",)):
        TournamentVersion.objects.bulk_create(
            [TournamentVersion(tournament_id=tournament_id)], ignore_conflicts=True
        )
        update_row(TournamentVersion, where, change, counted=("version",))


def tournament_version(tournament_id: int) -> tuple[int, object]:
    """(version, changed_at) of a tournament; (0, None) before its first change."""
    found = TournamentVersion.objects.filter(pk=tournament_id).values_list("version", "changed_at")
    return next(iter(found), (0, None))


def current_number(tournament_id: int) -> int:
    """The version of a tournament (0 before its first change), in a query compiled once
    per process: a table device's every save reads it for its answer's state."""
    found = _VERSION.first(tournament_id)
    return found[0] if found is not None else 0


def _version_of(tournament_id):
    return TournamentVersion.objects.filter(pk=tournament_id).values_list("version")[:1]


_VERSION = PreparedRead(_version_of)


def current_version(tournament_id: int) -> tuple[int, object] | None:
    """Like :func:`tournament_version`, but None for a tournament that does not exist.

    A tournament that has not changed since the counters were introduced gets its counter
    here, so its pages can be answered with "not modified" too.
    """
    found = tournament_version(tournament_id)
    if found[1] is None:
        if not Tournament.objects.filter(pk=tournament_id).exists():
            return None
        touch_tournament(tournament_id)
        found = tournament_version(tournament_id)
    return found


def _tournament_of(instance) -> int | None:
    if isinstance(instance, Tournament):
        return instance.pk
    if getattr(instance, "tournament_id", None) is not None:
        return instance.tournament_id
    series_id = getattr(instance, "series_id", None)
    if series_id is not None:
        cached = instance._state.fields_cache.get("series")
        if cached is not None:
            return cached.tournament_id
        return Series.objects.filter(pk=series_id).values_list("tournament_id", flat=True).first()
    table = instance._state.fields_cache.get("table")
    if table is not None and "series" in table._state.fields_cache:
        return table.series.tournament_id
    table_id = getattr(instance, "table_id", None)
    if table_id is not None:
        return (
            Table.objects.filter(pk=table_id)
            .values_list("series__tournament_id", flat=True)
            .first()
        )
    return None


def _changed(sender, instance, **kwargs):
    if getattr(_deferred, "active", False):
        return  # counted once at the end of the bulk step (no lookup of the tournament)
    touch_tournament(_tournament_of(instance), roster=sender in ROSTER)


def _player_changed(sender, instance, created=False, **kwargs):
    """A renamed player changes every ranking they appear in (a new one appears in none)."""
    if created:
        return
    _touch_all(Participant.objects.filter(player=instance))


def _club_changed(sender, instance, created=False, **kwargs):
    """A renamed club changes every ranking its players appear in (a new one has none)."""
    if created:
        return
    _touch_all(Participant.objects.filter(player__club=instance))


def _touch_all(participants) -> None:
    for tournament_id in participants.order_by().values_list("tournament_id", flat=True).distinct():
        touch_tournament(tournament_id)


def _tournament_deleted(sender, instance, **kwargs):
    TournamentVersion.objects.filter(pk=instance.pk).delete()


# A difference between a table's two lists shows on no public page, but an open table
# device polls the same version for its list's state (web/table/state.py). List B's own
# games do not count: list B's device learns them from its answers, and list A's device
# from the difference they make.
WATCHED = (
    Tournament,
    Series,
    Table,
    Seat,
    Game,
    ListDifference,
    SummaryEntry,
    Signature,
    Participant,
    Team,
)
# Of those, the ones whose change may change who plays or their names: the roster stamp.
ROSTER = (Seat, Participant, Team)


def connect() -> None:
    """Called once from the app's ``ready()``."""
    for model in WATCHED:
        uid = f"tournament-version-{model.__name__}"
        post_save.connect(_changed, sender=model, dispatch_uid=uid + "-save")
        if model is not Tournament:
            post_delete.connect(_changed, sender=model, dispatch_uid=uid + "-delete")
    post_save.connect(_player_changed, sender=Player, dispatch_uid="tournament-version-player")
    post_save.connect(_club_changed, sender=Club, dispatch_uid="tournament-version-club")
    post_delete.connect(
        _tournament_deleted, sender=Tournament, dispatch_uid="tournament-version-deleted"
    )
