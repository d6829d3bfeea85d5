"""Who may do what: the roles of an event and what each of them may read and change.

One module below the API and the web pages, so that both ask the same question the same
way; they only translate the answer into their own refusal (a DRF permission class, a
403 page). Nothing here knows about requests: the callers pass a user, the HTTP method's
kind or an action's name.

The roles (Rollen):

- **association admin** (Verband): a superuser. Directs every event and leads every league
  group.
- **director** (Turnierleitung): a staff user, scoped to what they run. A staff user named
  among a club's directors (:attr:`Club.directors`) directs that club's tournaments and
  league venues, and events without an organising club. Where a club has no directors
  named, any staff user directs its events, as before clubs were kept apart: a single
  club's installation needs no setting, and a second club that names its directors keeps
  everyone else out. Reads and changes everything of the events they direct.
- **table device** (Tischgerät): no account; whoever holds a table's code keeps that one
  table's list while it is open — enter, correct and delete games, sign
  (:data:`TABLE_DEVICE_ACTIONS`); see :mod:`tournaments.services.table_access` for the
  code itself.
- **treasurer** (Kassenwart): a user in the group :data:`TREASURER_GROUP`, scoped like a
  director: one named among a club's treasurers (:attr:`Club.treasurers`, named by the
  club's directors) keeps that club's cash boxes; one named for no club, those of events
  without a club and of clubs that named no treasurer. May see the money of such an event
  (entry fees, lost-game money, prizes, the settlement) and record and reverse payments;
  changes nothing else (the tariff and the prize table are the director's). Directors see
  and handle money too.
- **player** (Spieler): confirms a list at the table with a PIN or a drawn signature;
  otherwise reads what the public reads.
- **public** (Öffentlichkeit): reads rankings, lists and table plans, never writes and
  never sees PINs, table codes or money before an event is finished.

Apps built on this one add roles of their own and the events those let a user direct
(:func:`register`, from their ``AppConfig.ready()``): the league's group leader and
captain (league/services/roles.py).
"""

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from django.db.models import Q


class Role(StrEnum):
    ADMIN = "association_admin"
    DIRECTOR = "director"
    TABLE_DEVICE = "table_device"
    TREASURER = "treasurer"
    PLAYER = "player"
    PUBLIC = "public"


# The Django group whose members are treasurers (Kassenwart): its one name, used by every
# check, the docs and the tests. A migration moved the members of the group once named
# "treasurer".
TREASURER_GROUP = "Kassenwart"

# What a table device may write with its table's code: the actions of the table resource
# that keep the list (``games``, ``game``) and put players' signatures under it.
TABLE_DEVICE_ACTIONS = frozenset({"games", "game", "signatures"})


# --- What the apps built on this one add --------------------------------------------------


@dataclass(frozen=True)
class DirectorScope:
    """Events an app lets a user direct beyond their clubs' (a group leader directs the
    venue tournaments of the group): asked of one tournament, and as a subquery of ids."""

    directs: Callable  # (user, tournament) -> bool
    directed: Callable  # (user) -> a queryset of tournament ids


# A role an app adds, and whether a user holds it for an object: (user, obj) -> bool.
ROLE_HOLDERS: dict[str, Callable] = {}
DIRECTOR_SCOPES: list[DirectorScope] = []
# Users an app lets run events of its own (a group leader): they see players' full names.
ORGANISERS: list[Callable] = []  # (user) -> bool
# Attribute paths from an object to its tournament (:func:`tournament_of`).
TOURNAMENT_PATHS = ["tournament", "series.tournament", "table.series.tournament"]


