"""Drawing the tables of a series (Auslosung, docs/rules.md 3) and reading a stored draw.

The seating itself is decided by the pure :func:`tournaments.skat.draw.draw_tables`; this
module gathers what it needs from the database (who is present, teams, clubs, the current
ranking, who met whom in earlier series), stores the tables and seats in bulk and keeps
the seed and options on the series, so that the same draw can be made again and checked.
"""

import secrets
from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from tournaments.models import Game, Participant, Seat, Series, SummaryEntry, Table
from tournaments.skat import Problem
from tournaments.skat.draw import (
    Conflict,
    ConflictKind,
    DrawImpossible,
    DrawMode,
    DrawPlayer,
    count_meetings,
    draw_tables,
)
from tournaments.skat.reading import read_bool

from . import audit, ranking, seating, table_access, versions
from .errors import Refusal, Rejected
from .locking import lock_series, lock_series_tables

DRAW_CHANGED = Refusal(
    "series",
    "draw_changed",
    gettext_noop(
        "Series %(number)d has been drawn since this page was opened (in another "
        "window or by another director): the tables below are the current ones. "
        "Draw again only if they are to be replaced."
    ),
    conflict=True,
)
TOO_MANY_TABLES = Refusal(
    "participants",
    "too_many_tables",
    gettext_noop(
        "%(count)d participants need %(tables)d tables, but a series has at most "
        "%(max)d tables. Split the field into two tournaments."
    ),
)
NOT_DRAWN = Refusal(
    "series", "not_drawn", gettext_noop("Series %(number)d has not been drawn yet."), missing=True
)
SERIES_STARTED = Refusal(
    "series",
    "series_started",
    gettext_noop(
        "Series %(number)d has started: results are already entered. Redrawing would "
        "lose them, so the tables can no longer be drawn again; change single seats "
        "instead."
    ),
    conflict=True,
)


SEED_LIMIT = 2**53  # seeds stay below it, so JSON and JavaScript keep them exact
MODES = tuple(mode.value for mode in DrawMode)

CONFLICT_MESSAGES = {
    ConflictKind.SAME_TEAM: gettext_noop(
        "Table %(table)d: %(first)s and %(second)s play in the same team (%(group)s); there "
        "was no way to seat them apart."
    ),
    ConflictKind.SAME_CLUB: gettext_noop(
        "Table %(table)d: %(first)s and %(second)s are both members of %(group)s; there was "
        "no way to seat them apart."
    ),
    ConflictKind.MET_BEFORE: gettext_noop(
        "Table %(table)d: %(first)s and %(second)s already sat at one table in an earlier series."
    ),
}
# A seeded draw keeps club mates together where the ranking seats them (skat/draw.py).
SEEDED_CLUB_MESSAGE = gettext_noop(
    "Table %(table)d: %(first)s and %(second)s are both members of %(group)s; the seeding "
    "takes precedence and seats them together by their ranking places."
)


@dataclass(frozen=True)
class DrawnConflict:
    """An unavoidable pair at one table, with the message that names the two players."""

    kind: str
    table: int
    players: tuple[int, int]
    message: str
    params: dict

    def text(self, translate) -> str:
        return translate(self.message) % self.params


@dataclass(frozen=True)
class DrawnTable:
    id: int
    number: int
    seats: tuple[int, ...]  # participant ids in seat order


@dataclass(frozen=True)
class SeriesDraw:
    """The stored draw of a series, as the API and the table plan show it."""

    series: Series
    seed: int
    mode: str
    prefer_three: bool
    separate_clubs: bool
    drawn_at: object
    tables: tuple[DrawnTable, ...]
    conflicts: tuple[DrawnConflict, ...]


