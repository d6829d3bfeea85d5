"""A player's statistics and history across tournaments (Spielerstatistik).

Two queries whatever the number of tournaments: the seats of every participant of the
player's tournaments (with the tournament and series they belong to), and the sums of
games and paper lists per participant and series in those tournaments (two GROUP BY in
one query).
The player's place in each tournament is not taken from a ranking per tournament: the
same sums hold every participant of those tournaments, so each tournament's rows are
ranked in Python with the tie rule of the tournament ranking (``sort_and_rank``).
"""

import datetime
from collections import defaultdict
from dataclasses import dataclass
from operator import itemgetter

from django.db.models import Q

from tournaments.models import Player, Tournament
from tournaments.models.tournaments import ExtraPoints

from .errors import Rejected
from .lists.settlement import Totals
from .ranking import participant_totals, seat_rows, sort_and_rank
from .season_ranking import parameter_problems


@dataclass(frozen=True)
class BestSeries:
    tournament: int
    tournament_name: str
    date: datetime.date
    series: int
    number: int
    won: int
    lost: int
    total: int


@dataclass(frozen=True)
class TournamentResult:
    """One line of the player's history: how the player did in one tournament."""

    tournament: int
    name: str
    date: datetime.date
    rank: int
    participants: int
    series_played: int
    won: int
    lost: int
    total: int


@dataclass(frozen=True)
class PlayerStatistics:
    """``win_rate`` is won / games as declarer (None without any), rounded to 3 places;
    ``average_per_series`` is the mean series total, rounded to 1 place."""

    player: int
    name: str
    club: str
    year: int | None
    tournaments: int
    series_played: int
    declared: int
    won: int
    lost: int
    win_rate: float | None
    average_per_series: float | None
    best_series: BestSeries | None
    history: tuple[TournamentResult, ...]


def player_statistics(player: Player, *, year: int | None = None) -> PlayerStatistics:
    """The player's numbers over all tournaments, or those of ``year``; history newest first."""
    if year is not None and (problems := parameter_problems(year=year)):
        raise Rejected(problems)
    tournaments = Tournament.objects.filter(participants__player=player)
    if year is not None:
        tournaments = tournaments.filter(date__year=year)
    tournaments = tournaments.values("id")
    totals = participant_totals(Q(tournament__in=tournaments), "participant", "series")
    seats = seat_rows(
        tournaments,
        "participant__player",
        "series__number",
        "series__tournament__name",
        "series__tournament__date",
    )
    events: dict[int, dict] = {}
    field: dict[int, dict[int, Totals]] = defaultdict(dict)  # tournament → participant → sums
    own_series = []
    for seat in seats:
        tournament = seat["series__tournament"]
        scheme = ExtraPoints(seat["series__tournament__extra_points"]).scheme
        event = events.setdefault(
            tournament,
            {
                "tournament": tournament,
                "name": seat["series__tournament__name"],
                "date": seat["series__tournament__date"],
                "scheme": scheme,
                "participant": None,
                "series_played": 0,
            },
        )
        sums = totals.get((seat["participant"], seat["series"]), Totals())
        people = field[tournament]
        people[seat["participant"]] = people.get(seat["participant"], Totals()) + sums
        if seat["participant__player"] == player.id:
            event["participant"] = seat["participant"]
            event["series_played"] += 1
            own_series.append(
                {
                    "tournament": tournament,
                    "tournament_name": event["name"],
                    "date": event["date"],
                    "series": seat["series"],
                    "number": seat["series__number"],
                    "won": sums.won,
                    "lost": sums.lost,
                    "total": sums.total(scheme),
                }
            )
    history = [
        _result(event, field[event["tournament"]])
        for event in events.values()
        if event["participant"] is not None
    ]
    history.sort(key=lambda r: (r.date, r.name, r.tournament), reverse=True)
    won = sum(s["won"] for s in own_series)
    lost = sum(s["lost"] for s in own_series)
    played = len(own_series)
    best = sort_and_rank(own_series, order=itemgetter("date", "number"))[:1]
    return PlayerStatistics(
        player=player.id,
        name=player.full_name,
        club=player.club.name if player.club_id else "",
        year=year,
        tournaments=len(history),
        series_played=played,
        declared=won + lost,
        won=won,
        lost=lost,
        win_rate=round(won / (won + lost), 3) if won + lost else None,
        average_per_series=round(sum(s["total"] for s in own_series) / played, 1)
        if played
        else None,
        best_series=BestSeries(**{k: v for k, v in best[0].items() if k != "rank"})
        if best
        else None,
        history=tuple(history),
    )


def _result(event: dict, field: dict[int, Totals]) -> TournamentResult:
    """The player's line of one tournament, ranked among everyone who played in it."""
    scheme = event["scheme"]
    rows = sort_and_rank(
        [
            {"participant": pid, "won": s.won, "lost": s.lost, "total": s.total(scheme)}
            for pid, s in field.items()
        ],
        order=itemgetter("participant"),
    )
    own = next(row for row in rows if row["participant"] == event["participant"])
    return TournamentResult(
        tournament=event["tournament"],
        name=event["name"],
        date=event["date"],
        rank=own["rank"],
        participants=len(rows),
        series_played=event["series_played"],
        won=own["won"],
        lost=own["lost"],
        total=own["total"],
    )
