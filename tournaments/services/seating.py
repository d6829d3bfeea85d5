"""Setting up a table and recording who leaves, joins or replaces a player (docs/rules.md 3)."""

from collections import defaultdict

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_noop

from tournaments.models import Participant, Seat, Series, Table
from tournaments.skat.rounds import (
    Presence,
    deal_of,
    game_count,
    is_round_end,
    is_round_start,
    plan_rounds,
)

from . import audit, versions
from .errors import Refusal, is_id
from .finishing import ensure_unfinished
from .locking import lock_table

LIST_LOCKED = Refusal(
    "table",
    "list_locked",
    gettext_noop(
        "The list of table %(table)d is %(status)s and can no longer be changed. "
        "Only the tournament director can correct it, with a reason."
    ),
    conflict=True,
)
INVALID_TABLE_NUMBER = Refusal(
    "number",
    "invalid_table_number",
    gettext_noop("The table number must be between 1 and %(max)d."),
)
TABLE_NUMBER_TAKEN = Refusal(
    "number",
    "table_number_taken",
    gettext_noop("Table %(number)d already exists in this series; choose another number."),
    conflict=True,
)
SEATS_COUNT = Refusal(
    "seats",
    "seats_count",
    gettext_noop("A table has 3 or 4 players: list their participant ids in seat order."),
)
SEATS_NOT_IDS = Refusal(
    "seats", "seats_not_ids", gettext_noop("Seats must be participant ids (numbers).")
)
PARTICIPANT_TWICE_AT_TABLE = Refusal(
    "seats",
    "participant_twice_at_table",
    gettext_noop("A participant can take only one seat at a table."),
)
UNKNOWN_PARTICIPANT = Refusal(
    None,
    "unknown_participant",
    gettext_noop("Participant %(ids)s is not registered for this tournament."),
)
PARTICIPANT_ALREADY_SEATED = Refusal(
    None,
    "participant_already_seated",
    gettext_noop(
        "%(name)s already sits at table %(table)d in this series; a participant "
        "plays at one table per series."
    ),
)
GAMES_ALREADY_ENTERED = Refusal(
    None,
    "games_already_entered",
    gettext_noop(
        "Game %(game)d and later are already entered. Delete them first, or choose a later game."
    ),
    conflict=True,
)
TABLE_FULL = Refusal(
    "from_game",
    "table_full",
    gettext_noop("The table already has 4 players at game %(game)d."),
    conflict=True,
)
REPLACEMENT_AT_OWN_START = Refusal(
    "from_game",
    "replacement_at_own_start",
    gettext_noop(
        "The player on seat %(seat)d starts at game %(game)d; correct the seat instead "
        "of replacing the player."
    ),
)
PARTICIPANT_OF_OTHER_TEAM = Refusal(
    "participant",
    "participant_of_other_team",
    gettext_noop(
        "%(name)s is not a player of %(team)s; only a player of the same team takes over this seat."
    ),
)
NO_PLAYER_ON_SEAT = Refusal(
    None, "no_player_on_seat", gettext_noop("Nobody sits on seat %(seat)s at game %(game)s.")
)
SEAT_CONFLICT = Refusal(
    "seat",
    "seat_conflict",
    gettext_noop("This seat change conflicts with the seats already recorded."),
    conflict=True,
)
SERIES_FINISHED = Refusal(
    "series",
    "series_finished",
    gettext_noop(
        "Series %(series)d is finished and takes no new tables or games. Reopen it first (with "
        "a reason)."
    ),
    conflict=True,
)
# A table keeps its list game by game or as the summary of a paper list, never both.
TABLE_KEPT_AS_SUMMARY = Refusal(
    "table",
    "table_kept_as_summary",
    gettext_noop(
        "This table is kept as a summary of a paper list; games cannot be added. "
        "Delete the summary first to keep the list game by game."
    ),
    conflict=True,
)
TABLE_KEPT_BY_GAMES = Refusal(
    "seats",
    "table_kept_by_games",
    gettext_noop(
        "This table is kept game by game; a summary cannot be entered as well. Delete "
        "the games first to enter only the sums of a paper list."
    ),
    conflict=True,
)
# A player leaves or joins only at a round boundary (docs/rules.md 3).
NOT_A_ROUND_END = Refusal(
    "after_game",
    "not_a_round_end",
    gettext_noop(
        "A player can leave only after the last game of a round. Game %(game)d is not one; "
        "rounds end after games %(ends)s."
    ),
)
NOT_A_ROUND_START = Refusal(
    "from_game",
    "not_a_round_start",
    gettext_noop(
        "A player can join only at the start of a round. Game %(game)d is not one; rounds "
        "start with games %(starts)s."
    ),
)


MAX_TABLE_NUMBER = 999


