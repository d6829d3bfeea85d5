"""The seats of a table as a list is kept from them: who sits where from which game, with
the players' names, read in one query compiled once per process.

The entry of a game reads them under the table's lock to find who plays; the list's
state in the entry's answer (``table_device.list_state``) shows the same seats with their
names, so one read serves both (docs/performance.md, "Lean save").
"""

from dataclasses import dataclass

from tournaments.models import Seat, Table
from tournaments.skat.rounds import sits_at

from ..prepared_reads import PreparedRead


@dataclass(frozen=True)
class SeatFact:
    """A seat as the list reads it, with the one question the deals ask of it."""

    number: int
    participant_id: int
    name: str
    from_game: int
    until_game: int | None

    def covers(self, game_number: int) -> bool:
        return sits_at(game_number, self.from_game, self.until_game)


def seat_facts(table: Table) -> list[SeatFact]:
    """The table's seats in seat order (a seat's changes by their first game), two
    players' names joined as the lists print them."""
    return [
        SeatFact(number, participant, f"{first} {last}", from_game, until_game)
        for number, participant, first, last, from_game, until_game in _SEATS.rows(table.pk)
    ]


def _seats_of(pk):
    return (
        Seat.objects.filter(table_id=pk)
        .order_by("number", "from_game")
        .values_list(
            "number",
            "participant_id",
            "participant__player__first_name",
            "participant__player__last_name",
            "from_game",
            "until_game",
        )
    )


_SEATS = PreparedRead(_seats_of)
