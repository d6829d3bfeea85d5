"""Searching participants and players to register."""

from dataclasses import dataclass

from django.db.models import Case, IntegerField, OuterRef, Q, Subquery, Value, When

from tournaments.models import Participant, Player, Tournament
from tournaments.services.input import ascii_whole_number

PLAYER_SEARCH_LIMIT = 20
MAX_SEARCH_TERMS = 5
MAX_SEARCH_LENGTH = 100


# --- Searching --------------------------------------------------------------------------


def _terms(text) -> list[str]:
    if not isinstance(text, str):
        return []
    return text[:MAX_SEARCH_LENGTH].split()[:MAX_SEARCH_TERMS]


def _contains(fields, term: str) -> Q:
    """``term`` in any of ``fields``, case ignored.

    The spellings are tried as well, because SQLite folds only ASCII letters: "öz" then
    still finds "Öztürk".
    """
    spellings = {term, term.lower(), term.capitalize(), term.upper()}
    condition = Q()
    for field in fields:
        for spelling in spellings:
            condition |= Q(**{f"{field}__icontains": spelling})
    return condition


def search_participants(tournament: Tournament, text):
    """Participants by first or last name, club name or start number; every word must match."""
    queryset = tournament.participants.select_related("player__club", "team").order_by(
        "start_number"
    )
    fields = [
        "player__first_name",
        "player__last_name",
        "player__club__name",
        "player__club__short_name",
    ]
    for term in _terms(text):
        condition = _contains(fields, term)
        start_number = ascii_whole_number(term[:9])
        if start_number is not None:
            condition |= Q(start_number=start_number)
        queryset = queryset.filter(condition)
    return queryset


@dataclass(frozen=True)
class PlayerMatch:
    player: Player
    participant: int | None

    @property
    def registered(self) -> bool:
        return self.participant is not None


def search_players(tournament: Tournament, text, limit=PLAYER_SEARCH_LIMIT) -> list[PlayerMatch]:
    """Players for the registration desk, in one query, each marked if already registered.

    Every word must match the first or last name, the club or the member number; players
    whose last name starts with the first word come first, then by name.
    """
    terms = _terms(text)
    if not terms:
        return []
    fields = ["first_name", "last_name", "club__name", "club__short_name", "member_number"]
    queryset = Player.objects.select_related("club")
    for term in terms:
        queryset = queryset.filter(_contains(fields, term))
    first = terms[0]
    registered = Participant.objects.filter(tournament=tournament, player=OuterRef("pk"))
    queryset = queryset.annotate(
        participant_id=Subquery(registered.values("id")[:1]),
        relevance=Case(
            When(_starts_with("last_name", first), then=Value(0)),
            When(_starts_with("first_name", first), then=Value(1)),
            default=Value(2),
            output_field=IntegerField(),
        ),
    ).order_by("relevance", "sort_name", "id")
    return [PlayerMatch(player, player.participant_id) for player in queryset[:limit]]


def _starts_with(field: str, term: str) -> Q:
    condition = Q()
    for spelling in {term, term.lower(), term.capitalize(), term.upper()}:
        condition |= Q(**{f"{field}__istartswith": spelling})
    return condition