@transaction.atomic
def draw_series(
    series: Series,
    *,
    mode=DrawMode.RANDOM,
    seed=None,
    prefer_three=False,
    separate_clubs=False,
    user=None,
    seen_draw: str | None = None,
) -> SeriesDraw:
    """Draw (or redraw) the tables of ``series`` for every participant not withdrawn.

    ``seen_draw`` is the draw the caller's page showed (:func:`draw_token`): when given and
    the series has been drawn since (another window, another director), nothing changes and
    the caller is asked whether to draw again over the tables it has not seen.

    A redraw replaces the tables and seats, which is allowed only while no game and no
    summary of the series is entered. Without ``seed`` one is chosen with :mod:`secrets`;
    the seed and options are stored, so the same participants and options give the same
    tables again. Every table gets its table code at once, so the card sheet of the
    series can be printed right after the draw.
    """
    _check_options(mode, seed, prefer_three, separate_clubs)
    series = lock_series(series.pk)
    lock_series_tables(series)  # waits for entries in progress; they are seen below
    ensure_not_started(series)
    if seen_draw is not None and seen_draw != draw_token(series):
        raise DRAW_CHANGED.rejected(number=series.number)
    before = _stored_options(series) if series.drawn_at else None
    with versions.one_change_for(series.tournament_id):
        # before ranking: the old seats must not count
        Table.objects.filter(series=series).delete()

    players, names = present_players(series, seeded=mode == DrawMode.SEEDED)
    teams = {player.team for player in players}
    if len(teams) == 3 and None not in teams:
        # Players of three teams only: a 4-table would seat two team-mates together, a
        # 3-table one player of each team (the league's 4-4-4-0, Anlage 10).
        prefer_three = True
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    try:
        draw = draw_tables(
            players,
            seed=seed,
            mode=mode,
            prefer_three=prefer_three,
            separate_clubs=separate_clubs,
            met=earlier_meetings(series),
        )
    except DrawImpossible as impossible:
        raise Rejected(
            [Problem("participants", impossible.code, impossible.message, impossible.params)]
        ) from impossible

    count = len(draw.tables)
    if count > seating.MAX_TABLE_NUMBER:  # the same bound as a table added by hand
        raise TOO_MANY_TABLES.rejected(
            count=len(players), tables=count, max=seating.MAX_TABLE_NUMBER
        )
    # Every table gets its code now, and where two lists are kept list B's code too.
    lists = 2 if series.tournament.two_lists else 1
    codes = table_access.unused_codes(count * lists)
    second = codes[count:] if lists == 2 else [None] * count
    tables = Table.objects.bulk_create(
        Table(series=series, number=number, access_code=code, second_code=code_b)
        for number, (code, code_b) in enumerate(zip(codes[:count], second, strict=True), 1)
    )
    Seat.objects.bulk_create(
        Seat(table=table, series=series, number=seat, participant_id=participant)
        for table, seated in zip(tables, draw.tables, strict=True)
        for seat, participant in enumerate(seated, start=1)
    )
    series.draw_seed = seed
    series.draw_mode = DrawMode(mode).value
    series.draw_prefer_three = prefer_three
    series.draw_separate_clubs = separate_clubs
    series.drawn_at = timezone.now()
    series.save(
        update_fields=[
            "draw_seed",
            "draw_mode",
            "draw_prefer_three",
            "draw_separate_clubs",
            "drawn_at",
        ]
    )
    audit.record(
        "draw",
        user=user,
        obj=series,
        before=before,
        after={
            **_stored_options(series),
            "tables": [list(seated) for seated in draw.tables],
            "codes": "issued",  # the codes themselves never go into the public audit trail
        },
    )
    return SeriesDraw(
        series=series,
        seed=seed,
        mode=series.draw_mode,
        prefer_three=prefer_three,
        separate_clubs=separate_clubs,
        drawn_at=series.drawn_at,
        tables=tuple(
            DrawnTable(table.id, table.number, seated)
            for table, seated in zip(tables, draw.tables, strict=True)
        ),
        conflicts=tuple(
            describe_conflict(conflict, names, seeded=series.draw_mode == DrawMode.SEEDED)
            for conflict in draw.conflicts
        ),
    )


def stored_draw(series: Series) -> SeriesDraw:
    """The draw of ``series`` as stored: its tables with the players seated at the start.

    The conflicts are worked out again from those tables, with today's teams and clubs,
    so the director sees what still needs attention.
    """
    if series.drawn_at is None:
        raise NOT_DRAWN.rejected(number=series.number)
    seated: dict[int, list[int]] = defaultdict(list)
    for table_id, participant in (
        Seat.objects.filter(series=series, from_game=1)
        .order_by("table__number", "number")
        .values_list("table_id", "participant_id")
    ):
        seated[table_id].append(participant)
    tables = tuple(
        DrawnTable(table.id, table.number, tuple(seated[table.id]))
        for table in series.tables.order_by("number").only("id", "number")
    )
    people = _people(Participant.objects.filter(seats__series=series))
    names = {player.id: person for player, person in people}
    groups = {player.id: player for player, _ in people}
    met = earlier_meetings(series)
    conflicts = []
    for table in tables:
        for first, second in combinations(sorted(table.seats), 2):
            a, b = groups[first], groups[second]
            pair = (first, second)
            if a.team is not None and a.team == b.team:
                conflicts.append(Conflict(ConflictKind.SAME_TEAM, table.number, pair))
            if series.draw_separate_clubs and a.club is not None and a.club == b.club:
                conflicts.append(Conflict(ConflictKind.SAME_CLUB, table.number, pair))
            if met.get(frozenset(pair)):
                conflicts.append(Conflict(ConflictKind.MET_BEFORE, table.number, pair))
    return SeriesDraw(
        series=series,
        seed=series.draw_seed,
        mode=series.draw_mode,
        prefer_three=series.draw_prefer_three,
        separate_clubs=series.draw_separate_clubs,
        drawn_at=series.drawn_at,
        tables=tables,
        conflicts=tuple(
            describe_conflict(conflict, names, seeded=series.draw_mode == DrawMode.SEEDED)
            for conflict in conflicts
        ),
    )


