"""Start numbers at the door follow the order of arrival, whatever order the desk takes.

The desk lists the waiting arrivals newest first (the phone that just sent is on top), and
a director who taps the top row each time accepts the last to register first. Handing out
the next free number at each tap gave the first to register the highest number. So an
arrival's start number is decided by when it registered (``created_at``, then the id):
accepting an arrival first keeps a number for every arrival still waiting that registered
before it, in that order, and gives this one the next. An earlier arrival accepted later
takes the number kept for it (``Arrival.start_number``).

Nobody with a start number is renumbered. A kept number stays unused when its arrival is
rejected, or turns out to be someone already registered; and when a director gave it to
somebody else by hand meanwhile, the arrival takes the next free number instead.
"""

from django.db.models import Max, Q

from door.models import Arrival
from tournaments.models import Tournament


def start_number_for(tournament: Tournament, arrival: Arrival) -> int:
    """The start number ``arrival`` is registered with; the caller holds the tournament's
    lock (``locked_tournament``), so two desks never keep the same number."""
    kept = arrival.start_number
    if kept is not None and not tournament.participants.filter(start_number=kept).exists():
        return kept
    earlier = list(_waiting_before(tournament, arrival))
    top = _next_free(tournament)
    for position, other in enumerate(earlier):
        other.start_number = top + position
    Arrival.objects.bulk_update(earlier, ["start_number"])
    arrival.start_number = top + len(earlier)
    arrival.save(update_fields=["start_number"])
    return arrival.start_number


def _waiting_before(tournament: Tournament, arrival: Arrival):
    """The waiting arrivals without a kept number that registered before ``arrival``, in
    the order they registered; those already registered as participants keep theirs."""
    registered = tournament.participants.values("player_id")
    return (
        tournament.arrivals.filter(status=Arrival.Status.WAITING, start_number__isnull=True)
        .filter(
            Q(created_at__lt=arrival.created_at)
            | Q(created_at=arrival.created_at, pk__lt=arrival.pk)
        )
        .exclude(match__in=registered)
        .order_by("created_at", "pk")
        .only("pk")
    )


def _next_free(tournament: Tournament) -> int:
    """One above every start number given or kept at this door."""
    given = tournament.participants.aggregate(top=Max("start_number"))["top"] or 0
    kept = tournament.arrivals.aggregate(top=Max("start_number"))["top"] or 0
    return max(given, kept) + 1
