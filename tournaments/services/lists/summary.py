"""Summary entry for lists kept on paper: per seat the sums, the credits computed here."""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import SummaryEntry, Table
from tournaments.skat.rounds import game_count

from .. import audit
from ..errors import Refusal
from ..input import MAX_REASON_LENGTH, free_text
from ..seating import ensure_entry_mode, ensure_open, lock_table, table_rounds

SUMMARY_WITH_SEAT_CHANGES = Refusal(
    "seats",
    "summary_with_seat_changes",
    gettext_noop(
        "A summary can only be entered for a table without players leaving or joining; "
        "enter this list game by game."
    ),
)
SUMMARY_SEATS_MISMATCH = Refusal(
    "seats",
    "summary_seats_mismatch",
    gettext_noop("Enter one line for each seat of the table: seats %(seats)s."),
)
SUMMARY_TOO_MANY_GAMES = Refusal(
    "seats",
    "summary_too_many_games",
    gettext_noop(
        "%(declared)d games won and lost in all, but the list has only %(planned)d games."
    ),
)


@transaction.atomic
def save_summary(table: Table, rows: list[dict], *, user=None, reason="") -> list[SummaryEntry]:
    """Replace the table's summary: ``rows`` = [{"seat", "game_points", "won", "lost"}].

    Every other player gets the 30/40 credit for each game a player lost, exactly as a
    game-by-game list would give it (docs/rules.md 2).
    """
    reason = free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)
    table = lock_table(table)
    entries = summary_entries(table, rows)
    before = [audit.snapshot(entry) for entry in table.summary_entries.all()]
    table.summary_entries.all().delete()
    SummaryEntry.objects.bulk_create(entries)
    table.entry_mode = Table.EntryMode.SUMMARY
    table.save(update_fields=["entry_mode"])
    audit.record(
        "summary_saved",
        user=user,
        table=table,
        before=before or None,
        after=[{k: v for k, v in row.items()} for row in rows],
        reason=reason,
    )
    return entries


def summary_entries(table: Table, rows: list[dict]) -> list[SummaryEntry]:
    """The summary ``rows`` would give, credits and totals computed, checked as saving
    checks them and not saved: what the director's page shows before saving."""
    ensure_open(table)
    ensure_entry_mode(table, Table.EntryMode.SUMMARY)
    seats = list(table.seats.all())
    if any(seat.from_game != 1 or seat.until_game is not None for seat in seats):
        raise SUMMARY_WITH_SEAT_CHANGES.rejected()
    by_seat = {seat.number: seat for seat in seats}
    given = [row["seat"] for row in rows]
    if sorted(given) != sorted(by_seat):
        raise SUMMARY_SEATS_MISMATCH.rejected(seats=", ".join(map(str, sorted(by_seat))))
    planned = game_count(table_rounds(table, seats))
    declared = sum(row["won"] + row["lost"] for row in rows)
    if declared > planned:
        raise SUMMARY_TOO_MANY_GAMES.rejected(declared=declared, planned=planned)
    scheme = table.series.tournament.scheme
    lost_in_all = sum(row["lost"] for row in rows)
    entries = []
    for row in sorted(rows, key=lambda r: r["seat"]):
        credits = scheme.credits(len(seats), lost_in_all - row["lost"])
        bonus = scheme.bonus_won_lost(row["won"], row["lost"])
        entries.append(
            SummaryEntry(
                table=table,
                series_id=table.series_id,
                tournament_id=table.series.tournament_id,
                seat=row["seat"],
                participant_id=by_seat[row["seat"]].participant_id,
                game_points=row["game_points"],
                won=row["won"],
                lost=row["lost"],
                credits=credits,
                total=row["game_points"] + bonus + credits,
            )
        )
    return entries