def register(
    *,
    holders=None,
    scope: DirectorScope | None = None,
    tournament_path="",
    organiser: Callable | None = None,
) -> None:
    """Add an app's roles (``{role: holds(user, obj)}``, asked by :func:`roles_of`), the
    events it lets a user direct (:func:`may_direct`, :func:`directed_tournaments`), the
    path from its objects to their tournament, and who runs its events (``organiser(user)``,
    asked by :func:`sees_full_names`). Called from the app's ``AppConfig.ready()``;
    registering the same again changes nothing."""
    ROLE_HOLDERS.update(holders or {})
    if organiser is not None and organiser not in ORGANISERS:
        ORGANISERS.append(organiser)
    if scope is not None and scope not in DIRECTOR_SCOPES:
        DIRECTOR_SCOPES.append(scope)
    if tournament_path and tournament_path not in TOURNAMENT_PATHS:
        TOURNAMENT_PATHS.append(tournament_path)


def _directed_by_apps(user) -> Q:
    """The tournaments the apps' scopes let ``user`` direct, as a filter (empty: none)."""
    directed = Q()
    for scope in DIRECTOR_SCOPES:
        directed |= Q(pk__in=scope.directed(user))
    return directed


def signed_in(user) -> bool:
    """Whether ``user`` is logged in (None and the anonymous user are not)."""
    return bool(user is not None and user.is_authenticated)


def is_association_admin(user) -> bool:
    """The association's administrator: a superuser, who directs and leads everything."""
    return signed_in(user) and bool(user.is_superuser)


def is_director(user) -> bool:
    """A tournament director of some event: a logged-in staff user. Which events they
    direct is :func:`may_direct`'s answer."""
    return signed_in(user) and bool(user.is_staff)


def directors(users):
    """The users of the queryset ``users`` who may log in as directors (staff, active)."""
    return users.filter(is_staff=True, is_active=True)


def make_director(user, *, association_admin: bool = False) -> None:
    """Give ``user`` a director's login (staff); the association's admin is a superuser
    too. Saving is the caller's."""
    user.is_staff = True
    if association_admin:
        user.is_superuser = True


def is_treasurer(user) -> bool:
    """A member of the treasurer group (a director is not one merely by being staff); read
    once per user object."""
    if not signed_in(user):
        return False
    cached = getattr(user, "_is_treasurer", None)
    if cached is None:
        cached = user._is_treasurer = user.groups.filter(name=TREASURER_GROUP).exists()
    return cached


def treasured_clubs(user) -> frozenset[int]:
    """The ids of the clubs ``user`` is named a treasurer of; read once per user object."""
    return _named_clubs(user, "treasured_clubs")


def _named_clubs(user, relation: str) -> frozenset[int]:
    """The ids of the clubs of ``user.<relation>`` (directed or treasured clubs), kept on
    the user object: a page asks many times and reads them once."""
    if not signed_in(user):
        return frozenset()
    cached = getattr(user, f"_{relation}", None)
    if cached is None:
        cached = frozenset(getattr(user, relation).values_list("id", flat=True))
        setattr(user, f"_{relation}", cached)
    return cached


def treasures_club(user, club_id: int | None) -> bool:
    """Whether ``user`` keeps the cash boxes of the club ``club_id`` (None: no club): the
    clubs they are named for, or, named for none, events without a club and the clubs that
    named no treasurer (the same rule as for directors, :func:`directs_club`)."""
    from tournaments.models import Club

    if not is_treasurer(user):
        return False
    named = treasured_clubs(user)
    if named:
        return club_id in named
    if club_id is None:
        return True
    return not Club.treasurers.through.objects.filter(club_id=club_id).exists()


def may_name_directors(user, club) -> bool:
    """Name or remove the directors of ``club``: the association's admin only (the API and
    the club's page ask this one question). Not the club's directors: a staff user directs
    every club that named nobody and could otherwise name themselves and take it over."""
    return is_association_admin(user)


def may_name_treasurers(user, club) -> bool:
    """Name or remove the treasurers of ``club``: its directors (and the admin)."""
    return directs_club(user, club.pk)


