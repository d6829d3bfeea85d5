"""Registering players for a tournament (Anmeldung), teams, withdrawal and player search.

Start numbers are always assigned here (the next free one), whether a director adds one
player at the table of the registration desk or imports a club's list of hundreds. Every
change locks the tournament row first, so two desks cannot hand out the same number or
fill a team beyond its size, and every change is written to the audit trail.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Case, Count, IntegerField, Max, OuterRef, Q, Subquery, Value, When
from django.utils.translation import gettext_noop

from tournaments.models import Club, Participant, Player, Series, Team, Tournament
from tournaments.skat import Problem

from . import audit
from .errors import Rejected

MAX_START_NUMBER = 99_999
PLAYER_SEARCH_LIMIT = 20
MAX_SEARCH_TERMS = 5
MAX_SEARCH_LENGTH = 100
_UNSET = object()


# --- Whether registration is still open -------------------------------------------------


def registration_problem(tournament: Tournament, field: str = "player") -> Problem | None:
    """Why nobody can be registered any more, or None while a series is still to be drawn.

    A late player is simply drawn with the others in the next series, so registration stays
    open until every planned series is drawn (or the tournament is finished).
    """
    if tournament.status == Tournament.Status.FINISHED:
        return Problem(
            field,
            "tournament_finished",
            gettext_noop(
                "The tournament %(tournament)s is finished; players can no longer be registered."
            ),
            {"tournament": tournament.name},
        )
    drawn = list(tournament.series.values_list("drawn_at", flat=True))
    if len(drawn) < tournament.planned_series or any(when is None for when in drawn):
        return None
    return Problem(
        field,
        "all_series_drawn",
        gettext_noop(
            "All %(count)d series of %(tournament)s are already drawn, so a player registered "
            "now could not play. Plan another series or redraw one that has not started."
        ),
        {"count": len(drawn), "tournament": tournament.name},
    )


def ensure_registration_open(tournament: Tournament, field: str = "player") -> None:
    problem = registration_problem(tournament, field)
    if problem is not None:
        raise Rejected([problem], conflict=True)


def _locked(tournament: Tournament) -> Tournament:
    """The tournament row, locked until the transaction ends, with its current settings."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


# --- One player -------------------------------------------------------------------------


@transaction.atomic
def register(
    tournament: Tournament, player, start_number=None, team=None, withdrawn=False, *, user=None
) -> Participant:
    """Add ``player``; the next free start number unless one is given."""
    tournament = _locked(tournament)
    ensure_registration_open(tournament)
    if tournament.participants.filter(player=player).exists():
        raise Rejected.because(
            "player",
            "already_registered",
            gettext_noop("%(name)s is already registered for this tournament."),
            conflict=True,
            name=str(player),
        )
    if team is not None:
        _ensure_team_has_room(tournament, team)
    if start_number is None:
        start_number = _next_start_number(tournament)
    else:
        _ensure_start_number_free(tournament, start_number)
    try:
        with transaction.atomic():
            participant = Participant.objects.create(
                tournament=tournament,
                player=player,
                start_number=start_number,
                team=team,
                withdrawn=withdrawn,
            )
    except IntegrityError as error:
        raise Rejected.because(
            "player",
            "registration_conflict",
            gettext_noop("The registration conflicts with another one; please try again."),
            conflict=True,
        ) from error
    audit.record("participant_registered", user=user, obj=participant, after=_snapshot(participant))
    return participant


@transaction.atomic
def register_new_player(
    tournament: Tournament,
    *,
    first_name,
    last_name,
    club: Club | None = None,
    member_number="",
    start_number=None,
    team=None,
    user=None,
) -> Participant:
    """Create a player and register them in one step, unless the player already exists.

    A duplicate (same member number in the club, or same name and club, case and spacing
    ignored) is refused with the existing player's id, so the desk registers that one
    instead of splitting a player's history over two records.
    """
    first_name, last_name, member_number = _new_player_fields(first_name, last_name, member_number)
    ensure_registration_open(_locked(tournament))
    existing = find_duplicate_player(first_name, last_name, club, member_number)
    if existing is not None:
        raise _duplicate_player(existing, member_number)
    player = Player.objects.create(
        first_name=first_name, last_name=last_name, club=club, member_number=member_number
    )
    return register(tournament, player, start_number, team, user=user)


