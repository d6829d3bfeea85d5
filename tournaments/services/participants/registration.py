"""Registering one player (Anmeldung): whether registration is open, start numbers, duplicates."""

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext_noop

from tournaments.models import Club, Participant, Player, Team, Tournament
from tournaments.skat import Problem

from .. import audit
from ..errors import Refusal, Rejected

# A new player who is a stored player already, by how the stored one was recognised.
MEMBER_NUMBER_BELONGS_TO_PLAYER = Refusal(
    "new_player",
    "player_exists",
    gettext_noop(
        "Member number %(number)s of %(club)s already belongs to %(name)s (player "
        "%(player)d); register that player instead of creating a new one."
    ),
    conflict=True,
)
PLAYER_EXISTS_IN_CLUB = Refusal(
    "new_player",
    "player_exists",
    gettext_noop(
        "%(name)s of %(club)s is already in the player list (player %(player)d); register "
        "that player instead of creating a new one."
    ),
    conflict=True,
)
PLAYER_EXISTS_AS_GUEST = Refusal(
    "new_player",
    "player_exists",
    gettext_noop(
        "%(name)s is already in the player list as a guest (player %(player)d); register "
        "that player instead of creating a new one."
    ),
    conflict=True,
)
ALREADY_REGISTERED = Refusal(
    "player",
    "already_registered",
    gettext_noop("%(name)s is already registered for this tournament."),
    conflict=True,
)
REGISTRATION_CONFLICT = Refusal(
    "player",
    "registration_conflict",
    gettext_noop("The registration conflicts with another one; please try again."),
    conflict=True,
)
ALREADY_A_PARTICIPANT = Refusal(
    "new_player",
    "already_registered",
    gettext_noop(
        "%(name)s is already in the list of participants with start number %(start)d; "
        "nothing needs to be done."
    ),
    conflict=True,
)
INVALID_START_NUMBER = Refusal(
    "start_number",
    "invalid_start_number",
    gettext_noop(
        "The start number must be a whole number from 1 to %(max)d; leave it empty to "
        "get the next free one."
    ),
)
START_NUMBER_TAKEN = Refusal(
    "start_number",
    "start_number_taken",
    gettext_noop(
        "Start number %(number)d is already taken; leave it empty to get the next free one."
    ),
    conflict=True,
)
TEAM_OF_OTHER_TOURNAMENT = Refusal(
    "team",
    "team_of_other_tournament",
    gettext_noop("The team %(team)s belongs to another tournament."),
)
TEAM_FULL = Refusal(
    "team",
    "team_full",
    gettext_noop(
        "The team %(team)s would have more than %(limit)d players, the most a team may "
        "have in this tournament; choose another team or none."
    ),
)


MAX_START_NUMBER = 99_999


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


