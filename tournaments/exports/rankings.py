"""The ranking data every ranking export prints, read through the ranking service.

The PDF, XLSX and CSV files of a tournament ranking show one column per series next to
the tournament total. The rows, places and totals are :func:`ranking.rank_tournament`'s;
the series columns are the same service's sums per participant and series, valued with
the tournament's extra-points scheme (``Totals.total``, exactly as ``rank_series`` values
them), so that a tournament ranking takes seven queries whatever the number of players
and series.
"""

from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Seat, Series, Tournament
from tournaments.services import ranking
from tournaments.services.ranking import RankingRow
from tournaments.services.settlement import Totals


@dataclass(frozen=True)
class TournamentRanking:
    """The tournament's ranking rows and, per participant, the total of each series played.

    ``series_totals[participant][series_id]`` is missing for a series the participant did
    not sit in, so the exports leave that cell empty instead of printing a 0.
    """

    tournament: Tournament
    series: list[Series]
    rows: list[RankingRow]
    series_totals: dict[int, dict[int, int]]

    def series_total(self, participant: int, series: Series) -> int | None:
        return self.series_totals.get(participant, {}).get(series.id)


def tournament_ranking(tournament: Tournament) -> TournamentRanking:
    rows = ranking.rank_tournament(tournament)
    series = series_of(tournament)
    sums = ranking.participant_totals(Q(tournament=tournament), "participant", "series")
    scheme = tournament.scheme
    series_totals: dict[int, dict[int, int]] = {}
    seats = Seat.objects.filter(series__tournament=tournament).values_list("participant", "series")
    for participant, series_id in seats.order_by():
        totals = sums.get((participant, series_id), Totals())
        series_totals.setdefault(participant, {})[series_id] = totals.total(scheme)
    return TournamentRanking(tournament, series, rows, series_totals)


def series_of(tournament: Tournament) -> list[Series]:
    """The tournament's series in order, each knowing its tournament (no query per series)."""
    series = list(tournament.series.order_by("number"))
    for one in series:
        one.tournament = tournament
    return series