def _new_player_fields(first_name, last_name, member_number) -> tuple[str, str, str]:
    problems = []
    values = {}
    for name, value, required in (
        ("first_name", first_name, True),
        ("last_name", last_name, True),
        ("member_number", member_number, False),
    ):
        field = f"new_player.{name}"
        limit = Player._meta.get_field(name).max_length
        if value is None:
            value = ""
        if not isinstance(value, str):
            problems.append(
                Problem(field, "not_text", gettext_noop("%(field)s must be text."), {"field": name})
            )
            continue
        value = " ".join(value.split())
        if required and not value:
            problems.append(
                Problem(
                    field,
                    "required",
                    gettext_noop("%(field)s is missing; fill it in."),
                    {"field": name},
                )
            )
        elif len(value) > limit:
            problems.append(
                Problem(
                    field,
                    "too_long",
                    gettext_noop("%(field)s is too long; at most %(limit)d characters fit."),
                    {"field": name, "limit": limit},
                )
            )
        values[name] = value
    if problems:
        raise Rejected(problems)
    return values["first_name"], values["last_name"], values["member_number"]


def name_key(text: str) -> str:
    """How names are compared: case and spacing do not matter (``MÜLLER`` = ``Müller``)."""
    return " ".join(text.casefold().split())


def find_duplicate_player(first_name, last_name, club: Club | None, member_number="") -> Player:
    """The stored player these details mean, or None.

    Matched in Python over the club's players (or the guests), because SQLite's case
    folding only knows ASCII and would take ``ÖZTÜRK`` for a new player next to ``Öztürk``.
    """
    number = name_key(member_number)
    name = (name_key(first_name), name_key(last_name))
    by_name = None
    for player in Player.objects.filter(club=club).select_related("club").order_by("id"):
        if club is not None and number and name_key(player.member_number) == number:
            return player
        if by_name is None and (name_key(player.first_name), name_key(player.last_name)) == name:
            by_name = player
    return by_name


def _duplicate_player(player: Player, member_number: str) -> Rejected:
    if member_number and name_key(player.member_number) == name_key(member_number):
        message = gettext_noop(
            "Member number %(number)s of %(club)s already belongs to %(name)s (player "
            "%(player)d); register that player instead of creating a new one."
        )
    elif player.club is not None:
        message = gettext_noop(
            "%(name)s of %(club)s is already in the player list (player %(player)d); register "
            "that player instead of creating a new one."
        )
    else:
        message = gettext_noop(
            "%(name)s is already in the player list as a guest (player %(player)d); register "
            "that player instead of creating a new one."
        )
    return Rejected.because(
        "new_player",
        "player_exists",
        message,
        conflict=True,
        player=player.id,
        name=player.full_name,
        club=player.club.name if player.club else "",
        number=player.member_number,
    )


def _next_start_number(tournament: Tournament) -> int:
    return (tournament.participants.aggregate(top=Max("start_number"))["top"] or 0) + 1


def _ensure_start_number_free(tournament: Tournament, start_number) -> None:
    if (
        not isinstance(start_number, int)
        or isinstance(start_number, bool)
        or not 1 <= start_number <= MAX_START_NUMBER
    ):
        raise Rejected.because(
            "start_number",
            "invalid_start_number",
            gettext_noop(
                "The start number must be a whole number from 1 to %(max)d; leave it empty to "
                "get the next free one."
            ),
            max=MAX_START_NUMBER,
        )
    if tournament.participants.filter(start_number=start_number).exists():
        raise Rejected.because(
            "start_number",
            "start_number_taken",
            gettext_noop(
                "Start number %(number)d is already taken; leave it empty to get the next free one."
            ),
            conflict=True,
            number=start_number,
        )