def money_tournaments(user, tournaments):
    """``tournaments`` narrowed to those whose cash box ``user`` may open (a queryset):
    the events they direct and those whose club they keep the money of."""
    from tournaments.models import Club

    directed = directed_tournaments(user, tournaments)
    if not is_treasurer(user):
        return directed
    named = treasured_clubs(user)
    if named:
        kept = Q(club__in=named)
    else:
        kept = Q(club__isnull=True) | Q(club__in=Club.objects.filter(treasurers__isnull=True))
    return tournaments.filter(Q(pk__in=directed.values("pk")) | kept)


# --- Scope: which events a director directs ------------------------------------------------


def directed_clubs(user) -> frozenset[int]:
    """The ids of the clubs ``user`` is named a director of; read once per user object."""
    return _named_clubs(user, "directed_clubs")


def club_has_directors(club_id: int) -> bool:
    from tournaments.models import Club

    return Club.directors.through.objects.filter(club_id=club_id).exists()


def directs_club(user, club_id: int | None) -> bool:
    """Whether ``user`` directs the events of the club ``club_id`` (None: no club).

    The admin directs every club; a staff user every event without a club, the clubs they
    are named for, and, if named for none, the clubs that have no directors named. One
    query answers both "which clubs is the user named for" and "has this club directors".
    """
    from tournaments.models import Club

    if is_association_admin(user):
        return True
    if not is_director(user):
        return False
    if club_id is None:
        return True
    named = getattr(user, "_directed_clubs", None)
    if named is None:
        rows = Club.directors.through.objects.filter(
            Q(user_id=user.pk) | Q(club_id=club_id)
        ).values_list("club_id", "user_id")
        named = user._directed_clubs = frozenset(club for club, who in rows if who == user.pk)
        has_directors = any(club == club_id for club, _who in rows)
    elif named:
        return club_id in named
    else:
        has_directors = club_has_directors(club_id)
    return club_id in named if named else not has_directors


def may_organise(user, club) -> bool:
    """Create an event for ``club`` (None: without a club), or move an event to it."""
    return directs_club(user, None if club is None else club.pk)


def organisable_clubs(user, clubs):
    """``clubs`` (a queryset) narrowed to those ``user`` may organise events for."""
    if is_association_admin(user):
        return clubs
    if not is_director(user):
        return clubs.none()
    named = directed_clubs(user)
    if named:
        return clubs.filter(pk__in=named)
    return clubs.filter(directors__isnull=True)


def tournament_of(obj):
    """The tournament an event's object belongs to (tournament, series, table, seat, game,
    participant, team, an app's object on a registered path), or None for anything else."""
    from tournaments.models import Tournament

    if isinstance(obj, Tournament):
        return obj
    for path in TOURNAMENT_PATHS:
        found = obj
        for name in path.split("."):
            found = getattr(found, name, None)
        if isinstance(found, Tournament):
            return found
    return None


def may_direct(user, obj) -> bool:
    """Whether ``user`` directs the event of ``obj``: changes it, sees its secrets.

    ``obj`` is a tournament or anything of one (:func:`tournament_of`), a club, or a
    player (whose club decides; a guest without a club is anyone's).
    """
    from tournaments.models import Club, Player

    if not signed_in(user):
        return False
    if isinstance(obj, Club):
        return directs_club(user, obj.pk)
    if isinstance(obj, Player):
        return directs_club(user, obj.club_id)
    tournament = tournament_of(obj)
    if tournament is None:
        return is_director(user)
    return directs_club(user, tournament.club_id) or any(
        scope.directs(user, tournament) for scope in DIRECTOR_SCOPES
    )


def directed_tournaments(user, tournaments):
    """``tournaments`` narrowed to those ``user`` directs (a queryset, one query)."""
    from tournaments.models import Club

    if is_association_admin(user):
        return tournaments
    led = _directed_by_apps(user)
    if not is_director(user):
        return tournaments.filter(led) if led else tournaments.none()
    named = directed_clubs(user)
    if named:
        clubs = Q(club__isnull=True) | Q(club__in=named)
    else:
        unnamed = Club.objects.filter(directors__isnull=True)
        clubs = Q(club__isnull=True) | Q(club__in=unnamed)
    return tournaments.filter(clubs | led)


