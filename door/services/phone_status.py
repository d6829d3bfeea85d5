"""What a player's phone shows about their own registration: waiting, the start number,
then the table and seat of each drawn series."""

from dataclasses import dataclass, field

from door.models import Arrival
from tournaments.models import Seat


@dataclass(frozen=True)
class SeatPlace:
    series: int
    table: int
    seat: int


@dataclass(frozen=True)
class PhoneStatus:
    status: str
    number: int
    start_number: int | None = None
    seats: list[SeatPlace] = field(default_factory=list)
    from_series: int | None = None  # the first series played (a late arrival: 2 or more)

    def as_dict(self) -> dict:
        return {
            "status": self.status,
            "number": self.number,
            "start_number": self.start_number,
            "seats": [vars(place) for place in self.seats],
            "from_series": self.from_series,
        }


def phone_status(arrival: Arrival) -> PhoneStatus:
    """The arrival's state as its phone shows it; seats only of series already drawn."""
    participant = arrival.participant
    if arrival.status != Arrival.Status.ACCEPTED:
        return PhoneStatus(arrival.status, arrival.number)
    if participant is None:
        # Accepted, then removed by the director: the player has to ask at the desk.
        return PhoneStatus(Arrival.Status.REJECTED, arrival.number)
    # The seat the participant starts on in each series (a later change adds a seat row).
    rows = (
        Seat.objects.filter(participant=participant)
        .order_by("series__number", "from_game")
        .values_list("series__number", "table__number", "number")
    )
    places = {}
    for series, table, seat in rows:
        places.setdefault(series, SeatPlace(series, table, seat))
    return PhoneStatus(
        arrival.status,
        arrival.number,
        participant.start_number,
        list(places.values()),
        arrival.from_series,
    )