def draw_token(series: Series) -> str:
    """Which draw ``series`` has now: its time, or "" before the first draw."""
    return series.drawn_at.isoformat() if series.drawn_at else ""


def ensure_not_started(series: Series) -> None:
    """Refuse to touch the tables of a series once a game or a paper summary is entered."""
    started = (
        series.status == Series.Status.FINISHED
        or Game.objects.filter(table__series=series).exists()
        or SummaryEntry.objects.filter(series=series).exists()
    )
    if started:
        raise SERIES_STARTED.rejected(number=series.number)


def _check_options(mode, seed, prefer_three, separate_clubs) -> None:
    problems = []
    if mode not in MODES:
        problems.append(
            Problem(
                "mode",
                "invalid_mode",
                gettext_noop("%(mode)s is not a draw mode; use one of: %(allowed)s."),
                {"mode": str(mode)[:40], "allowed": ", ".join(MODES)},
            )
        )
    if seed is not None and not (
        isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < SEED_LIMIT
    ):
        problems.append(
            Problem(
                "seed",
                "invalid_seed",
                gettext_noop(
                    "The seed must be a whole number from 0 to %(max)d, or left out to draw "
                    "a new one."
                ),
                {"max": SEED_LIMIT - 1},
            )
        )
    read_bool("prefer_three", prefer_three, problems)
    read_bool("separate_clubs", separate_clubs, problems)
    if problems:
        raise Rejected(problems)


def _stored_options(series: Series) -> dict:
    return {
        "seed": series.draw_seed,
        "mode": series.draw_mode,
        "options": {
            "prefer_three": series.draw_prefer_three,
            "separate_clubs": series.draw_separate_clubs,
        },
    }


@dataclass(frozen=True)
class _Person:
    """What a conflict message says about a participant."""

    name: str
    team: str
    club: str


def _people(queryset) -> list[tuple[DrawPlayer, _Person]]:
    rows = queryset.order_by("id").values_list(
        "id",
        "team_id",
        "player__club_id",
        "player__first_name",
        "player__last_name",
        "team__name",
        "player__club__name",
    )
    return [
        (DrawPlayer(id=pk, team=team, club=club), _Person(f"{first} {last}", team_name, club_name))
        for pk, team, club, first, last, team_name, club_name in rows.distinct()
    ]


def present_players(series: Series, *, seeded: bool):
    """The participants to seat and their names; ``seeded`` adds the ranking places.

    Those of the series' line-up when it has one (a league venue), else everyone not
    withdrawn (and, with check-in required, present). The ranking counts the series
    played before this one. Players without a place there (new or late) come after the
    ranked ones, in start-number order.
    """
    present = Participant.objects.filter(tournament_id=series.tournament_id, withdrawn=False)
    if series.tournament.check_in:
        present = present.filter(present=True)
    if series.players.exists():
        present = present.filter(lineup_series=series)
    people = _people(present)
    names = {player.id: person for player, person in people}
    players = [player for player, _ in people]
    if not seeded:
        return players, names
    played = set(
        Seat.objects.filter(
            series__tournament_id=series.tournament_id, series__number__lt=series.number
        ).values_list("participant_id", flat=True)
    )
    places = {
        row.participant: row.rank
        for row in ranking.rank_tournament(series.tournament)
        if row.participant in played
    }
    start_numbers = dict(present.values_list("id", "start_number"))
    last = max(places.values(), default=0)
    unranked = sorted(
        (player.id for player in players if player.id not in places), key=start_numbers.get
    )
    places.update({pk: last + position for position, pk in enumerate(unranked, start=1)})
    ranked = [DrawPlayer(id=p.id, team=p.team, club=p.club, rank=places[p.id]) for p in players]
    return ranked, names


def earlier_meetings(series: Series) -> dict[frozenset[int], int]:
    """Who sat at one table with whom in the tournament's earlier series."""
    tables: dict[int, list[int]] = defaultdict(list)
    for table_id, participant in Seat.objects.filter(
        series__tournament_id=series.tournament_id, series__number__lt=series.number
    ).values_list("table_id", "participant_id"):
        tables[table_id].append(participant)
    return count_meetings([list(tables.values())])


def describe_conflict(
    conflict: Conflict, people: dict[int, _Person], *, seeded=False
) -> DrawnConflict:
    first, second = conflict.players
    message = CONFLICT_MESSAGES[conflict.kind]
    if seeded and conflict.kind == ConflictKind.SAME_CLUB:
        message = SEEDED_CLUB_MESSAGE
    group = ""
    if conflict.kind == ConflictKind.SAME_TEAM:
        group = people[first].team
    elif conflict.kind == ConflictKind.SAME_CLUB:
        group = people[first].club
    return DrawnConflict(
        kind=conflict.kind.value,
        table=conflict.table,
        players=conflict.players,
        message=message,
        params={
            "table": conflict.table,
            "first": people[first].name,
            "second": people[second].name,
            "group": group,
        },
    )
