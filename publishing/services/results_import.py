"""Importing results documents into a server that may hold other clubs and tournaments
(``manage.py import_results``; docs/results-format.md, "Importing documents").

A document is checked against the schema, its seals against its club's public keys, and
then built through the core's entry path (:mod:`.import_lists`); at the end the document
this server now writes for the tournament must say what the imported one said — every
game's values and list points as the rules give them, and the rankings — or nothing is
kept. Idempotent by the document's id and version: the same version again changes
nothing, a newer one replaces the tournament (under the same id), an older one is
refused.
"""

import datetime
import json
from contextlib import ExitStack
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_noop

from publishing.models import ClubIdentity, ImportedSeal, TournamentIdentity
from tournaments.models import (
    AuditEntry,
    Club,
    Player,
    Table,
    Tournament,
    TournamentVersion,
    changes_allowed,
)
from tournaments.services import versions
from tournaments.services.errors import Refusal

from . import club_keys, import_checks, import_lists, results_document, schema, table_seals

BREAKS_SCHEMA = Refusal(
    None, "document_invalid", gettext_noop("The document does not fit skat-results/1: %(reason)s")
)
KEPT_HERE = Refusal(
    "id",
    "tournament_kept_here",
    gettext_noop("This tournament is kept on this server; it cannot be imported over itself."),
    conflict=True,
)
OLDER_VERSION = Refusal(
    "version",
    "version_older",
    gettext_noop(
        "Version %(version)d is older than version %(kept)d imported before; nothing changed."
    ),
    conflict=True,
)
SEAL_INVALID = Refusal(
    None,
    "seal_invalid",
    gettext_noop("The seal of table %(table)d of series %(series)d does not fit the list."),
)
DISAGREES = Refusal(
    None,
    "document_disagrees",
    gettext_noop(
        "The document says %(given)s, but the rules give %(found)s here; a changed "
        "document is not imported."
    ),
)
CLUB_NAME_TAKEN = Refusal(
    "club",
    "club_name_taken",
    gettext_noop("Another club named %(name)s is kept on this server."),
    conflict=True,
)
INCONSISTENT = Refusal(
    "series",
    "document_inconsistent",
    gettext_noop("The document's lists do not fit together: %(reason)s"),
)
# What the document this server writes after the import must repeat exactly.
COMPARED = ("tournament", "series", "rankings")


@dataclass(frozen=True)
class ImportOutcome:
    """``status``: "created", "unchanged" or "replaced"; ``tournament``: its id here."""

    status: str
    tournament: int
    version: int


def import_document(document) -> ImportOutcome:
    """Import one results document; raises :class:`Rejected` naming the field."""
    problems = schema.schema_problems(document)
    if problems:
        path, reason = problems[0]
        raise BREAKS_SCHEMA.rejected(path, reason=reason)
    import_checks.ensure_consistent(document)
    _ensure_seals_valid(document)
    with transaction.atomic():
        identity = (
            TournamentIdentity.objects.select_for_update().filter(uuid=document["id"]).first()
        )
        status, kept_id, kept_version = "created", None, 0
        if identity is not None:
            kept = identity.imported_version
            if kept is None:
                raise KEPT_HERE.rejected()
            if document["version"] == kept:
                return ImportOutcome("unchanged", identity.tournament_id, kept)
            if document["version"] < kept:
                raise OLDER_VERSION.rejected(version=document["version"], kept=kept)
            corrected = identity.corrected_at
            if identity.tournament.status == Tournament.Status.FINISHED:
                corrected = timezone.now()
            # The newer version is built under the same id, so the addresses of its pages
            # stay; its change counter goes on above the old one, so nothing cached under
            # an old version is taken for the new one.
            kept_id = identity.tournament_id
            kept_version = versions.tournament_version(kept_id)[0]
            _delete_imported(identity.tournament)
            status = "replaced"
        else:
            corrected = None
        try:
            with transaction.atomic():
                tournament = _create_tournament(document, corrected, kept_id)
                if kept_id is not None:
                    TournamentVersion.objects.filter(pk=kept_id).update(
                        version=F("version") + kept_version + 1
                    )
        except IntegrityError as error:
            raise INCONSISTENT.rejected(reason=str(error)) from None
        _ensure_same(document, results_document.results_document(tournament))
    return ImportOutcome(status, tournament.pk, document["version"])


