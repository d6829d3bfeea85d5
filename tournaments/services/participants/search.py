"""Searching participants and players to register.

A name is found as people type it, by the one rule of ``tournaments/text.py`` ("muller",
"mueller" and "Müller" find Müller, "ivanov" finds Иванов), looked up in each player's
stored :attr:`Player.search_name`; clubs and member numbers are compared as typed.
"""

from dataclasses import dataclass

from django.db.models import Case, IntegerField, OuterRef, Q, Subquery, Value, When

from tournaments.models import Participant, Player, Tournament
from tournaments.services.input import ascii_whole_number
from tournaments.text import search_terms, sort_key

PLAYER_SEARCH_LIMIT = 20
MAX_SEARCH_TERMS = 5
MAX_SEARCH_LENGTH = 100


# --- Searching --------------------------------------------------------------------------


def _terms(text) -> list[str]:
    if not isinstance(text, str):
        return []
    return text[:MAX_SEARCH_LENGTH].split()[:MAX_SEARCH_TERMS]


def _contains(fields, term: str, *, player: str = "") -> Q:
    """``term`` in the player's name (``player`` is the path to the player, "" for a
    player itself) or in any of ``fields``, case ignored.

    The fields are tried in the term's spellings as well, because SQLite folds only ASCII
    letters: "öz" then still finds a club "Özdemir Skat".
    """
    condition = Q()
    for plain, folded in search_terms(term):
        condition |= Q(**{f"{player}search_name__contains": plain})
        condition |= Q(**{f"{player}search_name__contains": folded})
    spellings = {term, term.lower(), term.capitalize(), term.upper()}
    for field in fields:
        for spelling in spellings:
            condition |= Q(**{f"{field}__icontains": spelling})
    return condition


def filter_players(queryset, text):
    """The players of ``queryset`` whose name, club or member number holds every word of
    ``text`` (the API's ``?search=``); an erased person is found by no search."""
    if _terms(text):
        queryset = queryset.filter(erased_at__isnull=True)
    for term in _terms(text):
        queryset = queryset.filter(
            _contains(["club__name", "club__short_name", "member_number"], term)
        )
    return queryset


def search_participants(tournament: Tournament, text):
    """Participants by first or last name, club name or start number; every word must match."""
    queryset = tournament.participants.select_related("player__club", "team").order_by(
        "start_number"
    )
    fields = ["player__club__name", "player__club__short_name"]
    for term in _terms(text):
        condition = _contains(fields, term, player="player__")
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
    queryset = filter_players(Player.objects.select_related("club"), text)
    queryset = queryset.filter(erased_at__isnull=True)
    first = terms[0]
    registered = Participant.objects.filter(tournament=tournament, player=OuterRef("pk"))
    queryset = queryset.annotate(
        participant_id=Subquery(registered.values("id")[:1]),
        relevance=Case(
            When(_starts_with("last_name", first) | _sorts_from(first), then=Value(0)),
            When(_starts_with("first_name", first), then=Value(1)),
            default=Value(2),
            output_field=IntegerField(),
        ),
    ).order_by("relevance", "sort_name", "id")
    return [PlayerMatch(player, player.participant_id) for player in queryset[:limit]]


def _sorts_from(term: str) -> Q:
    """The last name begins with ``term`` as it sorts ("muller" for Müller)."""
    key = sort_key(term).strip()
    return Q(sort_name__startswith=key) if key else Q(pk__in=[])


def _starts_with(field: str, term: str) -> Q:
    condition = Q()
    for spelling in {term, term.lower(), term.capitalize(), term.upper()}:
        condition |= Q(**{f"{field}__istartswith": spelling})
    return condition
