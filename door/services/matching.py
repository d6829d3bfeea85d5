"""Recognising an arrival as a player who played before, so the door makes no duplicates.

By member number within the club first, then by name within the club (or among the
guests when the club is not a stored one), names compared as people type them:
Müller, Mueller and muller are one name (``tournaments/text.py``). An erased person
("Gelöschte Person N", docs/privacy.md) is never recognised: whoever types that name or
the old one is a new player.
"""

from tournaments.models import Player
from tournaments.text import search_terms


def folded_name(text: str) -> str:
    """A name as searches compare it: Müller, MUELLER and muller alike."""
    return " ".join(key for _, key in search_terms(text))


def recognised_player(arrival) -> Player | None:
    """The stored player ``arrival`` most likely is, or None for a new player."""
    players = Player.objects.filter(club=arrival.club, erased_at__isnull=True).order_by("id")
    number = arrival.member_number.strip()
    if arrival.club is not None and number:
        by_number = players.filter(member_number__iexact=number).first()
        if by_number is not None:
            return by_number
    name = folded_name(arrival.full_name)
    last = folded_name(arrival.last_name)
    # Every player's search name holds the folded name, so the database narrows the list.
    candidates = players.filter(search_name__contains=last) if last else players.none()
    return next((p for p in candidates if folded_name(p.full_name) == name), None)