def _ensure_team_has_room(tournament: Tournament, team: Team, joining: int = 1) -> None:
    if team.tournament_id != tournament.id:
        raise Rejected.because(
            "team",
            "team_of_other_tournament",
            gettext_noop("The team %(team)s belongs to another tournament."),
            team=team.name,
        )
    members = Participant.objects.filter(team=team).count()
    if members + joining > tournament.team_size:
        raise _team_full(team.name, tournament.team_size)


def _team_full(name: str, limit: int) -> Rejected:
    return Rejected.because(
        "team",
        "team_full",
        gettext_noop(
            "The team %(team)s would have more than %(limit)d players, the most a team may "
            "have in this tournament; choose another team or none."
        ),
        team=name,
        limit=limit,
    )


def _snapshot(participant: Participant) -> dict:
    """What the audit trail keeps of a registration; never the signing PIN."""
    return {
        "player": participant.player_id,
        "start_number": participant.start_number,
        "team": participant.team_id,
        "withdrawn": participant.withdrawn,
    }


# --- Many players at once ---------------------------------------------------------------


@dataclass(frozen=True)
class Registration:
    """A player to register; an unsaved player or team is created in the same step.

    Several registrations may share one unsaved team object: it is created once.
    """

    player: Player
    team: Team | None = None


@transaction.atomic
def register_many(
    tournament: Tournament,
    registrations,
    *,
    user=None,
    action="participants_registered",
    details=None,
    field="player",
) -> list[Participant]:
    """Register many players with consecutive start numbers, in one transaction.

    New players, teams and participants are each written with one bulk insert, so a club's
    list of 5,000 players takes a few queries instead of 40,000. ``action`` and
    ``details`` name the one audit entry (an import passes its own counts).
    """
    tournament = _locked(tournament)
    ensure_registration_open(tournament, field)
    registrations = list(registrations)
    registered = set(tournament.participants.values_list("player_id", flat=True))
    seen = set()
    for registration in registrations:
        player = registration.player
        key = player.pk if player.pk is not None else id(player)
        if player.pk in registered or key in seen:
            raise Rejected.because(
                field,
                "already_registered",
                gettext_noop("%(name)s is already registered for this tournament."),
                conflict=True,
                name=player.full_name,
            )
        seen.add(key)

    new_players = [r.player for r in registrations if r.player.pk is None]
    Player.objects.bulk_create(new_players)
    _create_teams(tournament, registrations)

    top = _next_start_number(tournament)
    participants = Participant.objects.bulk_create(
        Participant(
            tournament=tournament,
            player=registration.player,
            start_number=top + position,
            team=registration.team,
        )
        for position, registration in enumerate(registrations)
    )
    audit.record(
        action,
        user=user,
        obj=tournament,
        after={
            "registered": len(participants),
            "created_players": len(new_players),
            "start_numbers": [top, top + len(participants) - 1] if participants else [],
            **(details or {}),
        },
    )
    return participants


def _create_teams(tournament: Tournament, registrations) -> None:
    """Create the new teams and check that no team grows beyond the tournament's size."""
    teams: dict[int, Team] = {}
    joining: dict[int, int] = {}
    for registration in registrations:
        team = registration.team
        if team is None:
            continue
        if team.pk is None:
            team.tournament = tournament
        elif team.tournament_id != tournament.id:
            raise Rejected.because(
                "team",
                "team_of_other_tournament",
                gettext_noop("The team %(team)s belongs to another tournament."),
                team=team.name,
            )
        teams[id(team)] = team
        joining[id(team)] = joining.get(id(team), 0) + 1
    stored = [team.pk for team in teams.values() if team.pk is not None]
    members = dict(
        Participant.objects.filter(team_id__in=stored)
        .values("team")
        .annotate(count=Count("id"))
        .values_list("team", "count")
        .order_by()
    )
    for key, team in teams.items():
        if members.get(team.pk, 0) + joining[key] > tournament.team_size:
            raise _team_full(team.name, tournament.team_size)
    Team.objects.bulk_create([team for team in teams.values() if team.pk is None])


# --- Changing and removing a registration -----------------------------------------------