def presences(seats) -> list[Presence]:
    return [Presence(s.number, s.from_game, s.until_game) for s in seats]


def table_rounds(table: Table, seats=None):
    """The rounds of a table's list from its seats and the tournament's rounds per series."""
    seats = list(table.seats.all()) if seats is None else seats
    rounds_per_series = table.series.tournament.rounds_per_series
    return plan_rounds(rounds_per_series, presences(seats))


def ensure_open(table: Table) -> None:
    if not table.is_open:
        raise LIST_LOCKED.rejected(table=table.number, status=table.get_status_display())


# Entry mode wanted → the mode in the way, and the refusal.
_ENTRY_MODE_CONFLICTS = {
    Table.EntryMode.GAMES: (Table.EntryMode.SUMMARY, TABLE_KEPT_AS_SUMMARY),
    Table.EntryMode.SUMMARY: (Table.EntryMode.GAMES, TABLE_KEPT_BY_GAMES),
}


def ensure_entry_mode(table: Table, wanted: str) -> None:
    """Refuse games on a table kept as a summary, and a summary on one kept game by game."""
    in_the_way, refusal = _ENTRY_MODE_CONFLICTS[wanted]
    if table.entry_mode == in_the_way:
        raise refusal.rejected()


def ensure_series_not_finished(series: Series) -> None:
    """A finished series takes no new tables; the director reopens it first."""
    ensure_unfinished(series, SERIES_FINISHED, series=series.number)


@transaction.atomic
def create_table(series: Series, number: int | None, participant_ids: list, *, user=None) -> Table:
    """A table with its players on seats 1..n in the given order."""
    ensure_series_not_finished(series)
    if number is None:
        number = (
            series.tables.order_by("-number").values_list("number", flat=True).first() or 0
        ) + 1
    whole = isinstance(number, int) and not isinstance(number, bool)
    if not whole or not 1 <= number <= MAX_TABLE_NUMBER:
        raise INVALID_TABLE_NUMBER.rejected(max=MAX_TABLE_NUMBER)
    participants = _seatable_participants(series, participant_ids)
    if series.tables.filter(number=number).exists():
        raise TABLE_NUMBER_TAKEN.rejected(number=number)
    # One change of the tournament, its roster included: the seats' bulk insert sends no
    # signals, and the table's own would count only as a change of a list.
    with versions.one_change_for(series.tournament_id):
        table = Table.objects.create(series=series, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, series=series, number=index, participant=participant)
            for index, participant in enumerate(participants, start=1)
        )
    audit.record("table_created", user=user, table=table, after={"seats": participant_ids})
    return table


def _seatable_participants(series: Series, participant_ids) -> list[Participant]:
    if not isinstance(participant_ids, list) or len(participant_ids) not in (3, 4):
        raise SEATS_COUNT.rejected()
    if not all(is_id(p) for p in participant_ids):
        raise SEATS_NOT_IDS.rejected()
    if len(set(participant_ids)) != len(participant_ids):
        raise PARTICIPANT_TWICE_AT_TABLE.rejected()
    found = {
        p.id: p
        for p in Participant.objects.filter(
            tournament_id=series.tournament_id, id__in=participant_ids
        ).select_related("player")
    }
    missing = [p for p in participant_ids if p not in found]
    if missing:
        raise UNKNOWN_PARTICIPANT.rejected("seats", ids=", ".join(map(str, missing)))
    _ensure_none_seated(series, [found[p] for p in participant_ids], field="seats")
    return [found[p] for p in participant_ids]


def _ensure_not_seated(series: Series, participant: Participant, *, field: str) -> None:
    _ensure_none_seated(series, [participant], field=field)


def _ensure_none_seated(series: Series, participants: list[Participant], *, field: str) -> None:
    """Refuse, naming the first of ``participants`` (in their order) already at a table."""
    tables = dict(
        Seat.objects.filter(series=series, participant__in=participants).values_list(
            "participant_id", "table__number"
        )
    )
    for participant in participants:
        if participant.pk in tables:
            raise PARTICIPANT_ALREADY_SEATED.rejected(
                field, name=str(participant.player), table=tables[participant.pk]
            )


def _last_game_number(table: Table) -> int:
    last = table.games.order_by("-number").values_list("number", flat=True).first()
    return last or 0


def _ensure_no_games_from(table: Table, game_number: int, field: str) -> None:
    last = _last_game_number(table)
    if last >= game_number:
        raise GAMES_ALREADY_ENTERED.rejected(field, game=game_number)