# --- Roles and the general questions ------------------------------------------------------


def roles_of(user, obj=None) -> frozenset[Role]:
    """Every role ``user`` holds, for ``obj`` when given (a director only of the events
    they direct; the apps' roles, such as a group leader of their group's things, as the
    apps answer them); table devices are recognised by their code."""
    roles = {Role.PUBLIC}
    if is_association_admin(user):
        roles.add(Role.ADMIN)
    if may_change_event(user, obj):
        roles.add(Role.DIRECTOR)
    if may_keep_money(user, obj):
        roles.add(Role.TREASURER)
    if obj is not None and signed_in(user):
        roles.update(role for role, holds in ROLE_HOLDERS.items() if holds(user, obj))
    return frozenset(roles)


def may_read_public(user) -> bool:
    """Rankings, lists, table plans: everybody, logged in or not."""
    return True


def sees_full_names(user) -> bool:
    """The people running events (director, treasurer, an app's organiser such as the
    league's group leader) see players' full names; everyone else sees them as the
    players consented (services/public_names.py).
    The table device, which has no user, is served its own pages with full names."""
    if is_director(user) or is_treasurer(user):
        return True
    return signed_in(user) and any(organises(user) for organises in ORGANISERS)


def money_visible(user, *, finished: bool, obj=None) -> bool:
    """Whether a file or page about an event may carry its money for ``user``: always for
    its directors and treasurers, for everyone else once the event is ``finished``."""
    return finished or may_see_money(user, obj)


def may_change_event(user, obj=None) -> bool:
    """Create and change clubs, players, tournaments, series, tables, games; draw; import.

    Without ``obj``: whether ``user`` directs anything at all (a staff user). ``obj`` may
    be a function that finds it, called only when the user is not the admin (who directs
    everything), so that an interface need not read the object for nothing.
    """
    if is_association_admin(user):
        return True
    if not signed_in(user):
        return False  # the public changes nothing: no need to find the object
    if callable(obj):
        obj = obj()
    return is_director(user) if obj is None else may_direct(user, obj)


def may_write(user, *, read_only: bool, obj=None) -> bool:
    """The general rule of a resource: reading is public, changing is the director's."""
    return read_only or may_change_event(user, obj)


def may_see_secrets(user, obj=None) -> bool:
    """PINs and table codes (start cards, table plan with codes): the event's directors."""
    return may_change_event(user, obj)


def may_take_signatures(user, obj=None) -> bool:
    """Put a player's signature under a list on a logged-in device (the director's)."""
    return may_change_event(user, obj)


def may_keep_money(user, obj=None) -> bool:
    """Whether ``user`` is a treasurer of the event of ``obj`` (without ``obj``: of some
    event). ``obj`` may be a function that finds it, as for :func:`may_change_event`."""
    if not is_treasurer(user):
        return False
    if callable(obj):
        obj = obj()
    if obj is None:
        return True
    tournament = tournament_of(obj)
    return tournament is not None and treasures_club(user, tournament.club_id)


def may_see_money(user, obj=None) -> bool:
    """Fees, payments and the settlement of an event: its directors and treasurers."""
    if is_association_admin(user):
        return True
    if callable(obj):
        obj = obj()
    return may_change_event(user, obj) or may_keep_money(user, obj)


def may_record_payments(user, obj=None) -> bool:
    """Take and refund money, and reverse a payment: the event's directors and treasurers."""
    return may_see_money(user, obj)


def may_set_tariff_and_prizes(user, obj=None) -> bool:
    """The tariff and the prize table are the event's directors'; a treasurer reads them."""
    return may_change_event(user, obj)


def table_device_may(action: str | None, *, read_only: bool) -> bool:
    """Whether a holder of the right table code may do ``action`` of the table resource.

    Reads need no code (they are public); writes are limited to keeping the list.
    """
    return not read_only and action in TABLE_DEVICE_ACTIONS