def _ensure_seals_valid(document: dict) -> None:
    for s, series in enumerate(document["series"]):
        for t, table in enumerate(series["tables"]):
            if table["seal"] is not None and not table_seals.document_seal_valid(document, table):
                raise SEAL_INVALID.rejected(
                    f"series/{s}/tables/{t}/seal", table=table["number"], series=series["number"]
                )


def _create_tournament(document: dict, corrected_at=None, pk=None) -> Tournament:
    facts = document["tournament"]
    tournament = Tournament.objects.create(
        pk=pk,
        club=_organising_club(document["club"]),
        name=facts["name"],
        date=datetime.date.fromisoformat(facts["date"]),
        venue=facts["place"],
        rounds_per_series=facts["rounds_per_series"],
        planned_series=facts["planned_series"],
        extra_points=facts["extra_points"],
        lists_per_table=facts["lists_per_table"],
        team_size=facts["team_size"],
    )
    TournamentIdentity.objects.create(
        tournament=tournament,
        uuid=document["id"],
        imported_version=document["version"],
        imported_at=timezone.now(),
        corrected_at=corrected_at,
    )
    refs = import_lists.create_people(tournament, document)
    import_lists.create_lists(tournament, document, refs)
    import_lists.set_status(tournament, facts["status"])
    versions.touch_tournament(tournament.pk)
    _keep_imported_seals(tournament, document)
    tournament.refresh_from_db()
    return tournament


def _organising_club(item: dict | None) -> Club | None:
    """The club by its id in documents; else a club of that name without such an id (the
    same club, set up here by hand); else a new club."""
    if item is None:
        return None
    identity = ClubIdentity.objects.select_related("club").filter(uuid=item["id"]).first()
    if identity is not None:
        club = identity.club
    else:
        club = Club.objects.filter(name=item["name"]).first()
        if club is not None and ClubIdentity.objects.filter(club=club).exists():
            raise CLUB_NAME_TAKEN.rejected(name=item["name"])
        club = club or Club.objects.create(name=item["name"])
        ClubIdentity.objects.create(club=club, uuid=item["id"])
    club_keys.keep_public_keys(club, item["keys"])
    return club


def _keep_imported_seals(tournament: Tournament, document: dict) -> None:
    tables = {
        (series, number): pk
        for pk, series, number in Table.objects.filter(series__tournament=tournament).values_list(
            "pk", "series__number", "number"
        )
    }
    ImportedSeal.objects.bulk_create(
        ImportedSeal(
            table_id=tables[(series["number"], table["number"])],
            key=table["seal"]["key"],
            signature=table["seal"]["signature"],
        )
        for series in document["series"]
        for table in series["tables"]
        if table["seal"] is not None
    )


def _ensure_same(given: dict, written: dict) -> None:
    """Refuse (and so roll back) unless this server's document repeats ``given``; the
    refusal names the first field that differs, e.g. ``series/0/tables/1/games/3/value``."""
    for name in COMPARED:
        path = _first_difference(given[name], written[name], name)
        if path is not None:
            raise DISAGREES.rejected(path[0], given=_short(path[1]), found=_short(path[2]))


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else f"{text[:77]}…"


def _first_difference(given, written, path: str):
    if isinstance(given, dict) and isinstance(written, dict) and given.keys() == written.keys():
        if path.endswith("/points"):  # a game's list points are one value, per seat
            return None if given == written else (path, given, written)
        for key in given:
            found = _first_difference(given[key], written[key], f"{path}/{key}")
            if found is not None:
                return found
        return None
    if isinstance(given, list) and isinstance(written, list) and len(given) == len(written):
        for index, (one, other) in enumerate(zip(given, written, strict=True)):
            found = _first_difference(one, other, f"{path}/{index}")
            if found is not None:
                return found
        return None
    return None if given == written else (path, given, written)


def _delete_imported(tournament: Tournament) -> None:
    """Remove an imported tournament before its newer version is built: its lists (closed
    ones released for this deletion only), their audit entries, and the players the import
    made that play nowhere else."""
    tables = list(Table.objects.filter(series__tournament=tournament))
    players = list(tournament.participants.values_list("player_id", flat=True))
    with ExitStack() as released:
        for table in tables:
            released.enter_context(changes_allowed(table))
        AuditEntry.objects.filter(table__in=tables).delete()
        Table.objects.filter(pk__in=[table.pk for table in tables]).delete()
        tournament.delete()
    Player.objects.filter(pk__in=players, participations__isnull=True).delete()