@transaction.atomic
def update_participant(
    participant: Participant, *, withdrawn=_UNSET, team=_UNSET, user=None
) -> Participant:
    """Withdraw a participant (or take them back) and move them between teams.

    A withdrawn participant keeps the results of the series played and is left out of
    every later draw.
    """
    tournament = _locked(participant.tournament)
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    before = _snapshot(participant)
    changed = []
    if withdrawn is not _UNSET:
        if not isinstance(withdrawn, bool):
            raise Rejected.because(
                "withdrawn",
                "not_a_boolean",
                gettext_noop("withdrawn must be true or false."),
            )
        if withdrawn != participant.withdrawn:
            participant.withdrawn = withdrawn
            changed.append("withdrawn")
    if team is not _UNSET and (team.pk if team else None) != participant.team_id:
        if team is not None:
            _ensure_team_has_room(tournament, team)
        participant.team = team
        changed.append("team")
    if changed:
        participant.save(update_fields=changed)
        action = "participant_changed"
        if changed == ["withdrawn"]:
            action = "participant_withdrawn" if participant.withdrawn else "participant_returned"
        audit.record(
            action, user=user, obj=participant, before=before, after=_snapshot(participant)
        )
    return participant


@transaction.atomic
def remove_participant(participant: Participant, *, user=None) -> None:
    """Delete a registration made by mistake; one that has played must be withdrawn instead."""
    _locked(participant.tournament)
    played = (
        participant.seats.exists()
        or participant.game_points.exists()
        or participant.summary_entries.exists()
        or participant.declared_games.exists()
    )
    if played:
        raise Rejected.because(
            "participant",
            "participant_has_played",
            gettext_noop(
                "%(name)s has already been seated at a table, so the registration must stay "
                "for the lists; withdraw the participant instead."
            ),
            conflict=True,
            name=participant.player.full_name,
        )
    before = _snapshot(participant)
    audit.record("participant_removed", user=user, obj=participant, before=before)
    participant.delete()


# --- Teams ------------------------------------------------------------------------------


@transaction.atomic
def create_team(tournament: Tournament, name, club: Club | None = None, *, user=None) -> Team:
    """A team (Mannschaft) of the tournament; names are unique, case ignored."""
    tournament = _locked(tournament)
    limit = Team._meta.get_field("name").max_length
    name = " ".join(name.split()) if isinstance(name, str) else ""
    if not name or len(name) > limit:
        raise Rejected.because(
            "name",
            "invalid_team_name",
            gettext_noop("A team needs a name of 1 to %(limit)d characters."),
            limit=limit,
        )
    taken = next(
        (team for team in tournament.teams.all() if name_key(team.name) == name_key(name)), None
    )
    if taken is not None:
        raise Rejected.because(
            "name",
            "team_name_taken",
            gettext_noop(
                "This tournament already has a team called %(team)s; choose another name or "
                "add the players to that team."
            ),
            conflict=True,
            team=taken.name,
        )
    team = Team.objects.create(tournament=tournament, name=name, club=club)
    audit.record("team_created", user=user, obj=team, after={"name": name, "club": team.club_id})
    return team


def teams_with_members(tournament: Tournament):
    """The tournament's teams with their members' ids in start-number order (two queries)."""
    return tournament.teams.select_related("club").prefetch_related("members").order_by("name")


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
        if term.isdigit():
            condition |= Q(start_number=int(term[:9]))
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
    ).order_by("relevance", "last_name", "first_name", "id")
    return [PlayerMatch(player, player.participant_id) for player in queryset[:limit]]


def _starts_with(field: str, term: str) -> Q:
    condition = Q()
    for spelling in {term, term.lower(), term.capitalize(), term.upper()}:
        condition |= Q(**{f"{field}__istartswith": spelling})
    return condition


# --- Series -----------------------------------------------------------------------------


@transaction.atomic
def add_series(tournament: Tournament) -> Series:
    """The next series of a tournament (numbers 1, 2, …)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    top = tournament.series.aggregate(top=Max("number"))["top"] or 0
    return Series.objects.create(tournament=tournament, number=top + 1)
