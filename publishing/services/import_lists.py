"""Building an imported document's people and lists on this server, through the core's own
entry path: every game is entered with ``listkeeping.enter_game``, so the rules in
``tournaments/skat/`` value it here again, and a paper list's sums go through
``summary.save_summary``. What the rules make of an entry is then compared with the
document by :mod:`.results_import`.
"""

import datetime
from collections.abc import Iterator
from contextlib import contextmanager

from tournaments.models import (
    Club,
    Participant,
    Player,
    Seat,
    Series,
    Signature,
    Table,
    Team,
    Tournament,
)
from tournaments.services.errors import Rejected
from tournaments.services.lists import listkeeping, summary
from tournaments.services.sealing import list_sealing, seal_document
from tournaments.skat import Problem

from .document_lists import CLOSED, SIGNED_HOW

HOW_SIGNED = {how: method for method, how in SIGNED_HOW.items()}
ACTOR = "import"
# The entered fields of a game, in the API's names (the document's "won_entered" is the
# API's "won"), as listkeeping.enter_game reads them.
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
    refs = {}
    for item in document["players"]:
        first_name, _space, last_name = item["name"].rpartition(" ")
        if not first_name:
            first_name, last_name = last_name, ""
        player = Player.objects.create(
            first_name=first_name,
            last_name=last_name,
            club=_club_named(item["club"], clubs),
            publication=item["publication"],
        )
        team = None
        if item["team"] is not None:
            team = teams.get(item["team"])
            if team is None:
                team = teams[item["team"]] = Team.objects.create(
                    tournament=tournament,
                    name=item["team"],
                    club=_club_named(team_clubs.get(item["team"]), clubs),
                )
        participant = Participant.objects.create(
            tournament=tournament,
            player=player,
            start_number=item["start_number"],
            team=team,
            withdrawn=item["withdrawn"],
        )
        refs[item["ref"]] = participant.pk
    return refs


def _club_named(name: str | None, clubs: dict[str, Club]) -> Club | None:
    if not name:
        return None
    if name not in clubs:
        clubs[name] = Club.objects.get_or_create(name=name)[0]
    return clubs[name]


def create_lists(tournament: Tournament, document: dict, refs: dict[str, int]) -> None:
    """Every series and list of the document, game by game through the entry path."""
    for s, series_item in enumerate(document["series"]):
        series = Series.objects.create(tournament=tournament, number=series_item["number"])
        for t, item in enumerate(series_item["tables"]):
            with refusals_at(f"series/{s}/tables/{t}"):
                _create_list(series, item, refs)
        Series.objects.filter(pk=series.pk).update(status=series_item["status"])


def _create_list(series: Series, item: dict, refs: dict[str, int]) -> Table:
    table = Table.objects.create(series=series, number=item["number"])
    for seat in item["seats"]:
        Seat(
            table=table,
            number=seat["seat"],
            participant_id=refs[seat["player"]],
            from_game=seat["from_game"],
            until_game=seat["until_game"],
        ).save()
    for g, game in enumerate(item["games"]):
        with refusals_at(f"games/{g}"):
            listkeeping.enter_game(table, entry_of(game), actor=ACTOR)
        table = Table.objects.select_related("series__tournament").get(pk=table.pk)
    if item["summary"] is not None:
        rows = [
            {name: row[name] for name in ("seat", "game_points", "won", "lost")}
            for row in item["summary"]
        ]
        with refusals_at("summary"):
            summary.save_summary(table, rows)
    table.refresh_from_db()
    if item["signatures"]:
        _create_signatures(table, item["signatures"], refs)
    if item["status"] in CLOSED:
        list_sealing.seal_list(table, item["status"], user=None, actor=ACTOR)
    return table


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