@transaction.atomic
def leave_table(table: Table, seat_number: int, after_game: int, *, user=None) -> Seat:
    """The player on ``seat_number`` leaves after ``after_game``, which must end a round."""
    table = lock_table(table)
    ensure_open(table)
    seats = list(table.seats.all())
    rounds = table_rounds(table, seats)
    seat = _seat_at(seats, seat_number, after_game, field="seat")
    if not is_round_end(after_game, rounds):
        ends = ", ".join(str(r.last_game) for r in rounds)
        raise NOT_A_ROUND_END.rejected(game=after_game, ends=ends)
    _ensure_no_games_from(table, after_game + 1, "after_game")
    before = audit.snapshot(seat)
    seat.until_game = after_game
    seat.save(update_fields=["until_game"])
    audit.record(
        "seat_left", user=user, table=table, obj=seat, before=before, after=audit.snapshot(seat)
    )
    return seat


@transaction.atomic
def join_table(table: Table, participant_id, from_game: int, *, user=None) -> Seat:
    """A player joins a 3-table at the start of a round and takes the last seat."""
    table = lock_table(table)
    ensure_open(table)
    seats = list(table.seats.all())
    rounds = table_rounds(table, seats)
    rounds_per_series = table.series.tournament.rounds_per_series
    ended_early = len(rounds) < rounds_per_series  # two players wait for a replacement
    starts_after_end = ended_early and from_game == game_count(rounds) + 1
    if not (is_round_start(from_game, rounds) or starts_after_end):
        starts = ", ".join(str(r.first_game) for r in rounds)
        raise NOT_A_ROUND_START.rejected(game=from_game, starts=starts)
    present = {s.number for s in seats if s.covers(from_game)}
    if len(present) >= 4:
        raise TABLE_FULL.rejected(game=from_game)
    _ensure_no_games_from(table, from_game, "from_game")
    participant = _participant(table.series, participant_id)
    _ensure_not_seated(table.series, participant, field="participant")
    number = 4 if 4 not in present else min({1, 2, 3, 4} - present)
    seat = Seat(table=table, number=number, participant=participant, from_game=from_game)
    _save_seat(seat)
    audit.record("seat_joined", user=user, table=table, obj=seat, after=audit.snapshot(seat))
    return seat


@transaction.atomic
def replace_player(table: Table, seat_number: int, participant_id, from_game: int, *, user=None):
    """A replacement takes over a seat from ``from_game``; he does not inherit points."""
    table = lock_table(table)
    ensure_open(table)
    seats = list(table.seats.all())
    old = _seat_at(seats, seat_number, from_game, field="seat")
    if from_game == old.from_game:
        raise REPLACEMENT_AT_OWN_START.rejected(seat=seat_number, game=from_game)
    _ensure_no_games_from(table, from_game, "from_game")
    participant = _participant(table.series, participant_id)
    _ensure_not_seated(table.series, participant, field="participant")
    if old.participant.team_id is not None and participant.team_id != old.participant.team_id:
        # A team's seat stays the team's: another team's player (or one of a team that did
        # not turn up) would score for the wrong team or for nobody.
        raise PARTICIPANT_OF_OTHER_TEAM.rejected(
            name=participant.player.full_name, team=old.participant.team.name
        )
    before = audit.snapshot(old)
    new = Seat(
        table=table,
        number=seat_number,
        participant=participant,
        from_game=from_game,
        until_game=old.until_game,
    )
    old.until_game = from_game - 1
    old.save(update_fields=["until_game"])
    _save_seat(new)
    audit.record(
        "seat_replaced", user=user, table=table, obj=new, before=before, after=audit.snapshot(new)
    )
    return new


def _seat_at(seats, seat_number, game_number, *, field) -> Seat:
    for seat in seats:
        if seat.number == seat_number and seat.covers(game_number):
            return seat
    raise NO_PLAYER_ON_SEAT.rejected(field, seat=seat_number, game=game_number)


def _participant(series: Series, participant_id) -> Participant:
    participant = (
        Participant.objects.filter(tournament_id=series.tournament_id, id=participant_id)
        .select_related("player")
        .first()
        if is_id(participant_id)
        else None
    )
    if participant is None:
        raise UNKNOWN_PARTICIPANT.rejected("participant", ids=participant_id)
    return participant


def _save_seat(seat: Seat) -> None:
    try:
        with transaction.atomic():
            seat.save()
    except IntegrityError as error:
        raise SEAT_CONFLICT.rejected() from error


def deal_for_next_game(table: Table, seats=None):
    """The deal of the game that would be entered next, or None when the list is complete."""
    seats = list(table.seats.all()) if seats is None else seats
    rounds = table_rounds(table, seats)
    return deal_of(_last_game_number(table) + 1, rounds)


def seats_by_table(table_ids) -> dict[int, list[Seat]]:
    """Table id → its seats in list order, players included, for many tables in one query."""
    seats = defaultdict(list)
    for seat in (
        Seat.objects.filter(table_id__in=table_ids)
        .select_related("participant__player")
        .order_by("table", "number", "from_game")
    ):
        seats[seat.table_id].append(seat)
    return seats