def locked_tournament(tournament: Tournament) -> Tournament:
    """The tournament row, locked until the transaction ends, with its current settings."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


# --- One player -------------------------------------------------------------------------


@transaction.atomic
def register(
    tournament: Tournament, player, start_number=None, team=None, withdrawn=False, *, user=None
) -> Participant:
    """Add ``player``; the next free start number unless one is given."""
    tournament = locked_tournament(tournament)
    ensure_registration_open(tournament)
    if tournament.participants.filter(player=player).exists():
        raise ALREADY_REGISTERED.rejected(name=str(player))
    if team is not None:
        ensure_team_has_room(tournament, team)
    if start_number is None:
        start_number = next_start_number(tournament)
    else:
        _ensure_start_number_free(tournament, start_number)
    player.refresh_from_db(fields=["gender", "category"])  # as the last evening left them
    try:
        with transaction.atomic():
            participant = Participant.objects.create(
                tournament=tournament,
                player=player,
                start_number=start_number,
                team=team,
                withdrawn=withdrawn,
                gender=player.gender,
                category=player.category,
            )
    except IntegrityError as error:
        raise REGISTRATION_CONFLICT.rejected() from error
    audit.record(
        "participant_registered",
        user=user,
        obj=participant,
        after=registration_snapshot(participant),
    )
    return participant


@transaction.atomic
def register_new_player(
    tournament: Tournament,
    *,
    first_name,
    last_name,
    club: Club | None = None,
    member_number="",
    publication="",
    start_number=None,
    team=None,
    user=None,
) -> Participant:
    """Create a player and register them in one step, unless the player already exists.
    ``publication`` is the consent the player gives (empty: the club's default).

    A duplicate (same member number in the club, or same name and club, case and spacing
    ignored) is refused with the existing player's id, so the desk registers that one
    instead of splitting a player's history over two records.
    """
    first_name, last_name, member_number = _new_player_fields(first_name, last_name, member_number)
    ensure_registration_open(locked_tournament(tournament))
    existing = find_duplicate_player(first_name, last_name, club, member_number)
    if existing is not None:
        registered = tournament.participants.filter(player=existing).first()
        if registered is not None:
            raise _already_in_the_list(registered, existing)
        raise _duplicate_player(existing, member_number)
    player = Player.objects.create(
        first_name=first_name,
        last_name=last_name,
        club=club,
        member_number=member_number,
        publication=publication,
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
    # An erased person is never matched again (services/erasure.py).
    players = Player.objects.filter(club=club, erased_at__isnull=True)
    for player in players.select_related("club").order_by("id"):
        if club is not None and number and name_key(player.member_number) == number:
            return player
        if by_name is None and (name_key(player.first_name), name_key(player.last_name)) == name:
            by_name = player
    return by_name


def _already_in_the_list(participant: Participant, player: Player) -> Rejected:
    """The new player is a stored player who is registered already: nothing to offer."""
    return ALREADY_A_PARTICIPANT.rejected(
        name=player.full_name, start=participant.start_number, participant=participant.id
    )


def _duplicate_player(player: Player, member_number: str) -> Rejected:
    if member_number and name_key(player.member_number) == name_key(member_number):
        refusal = MEMBER_NUMBER_BELONGS_TO_PLAYER
    elif player.club is not None:
        refusal = PLAYER_EXISTS_IN_CLUB
    else:
        refusal = PLAYER_EXISTS_AS_GUEST
    return refusal.rejected(
        player=player.id,
        name=player.full_name,
        club=player.club.name if player.club else "",
        number=player.member_number,
    )


def next_start_number(tournament: Tournament) -> int:
    return (tournament.participants.aggregate(top=Max("start_number"))["top"] or 0) + 1


def _ensure_start_number_free(tournament: Tournament, start_number) -> None:
    if (
        not isinstance(start_number, int)
        or isinstance(start_number, bool)
        or not 1 <= start_number <= MAX_START_NUMBER
    ):
        raise INVALID_START_NUMBER.rejected(max=MAX_START_NUMBER)
    if tournament.participants.filter(start_number=start_number).exists():
        raise START_NUMBER_TAKEN.rejected(number=start_number)


def ensure_team_has_room(tournament: Tournament, team: Team, joining: int = 1) -> None:
    ensure_team_of(tournament, team)
    members = Participant.objects.filter(team=team).count()
    if members + joining > tournament.team_size:
        raise team_full(team.name, tournament.team_size)


def ensure_team_of(tournament: Tournament, team: Team) -> None:
    """A stored team can take only players of its own tournament."""
    if team.tournament_id != tournament.id:
        raise TEAM_OF_OTHER_TOURNAMENT.rejected(team=team.name)


def team_full(name: str, limit: int) -> Rejected:
    return TEAM_FULL.rejected(team=name, limit=limit)


def registration_snapshot(participant: Participant) -> dict:
    """What the audit trail keeps of a registration; never the signing PIN."""
    return {
        "player": participant.player_id,
        "start_number": participant.start_number,
        "team": participant.team_id,
        "withdrawn": participant.withdrawn,
        "gender": participant.gender,
        "category": participant.category,
    }
