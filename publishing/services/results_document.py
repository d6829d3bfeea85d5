"""The results document ``skat-results/1`` of a tournament (docs/results-format.md): the
open exchange format every list, seat, signature, seal and ranking leaves the hall in.

It never holds money, PINs, table codes, logins or tokens, and names players only as
their publication consent allows (:mod:`.naming`). Rankings come from the core's ranking
services, list points as stored. The number of queries does not grow with the number of
tables or games (tests/publishing/test_results_document.py).
"""

import uuid

from django.utils import timezone

from publishing.models import ClubIdentity, TournamentIdentity
from tournaments.models import Participant, Tournament
from tournaments.services import ranking, team_ranking, versions
from tournaments.services.sealing.seal_document import timestamp

from . import club_keys, naming
from .document_lists import series_objects

FORMAT = "skat-results/1"
FINISHED = Tournament.Status.FINISHED


def tournament_uuid(tournament: Tournament) -> uuid.UUID:
    """The tournament's id in documents, given on first use."""
    return TournamentIdentity.objects.get_or_create(tournament=tournament)[0].uuid


def club_uuid(club) -> uuid.UUID:
    """The club's id in documents, given on first use."""
    return ClubIdentity.objects.get_or_create(club=club)[0].uuid


def document_version(tournament: Tournament) -> int:
    """The imported document's version for an imported tournament, else the tournament's
    own change counter, which rises with every change of its lists, seats or people."""
    identity = TournamentIdentity.objects.filter(tournament=tournament).first()
    if identity is not None and identity.imported_version is not None:
        return identity.imported_version
    found = versions.current_version(tournament.pk)
    return found[0] if found else 0


def results_document(tournament: Tournament) -> dict:
    """The whole results document of ``tournament`` as plain JSON data."""
    tournament = Tournament.objects.select_related("club").get(pk=tournament.pk)
    participants = list(
        Participant.objects.filter(tournament=tournament)
        .select_related("player__club", "team")
        .order_by("start_number")
    )
    refs = {participant.pk: player_ref(participant.start_number) for participant in participants}
    club = tournament.club
    # The lists first: sealing the first closed list makes the club's key, which the
    # club's keys below must then name.
    series = series_objects(tournament, refs, club)
    return {
        "format": FORMAT,
        "id": str(tournament_uuid(tournament)),
        "version": document_version(tournament),
        "provisional": tournament.status != FINISHED,
        "generated": timestamp(timezone.now()),
        "club": None
        if club is None
        else {
            "id": str(club_uuid(club)),
            "name": club.name,
            "keys": club_keys.published_keys(club.pk),
        },
        "tournament": {
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "place": tournament.venue,
            "status": tournament.status,
            "rounds_per_series": tournament.rounds_per_series,
            "planned_series": tournament.planned_series,
            "extra_points": tournament.extra_points,
            "lists_per_table": tournament.lists_per_table,
            "team_size": tournament.team_size,
        },
        "players": [_player_object(participant) for participant in participants],
        "series": series,
        "rankings": _rankings(tournament, refs),
    }


def player_ref(start_number: int) -> str:
    """A player's reference inside a document: "p" and the start number."""
    return f"p{start_number}"


def _player_object(participant: Participant) -> dict:
    shown = naming.published_player(participant)
    return {
        "ref": player_ref(participant.start_number),
        "start_number": participant.start_number,
        "name": shown.name,
        "club": shown.club,
        "publication": shown.publication,
        "team": participant.team.name if participant.team else None,
        "withdrawn": participant.withdrawn,
    }


def _rankings(tournament: Tournament, refs: dict[int, str]) -> dict:
    """The tournament's, each series' and the teams' rankings, as the core ranks them;
    rows sharing a place in start-number order (a name order would differ wherever the
    names are published shorter)."""
    by_series = ranking.series_totals(tournament)
    return {
        "tournament": _ranked_rows(ranking.rank_tournament(tournament), refs),
        "series": {
            str(series.number): _ranked_rows(
                ranking.rank_series(series, by_series.get(series.pk, {})), refs
            )
            for series in tournament.series.order_by("number")
        },
        "teams": [
            {
                "place": row.rank,
                "name": row.name,
                "club": row.club or None,
                **_score(row),
                "members": [
                    refs[member.participant]
                    for member in sorted(row.members, key=lambda member: member.start_number)
                ],
            }
            for row in team_ranking.rank_teams(tournament)
        ],
    }


def _ranked_rows(rows, refs: dict[int, str]) -> list[dict]:
    ordered = sorted(rows, key=lambda row: (row.rank, row.start_number))
    return [{"place": row.rank, "player": refs[row.participant], **_score(row)} for row in ordered]


def _score(row) -> dict:
    return {
        "total": row.total,
        "won": row.won,
        "lost": row.lost,
        "game_points": row.game_points,
        "bonus_won_lost": row.bonus_won_lost,
        "bonus_opponents_lost": row.bonus_opponents_lost,
    }
