"""Building an imported document's people and lists on this server: every game is checked
and valued by the rules in ``tournaments/skat/`` as the core's entry path does, and
written in bulk (:mod:`.import_games`); a paper list's sums go through
``summary.save_summary``, signatures and seals through the core's sealing. What the rules
make of an entry is then compared with the document by :mod:`.results_import`.
"""

import datetime
from collections.abc import Iterator
from contextlib import contextmanager

from tournaments.models import (
    AuditEntry,
    Club,
    Participant,
    Player,
    Series,
    Signature,
    Table,
    Team,
    Tournament,
)
from tournaments.services import audit
from tournaments.services.errors import Rejected
from tournaments.services.lists import summary
from tournaments.services.sealing import list_sealing, seal_document
from tournaments.skat import Problem

from . import import_games
from .document_lists import CLOSED, SIGNED_HOW

HOW_SIGNED = {how: method for method, how in SIGNED_HOW.items()}
ACTOR = "import"
# The entered fields of a game, in the API's names (the document's "won_entered" is the
# API's "won"), as the entry path (listkeeping.value_game) reads them.
ENTRY_FIELDS = (
    "game",
    "matadors",
    "with_matadors",
    "hand",
    "ouvert",
    "schneider_announced",
    "schwarz_announced",
    "bid",
    "schneider",
    "schwarz",
    "declarer_eyes",
    "declarer_tricks",
    "conceded",
)


def create_people(tournament: Tournament, document: dict) -> dict[str, int]:
    """New players and participants for the document's players, with their start numbers
    and teams; returns ref → participant id. Players are always new rows: a document names
    people only as far as they consented, too little to recognise a player kept here."""
    clubs: dict[str, Club] = {}
    teams: dict[str, Team] = {}
    team_clubs = {row["name"]: row["club"] for row in document["rankings"]["teams"]}
    players = []
    for item in document["players"]:
        first_name, _space, last_name = item["name"].rpartition(" ")
        if not first_name:
            first_name, last_name = last_name, ""
        player = Player(
            first_name=first_name,
            last_name=last_name,
            club=_club_named(item["club"], clubs),
            publication=item["publication"],
        )
        # What Player.save() derives, which bulk_create does not call.
        player.sort_name = player.german_sort_name()
        player.search_name = player.name_to_search()
        players.append(player)
        if item["team"] is not None and item["team"] not in teams:
            teams[item["team"]] = Team.objects.create(
                tournament=tournament,
                name=item["team"],
                club=_club_named(team_clubs.get(item["team"]), clubs),
            )
    Player.objects.bulk_create(players)
    # The audit trail's entry for each new player, as the change log writes it for one
    # saved alone (services/change_log.py).
    AuditEntry.objects.bulk_create(
        AuditEntry(
            action="player_created",
            actor=ACTOR,
            object_repr=str(player)[:200],
            after=audit.snapshot(player),
        )
        for player in players
    )
    participants = Participant.objects.bulk_create(
        Participant(
            tournament=tournament,
            player=player,
            start_number=item["start_number"],
            team=teams.get(item["team"]) if item["team"] is not None else None,
            withdrawn=item["withdrawn"],
        )
        for player, item in zip(players, document["players"], strict=True)
    )
    return {
        item["ref"]: participant.pk
        for item, participant in zip(document["players"], participants, strict=True)
    }


def _club_named(name: str | None, clubs: dict[str, Club]) -> Club | None:
    if not name:
        return None
    if name not in clubs:
        clubs[name] = Club.objects.get_or_create(name=name)[0]
    return clubs[name]


def create_lists(tournament: Tournament, document: dict, refs: dict[str, int]) -> None:
    """Every series and list of the document: its games in bulk (:mod:`.import_games`),
    then each list's paper summary, signatures and seal."""
    for s, series_item in enumerate(document["series"]):
        series = Series.objects.create(tournament=tournament, number=series_item["number"])
        tables = import_games.create_tables(series, series_item, s, refs)
        for t, (table, item) in enumerate(zip(tables, series_item["tables"], strict=True)):
            with refusals_at(f"series/{s}/tables/{t}"):
                _complete_list(table, item, refs)
        Series.objects.filter(pk=series.pk).update(status=series_item["status"])


def _complete_list(table: Table, item: dict, refs: dict[str, int]) -> None:
    """What a list holds beside its games, through the core's own services."""
    if item["summary"] is not None:
        rows = [
            {name: row[name] for name in ("seat", "game_points", "won", "lost")}
            for row in item["summary"]
        ]
        with refusals_at("summary"):
            summary.save_summary(table, rows)
    if item["signatures"]:
        table.refresh_from_db()
        _create_signatures(table, item["signatures"], refs)
    if item["status"] in CLOSED:
        table.refresh_from_db()
        list_sealing.seal_list(table, item["status"], user=None, actor=ACTOR)


@contextmanager
def refusals_at(path: str) -> Iterator[None]:
    """A refusal of the core's entry path names its field inside the document: the
    rules' "matadors" of the second game of a list becomes ``…/games/1/matadors``."""
    try:
        yield
    except Rejected as refused:
        problems = [
            Problem(f"{path}/{problem.field}", problem.code, problem.message, problem.params)
            for problem in refused.problems
        ]
        raise Rejected(problems, conflict=refused.conflict) from None


def entry_of(game: dict) -> dict:
    """A document's game as ``listkeeping.enter_game`` takes it."""
    if game["passed"]:
        return {"number": game["number"], "passed": True}
    entry = {"number": game["number"], "declarer_seat": game["declarer"]}
    entry.update({name: game[name] for name in ENTRY_FIELDS if game[name] is not None})
    if game["won_entered"] is not None:
        entry["won"] = game["won_entered"]
    return entry


def _create_signatures(table: Table, signatures: list[dict], refs: dict[str, int]) -> None:
    """The signatures' who, how and when; they confirm the list as it now stands (its
    fingerprint), as they confirmed it on the hall."""
    digest = seal_document.content_digest(seal_document.list_document(table))
    Signature.objects.bulk_create(
        Signature(
            table=table,
            seat=item["seat"],
            participant_id=refs[item["player"]],
            method=HOW_SIGNED[item["how"]],
            list_digest=digest,
        )
        for item in signatures
    )
    for item in signatures:
        Signature.objects.filter(table=table, participant_id=refs[item["player"]]).update(
            signed_at=datetime.datetime.fromisoformat(item["at"])
        )


def set_status(tournament: Tournament, status: str) -> None:
    """The tournament's status as the document says: an import is no director's step, so
    no finishing hooks run (a document holds no money to freeze)."""
    Tournament.objects.filter(pk=tournament.pk).update(status=status)
