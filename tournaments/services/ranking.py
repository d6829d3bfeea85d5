"""Series and tournament rankings (Rangliste) with the tie rule of RULES.md 2.

A ranking is two GROUP BY queries (games kept one by one, and summaries of paper lists)
plus one query for the players, whatever the number of games.
"""

from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from tournaments.models import GamePoints, Participant, Series, SummaryEntry, Tournament
from tournaments.skat import ExtraPointsScheme

from .settlement import AGGREGATES, Totals, totals_from_row


@dataclass(frozen=True)
class RankingRow:
    rank: int
    participant: int
    start_number: int
    name: str
    club: str
    team: str
    series_played: int
    game_points: int
    won: int
    lost: int
    bonus_won_lost: int
    bonus_opponents_lost: int
    total: int


_SUMMARY_AGGREGATES = {
    "game_points": Sum("game_points"),
    "won": Sum("won"),
    "lost": Sum("lost"),
    "bonus_opponents_lost": Sum("credits"),
}


def rank_series(series: Series) -> list[RankingRow]:
    scope = Q(series=series)
    players = Participant.objects.filter(seats__series=series)
    return _rank(players, scope, series.tournament.scheme)


def rank_tournament(tournament: Tournament) -> list[RankingRow]:
    scope = Q(tournament=tournament)
    players = Participant.objects.filter(tournament=tournament, seats__isnull=False)
    return _rank(players, scope, tournament.scheme)


def sort_and_rank(rows: list[dict]) -> list[dict]:
    """Order by total, then more games won, then fewer lost; equal players share a place."""
    rows.sort(key=lambda r: (-r["total"], -r["won"], r["lost"], r["start_number"]))
    previous, rank = None, 0
    for position, row in enumerate(rows, start=1):
        key = (row["total"], row["won"], row["lost"])
        if key != previous:
            rank, previous = position, key
        row["rank"] = rank
    return rows


def _rank(players, scope: Q, scheme: ExtraPointsScheme) -> list[RankingRow]:
    totals: dict[int, Totals] = {}
    for model in (GamePoints, SummaryEntry):
        aggregates = AGGREGATES if model is GamePoints else _SUMMARY_AGGREGATES
        query = model.objects.filter(scope).values("participant").annotate(**aggregates).order_by()
        for row in query:
            totals[row["participant"]] = totals.get(row["participant"], Totals()) + totals_from_row(
                row
            )
    participants = (
        players.annotate(series_played=Count("seats__series", distinct=True))
        .select_related("player__club", "team")
        .order_by()
    )
    rows = []
    for participant in participants:
        sums = totals.get(participant.id, Totals())
        rows.append(
            {
                "participant": participant.id,
                "start_number": participant.start_number,
                "name": participant.player.full_name,
                "club": participant.player.club.name if participant.player.club else "",
                "team": participant.team.name if participant.team else "",
                "series_played": participant.series_played,
                "game_points": sums.game_points,
                "won": sums.won,
                "lost": sums.lost,
                "bonus_won_lost": sums.bonus_won_lost(scheme),
                "bonus_opponents_lost": sums.bonus_opponents_lost,
                "total": sums.total(scheme),
            }
        )
    return [RankingRow(**row) for row in sort_and_rank(rows)]
